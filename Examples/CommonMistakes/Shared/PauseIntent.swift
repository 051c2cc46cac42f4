import AppIntents
import Foundation

/// Mistake: perform() only posts a notification; a tap that launches the app is lost
/// (intent_posts_notification_only).
struct PauseWorkoutIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Pause"

    func perform() async throws -> some IntentResult {
        NotificationCenter.default.post(name: Notification.Name("pauseWorkout"), object: nil)
        return .result()
    }
}
