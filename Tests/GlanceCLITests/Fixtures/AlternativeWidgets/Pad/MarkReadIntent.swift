import AppIntents

/// The Live Activity's button; the system runs this declaration, in the app.
struct MarkReadIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Mark Read"

    func perform() async throws -> some IntentResult {
        Library.shared.markCurrentPageRead()
        return .result()
    }
}

@MainActor
final class Library {
    static let shared = Library()
    private(set) var pagesRead = 0

    func markCurrentPageRead() { pagesRead += 1 }
}
