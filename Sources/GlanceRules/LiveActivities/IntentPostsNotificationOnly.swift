import GlanceSourceIndex
import GlanceSurfaces

/// A button intent that only posts an in-process notification loses taps that launch the app.
struct IntentPostsNotificationOnly: Rule {
    static let description = RuleDescription(
        identifier: "intent_posts_notification_only",
        name: "Button intent only posts a notification",
        group: .liveActivities,
        defaultSeverity: .warning,
        summary: "An intent used by a widget or Live Activity `Button(intent:)`/`Toggle(intent:)` does nothing in `perform()` but post a NotificationCenter notification.",
        rationale: """
            When a tap launches the app in the background to run the intent, no observer exists yet and \
            NotificationCenter does not buffer: the first tap after every launch is lost. Do the work — or \
            persist it — inside perform().
            """,
        source: """
            Apple, Adding interactivity to widgets and Live Activities <https://developer.apple.com/documentation/widgetkit/adding-interactivity-to-widgets-and-live-activities>; \
            report: the first tap is lost <https://github.com/expo/expo/issues/49477>
            """,
        premise: Premise("""
            Developers report that when a tap launches the app in the background to run the intent, no observer is \
            registered yet and NotificationCenter does not buffer, so the first tap after each launch is lost.
            """, .reported),
        triggeringExamples: [
            .widget("""
                struct PauseIntent: LiveActivityIntent {
                    static let title: LocalizedStringResource = "Pause"
                    func perform() async throws -> some IntentResult {
                        NotificationCenter.default.↓post(name: .pauseTapped, object: nil)
                        return .result()
                    }
                }
                struct RecordingLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: RecordingAttributes.self) { context in
                            Button(intent: PauseIntent()) { Image(systemName: "pause") }
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct PauseIntent: LiveActivityIntent {
                    static let title: LocalizedStringResource = "Pause"
                    func perform() async throws -> some IntentResult {
                        RecorderState.setPaused(true)
                        NotificationCenter.default.post(name: .pauseTapped, object: nil)
                        return .result()
                    }
                }
                struct RecordingLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: RecordingAttributes.self) { context in
                            Button(intent: PauseIntent()) { Image(systemName: "pause") }
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                        }
                    }
                }
                """),
        ])

    static let posting: Set<String> = ["post", "CFNotificationCenterPostNotification"]
    static let harmless: Set<String> = ["result", "Notification", "Name", "print", "log", "debug", "info"]

    /// `NotificationCenter.default.post(…)`, `center.post(…)`, `CFNotificationCenterPostNotification(…)`; not an
    /// enum case `.post(text:)`, which has no receiver.
    static func isPost(_ call: Call) -> Bool {
        guard posting.contains(call.name) else { return false }
        return call.name != "post" || (call.base != nil && (call.argument("name") != nil || call.unlabeled.count == 1))
    }

    func validate(_ context: RuleContext) {
        let model = context.model
        let buttonIntents = Set(model.intentUses.filter { $0.site == .widgetButton || $0.site == .liveActivityButton }.compactMap(\.declaration?.location))
        for intent in model.intents where buttonIntents.contains(intent.location) {
            guard let body = intent.perform?.body else { continue }
            let calls = body.allCalls
            let posts = calls.filter(Self.isPost)
            guard !posts.isEmpty, calls.allSatisfy({ Self.isPost($0) || Self.harmless.contains($0.name) }) else { continue }
            context.report(posts[0].location, "\(intent.typeName).perform() only posts a notification; when the app is launched for the tap no observer exists yet and the tap is lost (developers report this; Apple does not document it). Do the work (or persist it) inside perform().", target: intent.targets.first)
        }
    }
}
