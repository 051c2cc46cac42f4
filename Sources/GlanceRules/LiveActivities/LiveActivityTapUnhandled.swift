import GlanceProject
import GlanceSurfaces

/// A Live Activity without a deep link opens the app with an NSUserActivity the app must handle.
struct LiveActivityTapUnhandled: Rule {
    static let description = RuleDescription(
        identifier: "live_activity_tap_unhandled",
        name: "Live Activity tap goes nowhere",
        group: .liveActivities,
        defaultSeverity: .warning,
        summary: "A Live Activity has no `widgetURL`/`Link`, and the app handles neither URLs nor `NSUserActivityTypeLiveActivity`.",
        rationale: """
            Without a deep link, tapping a Live Activity opens the app and passes an NSUserActivity whose type \
            is `NSUserActivityTypeLiveActivity`. If the app handles neither URLs nor that activity, people land \
            wherever the app last was instead of on the tracked order, timer or trip. Whether that is wrong \
            depends on the app (a one-screen app lands where it should), so the rule is opt-in \
            (`opt_in_rules`). A Lock Screen view that is one `Button(intent:)` runs the intent on a tap instead \
            of opening the app: not judged.
            """,
        source: """
            Apple, Launching your app from a Live Activity <https://developer.apple.com/documentation/activitykit/launching-your-app-from-a-live-activity>; \
            Apple, NSUserActivityTypeLiveActivity <https://developer.apple.com/documentation/widgetkit/nsuseractivitytypeliveactivity>; \
            Apple, Linking to specific app scenes from your widget or Live Activity <https://developer.apple.com/documentation/widgetkit/linking-to-specific-app-scenes-from-your-widget-or-live-activity>
            """,
        premise: Premise("""
            Without a `widgetURL` or `Link`, tapping a Live Activity opens the app with an NSUserActivity of type \
            `NSUserActivityTypeLiveActivity`; an app that handles neither URLs nor that activity stays on whatever \
            screen it showed, not the tracked order, timer or trip.
            """, .documented),
        enabledByDefault: false,
        requires: [.targets, .embedding],
        triggeringExamples: [
            RuleExample(files: [
                .widget("""
                    struct DeliveryLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ↓ActivityConfiguration(for: DeliveryAttributes.self) { context in Text("Order") }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("Order") } }
                                    compactLeading: { Image(systemName: "bag") } compactTrailing: { Text("5m") } minimal: { Image(systemName: "bag") }
                                }
                        }
                    }
                    """),
                .app("""
                    @main
                    struct ShopApp: App {
                        var body: some Scene { WindowGroup { ContentView() } }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The Lock Screen view is one button that runs an intent (it refreshes the activity).
            RuleExample(files: [
                .widget("""
                    struct ScoreLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: ScoreAttributes.self) { context in
                                Button(intent: RefreshScoreIntent()) { ScoreView(state: context.state) }.buttonStyle(.plain)
                            } dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } } compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                            }
                        }
                    }
                    """),
                .app("""
                    @main
                    struct ScoreApp: App {
                        var body: some Scene { WindowGroup { ContentView() } }
                    }
                    """),
            ]),
            RuleExample(files: [
                .widget("""
                    struct DeliveryLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: DeliveryAttributes.self) { context in Text("Order") }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("Order") } }
                                    compactLeading: { Image(systemName: "bag") } compactTrailing: { Text("5m") } minimal: { Image(systemName: "bag") }
                                }
                        }
                    }
                    """),
                .app("""
                    @main
                    struct ShopApp: App {
                        @State private var showOrder = false
                        var body: some Scene {
                            WindowGroup {
                                ContentView(showOrder: $showOrder)
                                    .onContinueUserActivity(NSUserActivityTypeLiveActivity) { _ in showOrder = true }
                            }
                        }
                    }
                    """),
            ]),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        // AlarmKit draws and manages its own activities; what a tap delivers to the app is not documented.
        for activity in model.liveActivities where !activity.isAlarm {
            let links = model.deepLinks.filter { $0.surface == .liveActivity && $0.owner == activity.attributes }
            guard links.isEmpty else { continue }
            // The whole Lock Screen view is a button that runs an intent: a tap does not open the app.
            if let root = activity.presentations.lockScreen.roots.first?.statements.first, case .call(let button) = Chains.split(root).root,
               button.name == "Button", button.argument("intent") != nil { continue }
            for target in activity.targets where model.isWidgetExtension(target) {
                guard let app = model.app(for: target) else {
                    context.skip("no app embeds '\(target.name)'; Live Activity taps not checked", file: context.relativePath(activity.location))
                    continue
                }
                let handlers = model.urlHandlers.filter { $0.targets.contains { $0.id == app.id } }
                guard !handlers.contains(where: { $0.handlesURLs || $0.handlesLiveActivityTaps }) else { continue }
                context.report(activity.location, "the \(activity.attributes) Live Activity has no widgetURL or Link, and app '\(app.name)' handles neither URLs nor NSUserActivityTypeLiveActivity, so a tap cannot open the matching screen. Add .widgetURL(_:) or handle the activity with onContinueUserActivity(NSUserActivityTypeLiveActivity).", target: app)
            }
        }
    }
}
