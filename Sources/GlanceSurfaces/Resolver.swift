import GlanceProject
import GlanceSourceIndex

/// Answers questions about the project's Swift declarations across files: which types conform to a
/// framework protocol (also through project protocols, superclasses and type aliases), what a constant
/// holds, which targets compile a file. Lookups that need a declaration not parsed yet ask the
/// `SourceIndex`, which parses the declaring file on demand.
public final class Resolver: @unchecked Sendable {
    public let project: ProjectModel
    public let index: SourceIndex
    private var targetsByFile: [String: [Target]] = [:]
    private var supertypeCache: [String: Set<String>] = [:]
    private var declarationCache: [String: [TypeDecl]] = [:]

    /// Framework protocols and what they refine (AppIntents, WidgetKit, ActivityKit).
    static let frameworkSupertypes: [String: Set<String>] = [
        "SetValueIntent": ["AppIntent"], "OpenIntent": ["AppIntent"], "LiveActivityIntent": ["AppIntent"],
        "LiveActivityStartingIntent": ["AppIntent", "LiveActivityIntent"], "AudioPlaybackIntent": ["AppIntent"],
        "AudioRecordingIntent": ["AppIntent"],
        "ForegroundContinuableIntent": ["AppIntent"], "PushToTalkTransmissionIntent": ["AppIntent"],
        "WidgetConfigurationIntent": ["AppIntent"], "ControlConfigurationIntent": ["AppIntent"],
        "DeleteIntent": ["AppIntent"], "URLRepresentableIntent": ["AppIntent"], "ProgressReportingIntent": ["AppIntent"],
        "SystemIntent": ["AppIntent"], "CameraCaptureIntent": ["AppIntent"], "SnippetIntent": ["AppIntent"],
        "AppIntentTimelineProvider": [], "AppIntentControlValueProvider": [],
    ]

    public init(project: ProjectModel, index: SourceIndex) {
        self.project = project
        self.index = index
        for target in project.targets {
            for file in target.sources { targetsByFile[file, default: []].append(target) }
        }
    }

    // MARK: Targets

    /// The targets that compile a file.
    public func targets(ofFile path: String) -> [Target] { targetsByFile[path] ?? [] }

    /// The targets that compile a declaration: those compiling its file whose platform does not rule out
    /// its `#if` conditions.
    public func targets(of location: SourceLocation, conditions: [String]) -> [Target] {
        targets(ofFile: location.file).filter { target in
            target.platforms.isEmpty ? true : target.platforms.contains { CompileConditions.mayBeCompiled(conditions, platform: $0) }
        }
    }

    public func targets(of type: TypeDecl) -> [Target] { targets(of: type.location, conditions: type.conditions) }

    // MARK: Types

    /// Every parsed type and extension.
    public var allTypes: [TypeDecl] { index.parsedFiles.flatMap(\.types) }

    /// The declarations of a type: its primary declaration(s) and its extensions. `context` is the type in
    /// which the name is written, so `Provider` inside `TimerToggle` finds `TimerToggle.Provider` first, and
    /// a `typealias ContentState = …` inside the context is followed. Types the project does not declare
    /// (framework types) have no declarations, even when the project extends them.
    public func declarations(of name: String, context: String? = nil) -> [TypeDecl] {
        declarations(of: name, context: context, includingExtensions: true)
    }

    private func declarations(of name: String, context: String?, includingExtensions: Bool) -> [TypeDecl] {
        let key = (includingExtensions ? "+" : "-") + (context ?? "") + "|" + name
        if let cached = declarationCache[key] { return cached }
        let result = lookUpDeclarations(of: name, context: context, includingExtensions: includingExtensions)
        declarationCache[key] = result
        return result
    }

    private func lookUpDeclarations(of name: String, context: String?, includingExtensions: Bool) -> [TypeDecl] {
        let withExtensions = { (primaries: [TypeDecl]) in includingExtensions ? self.withExtensions(primaries) : primaries }
        var base = TypeName.base(name)
        if base == "Self", let context { base = context }
        if let context {
            // `Leg` or `ContentState.Leg` written inside `TripAttributes`: the innermost enclosing scope wins.
            let isDotted = base.contains(Character("."))
            var scope = context.split(separator: ".").map(String.init)
            while !scope.isEmpty {
                let qualified = (scope + [base]).joined(separator: ".")
                let found = index.primaryTypes(named: qualified).filter { $0.qualifiedName == qualified }
                if !found.isEmpty { return withExtensions(found) }
                let scopeName = scope.joined(separator: ".")
                if !isDotted, let alias = index.primaryTypes(named: scopeName).filter({ $0.qualifiedName == scopeName })
                    .flatMap({ $0.members }).first(where: { $0.kind == .typeAlias && $0.name == base })?.type {
                    return declarations(of: alias, context: scopeName, includingExtensions: includingExtensions)
                }
                scope.removeLast()
            }
        }
        let found = index.primaryTypes(named: base).filter { $0.qualifiedName == base }
        if !found.isEmpty { return withExtensions(found) }
        if let alias = index.typeAliases(named: base).first(where: { $0.owner == nil })?.alias.type, TypeName.base(alias) != base {
            return declarations(of: alias, context: nil, includingExtensions: includingExtensions)
        }
        return []
    }

    private func withExtensions(_ primaries: [TypeDecl]) -> [TypeDecl] {
        guard let qualified = primaries.first?.qualifiedName else { return primaries }
        return primaries + index.extensions(of: qualified)
    }

    /// The primary declaration nearest to a place when the project declares the same name more than once
    /// (once per target, say): in the same file, else in a file compiled into the same targets.
    public func primaryDeclaration(of name: String, context: String? = nil, near location: SourceLocation) -> TypeDecl? {
        let primaries = declarations(of: name, context: context).filter { $0.kind != .extension }
        guard primaries.count > 1 else { return primaries.first }
        if let sameFile = primaries.first(where: { $0.location.file == location.file }) { return sameFile }
        let targets = Set(targets(ofFile: location.file).map(\.id))
        return primaries.first { !Set(self.targets(ofFile: $0.location.file).map(\.id)).isDisjoint(with: targets) } ?? primaries.first
    }

    /// The primary declaration (not an extension), if the project declares the type.
    public func primaryDeclaration(of name: String, context: String? = nil) -> TypeDecl? {
        declarations(of: name, context: context).first { $0.kind != .extension }
    }

    /// What a project type alias stands for (an alias member of `context`, or a global alias).
    public func typeAlias(_ name: String, context: String? = nil) -> String? {
        if let context {
            for type in declarations(of: context) {
                if let alias = type.members.first(where: { $0.kind == .typeAlias && $0.name == name }), let aliased = alias.type { return aliased }
            }
        }
        return index.typeAliases(named: name).first { $0.owner == nil }?.alias.type
    }

    /// All supertypes (simple names) of a type: declared conformances, those of project protocols, classes
    /// and aliases it inherits, and the refinements of known framework protocols.
    public func supertypes(of name: String, context: String? = nil) -> Set<String> {
        let key = (context.map { $0 + "|" } ?? "") + name
        if let cached = supertypeCache[key] { return cached }
        supertypeCache[key] = []
        let result = supertypes(declaredBy: conformanceDeclarations(of: name, context: context))
        supertypeCache[key] = result
        return result
    }

    /// Supertypes stated by the given declarations (a type and its extensions), followed through project
    /// protocols, classes and aliases that refine a framework type (`SourceIndex.refiningTypeNames`).
    public func supertypes(declaredBy declarations: [TypeDecl]) -> Set<String> {
        var result: Set<String> = []
        var pending: [(String, String?)] = declarations.flatMap { decl in decl.inheritedTypes.map { ($0, decl.qualifiedName) } }
        var seen: Set<String> = []
        while let (raw, scope) = pending.popLast() {
            let base = TypeName.base(raw)
            guard seen.insert(base).inserted else { continue }
            result.insert(base)
            if let refined = Self.frameworkSupertypes[base] { result.formUnion(refined) }
            // Only project types that refine a framework type (found by the index) can lead further.
            if Self.frameworkSupertypes[base] != nil || !index.refiningTypeNames.contains(base) { continue }
            let declarations = conformanceDeclarations(of: base, context: scope)
            if declarations.first(where: { $0.kind != .extension })?.kind == .protocol || declarations.first?.kind == .class {
                for decl in declarations { pending += decl.inheritedTypes.map { ($0, decl.qualifiedName) } }
            }
            if declarations.isEmpty, let alias = typeAlias(base, context: scope) { pending.append((alias, scope)) }
        }
        return result
    }

    /// The declarations that can state a type's conformances: its primary declaration and the extensions
    /// already parsed (an extension adding a framework conformance names the framework type, so the index
    /// parsed it eagerly). Parses no extension files.
    private func conformanceDeclarations(of name: String, context: String?) -> [TypeDecl] {
        let primaries = declarations(of: name, context: context, includingExtensions: false)
        guard let qualified = primaries.first?.qualifiedName else { return [] }
        return primaries + index.parsedExtensions(of: qualified)
    }

    public func conforms(_ name: String, to protocolName: String, context: String? = nil) -> Bool {
        supertypes(of: name, context: context).contains(protocolName)
    }

    /// Primary declarations of all parsed types conforming to a framework protocol (directly or not).
    /// Uses the parsed declarations themselves, so no file is parsed to answer it except for the primary
    /// declaration of a type that is only extended in the parsed files.
    public func types(conformingTo protocolName: String) -> [TypeDecl] {
        var groups: [String: [TypeDecl]] = [:]
        var order: [String] = []
        for type in allTypes where type.kind != .protocol {
            let name = type.kind == .extension ? type.name : type.qualifiedName
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(type)
        }
        var result: [TypeDecl] = []
        for name in order {
            let declarations = groups[name]!
            guard supertypes(declaredBy: declarations).contains(protocolName) else { continue }
            if let primary = declarations.first(where: { $0.kind != .extension }) ?? primaryDeclaration(of: name) { result.append(primary) }
        }
        return result.sorted { $0.location < $1.location }
    }

    // MARK: Constants

    /// The value of a string expression when it is knowable: a literal, a constant (`Self.kind`,
    /// `WidgetKinds.timer`, a global `let`), a concatenation or an interpolation of such. `context` is the
    /// type the expression is written in.
    public func stringValue(_ expr: Expr, context: String?, depth: Int = 0) -> String? {
        guard depth < 8 else { return nil }
        switch expr {
        case .string(let literal):
            var text = ""
            for segment in literal.segments {
                switch segment {
                case .text(let part): text += part
                case .interpolation(let inner):
                    guard let value = stringValue(inner, context: context, depth: depth + 1) else { return nil }
                    text += value
                }
            }
            return text
        case .operation("+", let operands, _):
            var text = ""
            for operand in operands {
                guard let value = stringValue(operand, context: context, depth: depth + 1) else { return nil }
                text += value
            }
            return text
        case .member(let base?, "rawValue", _):
            // `Kinds.timer.rawValue`: an enum case's raw value, or its name in a `String` enum.
            guard let constant = constant(base, context: context), constant.member.kind == .enumCase else { return nil }
            if let raw = constant.value { return stringValue(raw, context: constant.context, depth: depth + 1) }
            let isStringEnum = constant.context.map { declarations(of: $0).contains { $0.inheritedTypes.contains("String") } } ?? false
            return isStringEnum ? constant.member.name : nil
        case .identifier, .member:
            guard let constant = constant(expr, context: context), constant.member.kind != .enumCase else { return nil }
            return constant.value.flatMap { stringValue($0, context: constant.context, depth: depth + 1) }
        case .call(let call) where call.name == "String" && call.arguments.count == 1:
            return stringValue(call.arguments[0].value, context: context, depth: depth + 1)
        default:
            return nil
        }
    }

    /// The declaration a name or member path refers to, with the expression it holds (initializer, or the
    /// single returned value of a computed property) and the type it lives in.
    public func constant(_ expr: Expr, context: String?) -> (value: Expr?, context: String?, member: Member)? {
        guard let path = expr.dottedPath else { return nil }
        var components = path.split(separator: ".").map(String.init)
        if path.hasPrefix(".") { components = Array(path.dropFirst().split(separator: ".").map(String.init)) }
        guard let name = components.last else { return nil }
        var owners: [String?] = []
        if components.count == 1 {
            owners = [context, nil]
        } else {
            let ownerPath = components.dropLast().joined(separator: ".")
            owners = [ownerPath == "Self" || ownerPath == "self" ? context : ownerPath]
        }
        for owner in owners {
            if let owner {
                for decl in declarations(of: owner, context: context) {
                    if let member = decl.members.first(where: { $0.name == name && ($0.kind == .storedProperty || $0.kind == .computedProperty || $0.kind == .enumCase) }) {
                        return (valueExpression(member), decl.qualifiedName, member)
                    }
                }
            } else if let member = index.globals(named: name).first(where: { $0.kind == .storedProperty || $0.kind == .computedProperty }) {
                return (valueExpression(member), nil, member)
            }
        }
        return nil
    }

    /// The expression a property holds: its initializer, or what a one-expression getter returns.
    public func valueExpression(_ member: Member) -> Expr? {
        if let initializer = member.initializer { return initializer }
        guard let statements = member.body?.statements, statements.count == 1 else { return nil }
        if case .returnStatement(let value, _) = statements[0] { return value }
        return statements[0]
    }

    /// The type a `Foo()`/`Foo.self`/`Foo(…)` expression names, if it names a type at all.
    public static func typeName(of expr: Expr) -> String? {
        switch expr {
        case .call(let call):
            if case .identifier(let name, _) = call.callee, name.first?.isUppercase == true { return name }
            if case .member(let base, let name, _) = call.callee, name.first?.isUppercase == true, let basePath = base?.dottedPath {
                return basePath + "." + name
            }
            if case .member(let base, "init", _) = call.callee, let basePath = base?.dottedPath { return basePath }
            return nil
        case .member(let base, "self", _):
            return base?.dottedPath ?? base.flatMap { if case .identifier(let name, _) = $0 { return name } else { return nil } }
        case .identifier(let name, _) where name.first?.isUppercase == true:
            return name
        default:
            return nil
        }
    }
}
