import Foundation

/// A JSON value with its exact type (JSONSerialization gives `NSNumber` for both `1` and `true`), for
/// checking the types of configuration values.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Reads JSON text. The syntax is checked with JSONSerialization first, whose errors say where.
    /// - Throws: a one-line reason (`not valid JSON (…)`).
    static func parse(_ data: Data) throws -> JSONValue {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
                .map { text -> String in
                    let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
                    return " (" + trimmed.prefix(1).lowercased() + trimmed.dropFirst() + ")"
                } ?? ""
            throw JSONSyntaxError(reason: "not valid JSON\(detail)")
        }
    }

    /// For messages: "a string", "a number", "true or false", "a list", "an object", "null".
    var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

struct JSONSyntaxError: Error {
    let reason: String
}
