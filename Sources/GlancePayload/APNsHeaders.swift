import Foundation
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
                    throw PayloadInputError(file: name, reason: "header '\(key)' is not a string")
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
            fields.append(Field(name: fieldName, value: value, line: index + 1))
        }
        self.fields = fields
    }

    /// Reads `--headers FILE` (at most `InputLimit.headers`, a regular file).
    public static func read(path: String) throws -> APNsHeaders {
        let data = try PayloadInputError.reading(path, limit: .headers, what: "a headers file")
        guard let text = String(data: data, encoding: .utf8) else { throw PayloadInputError(file: path, reason: "is not UTF-8 text") }
        return try APNsHeaders(name: path, text: text)
    }

    /// The first field with this name.
    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
    public func value(_ name: String) -> String? { field(name)?.value }
}
