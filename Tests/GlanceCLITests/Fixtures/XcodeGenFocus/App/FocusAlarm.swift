import AlarmKit
import SwiftUI

struct FocusMetadata: AlarmMetadata {}

/// Schedules a focus countdown; FocusWidgets draws its countdown and paused states.
func startFocus() async throws {
    let alert = AlarmPresentation.Alert(title: "Focus done", stopButton: .stopButton)
    let presentation = AlarmPresentation(alert: alert, countdown: AlarmPresentation.Countdown(title: "Focusing"),
                                         paused: AlarmPresentation.Paused(title: "Paused", resumeButton: .resumeButton))
    let attributes = AlarmAttributes<FocusMetadata>(presentation: presentation, metadata: FocusMetadata(), tintColor: .indigo)
    _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .timer(duration: 1500, attributes: attributes))
}
