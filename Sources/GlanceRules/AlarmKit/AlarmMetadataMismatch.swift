import GlanceSourceIndex
import GlanceSurfaces

/// The widget must render `AlarmAttributes` with the metadata type the app schedules.
struct AlarmMetadataMismatch: Rule {
    static let description = RuleDescription(
        identifier: "alarm_metadata_mismatch",
        name: "Alarm metadata type differs between app and widget",
        group: .alarmKit,
        defaultSeverity: .warning,
        summary: "The app schedules `AlarmAttributes<A>` but the widget extension's `ActivityConfiguration` renders only `AlarmAttributes<B>`.",
        rationale: """
            AlarmAttributes is generic over its metadata; `AlarmAttributes<WakeMetadata>` and \
            `AlarmAttributes<AlarmMeta>` are different activity types. If the widget renders another metadata \
            type than the app schedules, the countdown and paused UI never appear.
            """,
        source: """
            Apple, AlarmAttributes <https://developer.apple.com/documentation/alarmkit/alarmattributes>; \
            Apple, AlarmMetadata <https://developer.apple.com/documentation/alarmkit/alarmmetadata>; \
            report: metadata type identity between app and widget <https://github.com/gdelataillade/flutter_alarmkit/pull/12>
            """,
        premise: Premise("""
            AlarmAttributes is generic over its metadata type and a Live Activity is drawn by the configuration for \
            its exact attributes type; when the widget renders another metadata type than the app schedules, the \
            countdown and paused states get no UI.
            """, .inferred),
        requires: [.targets, .embedding],
        triggeringExamples: [
            RuleExample(files: [
                .app("""
                    struct WakeMetadata: AlarmMetadata {}
                    func schedule() async throws {
                        let attributes = ↓AlarmAttributes<WakeMetadata>(presentation: presentation, metadata: WakeMetadata(), tintColor: .orange)
                        _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .timer(duration: 60, attributes: attributes))
                    }
                    """),
                .widget("""
                    @main struct Widgets: WidgetBundle { var body: some Widget { AlarmLiveActivity() } }
                    struct AlarmLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: AlarmAttributes<AlarmMeta>.self) { context in Text("Alarm") }
                                dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                        }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                .app("""
                    func schedule() async throws {
                        let attributes = AlarmAttributes<WakeMetadata>(presentation: presentation, metadata: WakeMetadata(), tintColor: .orange)
                        _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .timer(duration: 60, attributes: attributes))
                    }
                    """),
                .widget("""
                    struct AlarmLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: AlarmAttributes<WakeMetadata>.self) { context in Text("Alarm") }
                                dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                        }
                    }
                    """),
            ]),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        for use in model.alarmMetadataUses {
            // The alarm activities drawn for this app: registered in the @main bundle of an extension it embeds.
            let apps = use.targets.compactMap { model.kind(of: $0) == .app ? $0 : model.app(for: $0) }
            let rendered = model.registeredAlarmActivities(for: apps).compactMap { TypeName.genericArguments($0.attributes).first.map(TypeName.base) }
            guard !rendered.isEmpty, !rendered.contains(TypeName.base(use.metadata)) else { continue }
            // A generic parameter (`AlarmAttributes<M>` in a generic helper) names no type.
            guard context.resolver.primaryDeclaration(of: TypeName.base(use.metadata), from: use.location.file) != nil else { continue }
            context.report(use.location, "the app builds AlarmAttributes<\(use.metadata)> but the widget renders AlarmAttributes<\(rendered.joined(separator: ", "))>; countdown and paused UI will not appear (Glance infers this from Apple's documentation). Use the same metadata type in both.", target: use.targets.first)
        }
    }
}
