import GlanceSourceIndex
import GlanceSurfaces

/// Configuration intents describe a widget's or control's options; they are not run as actions.
struct ConfigurationIntentPerform: Rule {
    static let description = RuleDescription(
        identifier: "configuration_intent_perform",
        name: "Configuration intent implements perform()",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "A WidgetConfigurationIntent or ControlConfigurationIntent implements `perform()`.",
        rationale: """
            A configuration intent only declares the parameters of the edit sheet; the framework supplies a \
            `perform()` that is never called as an action, and whether the system calls yours is not documented. \
            Load data in the timeline or value provider from the parameters instead. (An intent that is also \
            used as an action, and a `perform()` that only returns `.result()` (after logging at most), are left alone.)
            """,
        source: """
            Apple, WidgetConfigurationIntent <https://developer.apple.com/documentation/appintents/widgetconfigurationintent>; \
            Apple, Adding refinements and configuration to controls <https://developer.apple.com/documentation/widgetkit/adding-refinements-and-configuration-to-controls>
            """,
        premise: Premise("""
            A configuration intent's parameters are the widget's or control's settings; developers' guides say the \
            system never runs its `perform()` as an action (Apple does not say when it does), so work put there does \
            not happen.
            """, .reported),
        triggeringExamples: [
            .widget("""
                struct SectionConfiguration: WidgetConfigurationIntent {
                    static let title: LocalizedStringResource = "Section"
                    @Parameter(title: "Section", default: .inbox) var section: AppSection
                    func ↓perform() async throws -> some IntentResult {
                        await SectionStore.shared.preload(section)
                        return .result()
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct SectionConfiguration: WidgetConfigurationIntent {
                    static let title: LocalizedStringResource = "Section"
                    @Parameter(title: "Section", default: .inbox) var section: AppSection
                }
                """),
            // Its perform() only logs: nothing is lost if it never runs.
            .widget("""
                struct TimerConfiguration: ControlConfigurationIntent {
                    static let title: LocalizedStringResource = "Timer"
                    func perform() async throws -> some IntentResult {
                        logger.debug("configured")
                        return .result()
                    }
                }
                """),
            // Also an App Shortcut's intent: the shortcut runs its perform() (FC3-05).
            RuleExample(files: [
                .widget("""
                    struct SectionConfiguration: WidgetConfigurationIntent {
                        static let title: LocalizedStringResource = "Section"
                        @Parameter(title: "Section", default: .inbox) var section: AppSection
                        func perform() async throws -> some IntentResult & OpensIntent {
                            await SectionStore.shared.open(section)
                            return .result()
                        }
                    }
                    """),
                .app("""
                    struct Shortcuts: AppShortcutsProvider {
                        static var appShortcuts: [AppShortcut] {
                            AppShortcut(intent: SectionConfiguration(), phrases: ["Open a section in \\(.applicationName)"],
                                        shortTitle: "Section", systemImageName: "folder")
                        }
                    }
                    """),
            ]),
            // A perform() that does nothing.
            .widget("""
                struct SectionConfiguration: WidgetConfigurationIntent {
                    static let title: LocalizedStringResource = "Section"
                    @Parameter(title: "Section", default: .inbox) var section: AppSection
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
            // Also the action of a control: its perform() runs.
            .widget("""
                struct OpenApp: AppIntent, ControlConfigurationIntent {
                    static let title: LocalizedStringResource = "Open"
                    static let openAppWhenRun = true
                    func perform() async throws -> some IntentResult { .result() }
                }
                struct OpenAppButton: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        AppIntentControlConfiguration(kind: "open", intent: OpenApp.self) { _ in
                            ControlWidgetButton(action: OpenApp()) { Text("Open") }
                        }
                    }
                }
                """),
            // The configured intent itself is the action: the content closure's parameter.
            .widget("""
                struct OpenPage: ControlConfigurationIntent {
                    static let title: LocalizedStringResource = "Open Page"
                    static let openAppWhenRun = true
                    @Parameter(title: "Page", default: "home") var page: String
                    func perform() async throws -> some IntentResult {
                        Navigator.shared.open(page)
                        return .result()
                    }
                }
                struct OpenPageControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        AppIntentControlConfiguration(kind: "open-page", intent: OpenPage.self) { configuration in
                            ControlWidgetButton(action: configuration) { Text("Open") }
                        }
                    }
                }
                """),
            // The extension and the app each declare the intent; the control uses it as its action.
            RuleExample(files: [
                .widget("""
                    struct OpenPageControl: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            AppIntentControlConfiguration(kind: "open-page", intent: OpenPage.self) { _ in
                                ControlWidgetButton(action: OpenPage()) { Text("Open") }
                            }
                        }
                    }
                    struct OpenPage: ControlConfigurationIntent {
                        static let title: LocalizedStringResource = "Open Page"
                        static let openAppWhenRun = true
                        @Parameter(title: "Page", default: "home") var page: String
                        func perform() async throws -> some IntentResult { .result() }
                    }
                    """),
                .app("""
                    struct OpenPage: ControlConfigurationIntent {
                        static let title: LocalizedStringResource = "Open Page"
                        static let openAppWhenRun = true
                        @Parameter(title: "Page", default: "home") var page: String
                        func perform() async throws -> some IntentResult {
                            Navigator.shared.open(page)
                            return .result()
                        }
                    }
                    """),
            ]),
        ])

    /// `perform()` that only returns `.result()` (with literal arguments), after logging at most, does nothing.
    static func isTrivial(_ perform: Member) -> Bool {
        guard var statements = perform.body?.statements else { return false }
        if statements.isEmpty { return true }
        // `print(…)`, `NSLog(…)`, `os_log(…)`, `logger.info(…)` before it.
        while statements.count > 1, case .call(let call) = statements[0], isLogging(call) { statements.removeFirst() }
        guard statements.count == 1 else { return false }
        var expr = statements[0]
        if case .returnStatement(let value?, _) = expr { expr = value }
        guard case .call(let call) = expr, call.name == "result", call.isImplicitMember else { return false }
        return call.arguments.allSatisfy { argument in
            switch argument.value {
            case .bool, .number, .string, .nilLiteral: return true
            default: return false
            }
        }
    }

    /// A call that only logs: `print`, `debugPrint`, `NSLog`, `os_log`, or a `Logger` level (`logger.debug(…)`).
    static func isLogging(_ call: Call) -> Bool {
        if call.base == nil { return ["print", "debugPrint", "NSLog", "os_log"].contains(call.name) }
        return ["debug", "info", "notice", "log", "trace", "warning", "error", "fault", "critical"].contains(call.name)
    }

    func validate(_ context: RuleContext) {
        // The system finds an action's intent by its type's name: every declaration of that name is the action. An
        // App Shortcut runs its intent's perform() too.
        let usedAsAction = Set(context.model.intentUses.map(\.intent)).union(context.model.appShortcutIntents)
        for intent in context.model.intents {
            guard let kind = ["WidgetConfigurationIntent", "ControlConfigurationIntent"].first(where: intent.conformances.contains),
                  let perform = intent.perform, !usedAsAction.contains(intent.typeName), !Self.isTrivial(perform) else { continue }
            context.report(perform.location, "\(intent.typeName) is a \(kind); the system does not run its perform() as an action (developers report this; Apple does not document it). Read the parameters in the provider instead and remove perform().",
                           target: intent.targets.first)
        }
    }
}
