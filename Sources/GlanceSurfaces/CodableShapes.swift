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
        // Types nest as deep as their text (`[[[[Int]]]]`); past any real type, stop.
        guard visiting.count < 64, text.count < 4_096 else { return .unknown("\(text.prefix(40))… nests too deeply") }
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
            if let alias = resolver.typeAlias(base, context: context, from: file) {
                // `typealias B = C; typealias C = B`: a cycle of aliases names no type.
                let key = "alias \(context ?? "")|\(base)"
                guard visiting.insert(key).inserted else { return .unknown("\(base) is a type alias that leads back to itself") }
                defer { visiting.remove(key) }
                return shape(of: alias, context: context, file: file, visiting: &visiting)
            }
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
        let decoders = members.filter { $0.kind == .initializer && $0.parameters.first?.label == "from" }
        let encoders = members.filter { $0.kind == .function && $0.name == "encode" && $0.parameters.first?.label == "to" }
        if !decoders.isEmpty || !encoders.isEmpty {
            // A hand-written init(from:) that only decodes keys reads JSON the way synthesized code would.
            if declaration.kind == .struct, decoders.count == 1, encoders.count <= 1,
               let fields = handWrittenFields(of: declaration, members: members, decoder: decoders[0], encoder: encoders.first, visiting: &visiting) {
                return .object(type: qualified, fields: fields)
            }
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

    // MARK: Hand-written Codable

    /// The fields of a struct whose `init(from:)` is written by hand in the one form that reads JSON like
    /// synthesized code: `let c = try decoder.container(keyedBy: Keys.self)`, then only
    /// `property = try c.decode(T.self, forKey: .key)` (a non-optional property: the key is required) and
    /// `property = try c.decodeIfPresent(T.self, forKey: .key)` (an optional property: the key may be missing or
    /// null), each property once. `Keys` is an enum of the type; a key's JSON name is its raw value or case name.
    /// A hand-written `encode(to:)` must write the same keys the same way (`c.encode(property, forKey: .key)`,
    /// `encodeIfPresent`). Anything else — computed values, nested containers, `try?` fallbacks, loops,
    /// conditions, `super` — returns nil, and the type stays unknown.
    private func handWrittenFields(of declaration: TypeDecl, members: [Member], decoder: Member, encoder: Member?,
                                   visiting: inout Set<String>) -> [JSONField]? {
        let qualified = declaration.qualifiedName
        guard let statements = decoder.body?.statements, let decoderName = decoder.parameters.first?.name,
              let (containerName, keysName) = Self.container(statements.first, from: decoderName),
              let keys = codingKeys(keysName, in: qualified, from: decoder.location.file) else { return nil }
        let stored = members.filter { $0.kind == .storedProperty && !$0.isStatic }
        var decoded: [(property: Member, key: String, type: String, ifPresent: Bool)] = []
        for statement in statements.dropFirst() {
            // `try? c.decode(…)` (an `.operation`) swallows errors and is not this form.
            guard case .assignment(let target, "=", .call(let call), _) = statement,
                  let name = Self.propertyName(target),
                  !decoded.contains(where: { $0.property.name == name }),
                  let property = stored.first(where: { $0.name == name }), let declaredType = property.type,
                  call.name == "decode" || call.name == "decodeIfPresent",
                  case .identifier(containerName, _)? = call.base,
                  call.arguments.count == 2, call.arguments[0].label == nil, call.arguments[1].label == "forKey",
                  case .member(let typeExpression?, "self", _) = call.arguments[0].value, let type = Self.typeText(typeExpression),
                  let key = Self.keyCase(call.arguments[1].value, keysName: keysName).flatMap({ keys[$0] }) else { return nil }
            let ifPresent = call.name == "decodeIfPresent"
            // decode into an optional property, or decodeIfPresent into a non-optional one, is not the plain form.
            guard ifPresent == TypeName.isOptional(declaredType) else { return nil }
            decoded.append((property, key, type, ifPresent))
        }
        // What is encoded: a hand-written encode(to:) in the same form, or synthesized code over `CodingKeys`.
        var encodedKeys: [String: String] = [:]
        if let encoder {
            guard let encodeStatements = encoder.body?.statements, let encoderName = encoder.parameters.first?.name,
                  let (container, encodeKeysName) = Self.container(encodeStatements.first, from: encoderName),
                  let encodeKeys = codingKeys(encodeKeysName, in: qualified, from: encoder.location.file) else { return nil }
            for statement in encodeStatements.dropFirst() {
                guard case .call(let call) = statement, call.name == "encode" || call.name == "encodeIfPresent",
                      case .identifier(container, _)? = call.base, call.arguments.count == 2, call.arguments[0].label == nil,
                      call.arguments[1].label == "forKey", let name = Self.propertyName(call.arguments[0].value),
                      stored.contains(where: { $0.name == name }), encodedKeys[name] == nil,
                      let key = Self.keyCase(call.arguments[1].value, keysName: encodeKeysName).flatMap({ encodeKeys[$0] }) else { return nil }
                encodedKeys[name] = key
            }
        } else {
            guard TypeName.base(keysName) == "CodingKeys" else { return nil }
            for property in stored { if let key = keys[property.name] { encodedKeys[property.name] = key } }
        }
        // Every decoded key is written back under the same name.
        guard decoded.allSatisfy({ encodedKeys[$0.property.name] == $0.key }) else { return nil }
        var fields = decoded.map { entry -> JSONField in
            let shape = shape(of: entry.type, context: qualified, file: entry.property.location.file, visiting: &visiting)
            return JSONField(name: entry.property.name, key: entry.key, shape: entry.ifPresent ? .optional(shape) : shape,
                             isDecoded: true, location: entry.property.location)
        }
        for property in stored where !decoded.contains(where: { $0.property.name == property.name }) {
            guard let key = encodedKeys[property.name] else { continue }
            let type = property.type ?? inferredType(property.initializer)
            fields.append(JSONField(name: property.name, key: key,
                                    shape: type.map { shape(of: $0, context: qualified, file: property.location.file, visiting: &visiting) } ?? .unknown("\(property.name) has no type annotation"),
                                    isDecoded: false, location: property.location))
        }
        return fields.sorted { $0.location < $1.location }
    }

    /// `let c = try coder.container(keyedBy: Keys.self)` (or `var`): the container's name and `Keys`.
    private static func container(_ statement: Expr?, from coder: String) -> (name: String, keys: String)? {
        guard case .binding(let name, nil, .call(let call)?, _)? = statement, call.name == "container",
              case .identifier(coder, _)? = call.base, call.arguments.count == 1,
              case .member(let keys?, "self", _)? = call.argument("keyedBy"), let keysName = keys.dottedPath else { return nil }
        return (name, keysName)
    }

    /// The JSON key of each case of a coding-keys enum declared in the type (raw value or case name); nil when
    /// the enum is not found there or computes its keys (`stringValue`).
    private func codingKeys(_ name: String, in qualified: String, from file: String) -> [String: String]? {
        guard let keys = resolver.primaryDeclaration(of: name, context: qualified, from: file), keys.kind == .enum,
              keys.qualifiedName.hasPrefix(qualified + "."), !keys.members.contains(where: { $0.name == "stringValue" }) else { return nil }
        var result: [String: String] = [:]
        for member in keys.members where member.kind == .enumCase { result[member.name] = member.initializer?.stringValue ?? member.name }
        return result
    }

    /// `name` or `self.name`.
    private static func propertyName(_ expression: Expr) -> String? {
        switch expression {
        case .identifier(let name, _): return name
        case .member(.identifier("self", _)?, let name, _): return name
        default: return nil
        }
    }

    /// `.key` or `Keys.key`.
    private static func keyCase(_ expression: Expr, keysName: String) -> String? {
        switch expression {
        case .member(nil, let name, _): return name
        case .member(let base?, let name, _) where base.dottedPath == keysName: return name
        default: return nil
        }
    }

    /// The type written before `.self`: `Phase`, `ContentState.Phase`, `[Leg]`, `[String: Int]`, `Dictionary<String, Int>`.
    private static func typeText(_ expression: Expr) -> String? {
        switch expression {
        case .identifier, .member: return expression.dottedPath
        case .array(let items, _):
            guard items.count == 1, let element = typeText(items[0]) else { return nil }
            return "[\(element)]"
        case .dictionary(let items, _):
            guard items.count == 2, let key = typeText(items[0]), let value = typeText(items[1]) else { return nil }
            return "[\(key): \(value)]"
        default: return nil
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
