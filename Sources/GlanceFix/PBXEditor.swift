import Foundation
import GlanceProject

/// A value to write into project.pbxproj: text, a reference to another object (written with the object's
/// comment, as Xcode does), a list or a dictionary (keys in the order given).
indirect enum PBXValue: Equatable {
    case string(String)
    case reference(String)
    case list([PBXValue])
    case dictionary([(String, PBXValue)])

    static func == (lhs: PBXValue, rhs: PBXValue) -> Bool { lhs.plist == rhs.plist }

    /// The value as `PropertyListSerialization` reads it back: the expected model.
    var plist: PlistValue {
        switch self {
        case .string(let text), .reference(let text): return .string(text)
        case .list(let items): return .array(items.map(\.plist))
        case .dictionary(let pairs): return .dictionary(Dictionary(pairs.map { ($0.0, $0.1.plist) }, uniquingKeysWith: { a, _ in a }))
        }
    }
}

/// Minimal text edits of a `project.pbxproj` in the layout Xcode writes, keeping everything else byte for byte.
///
/// The layout it relies on, and keeps (docs/fix.md lists it with the public projects it was read from):
/// objects grouped in `/* Begin ISA section */` … `/* End ISA section */` blocks, sections sorted by `isa`,
/// objects sorted by id within a section; an object starts at two tabs (`\t\tID /* comment */ = {`), its fields
/// at three, list items and build settings at four; `isa` first, the other fields sorted by key; `PBXBuildFile`
/// and `PBXFileReference` objects on one line where the file writes them so (Xcode does); every reference
/// followed by the referenced object's comment where the file has comments (Xcode's do; a file written without
/// them gets none). Every edit is also applied to `objects`, the model the file must read back as.
struct PBXEditor {
    enum Failure: Error { case layout(String) }

    private(set) var lines: [String]
    /// The objects as the edited file must parse: the original's, with every edit applied.
    private(set) var objects: [String: [String: PlistValue]]
    let rootObject: String
    /// Whether the file writes `/* comment */` after object ids (Xcode does).
    let hasComments: Bool
    /// Comments of objects this editor added.
    private var addedComments: [String: String] = [:]
    private var usedIDs: Set<String>
    /// Whether the text ended with a newline.
    private let finalNewline: Bool

    init(text: String, pbx: PBXProj) {
        var split = text.components(separatedBy: "\n")
        finalNewline = split.last == ""
        if finalNewline { split.removeLast() }
        lines = split
        objects = pbx.objects
        rootObject = pbx.rootObject
        hasComments = split.contains { $0.hasPrefix("\t\t") && $0.contains(" /* ") && $0.contains(" = {") }
        usedIDs = Set(pbx.objects.keys)
    }

    var text: String { lines.joined(separator: "\n") + (finalNewline ? "\n" : "") }

    // MARK: Ids and comments

    /// A new object id of Xcode's form (24 upper-case hexadecimal digits), unique in the file, derived from `seed`
    /// so that the same fix writes the same ids.
    mutating func newID(_ seed: String) -> String {
        var attempt = 0
        while true {
            let id = Self.hexID(seed + "\u{0}" + String(attempt))
            if !usedIDs.contains(id) && !lines.contains(where: { $0.contains(id) }) {
                usedIDs.insert(id)
                return id
            }
            attempt += 1
        }
    }

    /// 96 bits of two FNV-1a 64 hashes of the seed (ids need uniqueness, which `newID` checks, not secrecy).
    static func hexID(_ seed: String) -> String {
        func fnv(_ basis: UInt64) -> UInt64 {
            var hash = basis
            for byte in seed.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
            return hash
        }
        let high = String(fnv(0xcbf29ce484222325), radix: 16, uppercase: true)
        let low = String(fnv(0x84222325cbf29ce4) >> 32, radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - high.count) + high + String(repeating: "0", count: 8 - low.count) + low
    }

    /// The comment Xcode writes after references to `id` (`Widgets.appex`, `Sources`, `Project object`): the
    /// one after the object's own definition, or the one given when this editor added it.
    func comment(of id: String) -> String? {
        if let added = addedComments[id] { return added }
        guard let start = objectStart(id) else { return nil }
        let line = lines[start]
        guard let open = line.range(of: " /* "), let close = line.range(of: " */ = {") , open.upperBound <= close.lowerBound else { return nil }
        return String(line[open.upperBound..<close.lowerBound])
    }

    // MARK: Finding objects and fields

    func objectStart(_ id: String) -> Int? {
        let prefix = "\t\t" + id + " "
        return lines.firstIndex { $0.hasPrefix(prefix) && $0.contains(" = {") }
    }

    /// The lines of an object (one for an object written on one line).
    func objectRange(_ id: String) throws -> ClosedRange<Int> {
        guard let start = objectStart(id) else { throw Failure.layout("object \(id) is not where Xcode writes objects") }
        if !lines[start].hasSuffix("= {") { return start...start }
        guard let end = lines[(start + 1)...].firstIndex(of: "\t\t};") else { throw Failure.layout("object \(id) has no end") }
        return start...end
    }

    /// The first line of a field written at three tabs in a multi-line object.
    private func fieldLine(_ key: String, in range: ClosedRange<Int>) -> Int? {
        let prefix = "\t\t\t" + Self.quoted(key) + " = "
        return range.dropFirst().first { lines[$0].hasPrefix(prefix) }
    }

    /// The key of a field line at three tabs, unquoted.
    private static func fieldKey(_ line: String) -> String? {
        guard line.hasPrefix("\t\t\t"), !line.hasPrefix("\t\t\t\t"), let equals = line.range(of: " = ") else { return nil }
        return unquoted(String(line[line.index(line.startIndex, offsetBy: 3)..<equals.lowerBound]))
    }

    // MARK: Edits

    /// Adds an object in its section (made when missing) at its sorted place.
    mutating func addObject(_ id: String, isa: String, fields: [(String, PBXValue)], comment: String) throws {
        let all = [("isa", PBXValue.string(isa))] + fields.sorted { $0.0 < $1.0 }
        addedComments[id] = comment
        let singleLine = (isa == "PBXBuildFile" || isa == "PBXFileReference") && sectionWritesOneLine(isa)
        let rendered = singleLine ? [render(id: id, comment: comment, oneLine: all)] : render(id: id, comment: comment, fields: all)
        objects[id] = Dictionary(all.map { ($0.0, $0.1.plist) }, uniquingKeysWith: { a, _ in a })
        let begin = "/* Begin \(isa) section */", end = "/* End \(isa) section */"
        if let first = lines.firstIndex(of: begin), let last = lines[first...].firstIndex(of: end) {
            let next = (first + 1..<last).first { index in
                guard let existing = Self.definedID(lines[index]) else { return false }
                return existing > id
            } ?? last
            lines.insert(contentsOf: rendered, at: next)
            return
        }
        // A new section, before the first section whose isa sorts after this one, else after the last.
        let sections = lines.indices.filter { lines[$0].hasPrefix("/* Begin ") && lines[$0].hasSuffix(" section */") }
        guard !sections.isEmpty else { throw Failure.layout("it has no /* Begin … section */ blocks") }
        if let before = sections.first(where: { lines[$0].dropFirst(9).prefix(while: { $0 != " " }) > isa }) {
            lines.insert(contentsOf: [begin] + rendered + [end, ""], at: before)
        } else {
            guard let lastEnd = lines.lastIndex(where: { $0.hasPrefix("/* End ") && $0.hasSuffix(" section */") }) else {
                throw Failure.layout("it has no /* End … section */ lines")
            }
            lines.insert(contentsOf: ["", begin] + rendered + [end], at: lastEnd + 1)
        }
    }

    /// Removes an object, and its section when it was the last there.
    mutating func removeObject(_ id: String) throws {
        let range = try objectRange(id)
        lines.removeSubrange(range)
        objects[id] = nil
        let begin = range.lowerBound - 1
        if begin >= 0, lines[begin].hasPrefix("/* Begin "), range.lowerBound < lines.count, lines[range.lowerBound].hasPrefix("/* End ") {
            let blankAfter = range.lowerBound + 1 < lines.count && lines[range.lowerBound + 1].isEmpty
            lines.removeSubrange(begin...(range.lowerBound + (blankAfter ? 1 : 0)))
        }
    }

    /// Appends `item` to a list field of an object (making the field when missing); with `sorted`, at its sorted
    /// place when the list is sorted; with `after`, right after that item when the list holds it.
    mutating func append(_ item: PBXValue, toList key: String, of id: String, sorted: Bool = false, after: String? = nil) throws {
        let range = try objectRange(id)
        var list = objects[id]?[key]?.array ?? []
        if range.count == 1 {
            try appendOnOneLine(item, key: key, line: range.lowerBound)
            list.append(item.plist)
            objects[id]?[key] = .array(list)
            return
        }
        let itemLine = "\t\t\t\t" + inline(item) + ","
        if let start = fieldLine(key, in: range) {
            guard lines[start] == "\t\t\t\(Self.quoted(key)) = (", let end = lines[start...range.upperBound].firstIndex(of: "\t\t\t);") else {
                throw Failure.layout("field \(key) of \(id) is not a list on lines of its own")
            }
            var at = end
            if let after, let index = (start + 1..<end).first(where: { Self.unquoted(Self.itemText(lines[$0])) == after }),
               end - start - 1 == list.count {
                at = index + 1
            }
            if sorted, case .string(let text) = item {
                let existing = list.compactMap(\.string)
                if existing == existing.sorted(), let index = existing.firstIndex(where: { $0 > text }) { at = start + 1 + index }
                if existing.count != end - start - 1 { at = end }
            }
            lines.insert(itemLine, at: at)
            if at == end { list.append(item.plist) } else { list.insert(item.plist, at: at - start - 1) }
        } else {
            lines.insert(contentsOf: ["\t\t\t\(Self.quoted(key)) = (", itemLine, "\t\t\t);"], at: fieldInsertionLine(key, in: range))
            list = [item.plist]
        }
        objects[id]?[key] = .array(list)
    }

    /// Removes a string from a list field written one item a line.
    mutating func remove(_ item: String, fromList key: String, of id: String) throws {
        let range = try objectRange(id)
        guard range.count > 1, let start = fieldLine(key, in: range), let end = lines[start...range.upperBound].firstIndex(of: "\t\t\t);") else {
            throw Failure.layout("field \(key) of \(id) is not a list on lines of its own")
        }
        guard let index = (start + 1..<end).first(where: { Self.unquoted(Self.itemText(lines[$0])) == item }) else {
            throw Failure.layout("\(item) is not in \(key) of \(id)")
        }
        lines.remove(at: index)
        var list = objects[id]?[key]?.array ?? []
        if let position = list.firstIndex(of: .string(item)) { list.remove(at: position) }
        objects[id]?[key] = .array(list)
    }

    /// Sets a one-line field of a multi-line object (`runOnlyForDeploymentPostprocessing = 0;`).
    mutating func set(_ key: String, to value: String, of id: String) throws {
        let range = try objectRange(id)
        guard range.count > 1, let line = fieldLine(key, in: range), lines[line].hasSuffix(";") else {
            throw Failure.layout("field \(key) of \(id) is not on a line of its own")
        }
        lines[line] = "\t\t\t\(Self.quoted(key)) = \(Self.quoted(value));"
        objects[id]?[key] = .string(value)
    }

    /// Sets a build setting in a configuration's `buildSettings` (keys at four tabs, sorted): replaces a one-line
    /// assignment, else inserts the key at its sorted place.
    mutating func setBuildSetting(_ key: String, to value: String, configuration id: String) throws {
        let range = try objectRange(id)
        guard range.count > 1, let start = fieldLine("buildSettings", in: range), lines[start] == "\t\t\tbuildSettings = {",
              let end = lines[start...range.upperBound].firstIndex(of: "\t\t\t};") else {
            throw Failure.layout("configuration \(id) has no buildSettings on lines of their own")
        }
        let line = "\t\t\t\t\(Self.quoted(key)) = \(Self.quoted(value));"
        var insertAt = end
        for index in start + 1..<end where lines[index].hasPrefix("\t\t\t\t") && !lines[index].hasPrefix("\t\t\t\t\t") {
            guard let equals = lines[index].range(of: " = ") else { continue }
            let existing = Self.unquoted(String(lines[index][lines[index].index(lines[index].startIndex, offsetBy: 4)..<equals.lowerBound]))
            if existing == key {
                guard lines[index].hasSuffix(";") else { throw Failure.layout("build setting \(key) of \(id) spans several lines") }
                lines[index] = line
                insertAt = -1
                break
            }
            if existing > key && insertAt == end { insertAt = index }
        }
        if insertAt >= 0 { lines.insert(line, at: insertAt) }
        var settings = objects[id]?["buildSettings"]?.dictionary ?? [:]
        settings[key] = .string(value)
        objects[id]?["buildSettings"] = .dictionary(settings)
    }

    // MARK: Rendering

    private func sectionWritesOneLine(_ isa: String) -> Bool {
        guard let begin = lines.firstIndex(of: "/* Begin \(isa) section */"), begin + 1 < lines.count,
              !lines[begin + 1].hasPrefix("/* End ") else {
            // No such object yet: as the file writes its other one-line kind, else as Xcode does when it has comments.
            let other = isa == "PBXBuildFile" ? "PBXFileReference" : "PBXBuildFile"
            if let begin = lines.firstIndex(of: "/* Begin \(other) section */"), begin + 1 < lines.count, !lines[begin + 1].hasPrefix("/* End ") {
                return !lines[begin + 1].hasSuffix("= {")
            }
            return hasComments
        }
        return !lines[begin + 1].hasSuffix("= {")
    }

    private func head(_ id: String, _ comment: String) -> String {
        hasComments ? "\t\t\(id) /* \(comment) */ = {" : "\t\t\(id) = {"
    }

    private func render(id: String, comment: String, fields: [(String, PBXValue)]) -> [String] {
        var result = [head(id, comment)]
        for (key, value) in fields { result += render(key: key, value: value, depth: 3) }
        return result + ["\t\t};"]
    }

    private func render(key: String, value: PBXValue, depth: Int) -> [String] {
        let pad = String(repeating: "\t", count: depth)
        switch value {
        case .list(let items):
            return ["\(pad)\(Self.quoted(key)) = ("] + items.map { "\(pad)\t\(inline($0))," } + ["\(pad));"]
        case .dictionary(let pairs):
            return ["\(pad)\(Self.quoted(key)) = {"] + pairs.flatMap { render(key: $0.0, value: $0.1, depth: depth + 1) } + ["\(pad)};"]
        default:
            return ["\(pad)\(Self.quoted(key)) = \(inline(value));"]
        }
    }

    private func render(id: String, comment: String, oneLine fields: [(String, PBXValue)]) -> String {
        String(head(id, comment).dropLast()) + "{" + fields.map { "\(Self.quoted($0.0)) = \(inline($0.1, oneLine: true)); " }.joined() + "};"
    }

    /// A value on one line: `ID /* comment */`, `"text"`, `(a, b, )`, `{K = V; }`.
    private func inline(_ value: PBXValue, oneLine: Bool = false) -> String {
        switch value {
        case .string(let text): return Self.quoted(text)
        case .reference(let id):
            if hasComments, let comment = comment(of: id) { return "\(id) /* \(comment) */" }
            return id
        case .list(let items): return "(" + items.map { inline($0, oneLine: true) + ", " }.joined() + ")"
        case .dictionary(let pairs): return "{" + pairs.map { "\(Self.quoted($0.0)) = \(inline($0.1, oneLine: true)); " }.joined() + "}"
        }
    }

    /// Where a new field goes in a multi-line object: before the first field whose key sorts after it (`isa` stays first).
    private func fieldInsertionLine(_ key: String, in range: ClosedRange<Int>) -> Int {
        for index in range.dropFirst() {
            guard let existing = Self.fieldKey(lines[index]), existing != "isa" else { continue }
            if existing > key { return index }
        }
        return range.upperBound
    }

    /// Appends to a list field of an object written on one line (`exceptions = (A /* … */, );`), or adds the field.
    private mutating func appendOnOneLine(_ item: PBXValue, key: String, line index: Int) throws {
        var line = lines[index]
        let marker = " \(Self.quoted(key)) = ("
        if let start = line.range(of: marker) {
            guard let close = Self.closingParenthesis(in: line, from: start.upperBound) else {
                throw Failure.layout("list \(key) on line \(index + 1) does not close")
            }
            line.insert(contentsOf: inline(item, oneLine: true) + ", ", at: close)
        } else {
            // Fields after isa are sorted: before the first key that sorts after this one.
            guard let isa = line.range(of: "{isa = ") , let isaEnd = line[isa.upperBound...].range(of: "; ") else {
                throw Failure.layout("object on line \(index + 1) does not start with isa")
            }
            var at = isaEnd.upperBound
            var rest = line[at...]
            while let equals = rest.range(of: " = "), let field = Optional(String(rest[..<equals.lowerBound])), !field.contains(" "), Self.unquoted(field) < key,
                  let end = Self.fieldEnd(in: line, from: equals.upperBound) {
                at = end
                rest = line[at...]
            }
            line.insert(contentsOf: "\(Self.quoted(key)) = (\(inline(item, oneLine: true)), ); ", at: at)
        }
        lines[index] = line
    }

    /// The index of the `)` closing a list whose items start at `from`, skipping comments and quoted text.
    private static func closingParenthesis(in line: String, from: String.Index) -> String.Index? {
        var index = from
        var depth = 0
        while index < line.endIndex {
            if line[index...].hasPrefix("/*"), let close = line[index...].range(of: "*/") { index = close.upperBound; continue }
            if line[index] == "\"" {
                index = line.index(after: index)
                while index < line.endIndex, line[index] != "\"" { if line[index] == "\\" { index = line.index(after: index) }; if index < line.endIndex { index = line.index(after: index) } }
            } else if line[index] == "(" || line[index] == "{" { depth += 1 }
            else if line[index] == ")" || line[index] == "}" {
                if depth == 0 { return line[index] == ")" ? index : nil }
                depth -= 1
            }
            if index < line.endIndex { index = line.index(after: index) }
        }
        return nil
    }

    /// The index after the `; ` that ends a field whose value starts at `from` on a one-line object.
    private static func fieldEnd(in line: String, from: String.Index) -> String.Index? {
        var index = from
        if line[index] == "(" || line[index] == "{" {
            guard let close = closingParenthesis(in: line, from: line.index(after: index)) ?? closingBrace(in: line, from: line.index(after: index)) else { return nil }
            index = line.index(after: close)
        }
        guard let end = line[index...].range(of: "; ") else { return nil }
        return end.upperBound
    }

    private static func closingBrace(in line: String, from: String.Index) -> String.Index? {
        var depth = 0
        var index = from
        while index < line.endIndex {
            if line[index] == "{" { depth += 1 } else if line[index] == "}" { if depth == 0 { return index }; depth -= 1 }
            index = line.index(after: index)
        }
        return nil
    }

    /// The id an object line defines (`\t\tID /* … */ = {` or `\t\tID = {`).
    private static func definedID(_ line: String) -> String? {
        guard line.hasPrefix("\t\t"), !line.hasPrefix("\t\t\t"), line.contains(" = {") else { return nil }
        return String(line.dropFirst(2).prefix { $0 != " " })
    }

    /// A list item line's text without its indent, comment and comma.
    private static func itemText(_ line: String) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix(",") { text.removeLast() }
        if let comment = text.range(of: " /* ") { text = String(text[..<comment.lowerBound]) }
        return text
    }

    /// Xcode's quoting: bare when made only of letters, digits and `_$./` (and not empty), else in double quotes
    /// with `\` and `"` escaped.
    static func quoted(_ text: String) -> String {
        if !text.isEmpty, text.unicodeScalars.allSatisfy({ ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || "_$./".unicodeScalars.contains($0) }),
           !text.hasPrefix("$(") {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        return String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }
}
