import AppIntents
import Foundation

/// A fire-and-forget button: records the start of a break in the App Group.
struct StartBreakIntent: AppIntent {
    static let title: LocalizedStringResource = "Start a Break"

    func perform() async throws -> some IntentResult {
        TimerState.startBreak(at: Date())
        return .result()
    }
}
