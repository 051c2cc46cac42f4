import GlanceProject
import GlanceSurfaces

/// An intent that runs in the app process must be compiled into the app.
struct IntentMissingAppMembership: Rule {
    static let description = RuleDescription(
        identifier: "intent_missing_app_membership",
        name: "App-process intent not in the app target",
        group: .controls,
        defaultSeverity: .error,
        summary: "An intent that runs in the app process (OpenIntent, openAppWhenRun, .foreground mode, LiveActivityIntent, AudioPlaybackIntent, ForegroundContinuableIntent) is used by a control, widget, Live Activity or alarm button, but its file is not a member of the app target.",
        rationale: """
            A widget or control button's intent runs in the widget extension, except intents that open the app \
            or conform to LiveActivityIntent, AudioPlaybackIntent or ForegroundContinuableIntent: the system runs \
            those in the app. If the intent's source file is only in the extension, the app has no such intent \
            and the tap fails silently ("Could not find an intent with identifier …"). Add the file to the app \
            target too. The system finds the intent by its type's name: an app that declares its own intent of \
            the same name (the extension holding a stub) has it.
            """,
        source: """
            Apple, Creating controls to perform actions across the system <https://developer.apple.com/documentation/widgetkit/creating-controls-to-perform-actions-across-the-system>; \
            Apple, Adding interactivity to widgets and Live Activities <https://developer.apple.com/documentation/widgetkit/adding-interactivity-to-widgets-and-live-activities>; \
            report: intent not found in the app process <https://github.com/gdelataillade/flutter_alarmkit/pull/12>
            """,
        premise: Premise("""
            The system runs an OpenIntent, a LiveActivityIntent, an AudioPlaybackIntent and intents that open the \
            app in the app's process, and Apple asks for them to be members of the app target; without that \
            membership, tapping the control, widget or alarm button does nothing.
            """, .documented),
        requires: [.targets, .embedding],
        triggeringExamples: [
            // The app's own copy is compiled only for watchOS: on iOS the app has none.
            RuleExample(files: [
                .widget("""
                    struct PauseButton: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "pause", provider: PauseProvider()) { _ in
                                Button(intent: PauseIntent()) { Text("Pause") }
                            }
                        }
                    }
                    struct ↓PauseIntent: LiveActivityIntent {
                        static let title: LocalizedStringResource = "Pause"
                        func perform() async throws -> some IntentResult { await Player.shared.pause(); return .result() }
                    }
                    """, name: "PauseButton.swift"),
                .app("""
                    #if os(watchOS)
                    struct PauseIntent: LiveActivityIntent {
                        static let title: LocalizedStringResource = "Pause"
                        func perform() async throws -> some IntentResult { .result() }
                    }
                    #endif
                    """, name: "PauseIntent.swift"),
            ]),
            // Opening a URL from perform(): reported as a warning.
            RuleExample(files: [
                .widget("""
                    struct OpenSiteControl: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "com.example.app.site") {
                                ControlWidgetButton(action: OpenSiteIntent()) { Label("Site", systemImage: "safari") }
                            }
                        }
                    }
                    struct ↓OpenSiteIntent: AppIntent {
                        static let title: LocalizedStringResource = "Open Site"
                        static let openAppWhenRun = true
                        func perform() async throws -> some IntentResult & OpensIntent {
                            .result(opensIntent: OpenURLIntent(URL(string: "https://example.com/today")!))
                        }
                    }
                    """),
            ]).reported(as: .warning),
            RuleExample(files: [
                .widget("""
                    struct OpenTimerControl: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "com.example.app.open-timer") {
                                ControlWidgetButton(action: OpenTimerIntent()) { Label("Timer", systemImage: "timer") }
                            }
                        }
                    }
                    """, name: "OpenTimerControl.swift"),
                .widget("""
                    struct ↓OpenTimerIntent: OpenIntent {
                        static let title: LocalizedStringResource = "Open Timer"
                        @Parameter(title: "Screen") var target: TimerScreen
                    }
                    """, name: "OpenTimerIntent.swift"),
            ]),
            RuleExample(files: [
                .widget("""
                    struct ↓PauseIntent: LiveActivityIntent {
                        static let title: LocalizedStringResource = "Pause"
                        func perform() async throws -> some IntentResult { await Player.shared.pause(); return .result() }
                    }
                    struct DeliveryLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: DeliveryAttributes.self) { context in
                                Button(intent: PauseIntent()) { Text("Pause") }
                            } dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("Order") } }
                                    compactLeading: { Text("A") } compactTrailing: { Text("B") } minimal: { Text("C") }
                            }
                        }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The intent does nothing yet: membership changes nothing until it does.
            RuleExample(files: [
                .widget("""
                    struct PauseButton: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "pause", provider: PauseProvider()) { _ in
                                Button(intent: PauseIntent()) { Text("Pause") }
                            }
                        }
                    }
                    struct PauseIntent: LiveActivityIntent {
                        static let title: LocalizedStringResource = "Pause"
                        func perform() async throws -> some IntentResult { .result() }
                    }
                    """),
            ]),
            RuleExample(files: [
                .widget("""
                    struct OpenTimerControl: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "com.example.app.open-timer") {
                                ControlWidgetButton(action: OpenTimerIntent()) { Label("Timer", systemImage: "timer") }
                            }
                        }
                    }
                    """, name: "OpenTimerControl.swift"),
                .shared("""
                    struct OpenTimerIntent: OpenIntent {
                        static let title: LocalizedStringResource = "Open Timer"
                        @Parameter(title: "Screen") var target: TimerScreen
                    }
                    """, name: "OpenTimerIntent.swift"),
            ]),
            // The extension holds a stub; the app declares the intent of the same name that does the work.
            RuleExample(files: [
                .widget("""
                    struct PauseButton: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "pause", provider: PauseProvider()) { _ in
                                Button(intent: PauseIntent()) { Text("Pause") }
                            }
                        }
                    }
                    struct PauseIntent: LiveActivityIntent {
                        static let title: LocalizedStringResource = "Pause"
                        func perform() async throws -> some IntentResult { .result() }
                    }
                    """, name: "PauseButton.swift"),
                .app("""
                    struct PauseIntent: LiveActivityIntent {
                        static let title: LocalizedStringResource = "Pause"
                        func perform() async throws -> some IntentResult {
                            Player.shared.pause()
                            return .result()
                        }
                    }
                    """, name: "PauseIntent.swift"),
            ]),
            // A background intent may live in the extension only.
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
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        var reported: Set<String> = []
        for use in model.intentUses {
            guard let intent = model.intent(of: use) else { continue }
            for target in use.targets {
                let platform = target.platforms.first
                guard let reason = intent.runsInAppReason(in: target, platform: platform) else { continue }
                let app = model.kind(of: target).isApp ? target : model.app(for: target)
                guard let app else {
                    context.skip("\(intent.typeName) runs in the app, but no app target embeds '\(target.name)'", file: context.relativePath(use.location))
                    continue
                }
                let members = context.resolver.targets(ofFile: intent.location.file)
                guard !members.contains(where: { $0.id == app.id }), !Self.appDeclares(intent.typeName, app: app, context: context),
                      reported.insert(intent.typeName + "|" + app.id).inserted else { continue }
                // An intent that runs in the app but does nothing there yet (perform() only returns): membership
                // changes nothing until it does. One that opens the app still needs to be found in it.
                if intent.opensAppReason(in: target, platform: platform) == nil, let perform = intent.perform, ConfigurationIntentPerform.isTrivial(perform) {
                    context.skip("\(intent.typeName) runs in the app, but its perform() does nothing yet; app membership not judged", file: context.relativePath(intent.location))
                    continue
                }
                let usedBy: String
                switch use.site {
                case .control: usedBy = "control \(use.owner)"
                case .widgetButton: usedBy = "a button in widget \(use.owner)"
                case .liveActivityButton: usedBy = "a button in the \(use.owner) Live Activity"
                case .alarm: usedBy = "an AlarmKit alarm"
                }
                // `.result(opensIntent: OpenURLIntent(…))`: developers report the tap works from the extension alone.
                let opensURL = intent.perform?.body?.allCalls.contains { $0.name == "OpenURLIntent" } ?? false
                let consequence = opensURL
                    ? "its perform() opens a URL through OpenURLIntent, which is reported to work from the extension, but the app may not be foregrounded as intended"
                    : "the tap fails silently"
                context.report(intent.location, """
                    \(intent.typeName) runs in the app process (\(reason)) and is used by \(usedBy), but \
                    \(context.shownPath(intent.location.file)) is not a member of app target '\(app.name)'; \(consequence). \
                    Add the file to '\(app.name)' as well.
                    """, target: app, severity: opensURL ? .warning : nil, subjects: [ViolationSubject(targetID: app.id)])
            }
        }
    }

    /// Whether the app compiles an intent of this (qualified) name in another file (not under an `#if` that
    /// leaves it out on the app's platforms): the system runs that one.
    static func appDeclares(_ typeName: String, app: Target, context: RuleContext) -> Bool {
        context.model.intents.contains { other in
            other.typeName == typeName && context.resolver.targets(ofFile: other.location.file).contains { $0.id == app.id }
                && context.resolver.build.compiles(other.type.conditions, in: app, file: other.type.location.file) != false
        }
    }
}
