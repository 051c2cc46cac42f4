import AlarmKit
import AppIntents
import SwiftUI

struct TeaMetadata: AlarmMetadata {}

struct StopTeaIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Stop"
    @Parameter(title: "Alarm") var alarmID: String

    init() {}
    init(alarmID: String) { self.alarmID = alarmID }

    func perform() async throws -> some IntentResult {
        if let id = UUID(uuidString: alarmID) { try AlarmManager.shared.stop(id: id) }
        return .result()
    }
}

enum TeaAlarms {
    static let attributes = AlarmAttributes<TeaMetadata>(presentation: AlarmPresentation(alert: .init(title: "Tea is ready")), tintColor: .green)

    // FC3-22: the alarm gets one fresh id, its stop button another.
    static func scheduleGreenTea() async throws {
        let configuration = AlarmManager.AlarmConfiguration.alarm(schedule: .fixed(.now.addingTimeInterval(180)), attributes: attributes,
                                                                  stopIntent: StopTeaIntent(alarmID: UUID().uuidString))
        _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: configuration)
    }

    // One id for the alarm and its stop button.
    static func scheduleBlackTea() async throws {
        let id = UUID()
        _ = try await AlarmManager.shared.schedule(id: id, configuration: .alarm(schedule: .fixed(.now.addingTimeInterval(240)),
                                                                                 attributes: attributes, stopIntent: StopTeaIntent(alarmID: id.uuidString)))
    }

    // The configuration comes from the caller: not judged here.
    static func schedule(_ configuration: AlarmManager.AlarmConfiguration<TeaMetadata>) async throws {
        _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: configuration)
    }
}
