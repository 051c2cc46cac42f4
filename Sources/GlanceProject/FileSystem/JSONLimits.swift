import Foundation

/// Bounds on the structure of a JSON input, checked by one linear scan of its bytes before Foundation
/// parses it: how deeply arrays and objects nest, and how many object keys it holds in all. Foundation's
/// parsers recurse on nesting, and some of Glance's checks compare keys with each other, so both are
/// bounded; docs/limits.md lists the values.
public struct JSONLimits: Sendable, Equatable {
    /// Arrays and objects open at once.
    public let maximumDepth: Int
    /// Object keys in the whole document.
    public let maximumKeys: Int

    public init(maximumDepth: Int, maximumKeys: Int) {
        self.maximumDepth = maximumDepth
        self.maximumKeys = maximumKeys
    }

    /// `.glance.json`.
    public static let configuration = JSONLimits(maximumDepth: 8, maximumKeys: 10_000)
    /// A push body, or one line of a JSON Lines file (APNs takes at most 5 KB).
    public static let pushBody = JSONLimits(maximumDepth: 64, maximumKeys: 10_000)
    /// An APNs headers file written as a JSON object.
    public static let headers = JSONLimits(maximumDepth: 2, maximumKeys: 1_000)
    /// A baseline file (`{"version", "violations": [{…}]}`).
    public static let baseline = JSONLimits(maximumDepth: 8, maximumKeys: 2_000_000)

    /// The lines of a JSON Lines file `payload simulate` reads.
    public static let maximumJSONLines = 10_000

    /// Where the document passes a bound: a one-line message (`nests arrays and objects more than 64 deep`)
    /// and the 1-based line and column (in characters) of the byte that passes it; nil within the bounds.
    /// Text that is not JSON is not judged here (Foundation's parser reports it).
    public func problem(in data: Data) -> (message: String, line: Int, column: Int)? {
        data.withUnsafeBytes { problem(in: $0.bindMemory(to: UInt8.self)) }
    }

    private func problem(in data: UnsafeBufferPointer<UInt8>) -> (message: String, line: Int, column: Int)? {
        var depth = 0
        var keys = 0
        var inString = false
        var escaped = false
        var line = 1
        var lineStart = 0
        var offset = 0
        func position() -> (Int, Int) {
            let column = String(decoding: UnsafeBufferPointer(rebasing: data[lineStart..<offset]), as: UTF8.self).count + 1
            return (line, column)
        }
        for byte in data {
            defer { offset += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                if byte == 0x0A { line += 1; lineStart = offset + 1 }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x0A: line += 1; lineStart = offset + 1
            case 0x5B, 0x7B:
                depth += 1
                if depth > maximumDepth {
                    let (line, column) = position()
                    return ("nests arrays and objects more than \(maximumDepth) deep (Glance's limit)", line, column)
                }
            case 0x5D, 0x7D: depth = max(0, depth - 1)
            case 0x3A:
                keys += 1
                if keys > maximumKeys {
                    let (line, column) = position()
                    return ("holds more than \(maximumKeys) object keys (Glance's limit)", line, column)
                }
            default: break
            }
        }
        return nil
    }
}
