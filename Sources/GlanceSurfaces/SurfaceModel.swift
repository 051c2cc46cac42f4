import GlanceProject
import GlanceSourceIndex

/// What the project ships where: every control, widget, Live Activity, alarm, intent and deep link, with
/// the targets it is compiled into and where it is declared. Built from the project model and the source
/// index; every rule reads this model.
public struct SurfaceModel: Sendable {
    public let project: ProjectModel
    public let resolver: Resolver
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
    public let primaryActions: [PrimaryActionUse]
    public let urlHandlers: [URLHandler]
    /// Why parts of the project could not be modelled (unreadable files, unknown settings).
    public let skips: [Skip]

    public var index: SourceIndex { resolver.index }

    /// Builds the model.
    public static func build(project: ProjectModel, index: SourceIndex) -> SurfaceModel {
        SurfaceBuilder(project: project, index: index).build()
    }

    public func apiUses(_ name: String) -> [APIUse] { apiUses.filter { $0.name == name } }

    public func surface(of target: Target) -> TargetSurface? { targets.first { $0.id == target.id } }
    public func kind(of target: Target) -> TargetKind { surface(of: target)?.kind ?? target.kind }

    /// Targets of a kind (after refinement from sources).
    public func targets(ofKind kind: TargetKind) -> [Target] { targets.filter { $0.kind == kind }.map(\.target) }

    public func intent(named name: String, context: String? = nil) -> IntentSurface? {
        if let primary = resolver.primaryDeclaration(of: name, context: context) {
            return intents.first { $0.type.qualifiedName == primary.qualifiedName }
        }
        return nil
    }

    /// The `@main` widget bundle(s) compiled into a target.
    public func mainBundles(in target: Target) -> [WidgetBundleSurface] {
        bundles.filter { $0.isMain && $0.targets.contains { $0.id == target.id } }
    }

    /// Type names reachable from a target's `@main` bundle (nested bundles followed, `#if` clauses evaluated
    /// for the target's platform), or a `@main` widget. Nil when the target has no `@main` bundle or widget.
    public func bundledTypeNames(in target: Target) -> Set<String>? {
        let mains = mainBundles(in: target)
        let mainWidgets = (widgets.map(\.type) + controls.map(\.type)).filter { $0.isMain && resolver.targets(of: $0).contains { $0.id == target.id } }
        if mains.isEmpty && mainWidgets.isEmpty { return nil }
        var names: Set<String> = Set(mainWidgets.map(\.qualifiedName))
        var pending = mains.map(\.type.qualifiedName)
        var seen: Set<String> = []
        while let bundle = pending.popLast() {
            guard seen.insert(bundle).inserted, let surface = bundles.first(where: { $0.type.qualifiedName == bundle }) else { continue }
            for member in surface.members where target.platforms.isEmpty || target.platforms.contains(where: { CompileConditions.mayBeCompiled(member.conditions, platform: $0) }) {
                let qualified = resolver.primaryDeclaration(of: member.name, context: surface.type.qualifiedName)?.qualifiedName ?? member.name
                names.insert(qualified)
                if bundles.contains(where: { $0.type.qualifiedName == qualified }) { pending.append(qualified) }
            }
        }
        return names
    }

    /// A path relative to the lint root, `/`-separated.
    public func relativePath(_ absolute: String) -> String { project.relativePath(absolute) }
}
