import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// `WKSupportsLiveActivityLaunchAttributeTypes` must name ActivityAttributes types of the project.
struct WatchLaunchAttributeTypesUnknown: Rule {
    static let description = RuleDescription(
        identifier: "watch_launch_attribute_types_unknown",
        name: "Unknown type in WKSupportsLiveActivityLaunchAttributeTypes",
        group: .liveActivities,
        defaultSeverity: .error,
        summary: "The watch app's `WKSupportsLiveActivityLaunchAttributeTypes` names a type that is not an `ActivityAttributes` type of the project (an empty array means all types and is fine).",
        rationale: """
            A watch app opts in to being launched from a Live Activity by listing ActivityAttributes type \
            names under WKSupportsLiveActivityLaunchAttributeTypes (Info.plist, or the \
            INFOPLIST_KEY_WKSupportsLiveActivityLaunchAttributeTypes setting). A name that matches no type — a \
            typo, a renamed struct — means taps show the full-screen wrapper with "open on iPhone" instead.
            """,
        source: """
            Apple, WKSupportsLiveActivityLaunchAttributeTypes <https://developer.apple.com/documentation/bundleresources/information-property-list/wksupportsliveactivitylaunchattributetypes>; \
            Apple, Launching your app from a Live Activity <https://developer.apple.com/documentation/activitykit/launching-your-app-from-a-live-activity>
            """,
        premise: Premise("""
            A watch app opens from a Live Activity only for the ActivityAttributes types its \
            `WKSupportsLiveActivityLaunchAttributeTypes` names; a name that matches no type leaves taps on the watch \
            showing the full-screen view with "open on iPhone".
            """, .documented),
        requires: [.targets, .infoPlist],
        triggeringExamples: [
            RuleExample(files: [
                .widget("""
                    struct OrderAttributes: ActivityAttributes {
                        struct ContentState: Codable, Hashable { var minutes: Int }
                        var id: Int
                    }
                    """),
            ]).with("Watch") { $0.set(info: "WKSupportsLiveActivityLaunchAttributeTypes", .array([.string("OrderAtributes")])) }.expecting([".:1:1"]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                .widget("""
                    struct OrderAttributes: ActivityAttributes {
                        struct ContentState: Codable, Hashable { var minutes: Int }
                        var id: Int
                    }
                    """),
            ]).with("Watch") { $0.set(info: "WKSupportsLiveActivityLaunchAttributeTypes", .array([.string("OrderAttributes")])) },
            RuleExample.widget("struct Empty {}").with("Watch") { $0.set(info: "WKSupportsLiveActivityLaunchAttributeTypes", .array([])) },
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        let known = Set(context.resolver.types(conformingTo: "ActivityAttributes").map(\.name)).union(["AlarmAttributes"])
        for target in model.targets(ofKind: .watchApp) {
            var reported: Set<String> = []
            for configuration in target.configurations {
                guard let names = configuration.infoPlist["WKSupportsLiveActivityLaunchAttributeTypes"]?.strings else { continue }
                for name in names where !known.contains(name) && reported.insert(name).inserted {
                    let hint = name.closest(in: Array(known)).map { " (did you mean \($0)?)" } ?? ""
                    let inFile = configuration.infoPlistFile != nil && !configuration.settings.isAssigned("INFOPLIST_KEY_WKSupportsLiveActivityLaunchAttributeTypes")
                    context.report(target: target, configuration: configuration, plistKey: "WKSupportsLiveActivityLaunchAttributeTypes",
                                   in: inFile ? configuration.infoPlistFile : nil,
                                   "WKSupportsLiveActivityLaunchAttributeTypes of watch app '\(target.name)' lists \(name), which is not an ActivityAttributes type of the project\(hint); the watch app is not launched for it.")
                }
            }
        }
    }
}
