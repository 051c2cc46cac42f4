import AppIntents

/// Mistake: a LiveActivityIntent runs in the app, but this file is compiled into the extension only
/// (intent_missing_app_membership).
struct ReorderIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Order again"

    func perform() async throws -> some IntentResult {
        await OrderHistory.shared.reorderLast()
        return .result()
    }
}
