/// A `// glance:disable…` comment that suppresses nothing. The linter finds these after the other rules
/// ran (`InlineSuppressions`); this type gives the rule its id, metadata and examples, and its `validate`
/// reports nothing itself.
struct UnusedSuppression: Rule {
    static let description = RuleDescription(
        identifier: "unused_suppression",
        name: "Suppression that suppresses nothing",
        group: .suppressions,
        defaultSeverity: .warning,
        summary: "A `// glance:disable`, `disable:next` or `disable:this` comment covers no violation of the rules it names, names an unknown rule, or is not a valid suppression.",
        rationale: """
            A stale suppression hides the next real violation of its rule at that place, and a misspelled one \
            silences nothing while looking as if it did. Remove the comment, or fix the rule id. Suppressions \
            of rules the configuration disables are not reported. `all` does not cover this rule: to keep a \
            suppression that is unused on purpose, name `unused_suppression` in a suppression of its own line.
            """,
        source: """
            SwiftLint, superfluous_disable_command <https://realm.github.io/SwiftLint/superfluous_disable_command.html>
            """,
        premise: Premise("""
            A `glance:disable` comment that covers no violation still silences the next real violation of its rule \
            at that place, and a misspelled one silences nothing while looking as if it did.
            """, .defined),
        triggeringExamples: [
            .widget("""
                struct SummaryView: View {
                    var body: some View {
                        ↓// glance:disable:next widget_url_multiple
                        Text("Summary").widgetURL(URL(string: "exampleapp://summary"))
                    }
                }
                """),
            .widget("""
                struct SummaryView: View {
                    var body: some View {
                        Text("Summary") ↓// glance:disable:this widget_url_multipel
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // Prose that happens to start with the marker is no suppression.
            .widget("""
                // glance: a quick look at today's numbers
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                """),
            .widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                            VStack {
                                Text(entry.title).widgetURL(URL(string: "exampleapp://title"))
                                // glance:disable:next widget_url_multiple - the detail URL is for iOS 16
                                Text(entry.detail).widgetURL(URL(string: "exampleapp://detail"))
                            }
                        }
                    }
                }
                """),
        ])

    func validate(_ context: RuleContext) {}
}
