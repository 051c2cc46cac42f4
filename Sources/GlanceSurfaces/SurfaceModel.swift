import Foundation
import GlanceProject
import GlanceSourceIndex

/// What the project ships where: every control, widget, Live Activity, alarm, intent and deep link, with
/// the targets it is compiled into and where it is declared. Built from the project model and the source
/// index; every rule reads this model.
public struct SurfaceModel: Sendable {
    public let project: ProjectModel
    public let resolver: Resolver
    /// What each target's entry point registers (worked out once per target).
    let registry: Registrations
    /// The SF Symbol names the surfaces and the apps draw (worked out when first asked).
    let symbolNames = SymbolNameIndex()
    public let targets: [TargetSurface]
    public let widgets: [WidgetSurface]
    public let controls: [ControlSurface]
    public let liveActivities: [LiveActivitySurface]
    public let intents: [IntentSurface]
    public let intentUses: [IntentUse]
    public let alarms: [AlarmSurface]
    public let deepLinks: [DeepLink]
    public let bundles: [WidgetBundleSurface]
    public let appGroupUsages: [AppGroupUsage]
    public let storeAccesses: [StoreAccess]
    public let reloads: [ReloadCall]
    public let activityRequests: [ActivityRequest]
    /// Places that pass a non-nil `staleDate` (`ActivityContent(state:staleDate:)`).
    public let staleDateUses: [StaleDateUse]
    /// References to tracked framework APIs (`AlarmManager`, `pushToStartTokenUpdates`, …).
    public let apiUses: [APIUse]
    /// `AlarmAttributes<Metadata>(…)` constructions.
    public let alarmMetadataUses: [AlarmMetadataUse]
    /// `AlarmManager.schedule(id:configuration:)` calls outside previews and mocks, with the ids they and their intents use.
    public let alarmSchedules: [AlarmSchedule]
    public let primaryActions: [PrimaryActionUse]
    public let urlHandlers: [URLHandler]
    /// Intents an `AppShortcutsProvider` offers as App Shortcuts (qualified names): the system runs their `perform()`.
    public let appShortcutIntents: Set<String>
    /// Why parts of the project could not be modelled (unreadable files, unknown settings).
    public let skips: [Skip]

    public var index: SourceIndex { resolver.index }
    /// `calls(into:from:)`'s answers, by framework and process.
    let frameworkCalls = FrameworkCalls()

    /// Whether `process`'s own Swift files name a type that `framework`'s files declare and `process`'s do not
    /// (its own declaration of the name shadows the framework's): a target that links a framework without naming
    /// any of its types does not run its code. True when the framework declares no type at all (its code is
    /// reached some other way Glance does not follow).
    public func calls(into framework: Target, from process: Target) -> Bool {
        frameworkCalls.answer(framework.id + "→" + process.id) {
            let own = Set(process.sources)
            let frameworkFiles = framework.sources.filter { !own.contains($0) }
            let declared = frameworkFiles.reduce(into: Set<String>()) { $0.formUnion(index.declaredTypeNames(in: $1)) }
            guard !declared.isEmpty else { return true }
            let shadowed = process.sources.reduce(into: Set<String>()) { $0.formUnion(index.declaredTypeNames(in: $1)) }
            let names = declared.subtracting(shadowed)
            return process.sources.contains { index.mentionsAny(of: names, in: $0) }
        }
    }

    /// Builds the model.
    public static func build(project: ProjectModel, index: SourceIndex) -> SurfaceModel {
        SurfaceBuilder(project: project, index: index).build()
    }

    public func apiUses(_ name: String) -> [APIUse] { apiUses.filter { $0.name == name } }

    public func surface(of target: Target) -> TargetSurface? { targets.first { $0.id == target.id } }
    public func kind(of target: Target) -> TargetKind { surface(of: target)?.kind ?? target.kind }

    /// True when the target is one of the widget extensions (after refinement from sources).
    public func isWidgetExtension(_ target: Target) -> Bool { kind(of: target) == .widgetExtension }

    /// Targets of a kind (after refinement from sources).
    public func targets(ofKind kind: TargetKind) -> [Target] { targets.filter { $0.kind == kind }.map(\.target) }

    /// The intent a name means when written in `file`.
    public func intent(named name: String, context: String? = nil, from file: String?) -> IntentSurface? {
        resolver.primaryDeclaration(of: name, context: context, from: file).flatMap(intent(declaredBy:))
    }

    /// The intent surface of a declaration.
    public func intent(declaredBy declaration: TypeDecl) -> IntentSurface? { intents.first { $0.type.location == declaration.location } }

    /// The intent an intent use means (the declaration its code sees).
    public func intent(of use: IntentUse) -> IntentSurface? { use.declaration.flatMap(intent(declaredBy:)) }

    /// The `@main` widget bundle(s) compiled into a target (by its shipping build).
    public func mainBundles(in target: Target) -> [WidgetBundleSurface] { registry.mainBundles(in: target) }

    /// The bundles a custom `@main` entry point of the target starts (`static func main() { Bundle18.main() }`), with
    /// the branches each is started in; empty when the target has a `@main` bundle or widget.
    public func launchedBundles(in target: Target) -> [(bundle: WidgetBundleSurface, choices: [BranchChoice])] {
        mainBundles(in: target).isEmpty ? registry.launchedBundles(in: target) : []
    }

    /// Widgets a custom entry point starts on their own (`static func main() { StatusWidget.main() }`), when the
    /// target has no `@main` bundle.
    public func launchedWidgets(in target: Target) -> [TypeDecl] {
        mainBundles(in: target).isEmpty ? registry.launchedWidgets(in: target).map(\.widget) : []
    }

    /// `@main` bundles and widgets of the target's files that its shipping build leaves out, when it compiles no
    /// other: the target then ships nothing (see `Registrations.compiledOutEntryPoints(in:)`).
    public func compiledOutEntryPoints(in target: Target) -> [TypeDecl] { registry.compiledOutEntryPoints(in: target) }

    /// The declarations (by their place) of the types reachable from a target's `@main` bundle (nested
    /// bundles followed, `#if` clauses evaluated for the target's shipping build), or of a `@main` widget. Each
    /// member is the declaration its bundle's file sees, so a same-named widget of another module is not
    /// counted. Nil when the target has no `@main` bundle or widget; empty when its only ones are compiled out.
    public func bundledTypes(in target: Target) -> Set<SourceLocation>? { registrations(in: target).map { Set($0.keys) } }

    /// Like `bundledTypes`, with the branches each registration sits in, from the `@main` bundle down (one list
    /// per place that lists the type; empty for a type listed outside any branch, or a `@main` widget): a type
    /// listed only in `if #available(iOS 17, *) { … } else { OldWidget() }`'s `else` is registered below iOS 17
    /// only. Nil when the target has no `@main` bundle or widget.
    public func registrations(in target: Target) -> [SourceLocation: [[BranchChoice]]]? { registry.registrations(in: target) }

    /// Whether a bundle the target compiles lists the type only under a `#if` that is false for the target: it is
    /// left out there on purpose.
    public func listsOnlyUnderFalseConditions(_ type: TypeDecl, in target: Target) -> Bool {
        registry.listsOnlyUnderFalseConditions(type, in: target)
    }

    /// Whether a widget or control type is reachable from the target's `@main` bundle; nil when the target
    /// has no `@main` bundle or widget.
    public func isBundled(_ type: TypeDecl, in target: Target) -> Bool? { bundledTypes(in: target)?.contains(type.location) }

    /// A path relative to the lint root, `/`-separated.
    public func relativePath(_ absolute: String) -> String { project.relativePath(absolute) }
}

/// Answers of `SurfaceModel.calls(into:from:)`, worked out once per pair.
final class FrameworkCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String: Bool] = [:]

    func answer(_ key: String, _ compute: () -> Bool) -> Bool {
        lock.lock()
        if let known = answers[key] { lock.unlock(); return known }
        lock.unlock()
        let value = compute()
        lock.lock(); answers[key] = value; lock.unlock()
        return value
    }
}
