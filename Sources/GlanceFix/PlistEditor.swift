import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GlanceProject

/// Line edits of an XML property list (an Info.plist or an entitlements file) that keep the file's layout and
/// key order: a new top-level key goes at its sorted place when the keys are sorted (Xcode sorts them when it
/// saves a plist), else before the closing `</dict>`; a new array item goes after the last; indentation is the
/// file's own. Where each element is comes from Foundation's `XMLParser` (its line numbers); every edit is
/// also applied to `value`, which the edited text must read back as (`PropertyListSerialization`).
struct PlistEditor {
    enum Failure: Error { case layout(String) }

    private(set) var lines: [String]
    /// The property list the edited text must read back as.
    private(set) var value: [String: PlistValue]
    private let finalNewline: Bool

    /// A new file of Xcode's layout holding `entries` (in the order given).
    static func newFile(_ entries: [(String, PlistValue)]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for (key, value) in entries { text += (["\t<key>\(escaped(key))</key>"] + render(value, indent: "\t", unit: "\t")).joined(separator: "\n") + "\n" }
        return text + "</dict>\n</plist>\n"
    }

    /// - Throws: `Failure.layout` for a file that is not an XML property list with a dictionary at the top.
    init(text: String, value: [String: PlistValue]) throws {
        guard text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("<") else {
            throw Failure.layout("it is not an XML property list")
        }
        var split = text.components(separatedBy: "\n")
        finalNewline = split.last == ""
        if finalNewline { split.removeLast() }
        lines = split
        self.value = value
    }

    var text: String { lines.joined(separator: "\n") + (finalNewline ? "\n" : "") }

    // MARK: Where things are

    /// A top-level key: its name, the line of `<key>`, and the lines of its value element.
    private struct Entry { let key: String; let keyLine: Int; let valueStart: Int; let valueEnd: Int; let valueElement: String }

    /// The top-level entries and the line of the top-level dictionary's `</dict>` (0-based lines).
    private func layout() throws -> (entries: [Entry], end: Int, indent: String) {
        let collector = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        collector.parser = parser
        guard parser.parse(), let end = collector.topEnd else { throw Failure.layout("it is not a property list with a dictionary at the top") }
        let indent = collector.entries.first.map { String(lines[$0.keyLine].prefix { $0 == " " || $0 == "\t" }) } ?? "\t"
        return (collector.entries, end, indent.isEmpty ? "\t" : indent)
    }

    private final class Collector: NSObject, XMLParserDelegate {
        weak var parser: XMLParser?
        var depth = 0
        var entries: [Entry] = []
        var topEnd: Int?
        private var key: (name: String, line: Int)?
        private var text = ""
        private var valueStart: (line: Int, element: String)?

        var line: Int { (parser?.lineNumber ?? 1) - 1 }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            depth += 1
            text = ""
            // plist = 1, the top dict = 2, its keys and values = 3.
            if depth == 3 && name != "key" && key != nil { valueStart = (line, name) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if depth == 3 {
                if name == "key" { key = (text, line) }
                else if let key, let start = valueStart {
                    entries.append(Entry(key: key.name, keyLine: key.line, valueStart: start.line, valueEnd: line, valueElement: start.element))
                    self.key = nil
                    valueStart = nil
                }
            }
            if depth == 2 && name == "dict" && topEnd == nil { topEnd = line }
            depth -= 1
        }
    }

    // MARK: Edits

    /// Sets a top-level key: replaces a value written on a line of its own, else adds the key.
    mutating func set(_ key: String, to newValue: PlistValue) throws {
        let (entries, end, indent) = try layout()
        if let entry = entries.first(where: { $0.key == key }) {
            let line = lines[entry.valueStart].trimmingCharacters(in: .whitespaces)
            guard entry.valueStart == entry.valueEnd, entry.keyLine != entry.valueStart, line.hasPrefix("<" + entry.valueElement), line.hasSuffix(">") else {
                throw Failure.layout("its \(key) is not on a line of its own")
            }
            let pad = String(lines[entry.valueStart].prefix { $0 == " " || $0 == "\t" })
            let rendered = Self.render(newValue, indent: pad, unit: Self.unit(indent))
            lines.replaceSubrange(entry.valueStart...entry.valueEnd, with: rendered)
        } else {
            let block = ["\(indent)<key>\(Self.escaped(key))</key>"] + Self.render(newValue, indent: indent, unit: Self.unit(indent))
            try insertTopLevel(block, key: key, entries: entries, end: end)
        }
        value[key] = newValue
    }

    /// Appends to a top-level array (written with its items on lines of their own, or `<array/>`); adds the key
    /// with a one-item array when missing.
    mutating func append(_ item: PlistValue, toArray key: String) throws {
        let (entries, end, indent) = try layout()
        guard let entry = entries.first(where: { $0.key == key }) else {
            let block = ["\(indent)<key>\(Self.escaped(key))</key>"] + Self.render(.array([item]), indent: indent, unit: Self.unit(indent))
            try insertTopLevel(block, key: key, entries: entries, end: end)
            value[key] = .array([item])
            return
        }
        guard entry.valueElement == "array", case .array(var items)? = value[key] else { throw Failure.layout("its \(key) is not an array") }
        let unit = Self.unit(indent)
        let pad = String(lines[entry.valueStart].prefix { $0 == " " || $0 == "\t" })
        if entry.valueStart == entry.valueEnd {
            guard lines[entry.valueStart].trimmingCharacters(in: .whitespaces) == "<array/>" else {
                throw Failure.layout("its \(key) array is not written one item a line")
            }
            lines.replaceSubrange(entry.valueStart...entry.valueStart, with: Self.render(.array([item]), indent: pad, unit: unit))
        } else {
            guard lines[entry.valueEnd].trimmingCharacters(in: .whitespaces) == "</array>",
                  lines[entry.valueStart].trimmingCharacters(in: .whitespaces) == "<array>" else {
                throw Failure.layout("its \(key) array is not written one item a line")
            }
            let itemPad = entry.valueEnd > entry.valueStart + 1
                ? String(lines[entry.valueStart + 1].prefix { $0 == " " || $0 == "\t" }) : pad + unit
            lines.insert(contentsOf: Self.render(item, indent: itemPad, unit: unit), at: entry.valueEnd)
        }
        items.append(item)
        value[key] = .array(items)
    }

    private mutating func insertTopLevel(_ block: [String], key: String, entries: [Entry], end: Int) throws {
        let keys = entries.map(\.key)
        var at = end
        if keys == keys.sorted(), let next = entries.first(where: { $0.key > key }),
           lines[next.keyLine].trimmingCharacters(in: .whitespaces) == "<key>\(Self.escaped(next.key))</key>" {
            at = next.keyLine
        } else {
            let closing = lines[end].trimmingCharacters(in: .whitespaces)
            guard closing == "</dict>" else {
                // `<dict/>`: the top dictionary is empty.
                guard closing == "<dict/>" else { throw Failure.layout("its top-level </dict> is not on a line of its own") }
                let pad = String(lines[end].prefix { $0 == " " || $0 == "\t" })
                lines.replaceSubrange(end...end, with: ["\(pad)<dict>"] + block + ["\(pad)</dict>"])
                return
            }
        }
        lines.insert(contentsOf: block, at: at)
    }

    /// One level of indentation: the top-level keys' own (a tab in Xcode's files).
    private static func unit(_ indent: String) -> String { indent.isEmpty ? "\t" : indent }

    static func render(_ value: PlistValue, indent: String, unit: String) -> [String] {
        switch value {
        case .string(let text): return ["\(indent)<string>\(escaped(text))</string>"]
        case .bool(let flag): return ["\(indent)<\(flag ? "true" : "false")/>"]
        case .integer(let number): return ["\(indent)<integer>\(number)</integer>"]
        case .real(let number): return ["\(indent)<real>\(number)</real>"]
        case .array(let items):
            if items.isEmpty { return ["\(indent)<array/>"] }
            return ["\(indent)<array>"] + items.flatMap { render($0, indent: indent + unit, unit: unit) } + ["\(indent)</array>"]
        case .dictionary(let pairs):
            if pairs.isEmpty { return ["\(indent)<dict/>"] }
            return ["\(indent)<dict>"] + pairs.keys.sorted().flatMap { key in
                ["\(indent + unit)<key>\(escaped(key))</key>"] + render(pairs[key]!, indent: indent + unit, unit: unit)
            } + ["\(indent)</dict>"]
        case .date, .data:
            return ["\(indent)<string></string>"]   // never written by a fix
        }
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
