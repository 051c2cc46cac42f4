import AppIntents
import UIKit

/// The configured intent of OpenSectionControl, and its action: it opens the app, so the app compiles it too.
struct OpenSectionIntent: ControlConfigurationIntent {
    static let title: LocalizedStringResource = "Open Section"
    static let openAppWhenRun = true

    @Parameter(title: "Section", default: "Library")
    var section: String

    @MainActor
    func perform() async throws -> some IntentResult {
        SectionRouter.shared.pending = section
        if let application = UIApplication.value(forKeyPath: #keyPath(UIApplication.shared)) as? UIApplication {
            application.applicationIconBadgeNumber = 0
        }
        return .result()
    }
}

@MainActor
final class SectionRouter {
    static let shared = SectionRouter()
    var pending: String?
}
