import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// An alarm scheduled with one id while the intent of its buttons carries another that nothing holds.
struct AlarmIDUnknown: Rule {
    static let description = RuleDescription(
        identifier: "alarm_id_unknown",
        name: "Alarm intent carries an id no alarm has",
        group: .alarmKit,
        defaultSeverity: .warning,
        summary: "`AlarmManager.shared.schedule(id:configuration:)` schedules one id while the configuration's stop or secondary intent carries another, where the scheduling code shows both.",
        rationale: """
            The stop and secondary buttons of an alarm run the intents of its configuration, and those act on the \
            alarm whose id they carry: Apple's sample makes one `UUID`, schedules the alarm with it and gives the same \
            id to the intents. An intent built with another fresh `UUID()`, or with a property while the scheduled id \
            was made inline and kept nowhere, acts on an alarm that does not exist: the button does nothing. The rule \
            decides only where the ids' flow is visible in the function that schedules (the id and the configuration \
            made there, directly or through local names); where the configuration or the intent comes from elsewhere, \
            or the scheduled id is kept in something another name may read, it stays silent and records a skip.
            """,
        source: """
            Apple, Scheduling an alarm with AlarmKit <https://developer.apple.com/documentation/alarmkit/scheduling-an-alarm-with-alarmkit>; \
            Apple, AlarmManager.schedule(id:configuration:) <https://developer.apple.com/documentation/alarmkit/alarmmanager/schedule(id:configuration:)>; \
            Apple, AlarmManager.AlarmConfiguration <https://developer.apple.com/documentation/alarmkit/alarmmanager/alarmconfiguration>
            """,
        premise: Premise("An alarm's stop and secondary intents act on the alarm whose id they carry; an id that no scheduled alarm has finds no alarm, so the button does nothing.", .inferred),
        triggeringExamples: [
            // FC3-22: a fresh UUID() for the alarm, another for the intent.
            .app("""
                func scheduleTea() async throws {
                    let configuration = AlarmManager.AlarmConfiguration(countdownDuration: .init(preAlert: 180, postAlert: nil),
                        attributes: attributes, stopIntent: StopTeaIntent(alarmID: ↓UUID().uuidString),
                        secondaryIntent: RepeatTeaIntent(alarmID: ↓UUID().uuidString))
                    _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: configuration)
                }
                """),
            // The alarm's id is made inline and kept nowhere; the intent carries a property.
            .app("""
                final class TeaTimer {
                    var alarmID = UUID()
                    func start() async throws {
                        _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .timer(duration: 180, attributes: attributes,
                            stopIntent: StopTeaIntent(alarmID: ↓alarmID.uuidString)))
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // Apple's sample: one id for the alarm and its intents.
            .app("""
                func scheduleTea() async throws {
                    let id = UUID()
                    let configuration = AlarmManager.AlarmConfiguration(countdownDuration: .init(preAlert: 180, postAlert: nil),
                        attributes: attributes, stopIntent: StopTeaIntent(alarmID: id.uuidString), secondaryIntent: RepeatTeaIntent(alarmID: id.uuidString))
                    _ = try await AlarmManager.shared.schedule(id: id, configuration: configuration)
                }
                """),
            // The same property for both; and an id kept in the property the intent reads.
            .app("""
                final class TeaTimer {
                    var alarmID = UUID()
                    func start() async throws {
                        _ = try await AlarmManager.shared.schedule(id: alarmID, configuration: .timer(duration: 180, attributes: attributes,
                            stopIntent: StopTeaIntent(alarmID: alarmID.uuidString)))
                    }
                    func again() async throws {
                        let id = UUID()
                        alarmID = id
                        _ = try await AlarmManager.shared.schedule(id: id, configuration: .timer(duration: 180, attributes: attributes,
                            stopIntent: StopTeaIntent(alarmID: self.alarmID.uuidString)))
                    }
                }
                """),
            // The configuration comes from elsewhere (a parameter, a helper that may set the intents' ids): a skip.
            .app("""
                func schedule(_ configuration: AlarmManager.AlarmConfiguration<TeaMetadata>) async throws {
                    _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: configuration)
                }
                func scheduleTea() async throws {
                    _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: TeaAlarm.configuration(stopIntent: StopTeaIntent(alarmID: UUID().uuidString)))
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        for schedule in context.model.alarmSchedules where !schedule.targets.isEmpty {
            guard schedule.configurationIsVisible else {
                context.skip("\(context.place(schedule.location)): the alarm's configuration is made elsewhere; the ids of its intents are not checked",
                             file: context.relativePath(schedule.location))
                continue
            }
            for intent in schedule.intents {
                switch Self.verdict(scheduled: schedule.id, carried: intent.id, kept: schedule.idIsKept) {
                case .same:
                    continue
                case .unknown:
                    context.skip("\(context.place(intent.location)): whether \(intent.id.text) holds the id \(schedule.id.text) the alarm is scheduled with is not visible here",
                                 file: context.relativePath(intent.location))
                case .different(let why):
                    context.report(intent.location, """
                        the alarm is scheduled with \(schedule.id.text) but its \(intent.role) \(intent.type) carries \(intent.id.text)\(why): the \
                        button acts on an alarm that does not exist (Glance infers this from Apple's documentation). Give the intent the id the alarm is scheduled with.
                        """, target: schedule.targets.first)
                }
            }
        }
    }

    enum Verdict: Equatable { case same, different(String), unknown }

    /// Whether an intent's id is the scheduled one, as far as the scheduling function shows.
    static func verdict(scheduled: AlarmSchedule.IDSource, carried: AlarmSchedule.IDSource, kept: Bool) -> Verdict {
        switch (scheduled, carried) {
        case (.fresh(let place, _), .fresh(let other, _)):
            return place == other ? .same : .different(", a UUID of its own")
        case (_, .fresh):
            return .different(", a UUID of its own")
        case (.fresh(_, nil), .expression):
            return .different(", while the UUID the alarm gets is made in the call and kept nowhere")
        case (.fresh(_, _?), .expression):
            return kept ? .unknown : .different(", while the alarm's id is kept nowhere")
        case (.expression(let first), .expression(let second)):
            return first == second || first == "self." + second || second == "self." + first ? .same : .unknown
        default:
            return .unknown
        }
    }
}
