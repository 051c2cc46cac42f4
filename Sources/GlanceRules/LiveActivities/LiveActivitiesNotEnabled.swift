import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// An app that starts or shows Live Activities needs `NSSupportsLiveActivities = YES` in its own Info.plist.
struct LiveActivitiesNotEnabled: Rule {
    static let description = RuleDescription(
        identifier: "live_activities_not_enabled",
        name: "Live Activities not enabled on the app",
        group: .liveActivities,
        defaultSeverity: .error,
        summary: "The project requests or configures Live Activities but the app target's merged Info.plist lacks `NSSupportsLiveActivities = YES` (on the extension only does not count).",
        rationale: """
            `Activity.request` throws and nothing appears unless the app's Info.plist has \
            `NSSupportsLiveActivities = YES`. The key belongs to the iOS app target — the widget extension's \
            Info.plist does not count. Set it in the app's Info.plist or with the \
            `INFOPLIST_KEY_NSSupportsLiveActivities` build setting (GENERATE_INFOPLIST_FILE = YES), in every \
            configuration. AlarmKit alarms alone (ActivityConfiguration for AlarmAttributes) do not need it, nor \
            does a Live Activity widget the extension's `@main` bundle does not register (`widget_not_in_bundle` \
            says so) when the app requests none.
            """,
        source: """
            Apple, Displaying live data with Live Activities <https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities>; \
            Apple, NSSupportsLiveActivities <https://developer.apple.com/documentation/bundleresources/information-property-list/nssupportsliveactivities>; \
            swift-build, Info.plist generation (InfoPlistProcessorTaskAction.swift) <https://github.com/swiftlang/swift-build/blob/41aee626ba142a63955fa69ebe4913daa1d805ca/Sources/SWBTaskExecution/TaskActions/InfoPlistProcessorTaskAction.swift>
            """,
        premise: Premise("""
            Apple requires `NSSupportsLiveActivities = YES` in the iOS app target's Info.plist; without it the app \
            cannot start Live Activities, so none appears on the Lock Screen or in the Dynamic Island.
            """, .documented),
        requires: [.targets, .embedding, .infoPlist],
        triggeringExamples: [
            RuleExample(files: [
                .widget("""
                    struct DeliveryLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: DeliveryAttributes.self) { context in Text(context.state.status) }
                                dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                        }
                    }
                    """),
            ]).with("Widgets") { $0.set(info: "NSSupportsLiveActivities", .bool(true)) }
              .expecting([".:1:1"]),
            // Started by push: the app asks for push-to-start tokens (the widget's registration is another rule's).
            RuleExample(files: [
                .app("""
                    func observePushToStart() async {
                        for await token in Activity<DeliveryAttributes>.pushToStartTokenUpdates { await Server.register(token) }
                    }
                    """),
                .widget("""
                    @main
                    struct DeliveryWidgets: WidgetBundle {
                        var body: some Widget { OrdersWidget() }
                    }
                    """),
            ]).expecting([".:1:1"]),
            // Registered by the bundle; its attributes type comes from a package Glance does not read, which may start it.
            RuleExample(files: [
                .widget("""
                    @main
                    struct DeliveryWidgets: WidgetBundle {
                        var body: some Widget { DeliveryLiveActivity() }
                    }
                    struct DeliveryLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: DeliveryAttributes.self) { context in Text(context.state.status) }
                                dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                        }
                    }
                    """),
            ]).expecting([".:1:1"]),
        ],
        nonTriggeringExamples: [
            // Registered (Xcode's template left in the bundle), but nothing in the project starts one: it never shows.
            RuleExample(files: [
                .widget("""
                    @main
                    struct DeliveryWidgets: WidgetBundle {
                        var body: some Widget { OrdersWidget(); DemoLiveActivity() }
                    }
                    struct DemoAttributes: ActivityAttributes {
                        struct ContentState: Codable, Hashable { var emoji: String }
                    }
                    struct DemoLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: DemoAttributes.self) { context in Text(context.state.emoji) }
                                dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                        }
                    }
                    """),
            ]),
            RuleExample(files: [
                .app("""
                    func start() throws {
                        _ = try Activity<DeliveryAttributes>.request(attributes: DeliveryAttributes(orderID: "1"),
                                                                     content: .init(state: .init(status: "Cooking"), staleDate: nil))
                    }
                    """),
            ]).with("App") { $0.set(info: "NSSupportsLiveActivities", .bool(true)) },
            // A Live Activity widget the bundle does not register, and no request: nothing can show.
            .widget("""
                @main
                struct DeliveryWidgets: WidgetBundle {
                    var body: some Widget { OrdersWidget() }
                }
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in Text(context.state.status) }
                            dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                    }
                }
                """),
            // Only AlarmKit's own activity.
            .widget("""
                struct AlarmLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: AlarmAttributes<TimerMetadata>.self) { context in Text("Timer") }
                            dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                    }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        // Apps whose own code requests activities, and apps that embed an extension that configures them.
        var evidence: [String: (Target, SourceLocation)] = [:]
        for request in model.activityRequests where request.attributes.map({ TypeName.base($0) != "AlarmAttributes" }) ?? true {
            for target in request.targets where model.kind(of: target) == .app && target.platforms.contains(.iOS) {
                if evidence[target.id] == nil { evidence[target.id] = (target, request.location) }
            }
        }
        // Push-to-start: the server starts the activities.
        for use in model.apiUses where use.name == "pushToStartTokenUpdates" || use.name == "pushToStartToken" {
            for target in use.targets where model.kind(of: target) == .app && target.platforms.contains(.iOS) {
                if evidence[target.id] == nil { evidence[target.id] = (target, use.location) }
            }
        }
        for activity in model.liveActivities where !activity.isAlarm {
            // A registered Live Activity that nothing in the project starts (no request, no push-to-start token for
            // its attributes) is evidence only where code Glance cannot read may start it: where its attributes type
            // is not declared in the code Glance read (a package or plugin declares it). Code outside the project
            // cannot name a type the project declares.
            let attributes = TypeName.base(activity.attributes)
            let started = model.activityRequests.contains { $0.attributes.map { TypeName.base($0) == attributes } ?? true }
                || model.apiUses.contains { ($0.name == "pushToStartTokenUpdates" || $0.name == "pushToStartToken") && ($0.attributes.map { TypeName.base($0) == attributes } ?? true) }
            // Only where it ships: a Live Activity widget the extension's bundle does not register never shows
            // (widget_not_in_bundle).
            for target in activity.targets {
                let apps = model.hostApps(of: target).isEmpty ? [model.app(for: target)].compactMap { $0 } : model.hostApps(of: target)
                if !started, !model.index.primaryTypes(named: attributes).isEmpty {
                    if let app = apps.first(where: { model.kind(of: $0) == .app && $0.platforms.contains(.iOS) }), evidence[app.id] == nil {
                        context.skip("'\(target.name)' registers the \(attributes) Live Activity, but nothing in the project starts one (no Activity<\(attributes)>.request, no push-to-start token); NSSupportsLiveActivities of '\(app.name)' not judged for it",
                                     file: context.relativePath(activity.location))
                    }
                    continue
                }
                for app in model.hostApps(of: target) where model.kind(of: app) == .app && app.platforms.contains(.iOS) {
                    if evidence[app.id] == nil { evidence[app.id] = (app, activity.location) }
                }
                if model.hostApps(of: target).isEmpty, let app = model.app(for: target), model.kind(of: app) == .app, evidence[app.id] == nil {
                    evidence[app.id] = (app, activity.location)
                }
            }
        }
        for (app, location) in evidence.values.sorted(by: { $0.0.name < $1.0.name }) {
            if let problem = app.configurations.compactMap(\.infoPlistProblem).first {
                context.skip("Info.plist of '\(app.name)' is incomplete (\(problem)); NSSupportsLiveActivities not checked")
                continue
            }
            let missing = app.configurations.filter { $0.infoPlist["NSSupportsLiveActivities"]?.boolValue != true }
            guard !missing.isEmpty else { continue }
            let onExtension = model.project.targets.contains { target in
                model.isWidgetExtension(target) && target.configurations.contains { $0.infoPlist["NSSupportsLiveActivities"]?.boolValue == true }
            }
            let configuration = missing[0]
            let names = missing.map(\.name).joined(separator: " and ")
            context.report(target: app, configuration: configuration, plistKey: "NSSupportsLiveActivities", in: configuration.infoPlistFile, """
                app '\(app.name)' uses Live Activities (\(context.place(location))) but its Info.plist has no \
                NSSupportsLiveActivities = YES in \(names)\(onExtension ? "; the key is set on the widget extension, where it has no effect" : ""). \
                Set INFOPLIST_KEY_NSSupportsLiveActivities = YES (or the Info.plist key) on the app target.
                """, subjects: [ViolationSubject(targetID: app.id, configurations: missing.map(\.name))])
        }
    }
}
