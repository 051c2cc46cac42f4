import GlanceSourceIndex

/// How a Swift type is written as JSON by synthesized `Codable` with Foundation's default strategies
/// (facts DEC-01…DEC-05): what ActivityKit stores for attributes and what a push's `content-state` must look like.
public indirect enum JSONShape: Sendable, CustomStringConvertible {
    /// A string; `maxLength` in bytes when the values are known (an enum's raw values), nil when unbounded.
    case string(maxLength: Int?)
    /// An integer type, with the longest text it can produce (`Int` → 20).
    case integer(type: String, maxLength: Int)
    /// A floating-point number (`Double`, `Float`, `CGFloat`, `Decimal`).
    case floating(type: String)
    case bool
    /// `Date` with `.deferredToDate`: a number of seconds since 2001-01-01 (DEC-03).
    case date
    case url
    case uuid
    /// `Data` with `.base64`: a base64 string.
    case data
    /// An enum with raw values: the JSON holds one of them.
    case rawEnum(type: String, rawValues: [String], isString: Bool)
    /// An enum without raw values and with synthesized Codable: an object with exactly one key, the case
    /// name, whose value is an object of the case's associated values (`_0`, `_1`… when unlabeled).
    case taggedEnum(type: String, cases: [JSONEnumCase])
    /// A struct (or class) with synthesized Codable.
    case object(type: String, fields: [JSONField])
    case array(JSONShape)
    case dictionary(JSONShape)
    case optional(JSONShape)
    /// Something Glance cannot describe: custom `Codable`, a type it cannot find, an enum with associated values.
    case unknown(String)

    public var description: String {
        switch self {
        case .string: return "String"
        case .integer(let type, _), .floating(let type): return type
        case .bool: return "Bool"
        case .date: return "Date"
        case .url: return "URL"
        case .uuid: return "UUID"
        case .data: return "Data"
        case .rawEnum(let type, _, _), .object(let type, _), .taggedEnum(let type, _): return type
        case .array(let element): return "[\(element)]"
        case .dictionary(let value): return "[String: \(value)]"
        case .optional(let wrapped): return "\(wrapped)?"
        case .unknown(let why): return "<\(why)>"
        }
    }
}

/// A coded property of a struct.
public struct JSONField: Sendable {
    /// The Swift property name.
    public let name: String
    /// The JSON key: the property name, or its `CodingKeys` raw value.
    public let key: String
    public let shape: JSONShape
    /// `let x = value` is encoded but never decoded (synthesized `init(from:)` skips it).
    public let isDecoded: Bool
    public let location: SourceLocation
}

/// A case of an enum with synthesized Codable, and its associated values as fields.
public struct JSONEnumCase: Sendable {
    public let name: String
    public let fields: [JSONField]
}

/// Builds `JSONShape`s from the project's declarations.
public struct CodableShapes {
    let resolver: Resolver

    public init(resolver: Resolver) { self.resolver = resolver }

    static let integers: [String: Int] = ["Int": 20, "Int64": 20, "UInt": 20, "UInt64": 20, "Int32": 11, "UInt32": 10,
                                          "Int16": 6, "UInt16": 5, "Int8": 4, "UInt8": 3]
    static let floatings: Set<String> = ["Double", "Float", "CGFloat", "Float64", "Float32", "Float16", "TimeInterval", "Decimal"]

    /// The shape of a declared struct, class or enum.
    public func shape(of declaration: TypeDecl) -> JSONShape {
        var visiting: Set<String> = []
        return shape(of: declaration, visiting: &visiting)
    }

    /// The shape of a type written in `context` (for resolving nested names) in `file`.
    public func shape(of typeName: String, context: String?, from file: String?) -> JSONShape {
        var visiting: Set<String> = []
        return shape(of: typeName, context: context, file: file, visiting: &visiting)
    }

    private func shape(of raw: String, context: String?, file: String?, visiting: inout Set<String>) -> JSONShape {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("?") || text.hasSuffix("!") { return .optional(shape(of: String(text.dropLast()), context: context, file: file, visiting: &visiting)) }
        if text.hasPrefix("Optional<"), text.hasSuffix(">") { return .optional(shape(of: String(text.dropFirst(9).dropLast()), context: context, file: file, visiting: &visiting)) }
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inner = String(text.dropFirst().dropLast())
            if let colon = topLevelColon(inner) {
                let key = inner[..<colon].trimmingCharacters(in: .whitespaces)
                // Only String keys make a JSON object; other keys (Int, enums) are written in other forms.
                guard key == "String" else { return .unknown("a dictionary keyed by \(key)") }
                return .dictionary(shape(of: String(inner[inner.index(after: colon)...]), context: context, file: file, visiting: &visiting))
            }
            return .array(shape(of: inner, context: context, file: file, visiting: &visiting))
        }
        let base = TypeName.base(text)
        let arguments = TypeName.genericArguments(text)
        switch base {
        case "Array", "Set", "ContiguousArray": return .array(arguments.first.map { shape(of: $0, context: context, file: file, visiting: &visiting) } ?? .unknown(text))
        case "Dictionary":
            guard arguments.count == 2, arguments[0].trimmingCharacters(in: .whitespaces) == "String" else { return .unknown("a dictionary not keyed by String") }
            return .dictionary(shape(of: arguments[1], context: context, file: file, visiting: &visiting))
        case "String": return .string(maxLength: nil)
        case "Bool": return .bool
        case "Date": return .date
        case "URL": return .url
        case "UUID": return .uuid
        case "Data": return .data
        default: break
        }
        if let length = Self.integers[base] { return .integer(type: base, maxLength: length) }
        if Self.floatings.contains(base) { return .floating(type: base) }
        guard let declaration = resolver.primaryDeclaration(of: base, context: context, from: file) else {
            if let alias = resolver.typeAlias(base, context: context, from: file) { return shape(of: alias, context: context, file: file, visiting: &visiting) }
            return .unknown("\(base) is not declared in the project")
        }
        return shape(of: declaration, visiting: &visiting)
    }

    private func shape(of declaration: TypeDecl, visiting: inout Set<String>) -> JSONShape {
        let qualified = declaration.qualifiedName
        guard visiting.insert(qualified).inserted else { return .unknown("\(qualified) contains itself") }
        defer { visiting.remove(qualified) }
        // One declaration (a name declared once per target is two types) and its extensions.
        let declarations = resolver.declarations(of: declaration)
        let members = declarations.flatMap(\.members)
        if members.contains(where: { $0.kind == .initializer && $0.parameters.first?.label == "from" }) || members.contains(where: { $0.name == "encode" && $0.parameters.first?.label == "to" }) {
            return .unknown("\(qualified) has its own Codable implementation")
        }
        let inherited = declarations.flatMap(\.inheritedTypes).map(TypeName.base)
        switch declaration.kind {
        case .enum:
            let cases = members.filter { $0.kind == .enumCase }
            if inherited.contains("Codable") || inherited.contains("Decodable"), !inherited.contains("String"),
               !inherited.contains(where: { Self.integers[$0] != nil }) {
                return .taggedEnum(type: qualified, cases: cases.map { enumCase in
                    JSONEnumCase(name: enumCase.name, fields: enumCase.parameters.enumerated().map { index, parameter in
                        let key = parameter.label == "_" ? "_\(index)" : parameter.label
                        let type = parameter.type.map { shape(of: $0, context: qualified, file: enumCase.location.file, visiting: &visiting) } ?? .unknown("\(enumCase.name) has an untyped value")
                        return JSONField(name: key, key: key, shape: type, isDecoded: true, location: enumCase.location)
                    })
                })
            }
            if cases.contains(where: { !$0.parameters.isEmpty }) { return .unknown("\(qualified) has cases with associated values") }
            if inherited.contains("String") {
                return .rawEnum(type: qualified, rawValues: cases.map { $0.initializer?.stringValue ?? $0.name }, isString: true)
            }
            if let integer = inherited.first(where: { Self.integers[$0] != nil }) {
                var next = 0
                let values = cases.map { member -> String in
                    if case .number(let text, _)? = member.initializer, let value = Int(text) { next = value }
                    defer { next += 1 }
                    return String(next)
                }
                _ = integer
                return .rawEnum(type: qualified, rawValues: values, isString: false)
            }
            return .unknown("\(qualified) has no raw type")
        case .struct, .class:
            return .object(type: qualified, fields: fields(of: declaration, members: members, visiting: &visiting))
        default:
            return .unknown("\(qualified) is a \(declaration.kind.rawValue)")
        }
    }

    private func fields(of declaration: TypeDecl, members: [Member], visiting: inout Set<String>) -> [JSONField] {
        let stored = members.filter { $0.kind == .storedProperty && !$0.isStatic && $0.attribute("Transient") == nil }
        var keys: [String: String]?
        if let codingKeys = resolver.primaryDeclaration(of: "CodingKeys", context: declaration.qualifiedName, from: declaration.location.file),
           codingKeys.qualifiedName.hasPrefix(declaration.qualifiedName + ".") {
            keys = [:]
            for member in codingKeys.members where member.kind == .enumCase {
                keys?[member.name] = member.initializer?.stringValue ?? member.name
            }
        }
        return stored.compactMap { member -> JSONField? in
            let key: String
            if let keys { guard let mapped = keys[member.name] else { return nil }; key = mapped } else { key = member.name }
            let fieldShape: JSONShape
            if let type = member.type ?? inferredType(member.initializer) {
                fieldShape = shape(of: type, context: declaration.qualifiedName, file: member.location.file, visiting: &visiting)
            } else {
                fieldShape = .unknown("\(member.name) has no type annotation")
            }
            return JSONField(name: member.name, key: key, shape: fieldShape, isDecoded: !(member.isConstant && member.initializer != nil), location: member.location)
        }
    }

    private func inferredType(_ expr: Expr?) -> String? {
        switch expr {
        case .string?: return "String"
        case .bool?: return "Bool"
        case .number(let text, _)?: return text.contains(".") ? "Double" : "Int"
        default: return nil
        }
    }

    private func topLevelColon(_ text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case ":" where depth == 0: return index
            default: break
            }
        }
        return nil
    }
}

/// Estimates the size of JSON written by `JSONEncoder` (default strategies): bytes that are fixed, and the
/// members whose size is open-ended.
public struct JSONSizeEstimate: Sendable {
    /// The largest size of the bounded parts (unbounded members counted at their smallest: `""`, `[]`).
    public var fixedBytes: Int = 0
    /// Paths (`ContentState.driverName`) of members whose size has no bound.
    public var unbounded: [String] = []
    /// The unbounded members that are collections (arrays, dictionaries, `Data`): their size grows with the
    /// data, not only with the length of one text.
    public var unboundedCollections: [String] = []
    /// Paths whose shape is unknown.
    public var unknown: [String] = []

    public init() {}

    public static func of(_ shape: JSONShape, path: String) -> JSONSizeEstimate {
        var estimate = JSONSizeEstimate()
        estimate.add(shape, path: path)
        return estimate
    }

    mutating func add(_ shape: JSONShape, path: String) {
        switch shape {
        case .string(let maxLength):
            if let maxLength { fixedBytes += maxLength + 2 } else { fixedBytes += 2; unbounded.append(path) }
        case .integer(_, let maxLength): fixedBytes += maxLength
        case .floating: fixedBytes += 24
        case .bool: fixedBytes += 5
        case .date: fixedBytes += 24
        case .uuid: fixedBytes += 38
        case .url: fixedBytes += 2; unbounded.append(path)
        case .data: fixedBytes += 2; unbounded.append(path); unboundedCollections.append(path)
        case .rawEnum(_, let values, let isString):
            fixedBytes += (values.map(\.utf8.count).max() ?? 0) + (isString ? 2 : 0)
        case .object(_, let fields):
            addObject(fields, path: path)
        case .taggedEnum(_, let cases):
            // `{"case":{…}}`: counted at its largest case.
            let largest = cases.map { enumCase -> JSONSizeEstimate in
                var estimate = JSONSizeEstimate()
                estimate.fixedBytes = enumCase.name.utf8.count + 5
                estimate.addObject(enumCase.fields, path: path + "." + enumCase.name)
                return estimate
            }.max { $0.fixedBytes < $1.fixedBytes }
            if let largest {
                fixedBytes += largest.fixedBytes
                unbounded += largest.unbounded
                unboundedCollections += largest.unboundedCollections
                unknown += largest.unknown
            }
        case .array, .dictionary:
            fixedBytes += 2
            unbounded.append(path)
            unboundedCollections.append(path)
        case .optional(let wrapped):
            add(wrapped, path: path)
        case .unknown(let why):
            unknown.append("\(path) (\(why))")
        }
    }

    private mutating func addObject(_ fields: [JSONField], path: String) {
        fixedBytes += 2 + max(0, fields.count - 1)
        for field in fields {
            fixedBytes += field.key.utf8.count + 3
            add(field.shape, path: path + "." + field.name)
        }
    }
}
