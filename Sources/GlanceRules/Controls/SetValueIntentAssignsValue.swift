import GlanceSourceIndex
import GlanceSurfaces

/// `perform()` of a `SetValueIntent` must not set `value`: the system fills it with the state the user asked for.
struct SetValueIntentAssignsValue: Rule {
    static let description = RuleDescription(
        identifier: "set_value_intent_assigns_value",
        name: "SetValueIntent assigns its value",
        group: .controls,
        defaultSeverity: .error,
        summary: "`perform()` of a SetValueIntent assigns to `value` (`value = …`, `self.value = …`, `value.toggle()`).",
        rationale: """
            The system sets a SetValueIntent's `value` to the state the user chose before it calls `perform()`. \
            Changing it there makes the toggle drift or jitter between taps. Treat `value` as input: change your \
            model to match it.
            """,
        source: """
            Apple, Creating controls to perform actions across the system <https://developer.apple.com/documentation/widgetkit/creating-controls-to-perform-actions-across-the-system>; \
            Apple, SetValueIntent <https://developer.apple.com/documentation/appintents/setvalueintent>
            """,
        premise: Premise("""
            The system sets a SetValueIntent's `value` to the toggle's new state before `perform()` runs and asks \
            apps not to set it; a `perform()` that changes it acts on another state than the one the person chose, \
            so the toggle and the app disagree.
            """, .documented),
        triggeringExamples: [
            .widget("""
                struct ToggleTimerIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Timer"
                    @Parameter(title: "Running") var value: Bool
                    func perform() async throws -> some IntentResult {
                        ↓value = !TimerStore.isRunning
                        TimerStore.isRunning = value
                        return .result()
                    }
                }
                """),
            .widget("""
                struct ToggleLampIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Lamp"
                    @Parameter(title: "On") var value: Bool
                    mutating func perform() async throws -> some IntentResult {
                        self.↓value.toggle()
                        return .result()
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct ToggleTimerIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Timer"
                    @Parameter(title: "Running") var value: Bool
                    func perform() async throws -> some IntentResult {
                        TimerStore.isRunning = value
                        return .result()
                    }
                }
                """),
            // A local variable named `value` is not the parameter.
            .widget("""
                struct SetVolumeIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Volume"
                    @Parameter(title: "Loud") var value: Bool
                    func perform() async throws -> some IntentResult {
                        var level = 0.2
                        if value { level = 1.0 }
                        Player.shared.volume = level
                        return .result()
                    }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        for intent in context.model.intents where intent.conformances.contains("SetValueIntent") {
            guard let body = intent.perform?.body else { continue }
            var shadowed = false
            body.walk { if case .binding("value", _, _, _) = $0 { shadowed = true } }
            if shadowed { continue }
            body.walk { expr in
                switch expr {
                case .assignment(let target, _, _, let location) where Self.isValue(target):
                    context.report(location, message(intent))
                case .call(let call) where call.name == "toggle" && call.base.map(Self.isValue) == true:
                    context.report(call.base!.location, message(intent))
                default:
                    break
                }
            }
        }
    }

    static func isValue(_ expr: Expr) -> Bool {
        switch expr {
        case .identifier("value", _): return true
        case .member(.identifier("self", _)?, "value", _): return true
        default: return false
        }
    }

    private func message(_ intent: IntentSurface) -> String {
        "\(intent.typeName).perform() changes `value`, which the system sets to the state the user chose; the control will drift. Update your model to match `value` instead."
    }
}
