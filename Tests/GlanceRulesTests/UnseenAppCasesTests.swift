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

    /// An app that registers the link's scheme, links a package Glance does not read and applies a modifier of
    /// it at its root: the handler may be the package's; the skip names the modifier and the packages. The same
    /// app with every package read is judged, and so is one that only links the package (FC3-12).
    @Test func deepLinksOfAnAppWithUnreadPackagesAreSkipped() {
        let files: [ExampleFile] = [
            .widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                            SummaryView(entry: entry).widgetURL(URL(string: "shop://summary"))
                        }
                    }
                }
                """),
            .app("""
                import AppRuntime
                @main
                struct ShopApp: App {
                    var body: some Scene { WindowGroup { ContentView().appRuntime() } }
                }
                """),
        ]
        let registered = RuleExample(files: files).with("App") {
            $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("shop")])])]))
        }
        let unread = registered.with("App") { $0.unreadPackages = ["AppRuntime", "Analytics"] }
        let skipped = Linter().lint(ExampleRunner.model(for: unread))
        #expect(skipped.violations.filter { $0.rule == "deep_link_unhandled" }.isEmpty)
        #expect(skipped.skips.contains { $0.rule == "deep_link_unhandled" && $0.file == "Widgets/Example.swift"
            && $0.reason == "app 'App' applies .appRuntime() at its root, in a file that imports a package Glance does not read (AppRuntime, Analytics), which may handle URLs; SummaryWidget's deep link not checked" })
        let judged = Linter().lint(ExampleRunner.model(for: registered)).violations.filter { $0.rule == "deep_link_unhandled" }
        #expect(judged.map { "\($0.file):\($0.line)" } == ["Widgets/Example.swift:4"])
        // Linked, but handed nothing: the app file neither imports it nor applies its modifier.
        var linkedOnly = RuleExample(files: [files[0], .app("""
            @main
            struct ShopApp: App {
                var body: some Scene { WindowGroup { ContentView() } }
            }
            """)])
        linkedOnly = linkedOnly.with("App") {
            $0.unreadPackages = ["AppRuntime", "Analytics"]
            $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("shop")])])]))
        }
        let reported = Linter().lint(ExampleRunner.model(for: linkedOnly)).violations.filter { $0.rule == "deep_link_unhandled" }
        #expect(reported.map { "\($0.file):\($0.line)" } == ["Widgets/Example.swift:4"])
    }
}
