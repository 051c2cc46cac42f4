import Testing
@testable import GlanceRules

/// The field cases of shared/cases/field-cases.md that a static check can see: each minimal input, and the
/// verdict Glance must give. (FC-20 needs the previous commit's types; FC-24's "missing primary action" and
/// FC-25 are informational heuristics; FC-30 and FC-31 are push payloads — see the closing notes.)
struct FieldCaseTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let example: RuleExample
        /// Rule ids that must be reported, with the `path:line` they must be reported at.
        let expected: [(rule: String, place: String)]
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "FC-02 OpenURLIntent with a custom scheme", example: .widget("""
            struct AddItemControlIntent: AppIntent {
                static let title: LocalizedStringResource = "Add item"
                func perform() async throws -> some IntentResult & OpensIntent {
                    .result(opensIntent: OpenURLIntent(URL(string: "exampleapp://add")!))
                }
            }
            """), expected: [("open_url_intent_custom_scheme", "Widgets/Example.swift:4")]),
        Case(id: "FC-03 control never reloaded by the app", example: RuleExample(files: [
            .widget("""
                struct LampToggle: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.lamp", provider: LampValueProvider()) { isOn in
                            ControlWidgetToggle("Lamp", isOn: isOn, action: SetLampIntent()) { Image(systemName: "lightbulb") }
                        }
                    }
                }
                struct LampValueProvider: ControlValueProvider {
                    var previewValue: Bool { false }
                    func currentValue() async throws -> Bool { UserDefaults(suiteName: "group.com.example.app")?.bool(forKey: "lamp") ?? false }
                }
                """),
            .app("""
                func setLamp(_ on: Bool) {
                    UserDefaults(suiteName: "group.com.example.app")?.set(on, forKey: "lamp")
                }
                """),
        ]), expected: [("control_not_reloaded", "App/App.swift:2")]),
        Case(id: "FC-04 openAppWhenRun misspelled", example: .widget("""
            struct ContinueIntent: ControlConfigurationIntent {
                static let title: LocalizedStringResource = "Continue"
                static let opensAppWhenRun: Bool = true
                func perform() async throws -> some IntentResult & OpensIntent {
                    .result(opensIntent: OpenURLIntent(URL(string: "https://example.com/continue")!))
                }
            }
            """), expected: [("intent_requirement_typo", "Widgets/Example.swift:3")]),
        Case(id: "FC-05 UIApplication.shared in the widget extension", example: .widget("""
            struct OpenPageIntent: AppIntent {
                static let title: LocalizedStringResource = "Open page"
                static let openAppWhenRun = true
                @MainActor func perform() async throws -> some IntentResult {
                    await UIApplication.shared.open(URL(string: "exampleapp://page")!)
                    return .result()
                }
            }
            """), expected: [("extension_intent_uses_app_api", "Widgets/Example.swift:5")]),
        Case(id: "FC-07 no containerBackground", example: .widget("""
            struct SummaryWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "com.example.app.summary", provider: SummaryProvider()) { entry in
                        SummaryView(entry: entry)
                            .background(Color.blue)
                    }
                }
            }
            struct SummaryView: View { let entry: SummaryEntry; var body: some View { Text(entry.title) } }
            """), expected: [("widget_missing_container_background", "Widgets/Example.swift:4")]),
        Case(id: "FC-08 reload inside a loop", example: .app("""
            func publish(_ accounts: [Account]) async {
                for account in accounts {
                    let snapshot = await fetch(account)
                    save(snapshot)
                    WidgetCenter.shared.reloadTimelines(ofKind: "com.example.app.summary")
                }
            }
            """), expected: [("widget_reload_in_loop", "App/App.swift:5")]),
        Case(id: "FC-11 no usable family", example: .widget("""
            struct ClockWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "com.example.app.clock", provider: ClockProvider()) { ClockView(entry: $0) }
                        .supportedFamilies([])
                }
            }
            """), expected: [("widget_no_supported_family", "Widgets/Example.swift:4")]),
        Case(id: "FC-12 huge widget image", example: RuleExample.widget("""
            struct HeaderWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "header", provider: Provider()) { entry in
                        Image("Header").resizable().frame(width: 80, height: 50).containerBackground(.fill, for: .widget)
                    }
                }
            }
            """).with("Widgets") { $0.images = ["Header": (width: 2400, height: 1600, scale: 1)] },
            expected: [("widget_image_oversized", "Widgets/Example.swift:4")]),
        Case(id: "FC-13 button intent only posts a notification", example: .widget("""
            struct PauseIntent: LiveActivityIntent {
                static let title: LocalizedStringResource = "Pause"
                func perform() async throws -> some IntentResult {
                    NotificationCenter.default.post(name: .pauseTapped, object: nil)
                    return .result()
                }
            }
            struct RecordingActivity: Widget {
                var body: some WidgetConfiguration {
                    ActivityConfiguration(for: RecordingAttributes.self) { context in
                        HStack { Text("Recording"); Button(intent: PauseIntent()) { Image(systemName: "pause") } }
                    } dynamicIsland: { context in
                        DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                            compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Image(systemName: "mic") }
                    }
                }
            }
            """), expected: [("intent_posts_notification_only", "Widgets/Example.swift:4")]),
        Case(id: "FC-16 request from a background refresh", example: .app("""
            func handleBackgroundRefresh(_ task: BGAppRefreshTask) {
                if Date() > renewDeadline {
                    _ = try? Activity.request(attributes: attrs, content: content, pushType: .token)
                }
            }
            """), expected: [("activity_request_in_background", "App/App.swift:3")]),
        Case(id: "FC-18 image larger than the compact presentation", example: RuleExample.widget("""
            struct ScoreActivity: Widget {
                var body: some WidgetConfiguration {
                    ActivityConfiguration(for: ScoreAttributes.self) { context in Text("") } dynamicIsland: { context in
                        DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                            compactLeading: { Image("TeamLogo").resizable().frame(width: 24, height: 24) }
                            compactTrailing: { Text("") } minimal: { Text("1") }
                    }
                }
            }
            """).with("Widgets") { $0.images = ["TeamLogo": (width: 500, height: 500, scale: 1)] },
            expected: [("live_activity_image_too_large", "Widgets/Example.swift:5")]),
        Case(id: "FC-21 staleDate set, isStale never read", example: RuleExample(files: [
            .widget("""
                struct TripActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: TripAttributes.self) { context in
                            Text("Arrives in \\(context.state.minutes) min")
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("\\(context.state.minutes)") } }
                                compactLeading: { Image(systemName: "bus") } compactTrailing: { Text("\\(context.state.minutes)") }
                                minimal: { Image(systemName: "bus") }
                        }
                    }
                }
                """),
            .app("""
                func start(_ state: TripAttributes.ContentState) {
                    let content = ActivityContent(state: state, staleDate: appointment.end)
                }
                """),
        ]), expected: [("stale_date_never_read", "Widgets/Example.swift:3")]),
        Case(id: "FC-22 tiny minimal presentation", example: .widget("""
            struct DeliveryActivity: Widget {
                var body: some WidgetConfiguration {
                    ActivityConfiguration(for: DeliveryAttributes.self) { context in BannerView(state: context.state) } dynamicIsland: { context in
                        DynamicIsland { DynamicIslandExpandedRegion(.bottom) { Text(context.state.status) } }
                            compactLeading: { Image(systemName: "shippingbox") }
                            compactTrailing: { Text(context.state.statusLabel) }
                            minimal: { RoundedRectangle(cornerRadius: 1).frame(width: 4, height: 12) }
                    }
                }
            }
            """), expected: [("live_activity_minimal_presentation", "Widgets/Example.swift:7")]),
        Case(id: "FC-24 two primary actions on one screen", example: .watch("""
            struct PlayerControls: View {
                var body: some View {
                    VStack {
                        Button("Play/Pause", action: toggle).handGestureShortcut(.primaryAction)
                        Button("Next", action: next).handGestureShortcut(.primaryAction)
                    }
                }
            }
            """), expected: [("primary_action_duplicate", "Watch/WatchApp.swift:5")]),
        // The intent is compiled into the plugin framework the app imports and into the widget extension, not
        // into the app itself.
        Case(id: "FC-34 alarm intent only in the extension; metadata differs", example: RuleExample(files: [
            ExampleFile(path: "Plugin/OpenAlarmAppIntent.swift", targets: ["AlarmPlugin", "Widgets"], contents: """
                public struct OpenAlarmAppIntent: LiveActivityIntent {
                    public static let title: LocalizedStringResource = "Open"
                    public static let openAppWhenRun = true
                    @Parameter(title: "Alarm") public var alarmID: String
                    public init() {}
                    public func perform() async throws -> some IntentResult { .result() }
                }
                """),
            .widget("""
                @main struct AlarmWidgets: WidgetBundle { var body: some Widget { AlarmActivity() } }
                struct AlarmMeta: AlarmMetadata {}
                struct AlarmActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: AlarmAttributes<AlarmMeta>.self) { context in Text("") } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                        }
                    }
                }
                """),
            .app("""
                import AlarmPlugin
                struct WakeMetadata: AlarmMetadata {}
                func schedule() async throws {
                    let attributes = AlarmAttributes<WakeMetadata>(presentation: presentation, metadata: nil, tintColor: .orange)
                    let config = AlarmManager.AlarmConfiguration(countdownDuration: nil, schedule: schedule, attributes: attributes,
                                                                 secondaryIntent: OpenAlarmAppIntent())
                    _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: config)
                }
                """),
        ], targets: ExampleTarget.defaults + [ExampleTarget(name: "AlarmPlugin", kind: .framework, platform: .iOS, bundleIdentifier: "com.example.plugin")]),
             expected: [("intent_missing_app_membership", "Plugin/OpenAlarmAppIntent.swift:1"), ("alarm_metadata_mismatch", "App/App.swift:4")]),
        Case(id: "FC-35 alarm sound without extension", example: .app("""
            func configure() {
                let config = AlarmManager.AlarmConfiguration(countdownDuration: nil, schedule: schedule,
                                                             attributes: attributes,
                                                             sound: .named("sunrise"))
            }
            """), expected: [("alarm_sound_name", "App/App.swift:4")]),
    ]

    @Test("field case verdicts", arguments: cases)
    func verdict(_ fieldCase: Case) {
        let model = ExampleRunner.model(for: fieldCase.example)
        let violations = Linter().lint(model).violations
        for (rule, place) in fieldCase.expected {
            #expect(violations.contains { $0.rule == rule && "\($0.file):\($0.line)" == place },
                    "\(fieldCase.id): expected \(rule) at \(place), got \(violations.map { "\($0.rule) \($0.file):\($0.line)" })")
        }
    }
}
