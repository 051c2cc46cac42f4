import GlanceRules
import GlanceSurfaces
import Testing

/// Kinds of false findings met on public apps Glance had not been tuned on, each as a small input: the right
/// verdict, and the finding that must stay.
struct UnseenAppCasesTests {
    static let summaryWidget = """
        struct SummaryWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
            }
        }
        """

    /// A bundle whose body returns a list Glance cannot read (a package's static property): bundle membership is
    /// not judged, and the skip says why; a list it can read is judged.
    @Test func bundleListedThroughAnUnreadListIsSkipped() {
        let unread = RuleExample(files: [.widget("""
            @main
            struct AppWidgets: WidgetBundle {
                var body: some Widget { SharedWidgets.all }
            }
            """ + "\n" + Self.summaryWidget)])
        let result = Linter().lint(ExampleRunner.model(for: unread))
        #expect(result.violations.filter { $0.rule == "widget_not_in_bundle" }.isEmpty)
        #expect(result.skips.contains { $0.rule == "widget_not_in_bundle" && $0.reason == "AppWidgets.body uses SharedWidgets.all, which Glance cannot follow; bundle membership not checked" })

        let readable = RuleExample(files: [.widget("""
            @main
            struct AppWidgets: WidgetBundle {
                var body: some Widget { SharedWidgets.all }
            }
            enum SharedWidgets {
                @WidgetBundleBuilder static var all: some Widget { OtherWidget() }
            }
            """ + "\n" + Self.summaryWidget)])
        let judged = Linter().lint(ExampleRunner.model(for: readable)).violations.filter { $0.rule == "widget_not_in_bundle" }
        #expect(judged.map { "\($0.file):\($0.line)" } == ["Widgets/Example.swift:8"])
    }
}
