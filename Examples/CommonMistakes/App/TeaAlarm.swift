import AlarmKit
import AppIntents
import SwiftUI

/// Mistake: the alarm is scheduled with one fresh id and its stop button carries another: the button stops an
/// alarm that does not exist (alarm_id_unknown).
func scheduleTeaAlarm() async throws {
    let attributes = AlarmAttributes<FocusMetadata>(presentation: AlarmPresentation(alert: AlarmPresentation.Alert(title: "Tea")), tintColor: .green)
    _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .alarm(schedule: .fixed(.now.addingTimeInterval(180)), attributes: attributes,
                                                                              stopIntent: StopTeaIntent(alarmID: UUID().uuidString)))
}

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
