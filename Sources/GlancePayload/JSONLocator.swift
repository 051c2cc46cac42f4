import Foundation

/// Where each value and object key of a JSON text starts (1-based line and column), so findings can point at
/// `aps.content-state.eta`. Foundation's parsers give no positions, so this walks the text's tokens once; it
/// runs only on text `JSONSerialization` has accepted, and it also finds the trailing commas that
/// `JSONSerialization` tolerates but RFC 8259 (and APNs' JSON) does not.
public struct JSONLocator: Sendable {
    public struct Position: Sendable, Hashable {
        public let line: Int
        public let column: Int
    }

    /// A place in the text: its line, and the byte offsets of the line's start and of the place.
    struct Mark: Sendable {
        let line: Int
        let lineStart: Int
        let offset: Int
    }

    private let bytes: [UInt8]
    /// For each byte offset, how many characters start before it: columns are differences of two entries, so
    /// finding a position costs the same on a one-line body of ten thousand keys as on a short one.
    private let characterCounts: [Int32]
    private var values: [JSONPath: Mark] = [:]
    private var keys: [JSONPath: Mark] = [:]
    private var commas: [Mark] = []
    private var repeated: [(key: String, mark: Mark, first: Mark)] = []

    /// Positions of commas directly followed by `}` or `]`.
    public var trailingCommas: [Position] { commas.map(resolve) }

    /// Keys given a second time in the same object, in text order: the key, where it is repeated, and where it
    /// first appears (`JSONSerialization` and `JSONDecoder` accept such text and keep one of the values).
    public var duplicateKeys: [(key: String, position: Position, first: Position)] {
        repeated.map { ($0.key, resolve($0.mark), resolve($0.first)) }
    }

    private enum Frame {
        case object(path: JSONPath, key: String?)
        case array(path: JSONPath, index: Int)
    }

    public init(text: String) {
        let bytes = Array(text.utf8)
        self.bytes = bytes
        var counts = [Int32](repeating: 0, count: bytes.count + 1)
        var byteOffset = 0
        var characters: Int32 = 0
        for character in text {
            let width = character.utf8.count
            for step in 0..<width where byteOffset + step < counts.count { counts[byteOffset + step] = characters }
            byteOffset += width
            characters += 1
        }
        if byteOffset < counts.count { for rest in byteOffset..<counts.count { counts[rest] = characters } }
        characterCounts = counts
        var stack: [Frame] = []
        var line = 1, lineStart = 0
        var index = 0
        var lastComma: Mark?
        func position(_ offset: Int) -> Mark { Mark(line: line, lineStart: lineStart, offset: offset) }
        /// The path of a value starting here, advancing the enclosing array's index.
        func valuePath() -> JSONPath {
            switch stack.last {
            case .object(let path, let key)?: return path.appending(key ?? "")
            case .array(let path, let index)?:
                stack[stack.count - 1] = .array(path: path, index: index + 1)
                return path.appending(index: index)
            case nil: return .root
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = index + 1
                index += 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
                continue
            default: break
            }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if let comma = lastComma { commas.append(comma) }
                lastComma = nil
                stack.removeLast()
                index += 1
                continue
            }
            lastComma = nil
            switch byte {
            case UInt8(ascii: ","):
                lastComma = position(index)
                index += 1
            case UInt8(ascii: ":"):
                index += 1
            case UInt8(ascii: "{"):
                let path = valuePath()
                values[path] = position(index)
                stack.append(.object(path: path, key: nil))
                index += 1
            case UInt8(ascii: "["):
                let path = valuePath()
                values[path] = position(index)
                stack.append(.array(path: path, index: 0))
                index += 1
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                var escaped = false
                while index < bytes.count {
                    if escaped { escaped = false } else if bytes[index] == UInt8(ascii: "\\") { escaped = true } else if bytes[index] == UInt8(ascii: "\"") { break }
                    index += 1
                }
                index += 1
                // A string right after `{` or `,` in an object is a key.
                if case .object(let path, _)? = stack.last, Self.isKeyPosition(bytes, before: start) {
                    let key = Self.unescape(bytes[(start + 1)..<max(start + 1, index - 1)])
                    stack[stack.count - 1] = .object(path: path, key: key)
                    let keyPath = path.appending(key)
                    if let first = keys[keyPath] { repeated.append((key, position(start), first)) }
                    keys[keyPath] = position(start)
                } else {
                    values[valuePath()] = position(start)
                }
            default:
                // A number, true, false or null.
                values[valuePath()] = position(index)
                while index < bytes.count, !Self.delimiters.contains(bytes[index]) { index += 1 }
            }
        }
    }

    static let delimiters: Set<UInt8> = Set(",:{}[] \t\r\n\"".utf8)

    /// Whether the previous significant byte is `{` or `,` (so the string is an object key).
    private static func isKeyPosition(_ bytes: [UInt8], before index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(bytes[cursor]) { cursor -= 1 }
        return cursor >= 0 && (bytes[cursor] == UInt8(ascii: "{") || bytes[cursor] == UInt8(ascii: ","))
    }

    /// A key's text: escapes decoded by `JSONSerialization` itself.
    private static func unescape(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        let wrapped = Array("[\"".utf8) + raw + Array("\"]".utf8)
        let decoded = ((try? JSONSerialization.jsonObject(with: Data(wrapped))) as? [Any])?.first as? String
        return decoded ?? String(decoding: raw, as: UTF8.self)
    }

    /// The position of a value, else of its key, else of the nearest enclosing value.
    public func position(of path: JSONPath) -> Position {
        var current = path
        while true {
            if let mark = values[current] ?? keys[current] { return resolve(mark) }
            if current.components.isEmpty { return Position(line: 1, column: 1) }
            current.components.removeLast()
        }
    }

    /// The position of an object key (for unknown keys), else of the value.
    public func keyPosition(of path: JSONPath) -> Position { keys[path].map(resolve) ?? position(of: path) }

    /// Columns count characters, as editors do.
    private func resolve(_ mark: Mark) -> Position {
        Position(line: mark.line, column: Int(characterCounts[mark.offset] - characterCounts[mark.lineStart]) + 1)
    }
}

