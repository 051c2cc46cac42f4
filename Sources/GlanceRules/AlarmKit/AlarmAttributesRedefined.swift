import GlanceSurfaces

/// AlarmKit provides `AlarmAttributes`; a project type of that name shadows it.
struct AlarmAttributesRedefined: Rule {
    static let description = RuleDescription(
        identifier: "alarm_attributes_redefined",
        name: "AlarmAttributes redefined",
        group: .alarmKit,
        defaultSeverity: .warning,
        summary: "The project declares its own type named `AlarmAttributes`.",
        rationale: """
            AlarmKit provides `AlarmAttributes<Metadata>`, the ActivityAttributes type its countdown and paused \
            presentations use. A project type with the same name shadows it, so the widget's \
            `ActivityConfiguration(for: AlarmAttributes.self)` no longer matches the alarms AlarmKit starts. \
            Import AlarmKit and use its type; pass app data through an AlarmMetadata type.
            """,
        source: """
            Apple, AlarmAttributes <https://developer.apple.com/documentation/alarmkit/alarmattributes>; \
            Apple, Scheduling an alarm with AlarmKit <https://developer.apple.com/documentation/alarmkit/scheduling-an-alarm-with-alarmkit>
            """,
        premise: Premise("""
            AlarmKit starts its alarms' Live Activities with its own `AlarmAttributes<Metadata>`; a project type of \
            the same name shadows it, so the widget's `ActivityConfiguration(for: AlarmAttributes.self)` configures \
            the project's type and the countdown and paused states get no UI.
            """, .inferred),
        triggeringExamples: [
            .widget("""
                struct ↓AlarmAttributes: ActivityAttributes {
                    struct ContentState: Codable, Hashable { var remaining: TimeInterval }
                    var title: String
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct TimerMetadata: AlarmMetadata {
                    var label: String
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        for type in context.resolver.allTypes where type.name == "AlarmAttributes" && type.kind != .extension {
            context.report(type.location, "the project declares its own AlarmAttributes, which shadows AlarmKit's; countdown and paused alarm UI will not match (Glance infers this from Apple's documentation). Remove it and use AlarmKit's AlarmAttributes<Metadata> with an AlarmMetadata type.",
                           target: context.resolver.targets(of: type).first)
        }
    }
}
