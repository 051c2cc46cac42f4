import AlarmKit
import SwiftUI

/// Schedules a focus countdown with AlarmKit. Its countdown and paused states are drawn by
/// AlarmLiveActivity in the widget extension.
struct AlarmScheduler {
    func scheduleFocusCountdown(minutes: Int) async throws {
        let alert = AlarmPresentation.Alert(title: "Focus session done")
        let countdown = AlarmPresentation.Countdown(title: "Focusing")
        let paused = AlarmPresentation.Paused(title: "Paused", resumeButton: AlarmButton(text: "Resume", textColor: .white, systemImageName: "play.fill"))
        let presentation = AlarmPresentation(alert: alert, countdown: countdown, paused: paused)
        let attributes = AlarmAttributes<TimerMetadata>(presentation: presentation, metadata: TimerMetadata(focusMinutes: minutes), tintColor: .orange)
        let configuration = AlarmManager.AlarmConfiguration.timer(duration: TimeInterval(minutes * 60), attributes: attributes)
        _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: configuration)
    }
}
