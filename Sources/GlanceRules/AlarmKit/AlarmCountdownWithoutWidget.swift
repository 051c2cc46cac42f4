import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// AlarmKit's countdown and paused presentations appear only through a widget extension's ActivityConfiguration.
struct AlarmCountdownWithoutWidget: Rule {
    static let description = RuleDescription(
        identifier: "alarm_countdown_without_widget",
        name: "Alarm countdown without a widget",
        group: .alarmKit,
        defaultSeverity: .warning,
        summary: "An alarm is scheduled with a countdown or paused presentation, and no widget extension registers `ActivityConfiguration(for: AlarmAttributes<…>.self)` in its `@main` bundle.",
        rationale: """
            AlarmKit shows countdown and paused states on the Lock Screen and in the Dynamic Island through a \
            Live Activity that your widget extension draws. Without an `ActivityConfiguration(for: \
            AlarmAttributes<…>.self)` registered in the `@main` WidgetBundle of an extension the app embeds, \
            those states never appear (the alert still does).
            """,
        source: """
            Apple, Scheduling an alarm with AlarmKit <https://developer.apple.com/documentation/alarmkit/scheduling-an-alarm-with-alarmkit>; \
            Apple, AlarmAttributes <https://developer.apple.com/documentation/alarmkit/alarmattributes>; \
            Apple, AlarmPresentation <https://developer.apple.com/documentation/alarmkit/alarmpresentation>
            """,
        premise: Premise("""
            Developers report that without a widget extension drawing `ActivityConfiguration(for: \
            AlarmAttributes<…>.self)`, an alarm's countdown and paused states never appear on the Lock Screen or in \
            the Dynamic Island (the alert still does); Apple's sample ships such a widget without saying it is \
            required.
            """, .reported),
        requires: [.targets, .embedding],
        triggeringExamples: [
            .app("""
                func scheduleTimer() async throws {
                    let presentation = AlarmPresentation(alert: alert, countdown: countdown, paused: paused)
                    let attributes = AlarmAttributes<TimerMetadata>(presentation: presentation, metadata: TimerMetadata(), tintColor: .orange)
                    _ = try await AlarmManager.shared.↓schedule(id: UUID(), configuration: .timer(duration: 600, attributes: attributes))
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
            // A countdown built only for a preview or a mock: nothing is scheduled with it.
            .app("""
                enum AlarmPreviewData {
                    static let presentation = AlarmPresentation(alert: alert, countdown: countdown, paused: paused)
                }
                func scheduleAlarm() async throws {
                    let attributes = AlarmAttributes<WakeMetadata>(presentation: AlarmPresentation(alert: alert), metadata: nil, tintColor: .blue)
                    _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .alarm(schedule: schedule, attributes: attributes))
                }
                """),
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
        // Countdown and paused presentations that ship (not built for previews or mocks), by the app they run in.
        var presentations: [String: (app: Target, alarm: AlarmSurface)] = [:]
        for alarm in model.alarms where !alarm.isPreviewOrMock && alarm.presentations.contains(where: { $0 == "countdown" || $0 == "paused" }) {
            for target in alarm.targets {
                guard let app = model.kind(of: target) == .app ? target : model.app(for: target), presentations[app.id] == nil else { continue }
                presentations[app.id] = (app, alarm)
            }
        }
        for (app, alarm) in presentations.values.sorted(by: { $0.app.name < $1.app.name }) {
            guard model.registeredAlarmActivities(for: [app]).isEmpty else { continue }
            let extensions = model.targets(ofKind: .widgetExtension).filter { model.hostApps(of: $0).contains { $0.id == app.id } }
            if let unread = model.unreadSource(in: extensions) {
                context.skip("app '\(app.name)' schedules countdown alarms, but Glance did not read \(context.shownPath(unread)), which may register their Live Activity; not checked")
                continue
            }
            // The finding belongs where the alarm is scheduled; an app that never schedules one has nothing to show.
            let schedules = model.apiUses(APIUse.alarmSchedule).filter { $0.targets.contains { $0.id == app.id } }.map(\.location)
            let configurations = model.alarms.filter { $0.isConfiguration && !$0.isPreviewOrMock && $0.targets.contains { $0.id == app.id } }.map(\.location)
            guard let anchor = (schedules.isEmpty ? configurations : schedules).sorted().first else {
                context.skip("app '\(app.name)' builds a countdown presentation (\(context.place(alarm.presentationLocations.first ?? alarm.location))) but never schedules an alarm Glance can see")
                continue
            }
            var detail = ""
            if let declared = model.liveActivities.first(where: \.isAlarm) {
                let registering = declared.targets.filter { target in
                    model.isWidgetExtension(target)
                }
                detail = registering.isEmpty
                    ? " (\(declared.widget.typeName) declares one, but no @main WidgetBundle lists it)"
                    : " (\(declared.widget.typeName) is registered in \(quotedList(registering.map(\.name))), which '\(app.name)' does not embed)"
            }
            let kinds = Set(model.alarms.filter { $0.targets.contains { $0.id == app.id } }.flatMap(\.presentations)).subtracting(["alert"]).sorted()
            context.report(anchor, """
                '\(app.name)' schedules alarms with a \(kinds.joined(separator: " and ")) presentation \
                (\(context.place(alarm.presentationLocations.first ?? alarm.location))), but no widget extension of the app registers \
                ActivityConfiguration(for: AlarmAttributes<…>.self)\(detail); the countdown and paused states will not appear (developers report this; Apple does not document it). Add the \
                Live Activity widget to the extension's @main bundle.
                """, target: app)
        }
    }
}
