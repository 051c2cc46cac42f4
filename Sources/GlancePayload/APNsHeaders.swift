import Foundation
import GlanceInput
import GlanceProject

/// The HTTP/2 headers of an APNs request (facts APNS-10…APNS-19), as given with `--headers`: `name: value`
/// lines (blank lines and `#` comments ignored; pseudo-headers such as `:path` allowed), or a JSON object of
/// strings. Names are compared without case; repeated names are kept, since APNs rejects them (APNS-19).
public struct APNsHeaders: Sendable {
    public struct Field: Sendable {
        /// Lowercased.
        public let name: String
        public let value: String
        /// The line in the headers file (1 for JSON objects).
        public let line: Int
        /// Where findings about this header are placed, when not at the headers file (a header a command set).
        public let source: String?

        public init(name: String, value: String, line: Int, source: String? = nil) {
            self.name = name.lowercased()
            self.value = value
            self.line = line
            self.source = source
        }
    }

    public let name: String
    public let fields: [Field]

    public init(name: String, fields: [Field]) {
        self.name = name
        self.fields = fields
    }

    /// - Throws: `PayloadInputError` for a line without `:` or a JSON value that is not an object of strings.
    public init(name: String, text: String) throws {
        self.name = name
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{") {
            if let problem = JSONLimits.headers.problem(in: Data(trimmed.utf8)) {
                throw PayloadInputError(file: name, reason: problem.message)
            }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) as? [String: Any] else {
                throw PayloadInputError(file: name, reason: "is not a JSON object of header names and values")
            }
            fields = try object.keys.sorted().map { key in
                guard let value = object[key] as? String ?? (object[key] as? NSNumber)?.stringValue else {
                    throw PayloadInputError(file: name, reason: "header \(Shown.quoted(key)) is not a string")
                }
                if let problem = Self.syntaxProblem(name: key.lowercased(), value: value) {
                    throw PayloadInputError(file: name, reason: problem)
                }
                return Field(name: key.lowercased(), value: value, line: 1)
            }
            return
        }
        var fields: [Field] = []
        // `\r\n` is one Character in Swift, so lines are split on any newline character.
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            // `:path: /3/device/…` — a pseudo-header's name starts with its own colon.
            let searchStart = line.hasPrefix(":") ? line.index(after: line.startIndex) : line.startIndex
            guard let colon = line[searchStart...].firstIndex(of: ":") else {
                throw PayloadInputError(file: name, reason: "line \(index + 1) is not 'name: value'")
            }
            let fieldName = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if let problem = Self.syntaxProblem(name: fieldName, value: value) {
                throw PayloadInputError(file: "\(name):\(index + 1)", reason: problem)
            }
            fields.append(Field(name: fieldName, value: value, line: index + 1))
        }
        self.fields = fields
    }

    /// Reads `--headers FILE` (a file, a pipe, or standard input for `-`; at most `InputLimit.headers`).
    /// - Throws: `PayloadInputError` when it cannot be read, is not UTF-8, holds key material, or does not parse.
    public static func read(path: String) throws -> APNsHeaders {
        let data: Data
        do { data = try InputFile.read(path, limit: InputLimit.headers.maximumBytes, kind: "a headers file") } catch let failure as InputFile.Failure {
            throw PayloadInputError(file: failure.subject, reason: failure.reason)
        }
        let name = InputFile.displayName(path)
        guard let text = String(data: data, encoding: .utf8) else { throw PayloadInputError(file: name, reason: "is not UTF-8 text") }
        if let material = Shown.keyMaterial(text), material.hasPrefix("a PEM") || material.hasPrefix("PEM") {
            throw PayloadInputError(file: name, reason: "holds \(material), not headers ('name: value' lines or a JSON object)")
        }
        return try APNsHeaders(name: name, text: text)
    }

    /// The longest header value Glance reads or sends, in bytes (APNs' own values are far shorter: a topic, a
    /// UUID, 64 bytes of collapse id).
    public static let maximumValueBytes = 1024

    /// Why a header cannot be sent in an HTTP/2 request, or nil: a name that is not an HTTP field name (RFC 9110
    /// §5.1: letters, digits and ``!#$%&'*+-.^_`|~``, no spaces; a pseudo-header is `:` and such a name), or a
    /// value holding a control character (CR, LF, NUL…) or a character outside ASCII, or longer than
    /// `maximumValueBytes`.
    public static func syntaxProblem(name: String, value: String) -> String? {
        let bare = name.hasPrefix(":") ? String(name.dropFirst()) : name
        guard !bare.isEmpty else { return "a header has an empty name" }
        let tokenSymbols = Set("!#$%&'*+-.^_`|~".unicodeScalars)
        let validName = bare.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || tokenSymbols.contains(scalar)
        }
        guard validName else {
            return "header name \(Shown.quoted(name)) is not an HTTP field name (letters, digits and !#$%&'*+-.^_`|~, no spaces)"
        }
        if let control = value.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
            let named = ["\r": "a carriage return (CR)", "\n": "a line feed (LF)", "\u{0}": "a NUL byte"][control]
                ?? "the control character U+\(String(format: "%04X", control.value))"
            return "the value of \(name) holds \(named); a header value is one line of printable ASCII"
        }
        if value.unicodeScalars.contains(where: { !$0.isASCII }) {
            return "the value of \(name) (\(Shown.quoted(value))) holds characters outside ASCII; header values are ASCII"
        }
        if value.utf8.count > maximumValueBytes {
            return "the value of \(name) is \(value.utf8.count) bytes; Glance sends header values of at most \(maximumValueBytes) bytes"
        }
        return nil
    }

    /// The first field with this name.
    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
    public func value(_ name: String) -> String? { field(name)?.value }
}
