import Foundation
import GlanceProject
import GlanceSourceIndex

/// What each target's `@main` entry point registers: the widgets, controls and Live Activities a target ships.
/// A widget extension ships what its `@main` `WidgetBundle` lists (nested bundles followed, members under a
/// `#if` that is false for the target's shipping build left out), or its `@main` widget. This is the one notion of
/// "ships" the surface model gives every rule (`WidgetSurface.targets`, `ControlSurface.targets`).
final class Registrations: @unchecked Sendable {
    private let bundles: [WidgetBundleSurface]
    /// `@main` widgets and controls (an extension with a single widget).
    private let mainWidgets: [TypeDecl]
    private let resolver: Resolver
    private let lock = NSLock()
    private var byTarget: [String: [SourceLocation: [[BranchChoice]]]?] = [:]
    private var incomplete: Set<String> = []
    private var launchedByTarget: [String: [(bundle: WidgetBundleSurface, choices: [BranchChoice])]] = [:]
    /// `@main` types that are neither bundles nor widgets (custom entry points), found once.
    private lazy var launchers: [TypeDecl] = resolver.allTypes.filter { type in
        type.isMain && type.kind != .extension && !bundles.contains { $0.type.location == type.location }
            && !mainWidgets.contains { $0.location == type.location }
    }

    init(bundles: [WidgetBundleSurface], mainWidgets: [TypeDecl], resolver: Resolver) {
        self.bundles = bundles
        self.mainWidgets = mainWidgets
        self.resolver = resolver
    }

    /// The `@main` bundles the target's shipping build compiles.
    func mainBundles(in target: Target) -> [WidgetBundleSurface] {
        bundles.filter { $0.isMain && $0.targets.contains { $0.id == target.id } }
    }

    /// `@main` bundles and widgets among the target's files that its shipping build leaves out (`#if FEATURE`
    /// with `FEATURE` set in no configuration that ships), when it compiles no other `@main` one: then the
    /// target ships nothing. Empty otherwise.
    func compiledOutEntryPoints(in target: Target) -> [TypeDecl] {
        guard mainBundles(in: target).isEmpty, !mainWidgets.contains(where: { resolver.targets(of: $0).contains { $0.id == target.id } }),
              launchedBundles(in: target).isEmpty else { return [] }
        let candidates = bundles.filter(\.isMain).map(\.type) + mainWidgets
        return candidates.filter { type in
            resolver.targets(ofFile: type.location.file).contains { $0.id == target.id }
                && resolver.build.compiles(type.conditions, in: target, file: type.location.file) == false
        }
    }

    /// The declarations (by place) a target registers, each with the branches of the bundle it sits in (see
    /// `SurfaceModel.registrations(in:)`); empty when the target's only entry points are compiled out, nil when it
    /// has none.
    func registrations(in target: Target) -> [SourceLocation: [[BranchChoice]]]? {
        lock.lock()
        if let known = byTarget[target.id] { lock.unlock(); return known }
        lock.unlock()
        let (found, complete) = uncachedRegistrations(in: target)
        lock.lock()
        byTarget[target.id] = .some(found)
        if !complete { incomplete.insert(target.id) }
        lock.unlock()
        return found
    }

    /// Whether `registrations(in:)` lists all the target registers: false when a bundle it walks uses what Glance
    /// cannot follow (`WidgetBundleSurface.unresolved`: a list from a package it did not read), so more may be
    /// registered.
    func isComplete(in target: Target) -> Bool {
        _ = registrations(in: target)
        lock.lock(); defer { lock.unlock() }
        return !incomplete.contains(target.id)
    }

    /// Bundles a custom entry point starts: `@main enum Launcher { static func main() { if #available(iOS 18, *)
    /// { Bundle18.main() } else { Bundle17.main() } } }` starts `Bundle18` and `Bundle17`, each in the branch it
    /// is called in. Empty when the target has no such entry point.
    func launchedBundles(in target: Target) -> [(bundle: WidgetBundleSurface, choices: [BranchChoice])] {
        lock.lock()
        if let known = launchedByTarget[target.id] { lock.unlock(); return known }
        lock.unlock()
        let found = started(in: target).compactMap { started -> (bundle: WidgetBundleSurface, choices: [BranchChoice])? in
            guard let bundle = bundles.first(where: { bundle in started.declarations.contains { $0.location == bundle.type.location } }) else { return nil }
            return (bundle, started.choices)
        }
        lock.lock(); launchedByTarget[target.id] = found; lock.unlock()
        return found
    }

    /// The types whose `main()` a custom entry point of the target calls (`Bundle18.main()`), each with the branch of
    /// the call.
    private func started(in target: Target) -> [(declarations: [TypeDecl], choices: [BranchChoice])] {
        let candidates = launchers.filter { resolver.targets(of: $0).contains { $0.id == target.id } }
        return candidates.flatMap { launcher -> [(declarations: [TypeDecl], choices: [BranchChoice])] in
            let main = resolver.declarations(of: launcher).flatMap { $0.members(named: "main") }.filter { $0.kind == .function && $0.isStatic }
            let code = ViewTree(roots: main.map(\.code), context: launcher.qualifiedName, resolver: resolver, followsTypes: false)
            return code.calls.compactMap { scoped in
                guard scoped.call.name == "main", scoped.call.arguments.isEmpty, let name = scoped.call.base?.dottedPath,
                      resolver.build.compiles(scoped.conditions, in: target, file: scoped.call.location.file) != false else { return nil }
                return (resolver.primaryDeclarations(of: name, context: launcher.qualifiedName, from: scoped.call.location.file), scoped.choices)
            }
        }
    }

    /// Widgets a custom entry point starts on their own (`@main enum Entry { static func main() { FirebaseApp.configure();
    /// StatusWidget.main() } }`), each with the branch it is called in.
    func launchedWidgets(in target: Target) -> [(widget: TypeDecl, choices: [BranchChoice])] {
        started(in: target).flatMap { started in
            started.declarations.filter { $0.inheritedTypes.contains("Widget") }.map { ($0, started.choices) }
        }
    }

    private func uncachedRegistrations(in target: Target) -> (found: [SourceLocation: [[BranchChoice]]]?, complete: Bool) {
        let mains = mainBundles(in: target)
        let widgets = mainWidgets.filter { resolver.targets(of: $0).contains { $0.id == target.id } }
        let launched = mains.isEmpty && widgets.isEmpty ? launchedBundles(in: target) : []
        let launchedWidgets = mains.isEmpty && widgets.isEmpty ? self.launchedWidgets(in: target) : []
        if mains.isEmpty && widgets.isEmpty && launched.isEmpty && launchedWidgets.isEmpty {
            return (compiledOutEntryPoints(in: target).isEmpty ? nil : [:], true)
        }
        var complete = true
        var found: [SourceLocation: [[BranchChoice]]] = [:]
        for widget in widgets { found[widget.location, default: []].append([]) }
        for (widget, choices) in launchedWidgets { found[widget.location, default: []].append(choices) }
        // Widgets registered so far, with the branches they are listed in: their bodies may return other widgets'.
        var registered: [(type: TypeDecl, choices: [BranchChoice])] = widgets.map { ($0, []) } + launchedWidgets.map { ($0.widget, $0.choices) }
        struct Visit: Hashable { let bundle: SourceLocation; let choices: [BranchChoice] }
        var pending = mains.map { Visit(bundle: $0.type.location, choices: []) } + launched.map { Visit(bundle: $0.bundle.type.location, choices: $0.choices) }
        // A bundle is walked once for each set of branches it is listed in (a few at most; bounded all the same).
        var seen: Set<Visit> = []
        while let visit = pending.popLast(), seen.count < 4_096 {
            let outer = visit.choices
            guard seen.insert(visit).inserted, let surface = bundles.first(where: { $0.type.location == visit.bundle }) else { continue }
            if !surface.unresolved.isEmpty { complete = false }
            for member in surface.members where resolver.build.compiles(member.conditions, in: target, file: member.location.file) != false {
                for declaration in resolver.primaryDeclarations(of: member.name, context: surface.type.qualifiedName, from: member.location.file) {
                    found[declaration.location, default: []].append(outer + member.choices)
                    if bundles.contains(where: { $0.type.location == declaration.location }) { pending.append(Visit(bundle: declaration.location, choices: outer + member.choices)) }
                    else { registered.append((declaration, outer + member.choices)) }
                }
            }
        }
        // A registered widget whose body returns other widgets' bodies (`if #available(iOS 17, *) { return Modern().body }
        // else { return Legacy().body }`) ships those too, each in the branch that names it (a few levels at most).
        for _ in 0..<3 where !registered.isEmpty {
            var next: [(type: TypeDecl, choices: [BranchChoice])] = []
            for (type, choices) in registered {
                for (delegate, branch) in delegates(of: type) {
                    found[delegate.location, default: []].append(choices + branch)
                    next.append((delegate, choices + branch))
                }
            }
            registered = next
        }
        return (found, complete)
    }

    /// The widgets a widget's body makes to return their bodies (`Legacy().body`), with the branches of the body they
    /// are made in: such a widget is a wrapper, whose configurations are theirs.
    func delegates(of type: TypeDecl) -> [(TypeDecl, [BranchChoice])] {
        let body = resolver.declarations(of: type).flatMap { $0.members(named: "body") }.map(\.code)
        // Only a made value whose `body` is taken (`Legacy().body`) is looked up: the views and helpers the body
        // makes are not widgets, and resolving their names would parse the files declaring them.
        var made: Set<SourceLocation> = []
        for code in body {
            code.walk { expr in
                if case .member(.call(let call)?, "body", _) = expr, call.base == nil, call.name.first?.isUppercase == true { made.insert(call.location) }
            }
        }
        guard !made.isEmpty else { return [] }
        let tree = ViewTree(roots: body, context: type.qualifiedName, resolver: resolver, followsTypes: false)
        return tree.calls.flatMap { scoped -> [(TypeDecl, [BranchChoice])] in
            guard made.contains(scoped.call.location) else { return [] }
            return resolver.primaryDeclarations(of: scoped.call.name, context: type.qualifiedName, from: scoped.call.location.file)
                .filter { $0.location != type.location && $0.inheritedTypes.contains("Widget") }
                .map { ($0, scoped.choices) }
        }
    }

    /// Whether a bundle the target compiles lists the type under a `#if` that is false for the target's shipping
    /// build (`#if !os(watchOS) PhoneWidget() #endif` in a bundle shared with a watch extension): left out on purpose.
    func listsOnlyUnderFalseConditions(_ type: TypeDecl, in target: Target) -> Bool {
        bundles.contains { bundle in
            bundle.targets.contains { $0.id == target.id } && bundle.members.contains { member in
                resolver.build.compiles(member.conditions, in: target, file: member.location.file) == false
                    && resolver.primaryDeclarations(of: member.name, context: bundle.type.qualifiedName, from: member.location.file)
                        .contains { $0.location == type.location }
            }
        }
    }

    /// Kinds of target that never ship a widget or control of their own: apps, frameworks, libraries and test
    /// bundles (a widget compiled into them runs only if an extension's bundle lists it).
    static let neverShipWidgets: Set<TargetKind> = [.app, .watchApp, .framework, .library, .testBundle, .watchExtension]

    /// The targets that ship a widget or control: those whose entry point registers it, and — where a target has
    /// no `@main` bundle or widget Glance found, or one whose list it cannot follow to the end — the targets
    /// compiling it that may host one (extensions, and targets of unknown kind such as loose sources): they may
    /// ship it. `compiled`: the targets compiling its declaration.
    func shippingTargets(of type: TypeDecl, compiled: [Target]) -> [Target] {
        resolver.project.targets.filter { target in
            if let registered = registrations(in: target), registered[type.location] != nil { return true }
            let mayRegister = registrations(in: target) == nil || !isComplete(in: target)
            return mayRegister && compiled.contains { $0.id == target.id } && !Self.neverShipWidgets.contains(target.kind)
                && !Self.extendsAnotherPoint(target)
        }
    }

    /// Whether the target is an extension of a system point other than WidgetKit's (a report, share or notification
    /// extension, as its Info.plist says): it hosts no widget or control.
    static func extendsAnotherPoint(_ target: Target) -> Bool {
        guard let plist = target.defaultConfiguration?.infoPlist, let point = ExtensionPoint.declared(in: plist) else { return false }
        return point != ExtensionPoint.widgetKit && ExtensionPoint.isSystem(point, infoPlist: plist)
    }
}
