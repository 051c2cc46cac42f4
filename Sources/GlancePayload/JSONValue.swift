import Foundation

/// A JSON value as Foundation's `JSONDecoder` reads it. Numbers keep, for every Swift number type, whether
/// `JSONDecoder` decodes them into it (`1.0` is an `Int`, `1.5` is not, `300` is not an `Int8`), so a typed
/// check over this value agrees with the decoder without re-implementing its number parsing.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    /// Keys as `JSONDecoder` sees them: for a repeated key, the first value.
    case object([String: JSONValue])

    public var object: [String: JSONValue]? { if case .object(let value) = self { return value } else { return nil } }
    public var string: String? { if case .string(let value) = self { return value } else { return nil } }
    public var number: JSONNumber? { if case .number(let value) = self { return value } else { return nil } }
    public var array: [JSONValue]? { if case .array(let value) = self { return value } else { return nil } }

    /// The JSON type's name as messages use it: `object`, `array`, `string`, `number`, `true`/`false`, `null`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Compact JSON text of the value (for messages and templates); object keys sorted.
    public var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let number): return number.text
        case .string(let text): return JSONValue.quoted(text)
        case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let fields): return "{" + fields.keys.sorted().map { JSONValue.quoted($0) + ":" + fields[$0]!.jsonText }.joined(separator: ",") + "}"
        }
    }

    /// A string as a JSON literal, escaped by JSONSerialization.
    public static func quoted(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        let array = data.flatMap { String(data: $0, encoding: .utf8) } ?? "[\"\"]"
        return String(array.dropFirst().dropLast())
    }
}

/// The Swift number types a JSON number can be decoded into.
public enum NumberType: String, Sendable, CaseIterable {
    case int = "Int", int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
    case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"
    case float = "Float", double = "Double", decimal = "Decimal"

    /// `CGFloat`, `TimeInterval`, `Float64`… as the type `JSONDecoder` really decodes.
    public init?(swiftName: String) {
        switch swiftName {
        case "CGFloat", "TimeInterval", "Float64": self = .double
        case "Float32", "Float16": self = .float
        default: self.init(rawValue: swiftName)
        }
    }
}

/// A JSON number: its value as a `Double` (for arithmetic and messages), and the Swift number types it decodes into.
public struct JSONNumber: Sendable, Equatable {
    public let double: Double
    /// The value as an integer, when it decodes as `Int64` (or `UInt64`).
    public let integer: Int64?
    public let fits: Set<NumberType>

    public init(double: Double, integer: Int64?, fits: Set<NumberType>) {
        self.double = double
        self.integer = integer
        self.fits = fits
    }

    public init(_ value: Double) {
        let integer = value.rounded() == value && abs(value) < 9.2e18 ? Int64(value) : nil
        self.init(double: value, integer: integer, fits: integer == nil ? [.double, .float, .decimal] : Set(NumberType.allCases))
    }

    /// The number as JSON text: an integer when it is one, else the shortest `Double` text.
    public var text: String {
        if let integer { return String(integer) }
        return String(double)
    }
}

extension JSONValue: Decodable {
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    public init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var fields: [String: JSONValue] = [:]
            for key in keyed.allKeys { fields[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(fields)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !unkeyed.isAtEnd { items.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null; return }
        if let value = try? single.decode(Bool.self) { self = .bool(value); return }
        if let value = try? single.decode(String.self) { self = .string(value); return }
        let double = try single.decode(Double.self)
        var fits: Set<NumberType> = [.double]
        func check<T: Decodable>(_ type: T.Type, _ name: NumberType) { if (try? single.decode(T.self)) != nil { fits.insert(name) } }
        check(Int.self, .int); check(Int8.self, .int8); check(Int16.self, .int16); check(Int32.self, .int32); check(Int64.self, .int64)
        check(UInt.self, .uint); check(UInt8.self, .uint8); check(UInt16.self, .uint16); check(UInt32.self, .uint32); check(UInt64.self, .uint64)
        check(Float.self, .float); check(Decimal.self, .decimal)
        self = .number(JSONNumber(double: double, integer: try? single.decode(Int64.self), fits: fits))
    }
}
