import GlanceProject
import GlanceSurfaces

/// Surfaces that carry URLs need an app that handles URLs.
struct DeepLinkUnhandled: Rule {
    static let description = RuleDescription(
        identifier: "deep_link_unhandled",
        name: "Deep links with no URL handler",
        group: .deepLinks,
        defaultSeverity: .warning,
        summary: "Widgets, controls or Live Activities carry URLs (`widgetURL`, `Link`, `OpenURLIntent`) but the app target has no URL handler (`onOpenURL`, `application(_:open:options:)`, `scene(_:openURLContexts:)`, `scene(_:willConnectTo:options:)` reading `urlContexts`).",
        rationale: """
            A deep link opens the app and hands it the URL; an app that never reads it shows its last screen, \
            so every link lands in the same place. Handle the URL with `onOpenURL` (SwiftUI) or the UIKit \
            delegate methods. Universal links (https) may arrive as a browsing-web user activity instead.
            """,
        source: """
            Apple, Linking to specific app scenes from your widget or Live Activity <https://developer.apple.com/documentation/widgetkit/linking-to-specific-app-scenes-from-your-widget-or-live-activity>; \
            Apple, Launching your app from a Live Activity <https://developer.apple.com/documentation/activitykit/launching-your-app-from-a-live-activity>
            """,
        requires: [.targets, .embedding],
        triggeringExamples: [
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                                SummaryView(entry: entry).↓widgetURL(URL(string: "shop://summary"))
                            }
                        }
                    }
                    """),
                .app("""
                    @main
                    struct ShopApp: App {
                        var body: some Scene { WindowGroup { ContentView() } }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
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
                    @main
                    struct ShopApp: App {
                        var body: some Scene { WindowGroup { ContentView().onOpenURL { url in Router.shared.open(url) } } }
                    }
                    """),
            ]),
            // A URL that only opens the app names no screen: nothing to handle.
            RuleExample(files: [.widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                            SummaryView(entry: entry).widgetURL(URL(string: "shop://open"))
                        }
                    }
                }
                """)]),
            // FC2-17: a Flutter app delegate's superclass hands URLs to plugins.
            RuleExample(files: [
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
                    import Flutter
                    @main
                    @objc class AppDelegate: FlutterAppDelegate {
                        override func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                            GeneratedPluginRegistrant.register(with: self)
                            return super.application(application, didFinishLaunchingWithOptions: launchOptions)
                        }
                    }
                    """),
            ]),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        var reported: Set<String> = []
        // A link that only opens the app (`myapp://open`) needs no handler.
        for link in model.deepLinks where !(link.url.map(URLRoutes.opensAppOnly) ?? false) {
            for target in link.targets {
                guard let app = model.kind(of: target).isApp ? target : model.app(for: target) else { continue }
                let handlers = model.urlHandlers.filter { $0.targets.contains { $0.id == app.id } }
                if let superclass = handlers.compactMap(\.unknownSuperclass).first, !handlers.contains(where: { $0.handlesURLs && $0.kind != .frameworkDelegate }) {
                    context.skip("app '\(app.name)': its app delegate inherits from \(superclass), which may handle URLs; deep links not checked")
                }
                if handlers.contains(where: \.handlesURLs) { continue }
                let isUniversal = (link.url ?? link.urlPrefix ?? "").lowercased().hasPrefix("http")
                if isUniversal, handlers.contains(where: { [.onContinueUserActivity, .applicationContinue, .sceneContinue].contains($0.kind) }) { continue }
                guard reported.insert(app.id + "|" + link.owner).inserted else { continue }
                let url = link.url.map { "the deep link \($0)" } ?? link.urlPrefix.map { "the deep link \($0)…" } ?? "a deep link"
                context.report(link.location, "\(link.source.rawValue) gives \(link.owner) \(url), but app '\(app.name)' has no URL handler (onOpenURL, application(_:open:options:), scene(_:openURLContexts:)); the link opens the app on whatever screen it last showed.", target: app)
            }
        }
    }
}
