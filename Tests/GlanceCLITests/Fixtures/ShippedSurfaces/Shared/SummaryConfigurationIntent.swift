import AppIntents

/// A widget's configuration intent that is also an App Shortcut: the shortcut runs its perform().
struct SummaryConfigurationIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Summary"
    @Parameter(title: "Days", default: 7) var days: Int

    func perform() async throws -> some IntentResult {
        SharedStore.defaults?.set(days, forKey: "summaryDays")
        return .result()
    }
}
