import Foundation
import GlanceSurfaces

/// One way a JSON value fails to decode as a Swift type, or a key the type ignores.
public struct DecodeIssue: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A non-optional property's key is absent (`DecodingError.keyNotFound`).
        case keyNotFound
        /// `null` where the type is not optional (`DecodingError.valueNotFound`).
        case valueNotFound
        /// The JSON type differs from the Swift type (`DecodingError.typeMismatch`).
        case typeMismatch
        /// The right JSON type with a value the type refuses: a number that does not fit, an enum raw value
        /// not among the cases, an invalid URL, UUID or base64 string (`DecodingError.dataCorrupted`).
        case dataCorrupted
        /// A key no property reads; `JSONDecoder` ignores it. Not a failure.
        case unknownKey
    }

    public let path: JSONPath
    /// `ContentState.driver.eta`
    public let swiftPath: String
    public let kind: Kind
    public let message: String

    /// Whether `JSONDecoder` throws for this issue.
    public var isFailure: Bool { kind != .unknownKey }
}

/// A JSON value read as a scalar Swift property (for checks on values, such as `Date` encoding).
public struct DecodedLeaf: Sendable {
    public let path: JSONPath
    public let swiftPath: String
    public let shape: JSONShape
    public let value: JSONValue
}

/// The result of checking a value against a shape.
public struct ShapeCheck: Sendable {
    public var issues: [DecodeIssue] = []
    public var leaves: [DecodedLeaf] = []
    /// Parts that could not be checked, and why (custom `Codable`, types not in the project).
    public var unchecked: [String] = []

    /// Whether `JSONDecoder` would decode the value.
    public var decodes: Bool { !issues.contains { $0.isFailure } }
}

/// Checks a JSON value against a `JSONShape` the way synthesized `Decodable` and Foundation's default
/// `JSONDecoder` read it (facts DEC-01…DEC-05): keys are property names or `CodingKeys` raw values; optionals
/// may be missing or `null`; other keys are ignored; `Date` is a number of seconds since 2001; enums with raw
/// values decode from one of them; enums without raw values from `{"case": {…}}`. Scalars are judged by
/// Foundation itself (`JSONNumber.fits`, `URL(string:)`, `UUID(uuidString:)`, `Data(base64Encoded:)`).
/// Unlike `JSONDecoder`, it does not stop at the first failure.
public enum ShapeDecoder {
    public static func check(_ value: JSONValue?, as shape: JSONShape, at path: JSONPath, swiftPath: String) -> ShapeCheck {
        var result = ShapeCheck()
        guard let value else {
            if case .optional = shape { return result }
            result.issues.append(DecodeIssue(path: path, swiftPath: swiftPath, kind: .keyNotFound, message: "is missing; \(swiftPath) is \(Self.article(shape)) and not optional"))
            return result
        }
        decode(value, as: shape, path: path, swiftPath: swiftPath, into: &result)
        return result
    }

    private static func decode(_ value: JSONValue, as shape: JSONShape, path: JSONPath, swiftPath: String, into result: inout ShapeCheck) {
        func fail(_ kind: DecodeIssue.Kind, _ message: String) {
            result.issues.append(DecodeIssue(path: path, swiftPath: swiftPath, kind: kind, message: message))
        }
        func mismatch(_ expected: String) {
            if value == .null {
                fail(.valueNotFound, "is null; \(swiftPath) is \(Self.article(shape)) and not optional")
            } else {
                fail(.typeMismatch, "is \(value.typeName); \(swiftPath) is \(Self.article(shape)), \(expected)")
            }
        }
        switch shape {
        case .optional(let wrapped):
            if value != .null { decode(value, as: wrapped, path: path, swiftPath: swiftPath, into: &result) }
        case .unknown(let why):
            result.unchecked.append("\(path) (\(swiftPath): \(why))")
        case .string:
            guard case .string = value else { return mismatch("which JSON writes as a string") }
            result.leaves.append(DecodedLeaf(path: path, swiftPath: swiftPath, shape: shape, value: value))
        case .bool:
            guard case .bool = value else { return mismatch("which JSON writes as true or false") }
        case .integer(let type, _), .floating(let type):
            guard case .number(let number) = value else { return mismatch("which JSON writes as a number") }
            let numberType = NumberType(swiftName: type) ?? .double
            if !number.fits.contains(numberType) {
                let why = number.fits.contains(.int64) || number.fits.contains(.uint64) || numberType == .float ? "is out of its range" : "has a fractional part"
                fail(.dataCorrupted, "\(number.text) does not decode as \(type) (\(swiftPath)): it \(why)")
            }
            result.leaves.append(DecodedLeaf(path: path, swiftPath: swiftPath, shape: shape, value: value))
        case .date:
            guard case .number(let number) = value else { return mismatch("which JSONDecoder reads as a number of seconds since 2001-01-01") }
            if !number.fits.contains(.double) { fail(.dataCorrupted, "\(number.text) does not decode as a Double") }
            result.leaves.append(DecodedLeaf(path: path, swiftPath: swiftPath, shape: shape, value: value))
        case .url:
            guard case .string(let text) = value else { return mismatch("which JSON writes as a string") }
            if URL(string: text) == nil { fail(.dataCorrupted, "\(JSONValue.quoted(text)) is not a URL JSONDecoder accepts (\(swiftPath))") }
        case .uuid:
            guard case .string(let text) = value else { return mismatch("which JSON writes as a string") }
            if UUID(uuidString: text) == nil { fail(.dataCorrupted, "\(JSONValue.quoted(text)) is not a UUID string (\(swiftPath))") }
        case .data:
            guard case .string(let text) = value else { return mismatch("which JSON writes as a base64 string") }
            if Data(base64Encoded: text) == nil { fail(.dataCorrupted, "\(JSONValue.quoted(text)) is not base64 (\(swiftPath))") }
        case .rawEnum(let type, let rawValues, let isString):
            let listed = rawValues.prefix(8).map { isString ? JSONValue.quoted($0) : $0 }.joined(separator: ", ") + (rawValues.count > 8 ? ", …" : "")
            if isString {
                guard case .string(let text) = value else { return mismatch("an enum of strings (\(listed))") }
                if !rawValues.contains(text) { fail(.dataCorrupted, "\(JSONValue.quoted(text)) is not a raw value of \(type) (\(swiftPath)); expected one of \(listed)") }
            } else {
                guard case .number(let number) = value else { return mismatch("an enum of numbers (\(listed))") }
                if !(number.integer.map { rawValues.contains(String($0)) } ?? false) {
                    fail(.dataCorrupted, "\(number.text) is not a raw value of \(type) (\(swiftPath)); expected one of \(listed)")
                }
            }
        case .array(let element):
            guard case .array(let items) = value else { return mismatch("which JSON writes as an array") }
            for (index, item) in items.enumerated() {
                decode(item, as: element, path: path.appending(index: index), swiftPath: swiftPath + "[\(index)]", into: &result)
            }
        case .dictionary(let element):
            guard case .object(let fields) = value else { return mismatch("which JSON writes as an object") }
            for key in fields.keys.sorted() {
                decode(fields[key]!, as: element, path: path.appending(key), swiftPath: swiftPath + "[\(JSONValue.quoted(key))]", into: &result)
            }
        case .object(let type, let fields):
            guard case .object(let object) = value else { return mismatch("which JSON writes as an object") }
            decodeFields(object, fields: fields, owner: type, path: path, swiftPath: swiftPath, into: &result)
        case .taggedEnum(let type, let cases):
            let names = cases.map { JSONValue.quoted($0.name) }.joined(separator: ", ")
            guard case .object(let object) = value else { return mismatch("which JSON writes as {\"<case>\": {…}} with a case among \(names)") }
            // Synthesized Decodable sees only the keys that are case names, and needs exactly one.
            let caseKeys = object.keys.filter { key in cases.contains { $0.name == key } }.sorted()
            guard caseKeys.count == 1, let key = caseKeys.first, let enumCase = cases.first(where: { $0.name == key }) else {
                let found = caseKeys.isEmpty ? "no case name among its keys (\(object.keys.sorted().map(JSONValue.quoted).joined(separator: ", ")))" : "\(caseKeys.count) case names (\(caseKeys.map(JSONValue.quoted).joined(separator: ", ")))"
                return fail(.typeMismatch, "has \(found); \(swiftPath) is the enum \(type), written as an object with exactly one case name as key (\(names))")
            }
            let inner = object[key]!
            let innerPath = path.appending(key)
            guard case .object(let innerObject) = inner else {
                result.issues.append(DecodeIssue(path: innerPath, swiftPath: swiftPath, kind: inner == .null ? .valueNotFound : .typeMismatch,
                                                 message: "is \(inner.typeName); the values of case \(key) of \(type) are written as an object"))
                return
            }
            decodeFields(innerObject, fields: enumCase.fields, owner: "\(type).\(key)", path: innerPath, swiftPath: swiftPath + "." + key, into: &result, reportsUnknownKeys: !enumCase.fields.isEmpty)
        }
    }

    private static func decodeFields(_ object: [String: JSONValue], fields: [JSONField], owner: String, path: JSONPath, swiftPath: String,
                                     into result: inout ShapeCheck, reportsUnknownKeys: Bool = true) {
        for field in fields where field.isDecoded {
            let fieldPath = path.appending(field.key)
            let fieldSwiftPath = swiftPath + "." + field.name
            guard let fieldValue = object[field.key] else {
                if case .optional = field.shape { continue }
                if case .unknown = field.shape { result.unchecked.append("\(fieldPath) (\(fieldSwiftPath): \(field.shape))"); continue }
                result.issues.append(DecodeIssue(path: fieldPath, swiftPath: fieldSwiftPath, kind: .keyNotFound,
                                                 message: "is missing; \(fieldSwiftPath) is \(Self.article(field.shape)) and not optional"))
                continue
            }
            decode(fieldValue, as: field.shape, path: fieldPath, swiftPath: fieldSwiftPath, into: &result)
        }
        guard reportsUnknownKeys else { return }
        let known = Set(fields.filter(\.isDecoded).map(\.key))
        for key in object.keys.sorted() where !known.contains(key) {
            let constant = fields.first { $0.key == key && !$0.isDecoded }
            let hint: String
            if let constant {
                hint = "\(owner).\(constant.name) is a constant with a value, which synthesized Decodable does not read"
            } else if let close = closest(key, in: Array(known)) {
                hint = "\(owner) has no such property, so JSONDecoder ignores it; did you mean \(JSONValue.quoted(close))?"
            } else {
                hint = "\(owner) has no such property, so JSONDecoder ignores it"
            }
            result.issues.append(DecodeIssue(path: path.appending(key), swiftPath: swiftPath, kind: .unknownKey, message: "is not read: \(hint)"))
        }
    }

    /// `an Int`, `a Date`, `a UUID`.
    static func article(_ shape: JSONShape) -> String {
        let name = shape.description
        let startsWithVowel = name.first.map { "AEIOaeio".contains($0) } ?? false
        return (startsWithVowel ? "an " : "a ") + name
    }

    /// The JSON key (or type name) closest to `text`, comparing without case, `_` and `-` (so `stops_away`
    /// finds `stopsAway`), within a quarter of its length in edits.
    public static func closest(_ text: String, in candidates: [String]) -> String? {
        let normalized = { (text: String) in String(text.lowercased().filter { $0 != "_" && $0 != "-" }) }
        let target = normalized(text)
        let scored = candidates.map { ($0, Suggestion.editDistance(target, normalized($0))) }.filter { $0.1 <= max(1, text.count / 4) }
        return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }
}
