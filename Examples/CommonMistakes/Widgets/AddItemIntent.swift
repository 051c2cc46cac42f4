import AppIntents
import Foundation

/// Mistake: OpenURLIntent with a custom scheme may be ignored (open_url_intent_custom_scheme).
struct AddItemIntent: AppIntent {
    static let title: LocalizedStringResource = "Add item"

    func perform() async throws -> some IntentResult & OpensIntent {
        .result(opensIntent: OpenURLIntent(URL(string: "mistakes://add")!))
    }
}

/// Mistake: "opensAppWhenRun" is not the requirement openAppWhenRun (intent_requirement_typo).
struct ContinueIntent: AppIntent {
    static let title: LocalizedStringResource = "Continue"
    static let opensAppWhenRun: Bool = true

    func perform() async throws -> some IntentResult { .result() }
}
