import GlanceProject
import GlanceSurfaces

/// iPhone controls reach a paired Apple Watch only when the watch app offers no controls of its own, and
/// then only those that do not foreground the iPhone app.
struct ControlOpensAppOnWatch: Rule {
    static let description = RuleDescription(
        identifier: "control_opens_app_on_watch",
        name: "iPhone control that opens the app cannot reach the watch",
        group: .controls,
        defaultSeverity: .warning,
        summary: "An iPhone control foregrounds the app (OpenIntent, openAppWhenRun, supportedModes .foreground) while the project's watch app offers no controls of its own, so the watch, which relays iPhone controls, leaves it out.",
        rationale: """
            On Apple Watch, people place controls from the watchOS app or, when the watchOS app offers none, from \
            the paired iPhone. An iPhone control runs its action on the iPhone; one that would foreground the \
            iPhone app is filtered out of watch placement, because the person tapped on the watch. So the control \
            silently never appears in the watch's Control Center or Smart Stack. Give the watch app a control of \
            its own (a control in a watchOS widget extension may open the watch app), or use an intent that runs \
            in the background. Controls built into a watchOS target are the watch's own and are not judged here. \
            A warning, and opt-in (list it in `opt_in_rules`): that iPhone controls which open the app are left \
            out of the watch is reported by developers, not stated by Apple.
            """,
        source: """
            Apple, Controls <https://developer.apple.com/documentation/widgetkit/controls-collection>; \
            Apple, openAppWhenRun <https://developer.apple.com/documentation/appintents/appintent/openappwhenrun>; \
            Apple, supportedModes <https://developer.apple.com/documentation/appintents/appintent/supportedmodes>
            """,
        premise: Premise("""
            An iPhone control whose action opens the iPhone app is left out of Apple Watch's Control Center and \
            Smart Stack when the watch app offers no controls of its own, so people never find it on the watch.
            """, .reported),
        // Off unless `opt_in_rules` lists it: nothing Apple publishes confirms the premise, and developers who build
        // controls to open the app rarely change them for it.
        enabledByDefault: false,
        requires: [.targets],
        triggeringExamples: [
            .widget("""
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
            .widget("""
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
            // A watchOS control that opens the watch app (watchOS 26).
            .watchWidget("""
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
            // The watch app offers controls of its own, so iPhone controls are not placed on the watch.
            RuleExample(files: [
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
                .watchWidget("""
                    struct StartControl: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "com.example.app.watch.start") {
                                ControlWidgetButton(action: StartIntent()) { Text("Start") }
                            }
                        }
                    }
                    """),
            ]),
            // No watch app: nothing is relayed.
            RuleExample(files: [.widget("""
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
                """)], targets: ExampleTarget.defaults.filter { $0.platform == .iOS }.map { target in
                    var phoneOnly = target
                    phoneOnly.embeds = phoneOnly.embeds.filter { $0 != "Watch" }
                    return phoneOnly
                }),
            // A background intent.
            .widget("""
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
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        for control in model.controls {
            guard let target = control.targets.first(where: { $0.platforms.contains(.iOS) && !$0.platforms.contains(.watchOS) }) else { continue }
            // The watch apps paired with this control's iPhone app (a folder may hold several projects).
            let watchApps = model.app(for: target).map(model.watchApps(pairedWith:)) ?? model.targets(ofKind: .watchApp)
            guard !watchApps.isEmpty else { continue }
            // Controls the watch offers itself: then only those can be placed on the watch (iPhone ones are not).
            let watchHasControls = model.controls.contains { other in
                other.targets.contains { owner in owner.platforms.contains(.watchOS) && watchApps.contains { model.belongs(owner, toWatchApp: $0) } }
            }
            guard !watchHasControls else { continue }
            for action in control.actions(in: target, platform: .iOS) {
                guard let declaration = action.intentType, let intent = model.intent(declaredBy: declaration),
                      let reason = intent.opensAppReason(in: target, platform: .iOS) else { continue }
                context.report(action.actionLocation, """
                    control \(control.typeName) foregrounds the iPhone app (\(intent.typeName): \(reason)); watch app \
                    '\(watchApps[0].name)' offers no controls of its own, so the watch relays the iPhone's and leaves this \
                    one out (developers report this; Apple does not document it). Give the watch app its own control, or use an intent that runs in the background.
                    """, target: target)
            }
        }
    }
}
