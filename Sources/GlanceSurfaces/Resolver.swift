import GlanceProject
import GlanceSourceIndex

/// Answers questions about the project's Swift declarations across files: which types conform to a
/// framework protocol (also through project protocols, superclasses and type aliases), what a constant
/// holds, which targets compile a file. Lookups that need a declaration not parsed yet ask the
/// `SourceIndex`, which parses the declaring file on demand.
/// Answers questions about the project's Swift declarations the way Swift's name lookup does: a name
/// written in a file means a declaration of that file's module, or of a module the file imports (directly,
/// or through an `@_exported import`); a declaration of the file's own module shadows an imported one.
/// Same-named declarations in two modules (an iOS and a watchOS widget extension, two apps in one
/// repository) are different things. Every lookup therefore names the file it is made from (`from:`), and
/// every part of Glance that asks "what is this name?" asks here.
///
/// Lookups that need a declaration not parsed yet ask the `SourceIndex`, which parses the declaring file on
/// demand — only among the files the lookup can see.
public final class Resolver: @unchecked Sendable {
    public let project: ProjectModel
    public let index: SourceIndex
    /// How each target's builds evaluate `#if` conditions.
    public let build: BuildConditions
    private var targetsByFile: [String: [Target]] = [:]
    private var supertypeCache: [String: Set<String>] = [:]
    private var declarationCache: [String: [TypeDecl]] = [:]
    private let modules: [SwiftModule]
    private var modulesByFile: [String: [Int]] = [:]
    private var modulesByName: [String: [Int]] = [:]
    private var scopeCache: [String: Scope] = [:]
    private var exportCache: [Int: [String]] = [:]

    /// What a file can see: the modules whose declarations its names may mean. `all` for code in no module.
    public struct Scope: Sendable {
        /// Module indices visible from the file, and those it belongs to (which shadow the rest).
        let visible: Set<Int>
        let own: Set<Int>
        let all: Bool
        /// Identifies the scope in caches.
        let key: String

        static let everything = Scope(visible: [], own: [], all: true, key: "*")
    }

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
        build = BuildConditions(project: project)
        modules = project.modules
        for target in project.targets {
            for file in target.sources { targetsByFile[file, default: []].append(target) }
        }
        for (position, module) in modules.enumerated() {
            for file in module.sources where modulesByFile[file]?.contains(position) != true { modulesByFile[file, default: []].append(position) }
            modulesByName[module.name, default: []].append(position)
        }
    }

    // MARK: Modules

    /// The modules a file is compiled into (a file shared by two targets is in both).
    public func modules(ofFile path: String) -> [SwiftModule] { (modulesByFile[path] ?? []).map { modules[$0] } }

    /// What code in `file` can see. A file in no module (loose code) sees everything.
    public func scope(from file: String?) -> Scope {
        guard let file, let own = modulesByFile[file], !own.isEmpty else { return .everything }
        if let cached = scopeCache[file] { return cached }
        var visible = Set(own)
        // The file's own imports, and what its modules re-export to all their files.
        var pending = (index.file(file)?.imports ?? []).map(\.topLevelModule)
        for module in own { pending += exportedModules(module) }
        let dependencies = dependencyClosure(of: own)
        while let name = pending.popLast() {
            let candidates = modulesByName[name] ?? []
            let linked = candidates.filter { dependencies.contains($0) }
            for candidate in (linked.isEmpty ? candidates : linked) where visible.insert(candidate).inserted {
                pending += exportedModules(candidate)
            }
        }
        let scope = Scope(visible: visible, own: Set(own), all: false, key: visible.sorted().map(String.init).joined(separator: ","))
        scopeCache[file] = scope
        return scope
    }

    /// Whether a declaration in `path` can be seen from `scope`. Files in no module are seen from everywhere.
    public func isVisible(_ path: String, in scope: Scope) -> Bool {
        if scope.all { return true }
        guard let owners = modulesByFile[path], !owners.isEmpty else { return true }
        return owners.contains { scope.visible.contains($0) }
    }

    private func isOwn(_ path: String, in scope: Scope) -> Bool {
        scope.all || (modulesByFile[path] ?? []).contains { scope.own.contains($0) }
    }

    /// Names of the modules a module re-exports (`@_exported import X` in any of its files).
    private func exportedModules(_ module: Int) -> [String] {
        if let cached = exportCache[module] { return cached }
        let names = index.files(among: modules[module].sources, withAttribute: "_exported")
            .flatMap(\.imports).filter(\.isExported).map(\.topLevelModule)
        exportCache[module] = names
        return names
    }

    private func dependencyClosure(of own: [Int]) -> Set<Int> {
        let positions = Dictionary(modules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var result: Set<Int> = []
        var pending = own.flatMap { modules[$0].dependencies.compactMap { positions[$0] } }
        while let next = pending.popLast() {
            if result.insert(next).inserted { pending += modules[next].dependencies.compactMap { positions[$0] } }
        }
        return result
    }

    /// Keeps the declarations a scope sees; those of its own modules shadow imported ones.
    private func visibleOnly(_ declarations: [TypeDecl], in scope: Scope) -> [TypeDecl] {
        let visible = declarations.filter { isVisible($0.location.file, in: scope) }
        let own = visible.filter { isOwn($0.location.file, in: scope) }
        return own.isEmpty ? visible : own
    }

    /// Whether a file imports a module (or a module it imports re-exports it, as far as the project shows).
    /// `Foundation` is also imported by every Apple UI framework.
    /// `Foundation` is brought in by practically every other module a file imports (Apple's frameworks —
    /// `SwiftUI`, `XCTest`, `WatchConnectivity` … — and the packages built on them), so any import of a module
    /// the project does not declare counts for it.
    public func imports(_ module: String, from file: String) -> Bool {
        guard let imports = index.file(file)?.imports.map(\.topLevelModule) else { return false }
        if imports.contains(module) { return true }
        if module == "Foundation", imports.contains(where: { modulesByName[$0] == nil }) { return true }
        let scope = self.scope(from: file)
        if scope.all { return false }
        return scope.visible.contains { exportedModules($0).contains(module) }
    }

    /// Whether `name`, written in `file` inside the type `context`, means the framework's API: the file imports
    /// `framework` and no declaration the code can see by that name shadows it — a top-level type, alias or
    /// global of a module it sees, or a type nested in `context` or a type around it (`Constants.UserDefaults`
    /// shadows `UserDefaults` only inside `Constants`).
    public func isFrameworkName(_ name: String, of framework: String, from file: String, context: String? = nil) -> Bool {
        guard imports(framework, from: file) else { return false }
        let scope = self.scope(from: file)
        var enclosing = (context ?? "").split(separator: ".").map(String.init)
        var shadowing: Set<String> = [name]
        while !enclosing.isEmpty { shadowing.insert((enclosing + [name]).joined(separator: ".")); enclosing.removeLast() }
        let visible = { (path: String) in self.isVisible(path, in: scope) }
        // Only the files that can hold a shadowing declaration are parsed: those declaring the name at the top
        // level, and those declaring it that also declare or extend an enclosing type.
        for qualified in shadowing.sorted() {
            let found = qualified == name ? index.topLevelTypes(named: name, in: visible) : index.primaryTypes(named: qualified, in: visible)
            if found.contains(where: { $0.qualifiedName == qualified }) { return false }
        }
        if !index.topLevelTypeAliases(named: name, in: visible).isEmpty { return false }
        return index.globals(named: name, in: visible).isEmpty
    }

    // MARK: Targets

    /// The targets that compile a file.
    public func targets(ofFile path: String) -> [Target] { targetsByFile[path] ?? [] }

    /// The targets that may compile a declaration: those compiling its file whose shipping build does not rule
    /// out its `#if` conditions (`BuildConditions`: false for none of the target's platforms; unknown counts).
    public func targets(of location: SourceLocation, conditions: [String]) -> [Target] {
        targets(ofFile: location.file).filter { build.compiles(conditions, in: $0, file: location.file) != false }
    }

    public func targets(of type: TypeDecl) -> [Target] { targets(of: type.location, conditions: type.conditions) }

    // MARK: Types

    /// Every parsed type and extension.
    public var allTypes: [TypeDecl] { index.parsedFiles.flatMap(\.types) }

    /// The declarations a name means when written in `file`: the primary declaration(s) and the extensions
    /// the file can see. `context` is the type in which the name is written, so `Provider` inside
    /// `TimerToggle` finds `TimerToggle.Provider` first, and a `typealias ContentState = …` inside the
    /// context is followed. Types the project does not declare (framework types) have no declarations,
    /// even when the project extends them.
    public func declarations(of name: String, context: String? = nil, from file: String?) -> [TypeDecl] {
        declarations(of: name, context: context, from: file, includingExtensions: true)
    }

    /// A declaration the caller holds, with its extensions as seen from its own file.
    public func declarations(of type: TypeDecl) -> [TypeDecl] {
        guard type.kind != .extension else { return [type] }
        let found = declarations(of: type.qualifiedName, from: type.location.file)
        guard found.contains(where: { $0.location == type.location }) else { return [type] + found.filter { $0.kind == .extension } }
        return found.filter { $0.kind == .extension || $0.location == type.location }
    }

    private func declarations(of name: String, context: String?, from file: String?, includingExtensions: Bool) -> [TypeDecl] {
        let scope = self.scope(from: file)
        let key = (includingExtensions ? "+" : "-") + scope.key + "|" + (context ?? "") + "|" + name
        if let cached = declarationCache[key] { return Self.preferringFile(cached, file) }
        declarationCache[key] = []   // a type alias cycle ends here
        let result = lookUpDeclarations(of: name, context: context, scope: scope, file: file, includingExtensions: includingExtensions)
        declarationCache[key] = result
        return Self.preferringFile(result, file)
    }

    /// Declarations of one name in several files of a module compile only when all but one are private to their
    /// file (`private enum Constants` beside each widget): where the file that names it declares one, that is
    /// the one meant.
    static func preferringFile(_ declarations: [TypeDecl], _ file: String?) -> [TypeDecl] {
        let primaries = declarations.filter { $0.kind != .extension }
        guard let file, primaries.contains(where: { $0.location.file == file }), primaries.contains(where: { $0.location.file != file }) else {
            return declarations
        }
        return declarations.filter { $0.kind == .extension || $0.location.file == file }
    }

    private func lookUpDeclarations(of name: String, context: String?, scope: Scope, file: String?, includingExtensions: Bool) -> [TypeDecl] {
        let withExtensions = { (primaries: [TypeDecl]) in includingExtensions ? self.withExtensions(primaries, scope: scope) : primaries }
        let visible = { (path: String) in self.isVisible(path, in: scope) }
        var base = TypeName.base(name)
        if base == "Self", let context { base = context }
        if let context {
            // `Leg` or `ContentState.Leg` written inside `TripAttributes`: the innermost enclosing scope wins.
            let isDotted = base.contains(Character("."))
            var enclosing = context.split(separator: ".").map(String.init)
            while !enclosing.isEmpty {
                let qualified = (enclosing + [base]).joined(separator: ".")
                let found = visibleOnly(index.primaryTypes(named: qualified, in: visible).filter { $0.qualifiedName == qualified }, in: scope)
                if !found.isEmpty { return withExtensions(found) }
                let scopeName = enclosing.joined(separator: ".")
                let scopeTypes = enclosing.count == 1 ? index.topLevelTypes(named: scopeName, in: visible) : index.primaryTypes(named: scopeName, in: visible)
                if !isDotted, let alias = visibleOnly(scopeTypes.filter({ $0.qualifiedName == scopeName }), in: scope)
                    .flatMap({ $0.members(named: base) }).first(where: { $0.kind == .typeAlias })?.type {
                    return declarations(of: alias, context: scopeName, from: file, includingExtensions: includingExtensions)
                }
                enclosing.removeLast()
            }
        }
        // A simple name outside its enclosing types is a top-level type: only files declaring it there are parsed.
        let candidates = base.contains(Character(".")) ? index.primaryTypes(named: base, in: visible) : index.topLevelTypes(named: base, in: visible)
        let found = visibleOnly(candidates.filter { $0.qualifiedName == base }, in: scope)
        if !found.isEmpty { return withExtensions(found) }
        if let alias = index.typeAliases(named: base, in: visible).first(where: { $0.owner == nil })?.alias.type, TypeName.base(alias) != base {
            return declarations(of: alias, context: nil, from: file, includingExtensions: includingExtensions)
        }
        return []
    }

    private func withExtensions(_ primaries: [TypeDecl], scope: Scope) -> [TypeDecl] {
        guard let qualified = primaries.first?.qualifiedName else { return primaries }
        return primaries + index.extensions(of: qualified, in: { self.isVisible($0, in: scope) })
    }

    /// The primary declaration a name means in `file` (not an extension); with several (a file compiled into
    /// two modules that each declare the name), the one in the same file first.
    public func primaryDeclaration(of name: String, context: String? = nil, from file: String?) -> TypeDecl? {
        let primaries = declarations(of: name, context: context, from: file).filter { $0.kind != .extension }
        return primaries.first { $0.location.file == file } ?? primaries.first
    }

    /// Every primary declaration a name may mean in `file` (several when the file is compiled into two
    /// modules that each declare it).
    public func primaryDeclarations(of name: String, context: String? = nil, from file: String?) -> [TypeDecl] {
        declarations(of: name, context: context, from: file).filter { $0.kind != .extension }
    }

    /// What a project type alias stands for (an alias member of `context`, or a global alias) in `file`.
    public func typeAlias(_ name: String, context: String? = nil, from file: String?) -> String? {
        if let context {
            for type in declarations(of: context, from: file) {
                if let alias = type.members(named: name).first(where: { $0.kind == .typeAlias }), let aliased = alias.type { return aliased }
            }
        }
        let scope = self.scope(from: file)
        return index.typeAliases(named: name, in: { self.isVisible($0, in: scope) }).first { $0.owner == nil }?.alias.type
    }

    /// All supertypes (simple names) of a type named in `file`: declared conformances, those of project
    /// protocols, classes and aliases it inherits, and the refinements of known framework protocols.
    public func supertypes(of name: String, context: String? = nil, from file: String?) -> Set<String> {
        let key = scope(from: file).key + "|" + (context.map { $0 + "|" } ?? "") + name
        if let cached = supertypeCache[key] { return cached }
        supertypeCache[key] = []
        let result = supertypes(declaredBy: conformanceDeclarations(of: name, context: context, from: file))
        supertypeCache[key] = result
        return result
    }

    /// Supertypes stated by the given declarations (a type and its extensions), followed through project
    /// protocols, classes and aliases that refine a framework type (`SourceIndex.refiningTypeNames`), each
    /// looked up from the file that names it.
    public func supertypes(declaredBy declarations: [TypeDecl]) -> Set<String> {
        var result: Set<String> = []
        var pending: [(name: String, scope: String?, file: String)] = declarations.flatMap { decl in
            decl.inheritedTypes.map { ($0, decl.qualifiedName, decl.location.file) }
        }
        var seen: Set<String> = []
        while let (raw, scope, file) = pending.popLast() {
            let base = TypeName.base(raw)
            guard seen.insert(base).inserted else { continue }
            result.insert(base)
            if let refined = Self.frameworkSupertypes[base] { result.formUnion(refined) }
            // Only project types that refine a framework type (found by the index) can lead further.
            if Self.frameworkSupertypes[base] != nil || !index.refiningTypeNames.contains(base) { continue }
            let declarations = conformanceDeclarations(of: base, context: scope, from: file)
            if declarations.first(where: { $0.kind != .extension })?.kind == .protocol || declarations.first?.kind == .class {
                for decl in declarations { pending += decl.inheritedTypes.map { ($0, decl.qualifiedName, decl.location.file) } }
            }
            if declarations.isEmpty, let alias = typeAlias(base, context: scope, from: file) { pending.append((alias, scope, file)) }
        }
        return result
    }

    /// The declarations that can state a type's conformances: its primary declaration and the extensions
    /// already parsed that the file sees (an extension adding a framework conformance names the framework
    /// type, so the index parsed it eagerly). Parses no extension files.
    private func conformanceDeclarations(of name: String, context: String?, from file: String?) -> [TypeDecl] {
        let primaries = declarations(of: name, context: context, from: file, includingExtensions: false)
        guard let qualified = primaries.first?.qualifiedName else { return [] }
        let scope = self.scope(from: file)
        return primaries + index.parsedExtensions(of: qualified, in: { self.isVisible($0, in: scope) })
    }

    public func conforms(_ name: String, to protocolName: String, context: String? = nil, from file: String?) -> Bool {
        supertypes(of: name, context: context, from: file).contains(protocolName)
    }

    /// Primary declarations of all parsed types conforming to a framework protocol (directly or not). A type
    /// is its primary declaration with the extensions its module sees: same-named types of two modules are
    /// judged apart. No file is parsed to answer it except for the primary declaration of a type that is only
    /// extended in the parsed files.
    public func types(conformingTo protocolName: String) -> [TypeDecl] {
        var groups: [SourceLocation: [TypeDecl]] = [:]
        for type in allTypes where type.kind != .protocol && type.kind != .extension { groups[type.location] = [type] }
        // Only an extension that adds conformances can change a type's supertypes: looking up the type of every other
        // extension would parse each file that declares an extended type, for nothing.
        for type in allTypes where type.kind == .extension && !type.inheritedTypes.isEmpty {
            for primary in declarations(of: type.name, context: nil, from: type.location.file, includingExtensions: false) where primary.kind != .protocol {
                groups[primary.location, default: [primary]].append(type)
            }
        }
        var result: [TypeDecl] = []
        for (_, declarations) in groups where supertypes(declaredBy: declarations).contains(protocolName) {
            result.append(declarations[0])
        }
        return result.sorted { $0.location < $1.location }
    }

    // MARK: Constants

    /// The value of a string expression when it is knowable: a literal, a constant (`Self.kind`,
    /// `WidgetKinds.timer`, a global `let`), a concatenation or an interpolation of such. `context` is the
    /// type the expression is written in; names are looked up from the expression's own file.
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
            let isStringEnum = constant.context.map { declarations(of: $0, from: constant.member.location.file).contains { $0.inheritedTypes.contains("String") } } ?? false
            return isStringEnum ? constant.member.name : nil
        case .identifier, .member:
            // Declarations of one name under different `#if` clauses hold the value of the build that compiles
            // them: without a build to ask, the value is known only when they all agree.
            let found = constants(expr, context: context)
            guard !found.isEmpty, !found.contains(where: { $0.member.kind == .enumCase }) else { return nil }
            let values = found.map { constant in constant.value.flatMap { stringValue($0, context: constant.context, depth: depth + 1) } }
            guard let first = values[0], values.allSatisfy({ $0 == first }) else { return nil }
            return first
        case .call(let call) where call.name == "String" && call.arguments.count == 1:
            return stringValue(call.arguments[0].value, context: context, depth: depth + 1)
        default:
            return nil
        }
    }

    /// The declaration a name or member path refers to, with the expression it holds (initializer, or the
    /// single returned value of a computed property) and the type it lives in; looked up from the
    /// expression's file.
    public func constant(_ expr: Expr, context: String?) -> (value: Expr?, context: String?, member: Member)? {
        constants(expr, context: context).first
    }

    /// Every declaration `constant(_:context:)` could mean, in file order: one, or several when the name is declared
    /// once per `#if` clause (`#if os(iOS) static let id = "a" #else static let id = "b" #endif`), which only a
    /// build's conditions choose between (`member.conditions`). Empty when the name is not the project's.
    public func constants(_ expr: Expr, context: String?) -> [(value: Expr?, context: String?, member: Member)] {
        let file = expr.location.file
        guard let path = expr.dottedPath else { return [] }
        var components = path.split(separator: ".").map(String.init)
        if path.hasPrefix(".") { components = Array(path.dropFirst().split(separator: ".").map(String.init)) }
        guard let name = components.last else { return [] }
        let isValue = { (member: Member) in member.kind == .storedProperty || member.kind == .computedProperty || member.kind == .enumCase }
        var owners: [String?] = []
        if components.count == 1 {
            owners = [context, nil]
        } else {
            let ownerPath = components.dropLast().joined(separator: ".")
            owners = [ownerPath == "Self" || ownerPath == "self" ? context : ownerPath]
        }
        for owner in owners {
            if let owner {
                var candidates = declarations(of: owner, context: context, from: file)
                // `Bundle.main.appGroup`: a property the project adds to a framework type (`extension Bundle`),
                // reached through one of its instances.
                if candidates.isEmpty, let type = owner.split(separator: ".").first.map(String.init), type.first?.isUppercase == true {
                    let scope = self.scope(from: file)
                    candidates = index.extensions(of: type, in: { self.isVisible($0, in: scope) })
                }
                let found = candidates.flatMap { decl in decl.members(named: name).filter(isValue).map { (decl.qualifiedName as String?, $0) } }
                if !found.isEmpty { return Self.alternatives(found).map { (valueExpression($0.1), $0.0, $0.1) } }
            } else {
                let found = globals(named: name, from: file).filter { $0.kind == .storedProperty || $0.kind == .computedProperty }
                if !found.isEmpty { return Self.alternatives(found.map { (nil as String?, $0) }).map { (valueExpression($0.1), nil, $0.1) } }
            }
        }
        return []
    }

    /// The declarations of one name a build may compile: one without `#if` conditions is the only one (the first
    /// such); otherwise every declaration under conditions is an alternative.
    static func alternatives(_ found: [(String?, Member)]) -> [(String?, Member)] {
        if let plain = found.first(where: { $0.1.conditions.isEmpty }) { return [plain] }
        return found
    }

    /// Top-level declarations named `name` that `file` sees (its own module's first).
    public func globals(named name: String, from file: String?) -> [Member] {
        let scope = self.scope(from: file)
        let visible = index.globals(named: name, in: { self.isVisible($0, in: scope) })
        let own = visible.filter { isOwn($0.location.file, in: scope) }
        return own.isEmpty ? visible : own
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
