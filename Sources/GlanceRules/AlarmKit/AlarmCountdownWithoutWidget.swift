import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// AlarmKit's countdown and paused presentations appear only through a widget extension's ActivityConfiguration.
struct AlarmCountdownWithoutWidget: Rule {
    static let description = RuleDescription(
        identifier: "alarm_countdown_without_widget",
        name: "Alarm countdown without a widget",
        group: .alarmKit,
        defaultSeverity: .error,
        summary: "An alarm is scheduled with a countdown or paused presentation, and no widget extension registers `ActivityConfiguration(for: AlarmAttributes<…>.self)` in its `@main` bundle.",
        rationale: """
            AlarmKit shows countdown and paused states on the Lock Screen and in the Dynamic Island through a \
            Live Activity that your widget extension draws. Without an `ActivityConfiguration(for: \
            AlarmAttributes<…>.self)` registered in the `@main` WidgetBundle of an extension the app embeds, \
            those states never appear (the alert still does).
            """,
        source: "seed alarmkit-live-activities-integration (Why You Need a Widget Extension; Checklist); facts AK-03, AK-08",
        requires: [.targets, .embedding],
        triggeringExamples: [
            .app("""
                func scheduleTimer() async throws {
                    let presentation = ↓AlarmPresentation(alert: alert, countdown: countdown, paused: paused)
                    let attributes = AlarmAttributes<TimerMetadata>(presentation: presentation, metadata: TimerMetadata(), tintColor: .orange)
                    _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .timer(duration: 600, attributes: attributes))
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                .app("""
                    func scheduleTimer() async throws {
                        let presentation = AlarmPresentation(alert: alert, countdown: countdown, paused: paused)
                        let attributes = AlarmAttributes<TimerMetadata>(presentation: presentation, metadata: TimerMetadata(), tintColor: .orange)
                        _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .timer(duration: 600, attributes: attributes))
                    }
                    """),
                .widget("""
                    @main
                    struct TimerWidgets: WidgetBundle {
                        var body: some Widget { AlarmLiveActivity() }
                    }
                    struct AlarmLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: AlarmAttributes<TimerMetadata>.self) { context in Text("Timer") }
                                dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                        }
                    }
                    """),
            ]),
            // Alert only: no widget needed.
            .app("""
                func scheduleAlarm() async throws {
                    let presentation = AlarmPresentation(alert: alert)
                    let attributes = AlarmAttributes<WakeMetadata>(presentation: presentation, metadata: nil, tintColor: .blue)
                    _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .alarm(schedule: schedule, attributes: attributes))
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        let countdowns = model.alarms.filter { !$0.presentations.filter { $0 == "countdown" || $0 == "paused" }.isEmpty }
        for alarm in countdowns {
            let apps = alarm.targets.compactMap { model.kind(of: $0) == .app ? $0 : model.app(for: $0) }
            guard model.registeredAlarmActivities(for: apps).isEmpty else { continue }
            var detail = ""
            if let declared = model.liveActivities.first(where: \.isAlarm) {
                let registering = declared.targets.filter { target in
                    model.isWidgetExtension(target) && (model.isBundled(declared.widget.type, in: target) ?? false)
                }
                detail = registering.isEmpty
                    ? " (\(declared.widget.typeName) declares one, but no @main WidgetBundle lists it)"
                    : " (\(declared.widget.typeName) is registered in \(quotedList(registering.map(\.name))), which \(quotedList(apps.map(\.name))) does not embed)"
            }
            context.report(alarm.presentationLocations.first ?? alarm.location, """
                this alarm has a \(alarm.presentations.filter { $0 != "alert" }.joined(separator: " and ")) presentation, but no widget \
                extension of the app registers ActivityConfiguration(for: AlarmAttributes<…>.self)\(detail); the countdown and paused \
                states will not appear. Add the Live Activity widget to the extension's @main bundle.
                """, target: alarm.targets.first)
        }
    }
}
