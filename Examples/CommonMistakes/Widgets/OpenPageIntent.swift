import AppIntents
import UIKit

/// Mistake: UIApplication.shared does not exist in the widget extension (extension_intent_uses_app_api).
struct OpenPageIntent: AppIntent {
    static let title: LocalizedStringResource = "Open page"

    @MainActor func perform() async throws -> some IntentResult {
        await UIApplication.shared.open(URL(string: "mistakes://page")!)
        return .result()
    }
}
