import AppIntents

/// Mistake: a LiveActivityIntent runs in the app, but the app does not own this folder
/// (intent_missing_app_membership).
struct SkipStepIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Skip Step"

    func perform() async throws -> some IntentResult {
        await Steps.shared.skip()
        return .result()
    }
}
