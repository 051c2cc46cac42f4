import Foundation
import GlanceSurfaces

/// A valid push body for an `ActivityAttributes` type: every key of `content-state` (and, for `start`, of
/// `attributes`) with a typed placeholder — dates as seconds since 2001 (DEC-03), enums with their first raw
/// value, optionals filled in so their keys are visible — plus `timestamp`, and for `start` the
/// `attributes-type` and an `alert` (PAY-05).
public enum PayloadTemplate {
    public enum Event: String, CaseIterable, Sendable { case start, update, end }

    /// The body, and the parts that could not be given a value (custom `Codable`…), which hold `null`.
    public static func body(for type: ActivityType, event: Event, time: Date) -> (body: JSONValue, unfilled: [String]) {
        var unfilled: [String] = []
        let seconds = time.timeIntervalSince1970.rounded(.down)
        var aps: [String: JSONValue] = [
            "timestamp": .number(JSONNumber(seconds)),
            "event": .string(event.rawValue),
            "content-state": root(type.contentState, path: "\(type.name).ContentState", time: seconds, unfilled: &unfilled),
        ]
        switch event {
        case .start:
            aps["attributes-type"] = .string(type.name)
            aps["attributes"] = root(type.attributes, path: type.name, time: seconds, unfilled: &unfilled)
            aps["alert"] = .object(["title": .string("<title>"), "body": .string("<body>")])
        case .update:
            break
        case .end:
            // HIG: remove an ended activity after 15–30 minutes.
            aps["dismissal-date"] = .number(JSONNumber(seconds + 900))
        }
        return (.object(["aps": .object(aps)]), unfilled)
    }

    /// `content-state` and `attributes` are objects even when their type decodes itself: `{}` to fill in.
    static func root(_ shape: JSONShape, path: String, time: Double, unfilled: inout [String]) -> JSONValue {
        let value = placeholder(shape, name: path, path: path, time: time, unfilled: &unfilled)
        return value == .null ? .object([:]) : value
    }

    /// A value of the shape. `time` is Unix seconds; dates are written relative to 2001.
    static func placeholder(_ shape: JSONShape, name: String, path: String, time: Double, unfilled: inout [String]) -> JSONValue {
        switch shape {
        case .string: return .string("<\(name)>")
        case .integer: return .number(JSONNumber(0))
        case .floating: return .number(JSONNumber(0))
        case .bool: return .bool(false)
        case .date: return .number(JSONNumber(time - secondsFrom1970To2001))
        case .url: return .string("https://example.com")
        case .uuid: return .string("00000000-0000-0000-0000-000000000000")
        case .data: return .string("")
        case .rawEnum(_, let values, let isString):
            guard let first = values.first else { unfilled.append("\(path) (an enum without cases)"); return .null }
            return isString ? .string(first) : .number(JSONNumber(Double(first) ?? 0))
        case .taggedEnum(_, let cases):
            guard let first = cases.first else { unfilled.append("\(path) (an enum without cases)"); return .null }
            return .object([first.name: object(first.fields, path: path + "." + first.name, time: time, unfilled: &unfilled)])
        case .object(_, let fields):
            return object(fields, path: path, time: time, unfilled: &unfilled)
        case .array(let element):
            return .array([placeholder(element, name: name, path: path + "[0]", time: time, unfilled: &unfilled)])
        case .dictionary(let element):
            return .object(["key": placeholder(element, name: name, path: path + "[\"key\"]", time: time, unfilled: &unfilled)])
        case .optional(let wrapped):
            return placeholder(wrapped, name: name, path: path, time: time, unfilled: &unfilled)
        case .unknown(let why):
            unfilled.append("\(path) (\(why))")
            return .null
        }
    }

    private static func object(_ fields: [JSONField], path: String, time: Double, unfilled: inout [String]) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for field in fields where field.isDecoded {
            object[field.key] = placeholder(field.shape, name: field.name, path: path + "." + field.name, time: time, unfilled: &unfilled)
        }
        return .object(object)
    }

    /// Pretty JSON with sorted keys, two-space indented, as printed by `glance payload template`.
    public static func prettyText(_ value: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + prettyText($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let fields) where !fields.isEmpty:
            return "{\n" + fields.keys.sorted().map { inner + JSONValue.quoted($0) + ": " + prettyText(fields[$0]!, indent: inner) }.joined(separator: ",\n") + "\n\(indent)}"
        default:
            return value.jsonText
        }
    }
}
