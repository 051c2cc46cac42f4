import GlanceProject
import GlanceSurfaces

/// A control compiled into a watchOS target must not foreground the app: watchOS filters such controls out
/// of Control Center, the Smart Stack and the Action button.
struct ControlOpensAppOnWatch: Rule {
    static let description = RuleDescription(
        identifier: "control_opens_app_on_watch",
        name: "Control opens the app on watchOS",
        group: .controls,
        defaultSeverity: .error,
        summary: "A control built into a watchOS target has an action that foregrounds the app (OpenIntent, openAppWhenRun, supportedModes .foreground).",
        rationale: """
            Controls whose action would foreground the app are filtered out of watch placement: the user tapped \
            on the watch, but the action would have to open the app. The control silently never appears in the \
            watch's Control Center or Smart Stack. Give watch-visible controls a non-foregrounding AppIntent and \
            keep OpenIntent for iPhone-only controls.
            """,
        source: "seed controls-and-live-activities-on-apple-watch (Controls on Apple Watch); facts CT-07, CT-10",
        requires: [.targets],
        triggeringExamples: [
            .watchWidget("""
                struct OpenTimerControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.open-timer") {
                            ControlWidgetButton(action: ↓OpenTimerIntent()) { Label("Timer", systemImage: "timer") }
                        }
                    }
                }
                struct OpenTimerIntent: OpenIntent {
                    static let title: LocalizedStringResource = "Open Timer"
                    @Parameter(title: "Screen") var target: TimerScreen
                }
                """),
            .watchWidget("""
                struct StartControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.start") {
                            ControlWidgetButton(action: ↓StartIntent()) { Text("Start") }
                        }
                    }
                }
                struct StartIntent: AppIntent {
                    static let title: LocalizedStringResource = "Start"
                    static let openAppWhenRun = true
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
            .watchWidget("""
                struct ShowControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.show") {
                            ControlWidgetButton(action: ↓ShowIntent()) { Text("Show") }
                        }
                    }
                }
                struct ShowIntent: AppIntent {
                    static let title: LocalizedStringResource = "Show"
                    static var supportedModes: IntentModes { .foreground }
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
        ],
        nonTriggeringExamples: [
            // The same control on iPhone only.
            .widget("""
                struct OpenTimerControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.open-timer") {
                            ControlWidgetButton(action: OpenTimerIntent()) { Label("Timer", systemImage: "timer") }
                        }
                    }
                }
                struct OpenTimerIntent: OpenIntent {
                    static let title: LocalizedStringResource = "Open Timer"
                    @Parameter(title: "Screen") var target: TimerScreen
                }
                """),
            // A background intent on the watch.
            .watchWidget("""
                struct StartControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.start") {
                            ControlWidgetButton(action: StartIntent()) { Text("Start") }
                        }
                    }
                }
                struct StartIntent: AppIntent {
                    static let title: LocalizedStringResource = "Start"
                    static var supportedModes: IntentModes { .background }
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
            // openAppWhenRun only on iOS.
            .watchWidget("""
                struct StartControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.start") {
                            ControlWidgetButton(action: StartIntent()) { Text("Start") }
                        }
                    }
                }
                struct StartIntent: AppIntent {
                    static let title: LocalizedStringResource = "Start"
                    #if os(iOS)
                    static let openAppWhenRun = true
                    #endif
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        for control in context.model.controls {
            for target in control.targets where target.platforms.contains(.watchOS) {
                for action in control.actions(on: .watchOS) {
                    guard let declaration = action.intentType, let intent = context.model.intent(declaredBy: declaration),
                          let reason = intent.opensAppReason(on: .watchOS) else { continue }
                    context.report(action.actionLocation, """
                        control \(control.typeName) is built into watchOS target '\(target.name)' but its action \
                        \(intent.typeName) foregrounds the app (\(reason)); watchOS leaves such controls out of \
                        Control Center and the Smart Stack. Use an intent that runs in the background on the watch.
                        """, target: target)
                }
            }
        }
    }
}
