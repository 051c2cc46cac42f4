import AlarmKit
import SwiftUI

/// Mistake: a countdown alarm, and no widget extension draws AlarmKit's Live Activity
/// (alarm_countdown_without_widget).
func scheduleFocusAlarm() async throws {
    let presentation = AlarmPresentation(alert: AlarmPresentation.Alert(title: "Done"), countdown: AlarmPresentation.Countdown(title: "Focusing"))
    let attributes = AlarmAttributes<FocusMetadata>(presentation: presentation, metadata: FocusMetadata(), tintColor: .blue)
    _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .timer(duration: 1_500, attributes: attributes))
}

struct FocusMetadata: AlarmMetadata {}
