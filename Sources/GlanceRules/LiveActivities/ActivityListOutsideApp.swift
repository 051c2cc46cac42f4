import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// `Activity<…>.activities` lists the activities of the process that reads it: outside the app it is empty.
struct ActivityListOutsideApp: Rule {
    static let description = RuleDescription(
        identifier: "activity_list_outside_app",
        name: "Live Activities updated outside the app process",
        group: .liveActivities,
        defaultSeverity: .warning,
        summary: "Code that runs outside the app process — an extension, or a plain AppIntent that a widget or control button runs in the widget extension — reads `Activity<…>.activities` to update or end activities.",
        rationale: """
            The running activities are the app's: in a notification service extension, or in an intent that runs \
            in the widget extension, `Activity<…>.activities` is empty, so the loop that updates or ends them does \
            nothing, silently. An intent a widget or control button runs executes in the widget extension unless \
            it is a `LiveActivityIntent` (or opens the app), and Apple asks for such intents to be members of the \
            app target. Make the intent a `LiveActivityIntent` compiled into the app, or update the activity with \
            an ActivityKit push.
            """,
        source: """
            Apple, Adding interactivity to widgets and Live Activities <https://developer.apple.com/documentation/widgetkit/adding-interactivity-to-widgets-and-live-activities>; \
            Apple, LiveActivityIntent <https://developer.apple.com/documentation/appintents/liveactivityintent>; \
            Apple, Activity.activities <https://developer.apple.com/documentation/activitykit/activity/activities>
            """,
        premise: Premise("""
            Developers report that `Activity<…>.activities` is empty outside the app's process (in an extension, or \
            an intent that runs in the widget extension), so code there that updates or ends activities silently \
            does nothing.
            """, .reported),
        requires: [.targets],
        triggeringExamples: [
            // A plain AppIntent in the widget extension, run by a control button (FC2-02).
            RuleExample(files: [.widget("""
                struct StopSessionControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.stop") {
                            ControlWidgetButton(action: StopSessionIntent()) { Label("Stop", systemImage: "stop") }
                        }
                    }
                }
                struct StopSessionIntent: AppIntent {
                    static let title: LocalizedStringResource = "Stop"
                    func perform() async throws -> some IntentResult {
                        for activity in Activity<SessionAttributes>.↓activities { await activity.end(nil, dismissalPolicy: .immediate) }
                        return .result()
                    }
                }
                """)]),
            // A notification service extension.
            RuleExample(files: [ExampleFile(path: "Notifications/Service.swift", targets: ["Notifications"], contents: """
                final class NotificationService: UNNotificationServiceExtension {
                    override func didReceive(_ request: UNNotificationRequest, withContentHandler handler: @escaping (UNNotificationContent) -> Void) {
                        Task { for activity in Activity<SessionAttributes>.↓activities { await activity.update(content) } }
                    }
                }
                """)], targets: ExampleTarget.defaults + [ExampleTarget(name: "Notifications", kind: .appExtension, platform: .iOS,
                                                                         bundleIdentifier: "com.example.app.notifications")])
                .with("App") { $0.embeds.append("Notifications") },
            // The intent reaches the list through a singleton's method (FC3-17).
            RuleExample(files: [.widget("""
                struct SessionActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: SessionAttributes.self) { context in
                            Button(intent: RefreshSessionIntent()) { Text("Refresh") }
                        } dynamicIsland: { _ in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } } compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                    }
                }
                struct RefreshSessionIntent: AppIntent {
                    static let title: LocalizedStringResource = "Refresh"
                    func perform() async throws -> some IntentResult {
                        await SessionController.shared.refresh()
                        return .result()
                    }
                }
                final class SessionController {
                    static let shared = SessionController()
                    func refresh() async {
                        for activity in Activity<SessionAttributes>.↓activities { await activity.update(nil) }
                    }
                }
                """)]),
        ],
        nonTriggeringExamples: [
            // Code of a framework that the app links runs in the app too.
            RuleExample(files: [ExampleFile(path: "Kit/Sessions.swift", targets: ["Kit"], contents: """
                public func endAllSessions() async {
                    for activity in Activity<SessionAttributes>.activities { await activity.end(nil, dismissalPolicy: .immediate) }
                }
                """)], targets: ExampleTarget.defaults + [ExampleTarget(name: "Kit", kind: .framework, platform: .iOS, bundleIdentifier: "com.example.kit")])
                .with("App") { $0.dependencies = ["Kit"] },
            // A LiveActivityIntent compiled into the app as well: it runs in the app process.
            RuleExample(files: [
                .widget("""
                    struct StopSessionControl: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "com.example.app.stop") {
                                ControlWidgetButton(action: StopSessionIntent()) { Label("Stop", systemImage: "stop") }
                            }
                        }
                    }
                    """),
                .shared("""
                    struct StopSessionIntent: LiveActivityIntent {
                        static let title: LocalizedStringResource = "Stop"
                        func perform() async throws -> some IntentResult {
                            for activity in Activity<SessionAttributes>.activities { await activity.end(nil, dismissalPolicy: .immediate) }
                            return .result()
                        }
                    }
                    """),
            ]),
            // A LiveActivityIntent compiled only into the widget extension: it must run in the app, and
            // intent_missing_app_membership reports the missing membership, the one cause of both.
            RuleExample(files: [.widget("""
                struct StopSessionControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.stop") {
                            ControlWidgetButton(action: StopSessionIntent()) { Label("Stop", systemImage: "stop") }
                        }
                    }
                }
                struct StopSessionIntent: LiveActivityIntent {
                    static let title: LocalizedStringResource = "Stop"
                    func perform() async throws -> some IntentResult {
                        for activity in Activity<SessionAttributes>.activities { await activity.end(nil, dismissalPolicy: .immediate) }
                        return .result()
                    }
                }
                """)]),
            // The app itself.
            .app("""
                func endAll() async {
                    for activity in Activity<SessionAttributes>.activities { await activity.end(nil, dismissalPolicy: .immediate) }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        // Intents that widget, Live Activity and control buttons run, and where they run.
        let buttonIntents = model.intentUses.filter { $0.site != .alarm }.compactMap(model.intent(of:))
        // What the plain intents buttons run (in the widget extension) reach from perform(): their own members, and
        // those of project types they call, through static properties and singletons (`Controller.shared.refresh()`).
        var reached: [String: IntentSurface] = [:]
        for intent in buttonIntents where !intent.runsInApp(in: intent.targets.first, platform: intent.targets.first?.platforms.first) {
            for member in model.reachableMembers(from: [(intent.typeName, "perform", intent.location.file)]).sorted() where reached[member] == nil {
                reached[member] = intent
            }
        }
        for use in model.apiUses(APIUse.activityList) {
            // Code of a framework runs in the apps and extensions that link it.
            let processes = use.targets.flatMap(model.processes(runningCodeOf:))
            guard !processes.isEmpty else { continue }
            let apps = processes.filter { model.kind(of: $0).isApp }
            var runsIn: String?
            if apps.isEmpty, let owner = use.context,
               let intent = buttonIntents.first(where: { $0.typeName == owner && $0.location.file == use.location.file }),
               intent.runsInAppReason(in: use.targets.first, platform: use.targets.first?.platforms.first) != nil {
                // An intent a button runs in the app, compiled only into an extension: one cause, which
                // intent_missing_app_membership reports (the fix, adding the file to the app, mends both).
                context.skip("\(owner) runs in the app process but is compiled only into \(quotedList(processes.map(\.name))); intent_missing_app_membership reports it", file: context.relativePath(use.location))
                continue
            } else if apps.isEmpty {
                runsIn = "extension \(quotedList(processes.map(\.name)))"
            } else if let owner = use.context,
                      let intent = buttonIntents.first(where: { $0.typeName == owner && $0.location.file == use.location.file || $0.typeName == owner && $0.targets.map(\.id) == use.targets.map(\.id) }),
                      !intent.runsInApp(in: use.targets.first, platform: use.targets.first?.platforms.first) {
                runsIn = "the widget extension, where \(intent.typeName) runs when a widget or control button performs it (it is a plain AppIntent)"
            } else if let owner = use.context, let member = use.member, let intent = reached[owner + "#" + member] {
                runsIn = "\(owner).\(member), which \(intent.typeName).perform() reaches; \(intent.typeName) runs in the widget extension when a widget or control button performs it (it is a plain AppIntent)"
            }
            guard let runsIn else { continue }
            let type = use.attributes.map { "Activity<\($0)>" } ?? "Activity"
            context.report(use.location, """
                \(type).activities is read in \(runsIn); outside the app process the list is empty, so these activities \
                are never updated or ended (developers report this; Apple does not document it). Use a LiveActivityIntent that is a member of the app target, or an ActivityKit push.
                """, target: use.targets.first)
        }
    }
}
