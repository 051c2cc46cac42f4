import AppIntents

/// The timer toggle's action. The system sets `value`; perform() makes the stored state match it.
struct ToggleTimerIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Productivity Timer"

    @Parameter(title: "Timer is running")
    var value: Bool

    func perform() async throws -> some IntentResult {
        TimerState.setRunning(value)
        return .result()
    }
}
