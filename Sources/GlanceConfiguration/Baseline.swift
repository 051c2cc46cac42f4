import Foundation
import GlanceProject
import GlanceRules
import GlanceSourceIndex

/// Known violations to stop reporting: `glance lint --write-baseline FILE` records them, `--baseline FILE`
/// (or the configuration's `baseline`) reports only violations that are not in it.
///
/// A violation matches a baseline entry with the same rule, file, text of the flagged line (whitespace
/// trimmed; empty when the file is missing or not UTF-8 text) and message, where line numbers inside the
/// message (`Widgets/Foo.swift:36`) are ignored. The violation's own line number is not compared, so lines
/// inserted or removed elsewhere in the file keep old findings silent. Matching counts: two identical
/// entries absorb two identical violations, and a third is reported. A violation that stands for one cause
/// found at several places (`Violation.cause`: one app's links of one scheme) matches by rule and cause alone,
/// so it stays silent when its first place moves or another place joins it.
///
/// File format (JSON, keys sorted, entries sorted by file, line, rule and message):
/// `{"version": 1, "violations": [{"cause"?, "file", "line", "lineText", "message", "rule"}]}`, with `file`
/// relative to the lint root and `line` recorded for people only.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Codable, Sendable, Hashable {
        public let rule: String
        public let file: String
        /// Where the violation was when the baseline was written; not used for matching.
        public let line: Int
        public let lineText: String
        public let message: String
        /// The violation's cause and target (`Violation.cause`), when it has one.
        public let cause: String?

        public init(rule: String, file: String, line: Int, lineText: String, message: String, cause: String? = nil) {
            self.rule = rule
            self.file = file
            self.line = line
            self.lineText = lineText
            self.message = message
            self.cause = cause
        }

        fileprivate var key: Key { Key(rule: rule, file: file, lineText: lineText, message: Baseline.normalized(message), cause: cause) }
    }

    /// `rule|target|cause` for a violation with a cause.
    static func cause(of violation: Violation) -> String? {
        violation.cause.map { (violation.target ?? "") + "\u{0}" + $0 }
    }

    fileprivate struct Key: Hashable {
        let rule: String
        let file: String
        let lineText: String
        let message: String

        /// With a cause, only the rule and the cause are compared.
        init(rule: String, file: String, lineText: String, message: String, cause: String?) {
            self.rule = rule
            if let cause {
                self.file = ""; self.lineText = ""; self.message = "\u{1}" + cause
            } else {
                self.file = file; self.lineText = lineText; self.message = message
            }
        }
    }

    private struct FileFormat: Codable {
        let version: Int
        let violations: [Entry]
    }

    public static let version = 1
    public let entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted { ($0.file, $0.line, $0.rule, $0.message) < ($1.file, $1.line, $1.rule, $1.message) }
    }

    /// The baseline of the current violations; line texts are read from the files under `root`.
    public init(violations: [Violation], root: String) {
        let lines = LineTexts(root: root)
        self.init(entries: violations.map { violation in
            Entry(rule: violation.rule, file: violation.file, line: violation.line,
                  lineText: lines.text(file: violation.file, line: violation.line), message: violation.plainMessage, cause: Self.cause(of: violation))
        })
    }

    /// The violations that are not in the baseline (each entry absorbs at most one violation). Only the entries that
    /// can match one — of a rule and file some violation has, or of a rule some violation has with a cause, which is
    /// matched by its cause wherever it is — are compared further (a large baseline's other entries cost a lookup).
    public func filter(_ violations: [Violation], root: String) -> [Violation] {
        struct Place: Hashable { let rule: String; let file: String }
        let places = Set(violations.map { Place(rule: $0.rule, file: $0.file) })
        let rulesWithCauses = Set(violations.filter { $0.cause != nil }.map(\.rule))
        var remaining: [Key: Int] = [:]
        for entry in entries where places.contains(Place(rule: entry.rule, file: entry.file)) || (entry.cause != nil && rulesWithCauses.contains(entry.rule)) {
            remaining[entry.key, default: 0] += 1
        }
        let lines = LineTexts(root: root)
        return violations.filter { violation in
            let key = Key(rule: violation.rule, file: violation.file, lineText: lines.text(file: violation.file, line: violation.line),
                          message: Self.normalized(violation.plainMessage), cause: Self.cause(of: violation))
            guard let count = remaining[key], count > 0 else { return true }
            remaining[key] = count - 1
            return false
        }
    }

    /// Reads a baseline file. Its cost is proportional to its size: one pass of Foundation's `JSONDecoder` over
    /// the text (Foundation's parsers are asked why only when that fails), about `memoryPerByte` bytes of memory
    /// for each byte of the file; where the process's address-space limit (`ulimit -v`) leaves less than that, the
    /// file is refused in one line rather than the run aborting.
    /// - Parameter shown: the file as shown in messages.
    /// - Throws: `ConfigurationError` when the file is missing, unreadable, not a baseline, or too large to read here.
    public static func read(from path: String, shown: String) throws -> Baseline {
        let fileSystem = FileSystem()
        guard fileSystem.exists(path) else { throw ConfigurationError(file: shown, "no such baseline file (write one with --write-baseline)") }
        let data: Data
        do { data = try fileSystem.read(path, limit: .baseline) } catch let error as ProjectError {
            throw ConfigurationError(file: shown, error.reasonText)
        }
        if let problem = JSONLimits.baseline.problem(in: data) {
            throw ConfigurationError(file: shown, "not a baseline: line \(problem.line): \(problem.message)")
        }
        if let available = AddressSpace.available(), data.count * memoryPerByte > available {
            throw ConfigurationError(file: shown, "not read: reading this \(InputLimit.describe(bytes: data.count)) baseline takes about \(InputLimit.describe(bytes: data.count * memoryPerByte)) of memory, more than this process may still use (ulimit -v leaves \(InputLimit.describe(bytes: available)))")
        }
        if let file = try? JSONDecoder().decode(FileFormat.self, from: data) {
            guard file.version == version else {
                throw ConfigurationError(file: shown, "baseline version \(file.version) is not supported (this Glance reads version \(version))")
            }
            return Baseline(sortedEntries: file.violations)
        }
        do {
            _ = try JSONValue.parse(data)
        } catch let error as JSONSyntaxError {
            throw ConfigurationError(file: shown, "not a baseline: \(error.reason)")
        }
        if let version = try? JSONDecoder().decode(Version.self, from: data), version.version != self.version {
            throw ConfigurationError(file: shown, "baseline version \(version.version) is not supported (this Glance reads version \(self.version))")
        }
        throw ConfigurationError(file: shown, "not a baseline: expected {\"version\": 1, \"violations\": [{\"rule\", \"file\", \"line\", \"lineText\", \"message\"}]}")
    }

    /// Memory a baseline takes while it is read, per byte of the file, at most (measured: about 5 on Linux with
    /// swift-corelibs-foundation, for the text, `JSONDecoder`'s map of it and the entries).
    static let memoryPerByte = 8

    private struct Version: Decodable {
        let version: Int
    }

    /// The entries as a file holds them (`fileText` writes them sorted); matching does not depend on their order.
    private init(sortedEntries: [Entry]) {
        entries = sortedEntries
    }

    /// The file's text: pretty-printed JSON with sorted keys, ending in a newline.
    public var fileText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(FileFormat(version: Self.version, violations: entries))) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Writes `fileText` to `path` (atomically: a new file replaces the old).
    ///
    /// A repository can hold symbolic links, so a baseline is never written through one: not when `path` is a
    /// link, and not when `path` lies inside `root` (the folder being linted) but a folder on the way is a link
    /// that leads out of it. A path the user gave outside `root` is written where it says.
    /// - Throws: `ConfigurationError` naming `shown` when the file cannot be written or a link is in the way.
    public func write(to path: String, shown: String, root: String) throws {
        if (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSymbolicLink {
            throw ConfigurationError(file: shown, "is a symbolic link; Glance does not write a baseline through a link (remove it, or name the file it leads to)")
        }
        let folder = (path as NSString).deletingLastPathComponent
        func inside(_ path: String, _ folder: String) -> Bool { path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") }
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        if inside(path, root) || inside(path, realRoot) {
            let realFolder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
            if !inside(realFolder, realRoot) {
                throw ConfigurationError(file: shown, "not written: a folder on the way is a symbolic link that leads outside the folder being linted (to \(realFolder))")
            }
        }
        do {
            try Data(fileText.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ConfigurationError(file: shown, "the baseline cannot be written (\(FileSystem.reason(of: error)))")
        }
    }

    /// The message with `file.ext:LINE[:COLUMN]` references reduced to `file.ext` (what the regular expression
    /// `(\.[A-Za-z0-9]+):[0-9]+(?::[0-9]+)?` replaced by `$1` gives, in one pass over the bytes: a baseline's
    /// hundreds of thousands of messages each went through NSRegularExpression, most of the time a large one took),
    /// and without the premise notes (`Premise.withoutNotes`).
    static func normalized(_ message: String) -> String {
        let message = Premise.withoutNotes(message)
        let bytes = Array(message.utf8)
        guard bytes.contains(UInt8(ascii: ":")) else { return message }
        func isAlphanumeric(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isDigit(_ index: Int) -> Bool { index < bytes.count && (0x30...0x39).contains(bytes[index]) }
        func digits(from index: Int) -> Int { var end = index; while isDigit(end) { end += 1 }; return end }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count, isAlphanumeric(bytes[index + 1]) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count && isAlphanumeric(bytes[end]) { end += 1 }
            result.append(contentsOf: bytes[index..<end])
            guard end < bytes.count, bytes[end] == UInt8(ascii: ":"), isDigit(end + 1) else { index = end; continue }
            var after = digits(from: end + 1)
            if after < bytes.count, bytes[after] == UInt8(ascii: ":"), isDigit(after + 1) { after = digits(from: after + 1) }
            index = after
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// The trimmed text of lines of files under a root, each file read once (regular files inside the root,
/// within `InputLimit.swiftSource`).
final class LineTexts {
    private let root: String
    private var files: [String: [Substring]] = [:]
    private let fileSystem: FileSystem

    init(root: String) {
        self.root = root
        fileSystem = FileSystem(confinedTo: root)
    }

    /// The line's text without surrounding whitespace; empty when the file is missing, not UTF-8 text, or
    /// shorter.
    func text(file: String, line: Int) -> String {
        if files[file] == nil {
            let path = (root.hasSuffix("/") ? root : root + "/") + file
            if let data = try? fileSystem.read(path, limit: .swiftSource), !data.contains(0), let text = String(data: data, encoding: .utf8) {
                files[file] = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            } else {
                files[file] = []
            }
        }
        let lines = files[file]!
        guard line >= 1, line <= lines.count else { return "" }
        return lines[line - 1].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
