import GlanceSurfaces

/// A deep link set only on the Dynamic Island leaves Lock Screen taps without one.
struct LiveActivityLockScreenWithoutLink: Rule {
    static let description = RuleDescription(
        identifier: "live_activity_lock_screen_without_link",
        name: "Deep link on the Dynamic Island only",
        group: .liveActivities,
        defaultSeverity: .warning,
        summary: "A Live Activity sets `widgetURL` (or `Link`) on Dynamic Island presentations only, so taps on the Lock Screen view carry no deep link.",
        rationale: """
            Each presentation has its own tap target. `widgetURL` on the Dynamic Island does not apply to the \
            Lock Screen view (which the watch and CarPlay also use): those taps open the app without the \
            scene. Set `widgetURL` on the Lock Screen view too. (A URL that only opens the app, with no route, \
            is not counted.) A warning, and opt-in (list it in `opt_in_rules`): Apple's page for the Dynamic \
            Island's `widgetURL(_:)` calls it the default URL for each view of the Live Activity, so the premise is \
            disputed.
            """,
        source: """
            Apple, Launching your app from a Live Activity <https://developer.apple.com/documentation/activitykit/launching-your-app-from-a-live-activity>; \
            Apple, DynamicIsland widgetURL(_:) <https://developer.apple.com/documentation/widgetkit/dynamicisland/widgeturl(_:)>
            """,
        premise: Premise("""
            Glance reads a `widgetURL` set on the Dynamic Island as covering its presentations only, so Lock Screen \
            taps open the app without the linked screen; Apple's DynamicIsland `widgetURL(_:)` page calls it the \
            default URL for each view of the Live Activity, which may include the Lock Screen.
            """, .inferred),
        enabledByDefault: false,
        triggeringExamples: [
            RuleExample(files: [
                .widget("""
                    struct DeliveryLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: DeliveryAttributes.self) { context in
                                ↓DeliveryView(state: context.state)
                            } dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("Order") } }
                                    compactLeading: { Image(systemName: "bag") } compactTrailing: { Text("5m") } minimal: { Image(systemName: "bag") }
                                    .widgetURL(URL(string: "shop://order"))
                            }
                        }
                    }
                    """),
                .app(Self.appHandlingURLs),
            ]),
        ],
        nonTriggeringExamples: [
            // The app reads no URL at all: the Lock Screen loses nothing (deep_link_unhandled is the finding).
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in
                            DeliveryView(state: context.state)
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("Order") } }
                                compactLeading: { Image(systemName: "bag") } compactTrailing: { Text("5m") } minimal: { Image(systemName: "bag") }
                                .widgetURL(URL(string: "shop://open"))
                        }
                    }
                }
                """),
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in
                            DeliveryView(state: context.state)
                                .widgetURL(URL(string: "shop://order"))
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("Order") } }
                                compactLeading: { Image(systemName: "bag") } compactTrailing: { Text("5m") } minimal: { Image(systemName: "bag") }
                                .widgetURL(URL(string: "shop://order"))
                        }
                    }
                }
                """),
        ])

    static let appHandlingURLs = """
        @main struct ShopApp: App {
            var body: some Scene { WindowGroup { ContentView().onOpenURL { url in Router.shared.open(url) } } }
        }
        """

    func validate(_ context: RuleContext) {
        for activity in context.model.liveActivities {
            let links = context.model.deepLinks.filter { $0.surface == .liveActivity && $0.owner == activity.attributes && activity.targets.map(\.id) == $0.targets.map(\.id) }
            // Only links that pick a screen: a URL that just opens the app loses nothing on the Lock Screen.
            let onIsland = links.filter { link in
                link.presentation != "lockScreen" && link.source == .widgetURL && (link.url.map { URLRoutes.route(of: $0) != nil } ?? true)
            }
            guard !onIsland.isEmpty, !links.contains(where: { $0.presentation == "lockScreen" }) else { continue }
            // An app that reads no URL loses nothing when the Lock Screen carries none (deep_link_unhandled says so).
            let apps = activity.targets.compactMap { context.model.kind(of: $0).isApp ? $0 : context.model.app(for: $0) }
            guard apps.contains(where: { app in context.model.urlHandlers.contains { $0.handlesURLs && $0.targets.contains { $0.id == app.id } } }) else { continue }
            guard let root = activity.presentations.lockScreen.roots.first?.statements.first else { continue }
            context.report(Chains.split(root).root.location, "the \(activity.attributes) Live Activity sets widgetURL on the Dynamic Island (\(context.place(onIsland[0].location))) but not on its Lock Screen view, so Lock Screen taps carry no deep link (Glance infers this from Apple's documentation). Add .widgetURL(_:) to the Lock Screen view.", target: activity.targets.first)
        }
    }
}
