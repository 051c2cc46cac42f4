import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// Questions several rules ask of the model.
extension SurfaceModel {
    /// When Glance found no `@main` bundle or widget in the target and did not read one of its Swift files (too
    /// large, not UTF-8, unreadable), the first such file (sorted): the bundle may be there, so what the target
    /// registers is unknown. Nil otherwise.
    public func unreadSourceThatMayHoldTheBundle(of target: Target) -> String? {
        guard registrations(in: target) == nil else { return nil }
        return target.sources.filter { index.unreadable[$0] != nil }.min()
    }

    /// The first Swift file that one of `targets` compiles, exists and Glance did not read (`unreadSources(of:)`):
    /// a widget, control or Live Activity missing from the model may be declared there. Nil when there is none.
    public func unreadSource(in targets: [Target]) -> String? {
        targets.lazy.compactMap { self.unreadSources(of: $0).first }.first
    }

    /// The Swift files a target compiles that exist and that Glance did not read (too large, not parsed, unreadable,
    /// or leading outside the folder being linted), sorted: what is absent from the code read may be in them. A
    /// file the checkout lacks (a gitignored secrets or generated file) does not count: no one wrote the app's
    /// handlers into a file the repository leaves out.
    public func unreadSources(of target: Target) -> [String] {
        target.sources.filter { index.unreadable[$0] != nil && !index.missing.contains($0) }.sorted()
    }

    /// The app targets that embed a target, directly or through an embedded app (a watch widget extension →
    /// watch app → iOS app). Nearest first.
    public func hostApps(of target: Target) -> [Target] {
        var result: [Target] = []
        var pending = [target]
        var seen: Set<String> = [target.id]
        while !pending.isEmpty {
            let current = pending.removeFirst()
            for (host, _) in project.hosts(of: current) where seen.insert(host.id).inserted {
                if kind(of: host).isApp { result.append(host) }
                pending.append(host)
            }
        }
        return result
    }

    /// Whether an extension is built and never installed: no app of the project embeds it while the project has an
    /// app (with no app target, the app is built elsewhere and may embed it). `extension_not_embedded` reports a
    /// widget extension of the kind; what any such extension holds reaches no device.
    public func isNeverInstalled(_ target: Target) -> Bool {
        kind(of: target).isExtension && project.hosts(of: target).isEmpty && project.targets.contains { kind(of: $0).isApp }
    }

    /// Whether code runs only while its app is in the foreground: it is a member of a SwiftUI `View` (a view's
    /// actions, `.task` and `.refreshable` run while it is on screen; a widget's views run no code of their own).
    /// `context`: the qualified name of the type holding the code; `file`: its file.
    public func runsOnlyInForeground(context: String?, file: String) -> Bool {
        guard let context else { return false }
        return resolver.conforms(context, to: "View", from: file)
    }

    /// The app a surface in `target` belongs to: the nearest embedding app on the same platform, else any
    /// app of that platform when nothing embeds the target, else nil.
    public func app(for target: Target) -> Target? {
        if kind(of: target).isApp { return target }
        let platform = target.platforms.first
        let hosts = hostApps(of: target)
        if let same = hosts.first(where: { $0.platforms.first == platform }) { return same }
        if let any = hosts.first { return any }
        let apps = targets.filter { $0.kind.isApp && $0.target.platforms.first == platform }.map(\.target)
        return apps.count == 1 ? apps[0] : nil
    }

    /// The watch apps paired with an iOS app: those it embeds (directly or not); when no app of the project embeds
    /// a watch app, those of the app's own project file (a folder may hold several projects, each with its apps).
    public func watchApps(pairedWith app: Target) -> [Target] {
        let watches = targets(ofKind: .watchApp).map { (watch: $0, hosts: hostApps(of: $0)) }
        if watches.contains(where: { !$0.hosts.isEmpty }) { return watches.filter { $0.hosts.contains { $0.id == app.id } }.map(\.watch) }
        return watches.map(\.watch).filter { $0.projectPath == app.projectPath }
    }

    /// Whether a target is part of a watch app: the app itself, a target it embeds, or (embedded by nothing) a
    /// target of the same project file.
    public func belongs(_ target: Target, toWatchApp watch: Target) -> Bool {
        if target.id == watch.id { return true }
        let hosts = hostApps(of: target)
        return hosts.isEmpty ? target.projectPath == watch.projectPath : hosts.contains { $0.id == watch.id }
    }

    /// AlarmKit Live Activities (`ActivityConfiguration(for: AlarmAttributes<…>.self)`) that ship in a widget
    /// extension one of the apps embeds (any extension when nothing embeds one): registered in its `@main` bundle,
    /// or compiled into it where Glance found no bundle it can follow to the end (they may be registered).
    public func registeredAlarmActivities(for apps: [Target]) -> [LiveActivitySurface] {
        let appIDs = Set(apps.map(\.id))
        return liveActivities.filter { activity in
            activity.isAlarm && activity.targets.contains { target in
                isWidgetExtension(target)
                    && (appIDs.isEmpty || hostApps(of: target).contains { appIDs.contains($0.id) } || hostApps(of: target).isEmpty)
            }
        }
    }

    /// The targets whose processes run code compiled into `target`: the target itself, or for a framework or
    /// library, the apps and extensions that link or embed it (directly or through other frameworks) and whose own
    /// code names one of its types (`calls(into:from:)`: an action extension that links the app's framework for
    /// nothing does not run its App Group code). Empty for a framework nothing links or calls into.
    public func processes(runningCodeOf target: Target) -> [Target] {
        guard target.kind == .framework || target.kind == .library else { return [target] }
        var result: [Target] = []
        var pending = [target.id]
        var seen: Set<String> = [target.id]
        while let id = pending.popLast() {
            for other in project.targets where other.dependencies.contains(id) || other.embeds.contains(where: { $0.embeddedTargetID == id }) {
                guard seen.insert(other.id).inserted else { continue }
                if other.kind == .framework || other.kind == .library { pending.append(other.id) }
                else if other.kind != .testBundle, id != target.id || calls(into: target, from: other) { result.append(other) }
            }
        }
        return result
    }

    /// Whether code of the type `context` (qualified name), declared in `file`, can run in the process of
    /// `target`. It cannot when the type is declared in that file (not an extension of another type), the file
    /// declares only types of its own (with extensions of them; preview providers aside), no top-level code and no
    /// global that names them, no other Swift file of the target names any of them, and nothing makes them without
    /// being named (they inherit only what `plainInheritance` and `madeWhereNamed` list or the project declares,
    /// never an intent, app or Objective-C class; a widget or control only where the target does not ship it). Code in an extension of a type the project does not declare runs where another file of the target
    /// names that type or uses one of the extension's members without a base (`extensionOfUndeclaredType`); when
    /// `member` (the member whose code it is) is one of the extension's, only where another file names that member
    /// or an extension member that uses it (`UserDefaults.vpnDefaults`, in a file every target compiles, runs only
    /// where code says `vpnDefaults`, however many files name `UserDefaults`). True for globals and top-level
    /// code, and whenever any of this is unknown.
    public func mayRun(codeOf context: String?, member: String? = nil, declaredIn file: String, in target: Target) -> Bool {
        guard let context, let outer = context.split(separator: ".").first.map(String.init),
              let parsed = index.file(file) else { return true }
        // Preview providers run in Xcode's canvas only (and `#Preview` is not in the index).
        let topLevel = parsed.types.filter { !$0.qualifiedName.contains(".") && !$0.inheritedTypes.contains("PreviewProvider") }
        if let extended = extensionOfUndeclaredType(outer, in: parsed, topLevel: topLevel) {
            if let member, context == outer, extended.contains(member) {
                let extensions = topLevel.filter { $0.name == outer && $0.kind == .extension }
                let users = Self.membersUsing(member, among: extensions)
                let statics = Set(extensions.flatMap(\.members).filter(\.isStatic).map(\.name))
                return target.sources.contains { path in path != file && Self.uses(users, statics: statics, of: outer, in: path, index: index) }
            }
            return target.sources.contains { $0 != file && (index.mentions(outer, in: $0) || Self.usesImplicitMember(extended, in: $0, index: index)) }
        }
        // The file's own types (a widget's file: its provider, entry, views and the widget), extensions of them aside.
        let declared = Set(topLevel.filter { $0.kind != .extension }.map(\.name))
        guard declared.contains(outer), topLevel.allSatisfy({ declared.contains($0.name) }), parsed.topLevel.statements.isEmpty,
              !parsed.globals.contains(where: { global in declared.contains { Self.names($0, in: global.code) } }) else { return true }
        let owned = parsed.types.filter { type in !type.inheritedTypes.contains("PreviewProvider") && declared.contains(String(type.qualifiedName.split(separator: ".")[0])) }
        for type in owned {
            for inherited in type.inheritedTypes where !Self.plainInheritance.contains(inherited) && !Self.madeWhereNamed.contains(inherited) {
                // A widget or control runs where the target ships it (registers it, or may).
                if inherited == "Widget" || inherited == "ControlWidget" {
                    let shipped = (widgets.first { $0.type.location == type.location }?.targets ?? controls.first { $0.type.location == type.location }?.targets)
                    if shipped?.contains(where: { $0.id == target.id }) ?? true { return true }
                    continue
                }
                guard let found = resolver.primaryDeclaration(of: inherited, context: nil, from: file), found.kind != .extension else { return true }
            }
        }
        guard packageFileIsReached(file, from: target) else { return false }
        return target.sources.contains { path in path != file && declared.contains { index.mentions($0, in: path) } }
    }

    /// Whether a file a target compiles from a local package it links is reached from the target's own code: a
    /// package file is reached when a reached file (the target's own files first) names a type it declares; one that
    /// declares no type (extensions, globals) counts as reached. True for the target's own files and any file it
    /// does not compile.
    func packageFileIsReached(_ file: String, from target: Target) -> Bool {
        guard let own = project.module(id: target.id).map({ Set($0.sources) }), !own.contains(file), target.sources.contains(file) else { return true }
        var remaining = Set(target.sources.filter { !own.contains($0) })
        var frontier = Array(own)
        while !frontier.isEmpty, remaining.contains(file) {
            let reached = remaining.filter { candidate in
                let names = index.declaredTypeNames(in: candidate)
                return names.isEmpty || frontier.contains { index.mentionsAny(of: names, in: $0) }
            }
            remaining.subtract(reached)
            frontier = Array(reached)
        }
        return !remaining.contains(file)
    }

    /// For code in an extension of a type the project does not declare (`extension UserDefaults { static var shared … }`),
    /// adding no conformance, in a file whose other code names neither the type nor those members: the extension's
    /// member names. Such code runs in a target only where another of its files names the type or uses one of
    /// the members without a base (`@AppStorage("k", store: .shared)`). Nil otherwise.
    func extensionOfUndeclaredType(_ name: String, in parsed: FileIndex, topLevel: [TypeDecl]) -> Set<String>? {
        let extensions = topLevel.filter { $0.name == name && $0.kind == .extension }
        guard !extensions.isEmpty, extensions.allSatisfy({ $0.inheritedTypes.isEmpty }), parsed.topLevel.statements.isEmpty,
              resolver.primaryDeclaration(of: name, context: nil, from: parsed.path) == nil else { return nil }
        let members = Set(extensions.flatMap(\.members).map(\.name))
        var named = false
        let visit = { (expr: Expr) in
            switch expr {
            case .identifier(name, _): named = true
            case .member(_, let member, _) where members.contains(member): named = true
            default: break
            }
        }
        for type in parsed.types where !(type.name == name && type.kind == .extension) { for member in type.members { member.code.walk(visit) } }
        for global in parsed.globals { global.code.walk(visit) }
        return named ? nil : members
    }

    /// `member` and the members of `extensions` whose code names it, directly or through another such member.
    static func membersUsing(_ member: String, among extensions: [TypeDecl]) -> Set<String> {
        let members = extensions.flatMap(\.members)
        var users: Set<String> = [member]
        var changed = true
        while changed {
            changed = false
            for candidate in members where !users.contains(candidate.name) {
                var named = false
                candidate.code.walk { expr in
                    switch expr {
                    case .identifier(let name, _), .member(_, let name, _): if users.contains(name) { named = true }
                    default: break
                    }
                }
                if named { users.insert(candidate.name); changed = true }
            }
        }
        return users
    }

    /// Whether the file at `path` uses one of `members` of the type `typeName`: a static one as `UserDefaults.member` or without a
    /// base (`.shared`, also in an attribute's arguments), any other on any value (`defaults.vpnStatus`). Only files
    /// whose words hold a member's name are parsed for it.
    static func uses(_ members: Set<String>, statics: Set<String>, of typeName: String, in path: String, index: SourceIndex) -> Bool {
        fileContains(in: path, mentioningAny: members, index: index) { expr in
            guard case .member(let base, let member, _) = expr, members.contains(member) else { return false }
            guard statics.contains(member) else { return true }
            switch base {
            case nil, .identifier(typeName, _)?: return true
            default: return false
            }
        }
    }

    /// Whether the file at `path` uses one of `members` without a base (`.shared`); only files whose words hold a
    /// member's name are parsed for it.
    static func usesImplicitMember(_ members: Set<String>, in path: String, index: SourceIndex) -> Bool {
        fileContains(in: path, mentioningAny: members, index: index) { expr in
            if case .member(nil, let member, _) = expr { return members.contains(member) }
            return false
        }
    }

    /// Whether any expression of the file at `path` — its members' code and attribute arguments
    /// (`@AppStorage("count", store: .shared)`), its globals and top-level code — satisfies `matches`; false without
    /// parsing when the file's words hold none of `words`.
    static func fileContains(in path: String, mentioningAny words: Set<String>, index: SourceIndex, _ matches: (Expr) -> Bool) -> Bool {
        guard words.contains(where: { index.mentions($0, in: path) }), let file = index.file(path) else { return false }
        var found = false
        let visit = { (expr: Expr) in if !found, matches(expr) { found = true } }
        for type in file.types {
            for member in type.members {
                member.code.walk(visit)
                for attribute in member.attributes { for argument in attribute.arguments { argument.value.walk(visit) } }
            }
        }
        for global in file.globals { global.code.walk(visit) }
        file.topLevel.walk(visit)
        return found
    }

    /// Framework protocols whose conforming types only code that names them makes (a widget's configuration makes its
    /// provider, the provider its entries).
    static let madeWhereNamed: Set<String> = [
        "TimelineProvider", "AppIntentTimelineProvider", "IntentTimelineProvider", "TimelineEntry", "ControlValueProvider",
        "AppIntentControlValueProvider", "ActivityAttributes",
    ]

    /// Whether code names `type` (as a name, or a call of it).
    static func names(_ type: String, in code: Block) -> Bool {
        var found = false
        code.walk { expr in
            switch expr {
            case .identifier(type, _): found = true
            case .call(let call) where call.name == type: found = true
            default: break
            }
        }
        return found
    }

    /// Conformances that never make the system create a type on its own: the standard library's and
    /// Foundation's value kinds, Combine's `ObservableObject` and SwiftUI's `View`.
    static let plainInheritance: Set<String> = [
        "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Comparable", "Identifiable", "Sendable",
        "@unchecked Sendable", "CaseIterable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error",
        "LocalizedError", "ObservableObject", "RawRepresentable", "String", "Int", "Double", "OptionSet",
        // SwiftUI makes a view only where code names it.
        "View",
    ]

    /// The text of a group id, expanded for a configuration of `target`; nil when it depends on unknown settings.
    public func appGroup(_ value: AppGroupUsage.Value, in configuration: TargetConfiguration, of target: Target) -> String? {
        switch value {
        case .literal(let text):
            guard let expanded = configuration.settings.expand(text).known, !expanded.contains("$(") else { return nil }
            return expanded
        case .infoPlistKey(let key):
            guard let text = configuration.infoPlist[key]?.string, !text.contains("$(") , !text.contains("${") else { return nil }
            return text
        case .computed(let expr, let context, _):
            guard let text = StringEvaluator(resolver: resolver).value(of: expr, context: context, in: StringEnvironment(configuration, of: target)),
                  !text.contains("$("), !text.contains("${") else { return nil }
            return text
        }
    }
}

extension SurfaceModel {
    /// The member names (`contract` of `configuration.contract`) that the code a widget's gallery preview runs reads:
    /// its provider's `placeholder` and `snapshot` with what they run, and the views of its content; nil when the
    /// provider is not a type Glance reads.
    public func namesReadByPreview(of widget: WidgetSurface) -> Set<String>? {
        guard let expr = widget.configurationCall?.argument("provider"), let name = Resolver.typeName(of: expr),
              let provider = resolver.primaryDeclaration(of: name, context: widget.content.context, from: expr.location.file) else { return nil }
        var names: Set<String> = []
        func collect(_ expr: Expr) {
            if case .member(_, let name, _) = expr { names.insert(name) }
        }
        let starts = ["placeholder", "snapshot", "getSnapshot"].map { (type: provider.qualifiedName, member: $0, file: Optional(provider.location.file)) }
        for reached in reachableMembers(from: starts) {
            guard let hash = reached.firstIndex(of: "#") else { continue }
            let type = String(reached[..<hash]), member = String(reached[reached.index(after: hash)...])
            for declaration in resolver.declarations(of: type, from: nil) {
                for found in declaration.members(named: member) { found.code.walk(collect) }
            }
        }
        for (expr, _) in widget.content.expressions { expr.walk(collect) }
        return names
    }
}

extension SurfaceModel {
    /// The members (`Type#member`) a piece of code can run (`Resolver.reachableMembers(from:depth:)`).
    public func reachableMembers(from starts: [(type: String, member: String, file: String?)], depth: Int = 4) -> Set<String> {
        resolver.reachableMembers(from: starts, depth: depth)
    }
}

extension Expr {
    /// A URL expression for messages: the literal of `URL(string: "…")`, else the expression's text.
    var urlDescription: String? {
        if case .call(let call) = self, call.name == "URL", let literal = call.argument("string")?.stringValue { return literal }
        return text
    }
}

extension String {
    /// Levenshtein distance, for "did you mean" hints.
    func editDistance(to other: String) -> Int { Suggestion.editDistance(self, other) }

    /// The closest candidate within a small distance, for "did you mean" hints.
    func closest(in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(to: $0)) }.filter { $0.1 <= Swift.max(2, count / 4) }
        return scored.min { $0.1 < $1.1 }?.0
    }
}

/// Joins names for messages: `'App'`, `'App' and 'Widgets'`.
func quotedList(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    switch quoted.count {
    case 0: return ""
    case 1: return quoted[0]
    default: return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }
}
