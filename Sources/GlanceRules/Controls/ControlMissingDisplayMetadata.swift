import GlanceSurfaces

/// Controls need `.displayName(_:)` and `.description(_:)` to be legible in the controls gallery.
struct ControlMissingDisplayMetadata: Rule {
    static let description = RuleDescription(
        identifier: "control_missing_display_metadata",
        name: "Control without display name or description",
        group: .controls,
        defaultSeverity: .warning,
        summary: "A control configuration has no `.displayName(_:)` or no `.description(_:)`.",
        rationale: """
            The controls gallery shows a control's display name and description. Without them the entry is \
            hard to recognise when people add controls to Control Center, the Lock Screen or the watch.
            """,
        source: """
            Apple, Creating controls to perform actions across the system <https://developer.apple.com/documentation/widgetkit/creating-controls-to-perform-actions-across-the-system>; \
            Apple, Adding refinements and configuration to controls <https://developer.apple.com/documentation/widgetkit/adding-refinements-and-configuration-to-controls>
            """,
        premise: Premise("""
            Without `.displayName(_:)` the controls gallery shows the app's name for the control, and without \
            `.description(_:)` its configuration view has no description, so people cannot tell the app's controls \
            apart when they add one.
            """, .documented),
        triggeringExamples: [
            .widget("""
                struct TimerToggle: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        ↓StaticControlConfiguration(kind: "com.example.app.timer", provider: TimerValueProvider()) { isOn in
                            ControlWidgetToggle("Timer", isOn: isOn, action: ToggleTimerIntent()) { on in Text(on ? "On" : "Off") }
                        }
                        .displayName("Timer")
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct TimerToggle: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.timer", provider: TimerValueProvider()) { isOn in
                            ControlWidgetToggle("Timer", isOn: isOn, action: ToggleTimerIntent()) { on in Text(on ? "On" : "Off") }
                        }
                        .displayName("Timer")
                        .description("Start and stop the timer.")
                    }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        for control in context.model.controls {
            guard let call = control.configurationCall else {
                context.skip("\(control.typeName): no control configuration found in body", file: context.relativePath(control.location))
                continue
            }
            let missing = ["displayName", "description"].filter { control.modifier($0) == nil }
            guard !missing.isEmpty else { continue }
            let list = missing.map { ".\($0)(_:)" }.joined(separator: " and ")
            context.report(call.location, "control \(control.typeName) has no \(list); the controls gallery shows these to people adding the control.",
                           target: control.targets.first(where: context.model.isWidgetExtension) ?? control.targets.first)
        }
    }
}
