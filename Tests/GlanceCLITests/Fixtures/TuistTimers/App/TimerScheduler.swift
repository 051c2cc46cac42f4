import AlarmKit
import SwiftUI

/// Schedules a countdown timer; its countdown and paused states are drawn by TimerWidgets' Live Activity.
struct TimerScheduler {
    func start(minutes: Int) async throws {
        let alert = AlarmPresentation.Alert(title: "Time's up", stopButton: .stopButton)
        let countdown = AlarmPresentation.Countdown(title: "Counting down")
        let paused = AlarmPresentation.Paused(title: "Paused", resumeButton: .resumeButton)
        let presentation = AlarmPresentation(alert: alert, countdown: countdown, paused: paused)
        let attributes = AlarmAttributes<TimerMetadata>(presentation: presentation, metadata: TimerMetadata(label: "Tea"), tintColor: .orange)
        _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .timer(duration: TimeInterval(minutes * 60), attributes: attributes))
    }
}
