import Foundation
import GlanceInput
import GlanceProject

/// A push body as sent: its bytes, and the JSON value Foundation reads from them.
///
/// Parsing is Foundation's: `JSONSerialization` decides whether the text is JSON (and where it breaks), then
/// `JSONDecoder` reads the value the way ActivityKit will. `JSONSerialization` accepts trailing commas, which
/// RFC 8259 does not; `JSONLocator` finds those.
public struct PayloadDocument: Sendable {
    /// Why a body is not a JSON object.
    public struct Problem: Sendable, Equatable {
        public let message: String
        public let line: Int
        public let column: Int
    }

    /// The name findings carry: the path as given, or `<stdin>`.
    public let name: String
    public let data: Data
    /// The top-level value, when the body is JSON.
    public let value: JSONValue?
    /// Set when the body is not valid UTF-8 JSON (including trailing commas).
    public let problem: Problem?
    /// Positions of values and keys; empty when the body is not JSON.
    public let locator: JSONLocator

    public init(name: String, data: Data) {
        guard let text = String(data: data, encoding: .utf8) else {
            let offset = Self.firstInvalidUTF8Offset(data)
            let (line, column) = Self.lineAndColumn(ofByte: offset, in: data)
            self.init(name: name, data: data, value: nil, problem: Problem(message: "is not valid UTF-8 (byte \(offset))", line: line, column: column), locator: JSONLocator(text: ""))
            return
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            let offset = Self.characterOffset(in: description)
            let (line, column) = offset.map { Self.lineAndColumn(ofByte: $0, in: data) } ?? (1, 1)
            let reason = Self.withoutOffset(description)
            self.init(name: name, data: data, value: nil, problem: Problem(message: "is not valid JSON: \(reason)", line: line, column: column), locator: JSONLocator(text: ""))
            return
        }
        let locator = JSONLocator(text: text)
        if let comma = locator.trailingCommas.first {
            self.init(name: name, data: data, value: nil, problem: Problem(message: "is not valid JSON: a trailing comma before a closing bracket", line: comma.line, column: comma.column), locator: locator)
            return
        }
        do {
            let value = try JSONDecoder().decode(JSONValue.self, from: data)
            self.init(name: name, data: data, value: value, problem: nil, locator: locator)
        } catch {
            self.init(name: name, data: data, value: nil, problem: Problem(message: "cannot be read by JSONDecoder: \(error)", line: 1, column: 1), locator: locator)
        }
    }

    private init(name: String, data: Data, value: JSONValue?, problem: Problem?, locator: JSONLocator) {
        self.name = name
        self.data = data
        self.value = value
        self.problem = problem
        self.locator = locator
    }

    /// Reads a body from a file, a pipe (`<(…)`), or standard input for `-`: never more than `maximumBytes`
    /// (`InputLimit.pushBody`), within `JSONLimits.pushBody`.
    /// - Throws: `PayloadInputError` when the file is missing, a folder, unreadable, or past a limit.
    public static func read(path: String, maximumBytes: Int = InputLimit.pushBody.maximumBytes) throws -> PayloadDocument {
        let data: Data
        do {
            data = try InputFile.read(path, limit: maximumBytes, kind: "a JSON file", hint: "a push body is at most 4096 bytes (5120 on broadcast)")
        } catch let failure as InputFile.Failure {
            throw PayloadInputError(file: failure.subject, reason: failure.reason)
        }
        let name = InputFile.displayName(path)
        try checkStructure(data, name: name)
        return PayloadDocument(name: name, data: data)
    }

    /// Throws when a body passes `JSONLimits.pushBody` (nesting, keys), naming the line and column.
    static func checkStructure(_ data: Data, name: String) throws {
        if let problem = JSONLimits.pushBody.problem(in: data) {
            throw PayloadInputError(file: "\(name):\(problem.line):\(problem.column)", reason: problem.message)
        }
    }

    /// The `aps` dictionary, when the body is an object that has one.
    public var aps: [String: JSONValue]? { value?.object?["aps"]?.object }

    /// The body without whitespace outside strings: the smallest this JSON can be sent as.
    public var minifiedByteCount: Int {
        var count = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                count += 1
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                count += 1
            } else if ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(byte) {
                count += 1
            }
        }
        return count
    }

    // MARK: Positions in error messages

    /// `around character 15` in Foundation's message: a byte offset.
    static func characterOffset(in message: String) -> Int? {
        guard let range = message.range(of: "around character ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }

    static func withoutOffset(_ message: String) -> String {
        var text = message
        if let range = text.range(of: " around character ") { text = String(text[..<range.lowerBound]) }
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    static func lineAndColumn(ofByte offset: Int, in data: Data) -> (Int, Int) {
        let bytes = [UInt8](data.prefix(offset))
        let line = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = (bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
        return (line, String(decoding: bytes[lineStart...], as: UTF8.self).count + 1)
    }

    /// The byte offset of the first byte that is not UTF-8.
    static func firstInvalidUTF8Offset(_ data: Data) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}

/// A payload input that cannot be read at all (exit code 2).
public struct PayloadInputError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }

}
