/// Declarations found in one Swift file.
public struct FileIndex: Sendable, Codable {
    /// Absolute path.
    public let path: String
    public let imports: [ImportDecl]
    /// Every type and extension of the file, nested ones included (with `qualifiedName`).
    public let types: [TypeDecl]
    /// Top-level `let`/`var`/`func` and type aliases.
    public let globals: [Member]
    /// Top-level statements (scripts, `main.swift`).
    public let topLevel: Block
    /// True when SwiftParser reported syntax errors (the index is then best effort).
    public let hasSyntaxErrors: Bool

    /// Positions in `types` by simple and by qualified name; in `globals` by name; of type aliases (at top
    /// level, or a member of a type) and of extension functions by name. Lookups by name cost the same in a
    /// file of one type and in one of ten thousand.
    private let typesByName: [String: [Int]]
    private let globalsByName: [String: [Int]]
    private let aliasesByName: [String: [(type: Int?, member: Int)]]
    private let extensionFunctionsByName: [String: [(type: Int, member: Int)]]

    public init(path: String, imports: [ImportDecl], types: [TypeDecl], globals: [Member], topLevel: Block, hasSyntaxErrors: Bool) {
        self.path = path
        self.imports = imports
        self.types = types
        self.globals = globals
        self.topLevel = topLevel
        self.hasSyntaxErrors = hasSyntaxErrors
        var typesByName: [String: [Int]] = [:]
        var aliases: [String: [(type: Int?, member: Int)]] = [:]
        var functions: [String: [(type: Int, member: Int)]] = [:]
        for (position, type) in types.enumerated() {
            typesByName[type.name, default: []].append(position)
            if type.qualifiedName != type.name { typesByName[type.qualifiedName, default: []].append(position) }
            for (memberPosition, member) in type.members.enumerated() {
                if member.kind == .typeAlias { aliases[member.name, default: []].append((position, memberPosition)) }
                if member.kind == .function && type.kind == .extension { functions[member.name, default: []].append((position, memberPosition)) }
            }
        }
        var globalsByName: [String: [Int]] = [:]
        var globalAliases: [String: [(type: Int?, member: Int)]] = [:]
        for (position, global) in globals.enumerated() {
            globalsByName[global.name, default: []].append(position)
            if global.kind == .typeAlias { globalAliases[global.name, default: []].append((nil, position)) }
        }
        aliases.merge(globalAliases) { members, globals in globals + members }
        self.typesByName = typesByName
        self.globalsByName = globalsByName
        aliasesByName = aliases
        extensionFunctionsByName = functions
    }

    private enum CodingKeys: String, CodingKey { case imports, types, globals, topLevel, hasSyntaxErrors }

    /// Decodes an index written by `encode(to:)`, for the file `CodingUserInfoKey.sourceFile` names (the lookup
    /// tables are rebuilt, not stored).
    public init(from decoder: any Decoder) throws {
        guard let path = decoder.userInfo[.sourceFile] as? String else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a FileIndex is decoded for a file (userInfo[.sourceFile])"))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(path: path, imports: try container.decode([ImportDecl].self, forKey: .imports),
                  types: try container.decode([TypeDecl].self, forKey: .types), globals: try container.decode([Member].self, forKey: .globals),
                  topLevel: try container.decode(Block.self, forKey: .topLevel), hasSyntaxErrors: try container.decode(Bool.self, forKey: .hasSyntaxErrors))
    }

    /// Encodes the declarations without the path (set `CodingUserInfoKey.sourceFile`, so locations leave it out too).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(imports, forKey: .imports)
        try container.encode(types, forKey: .types)
        try container.encode(globals, forKey: .globals)
        try container.encode(topLevel, forKey: .topLevel)
        try container.encode(hasSyntaxErrors, forKey: .hasSyntaxErrors)
    }

    /// Types and extensions whose simple name or qualified name is `name`, in the order of `types`.
    public func types(named name: String) -> [TypeDecl] { (typesByName[name] ?? []).map { types[$0] } }

    /// Types and extensions whose simple or qualified name is one of `names`, each once, in the order of `types`.
    public func types(namedAnyOf names: [String]) -> [TypeDecl] {
        Set(names.flatMap { typesByName[$0] ?? [] }).sorted().map { types[$0] }
    }

    /// Top-level declarations named `name`, in file order.
    public func globals(named name: String) -> [Member] { (globalsByName[name] ?? []).map { globals[$0] } }

    /// Type aliases named `name`: top-level ones first (owner nil), then members of types (owner: the type's
    /// qualified name), in file order.
    public func typeAliases(named name: String) -> [(owner: String?, alias: Member)] {
        (aliasesByName[name] ?? []).map { entry in
            guard let type = entry.type else { return (nil, globals[entry.member]) }
            return (types[type].qualifiedName, types[type].members[entry.member])
        }
    }

    /// Functions named `name` declared in extensions, with the extended type as written.
    public func extensionFunctions(named name: String) -> [(extended: String, function: Member)] {
        (extensionFunctionsByName[name] ?? []).map { (types[$0.type].name, types[$0.type].members[$0.member]) }
    }
}

/// `import Module`, with its place and `#if` conditions.
public struct ImportDecl: Sendable {
    /// The imported module (`WidgetKit`; `Foundation.NSString` for a submodule or declaration import).
    public let module: String
    public let location: SourceLocation
    public let conditions: [String]
    /// `@_exported import`: the module is re-exported to every file that imports this one's module.
    public let isExported: Bool

    public init(module: String, location: SourceLocation, conditions: [String], isExported: Bool = false) {
        self.module = module
        self.location = location
        self.conditions = conditions
        self.isExported = isExported
    }

    /// The top-level module name (`Foundation` for `import struct Foundation.Date`).
    public var topLevelModule: String { String(module.prefix { $0 != "." }) }
}

public struct Attribute: Sendable {
    /// `main`, `Parameter`, `Environment`, `MainActor`, …
    public let name: String
    public let arguments: [Argument]

    public init(name: String, arguments: [Argument]) {
        self.name = name
        self.arguments = arguments
    }
}

public struct TypeDecl: Sendable, Codable {
    public enum Kind: String, Sendable, Codable { case `struct`, `class`, `enum`, `actor`, `protocol`, `extension` }

    public let kind: Kind
    /// The simple name; for an extension, the extended type as written (`TimerToggle`, `Foo.Bar`).
    public let name: String
    /// Outer types joined by dots (`TimerToggle.Provider`); for an extension, the extended type.
    public let qualifiedName: String
    /// Inherited types and conformances as written (compositions split: `Codable & Hashable` → two).
    public let inheritedTypes: [String]
    public let attributes: [Attribute]
    public let members: [Member]
    public let location: SourceLocation
    /// The `#if` conditions around the declaration, outermost first.
    public let conditions: [String]

    /// Positions in `members` by name: a type can hold thousands of members, and the view walk asks for them
    /// by name again and again.
    private let memberPositions: [String: [Int]]

    public init(kind: Kind, name: String, qualifiedName: String, inheritedTypes: [String], attributes: [Attribute],
                members: [Member], location: SourceLocation, conditions: [String]) {
        self.kind = kind
        self.name = name
        self.qualifiedName = qualifiedName
        self.inheritedTypes = inheritedTypes
        self.attributes = attributes
        self.members = members
        self.location = location
        self.conditions = conditions
        var positions: [String: [Int]] = [:]
        for (position, member) in members.enumerated() { positions[member.name, default: []].append(position) }
        memberPositions = positions
    }

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(kind: try c.decode(Kind.self), name: try c.decode(String.self), qualifiedName: try c.decode(String.self),
                  inheritedTypes: try c.decode([String].self), attributes: try c.decode([Attribute].self), members: try c.decode([Member].self),
                  location: try c.decode(SourceLocation.self), conditions: try c.decode([String].self))
    }

    /// Coded as an array of its fields (see `Expr`'s coding); the lookup table is rebuilt, not stored.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(kind); try c.encode(name); try c.encode(qualifiedName); try c.encode(inheritedTypes)
        try c.encode(attributes); try c.encode(members); try c.encode(location); try c.encode(conditions)
    }

    public var isMain: Bool { attributes.contains { $0.name == "main" } }
    public func member(_ name: String) -> Member? { memberPositions[name]?.first.map { members[$0] } }
    public func members(named name: String) -> [Member] { (memberPositions[name] ?? []).map { members[$0] } }
}

public struct Parameter: Sendable {
    /// The argument label (`_` for none).
    public let label: String
    /// The local name.
    public let name: String
    public let type: String?
    public let defaultValue: Expr?

    public init(label: String, name: String, type: String?, defaultValue: Expr?) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

public struct Member: Sendable {
    public enum Kind: String, Sendable, Codable { case storedProperty, computedProperty, function, initializer, enumCase, typeAlias }

    public let kind: Kind
    public let name: String
    public let isStatic: Bool
    /// `let` rather than `var` (properties only).
    public let isConstant: Bool
    /// The type annotation, or the aliased type for a type alias.
    public let type: String?
    /// A stored property's initial value, or an enum case's raw value.
    public let initializer: Expr?
    /// A computed property's getter, or a function's body.
    public let body: Block?
    public let parameters: [Parameter]
    public let attributes: [Attribute]
    /// Access modifiers and others (`private`, `static`, `override`, …).
    public let modifiers: [String]
    public let location: SourceLocation
    public let conditions: [String]

    public init(kind: Kind, name: String, isStatic: Bool, isConstant: Bool, type: String?, initializer: Expr?, body: Block?,
                parameters: [Parameter], attributes: [Attribute], modifiers: [String], location: SourceLocation, conditions: [String]) {
        self.kind = kind
        self.name = name
        self.isStatic = isStatic
        self.isConstant = isConstant
        self.type = type
        self.initializer = initializer
        self.body = body
        self.parameters = parameters
        self.attributes = attributes
        self.modifiers = modifiers
        self.location = location
        self.conditions = conditions
    }

    public func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }

    /// The function's selector-like signature: `perform()`, `application(_:open:options:)`.
    public var signature: String {
        kind == .function || kind == .initializer ? "\(name)(\(parameters.map { $0.label + ":" }.joined()))" : name
    }

    /// Everything executable in this member: its initializer and body.
    public var code: Block {
        Block((initializer.map { [$0] } ?? []) + (body?.statements ?? []) + parameters.compactMap(\.defaultValue))
    }
}

// MARK: - Coding (for the source cache: arrays of fields, as `Expr`)

extension ImportDecl: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(module: try c.decode(String.self), location: try c.decode(SourceLocation.self), conditions: try c.decode([String].self),
                  isExported: try c.decode(Bool.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(module); try c.encode(location); try c.encode(conditions); try c.encode(isExported)
    }
}

extension Attribute: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(name: try c.decode(String.self), arguments: try c.decode([Argument].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(name); try c.encode(arguments)
    }
}

extension Parameter: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(label: try c.decode(String.self), name: try c.decode(String.self), type: try c.decodeOptional(String.self),
                  defaultValue: try c.decodeOptional(Expr.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(label); try c.encode(name); try c.encodeOptional(type); try c.encodeOptional(defaultValue)
    }
}

extension Member: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(kind: try c.decode(Kind.self), name: try c.decode(String.self), isStatic: try c.decode(Bool.self), isConstant: try c.decode(Bool.self),
                  type: try c.decodeOptional(String.self), initializer: try c.decodeOptional(Expr.self), body: try c.decodeOptional(Block.self),
                  parameters: try c.decode([Parameter].self), attributes: try c.decode([Attribute].self), modifiers: try c.decode([String].self),
                  location: try c.decode(SourceLocation.self), conditions: try c.decode([String].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(kind); try c.encode(name); try c.encode(isStatic); try c.encode(isConstant); try c.encodeOptional(type)
        try c.encodeOptional(initializer); try c.encodeOptional(body); try c.encode(parameters); try c.encode(attributes)
        try c.encode(modifiers); try c.encode(location); try c.encode(conditions)
    }
}
