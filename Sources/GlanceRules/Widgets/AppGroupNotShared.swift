import GlanceProject
import GlanceSurfaces

/// An app and its extension that both use App Group storage must share a group.
struct AppGroupNotShared: Rule {
    static let description = RuleDescription(
        identifier: "app_group_not_shared",
        name: "App and extension share no App Group",
        group: .widgets,
        defaultSeverity: .error,
        summary: "The app and an extension both use App Group storage, but their entitlements share no group.",
        rationale: """
            Data moves between an app and its widget extension only through a group both are entitled to. If \
            their group lists do not overlap, each side reads and writes its own container and the widget never \
            sees the app's data.
            """,
        source: """
            Apple, App Groups entitlement <https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.application-groups>; \
            Apple, containerURL(forSecurityApplicationGroupIdentifier:) <https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)>
            """,
        premise: Premise("""
            An app and its extension share data only through an App Group both are entitled to; with no group in \
            common each reads and writes its own container, so the widget never sees the app's data.
            """, .documented),
        requires: [.targets, .embedding, .entitlements],
        triggeringExamples: [
            RuleExample(files: [
                .app("""
                    let appStore = UserDefaults(suiteName: "group.com.example.app")
                    """),
                .widget("""
                    let widgetStore = UserDefaults(suiteName: "group.com.example.widgets")
                    """),
            ])
            .with("App") { $0.set(appGroups: ["group.com.example.app"]) }
            .with("Widgets") { $0.set(appGroups: ["group.com.example.widgets"]) }
            .expecting(["Widgets/Widgets.entitlements:1:1"]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                .app("""
                    let appStore = UserDefaults(suiteName: "group.com.example.app")
                    """),
                .widget("""
                    let widgetStore = UserDefaults(suiteName: "group.com.example.app")
                    """),
            ])
            .with("App") { $0.set(appGroups: ["group.com.example.app"]) }
            .with("Widgets") { $0.set(appGroups: ["group.com.example.app", "group.com.example.widgets"]) },
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        let users = Set(model.appGroupUsages.flatMap(\.targets).map(\.id))
        for target in model.project.targets where model.kind(of: target).isExtension && users.contains(target.id) {
            guard let app = model.app(for: target), users.contains(app.id) else { continue }
            var disjoint: [(TargetConfiguration, [String], [String])] = []
            for configuration in target.configurations {
                guard let appConfiguration = app.configurations.first(where: { $0.name == configuration.name }),
                      configuration.entitlementsProblem == nil, appConfiguration.entitlementsProblem == nil,
                      let mine = configuration.appGroups, let theirs = appConfiguration.appGroups, !mine.isEmpty, !theirs.isEmpty else { continue }
                if (mine + theirs).contains(where: { $0.contains("$(") || $0.contains("${") }) {
                    context.skip("App Group entitlements of '\(target.name)' or '\(app.name)' hold an unresolved setting (\(configuration.name))", file: configuration.entitlementsFile)
                    continue
                }
                if Set(mine).isDisjoint(with: theirs) { disjoint.append((configuration, mine, theirs)) }
            }
            guard let (configuration, mine, theirs) = disjoint.first else { continue }
            // Certain only for groups the code of both names: entitling each side to those makes them share.
            var subjects: [ViolationSubject] = []
            for (extensionConfiguration, mine, theirs) in disjoint {
                guard let appConfiguration = app.configurations.first(where: { $0.name == extensionConfiguration.name }) else { continue }
                let common = Self.groupsNamed(by: target, in: extensionConfiguration, model).intersection(Self.groupsNamed(by: app, in: appConfiguration, model))
                for group in common.sorted() {
                    if !mine.contains(group) { subjects.append(ViolationSubject(targetID: target.id, configurations: [extensionConfiguration.name], value: group)) }
                    if !theirs.contains(group) { subjects.append(ViolationSubject(targetID: app.id, configurations: [appConfiguration.name], value: group)) }
                }
            }
            context.report(target: target, configuration: configuration, plistKey: "com.apple.security.application-groups", in: configuration.entitlementsFile, """
                '\(target.name)' and app '\(app.name)' both use App Group storage but share no group in \
                \(disjoint.map(\.0.name).joined(separator: " and ")) (\(mine.joined(separator: ", ")) vs \(theirs.joined(separator: ", "))); \
                they cannot see each other's data. Entitle both to the same group.
                """, subjects: subjects)
        }
    }

    /// The App Group ids the target's code names, as a configuration resolves them (ids that cannot be worked out left out).
    static func groupsNamed(by target: Target, in configuration: TargetConfiguration, _ model: SurfaceModel) -> Set<String> {
        Set(model.appGroupUsages.filter { $0.targets.contains { $0.id == target.id } }.compactMap { model.appGroup($0.value, in: configuration, of: target) })
    }
}
