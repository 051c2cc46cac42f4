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
            delegate methods. Universal links (https) may arrive as a browsing-web user activity instead. \
            Handlers an Objective-C app delegate implements count. When the app registers URL schemes (or the \
            link is a universal link) and links packages whose sources Glance does not read, a handler may be \
            installed there (an app-root modifier of the package): the link is not judged, and a skip says so; \
            so is an `OpenURLIntent` whose URL Glance cannot work out (it may open a website or another app).
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
            // A package Glance does not read is linked, but the app does not register the scheme: it did not ask for
            // these links.
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
                        var body: some Scene { WindowGroup { ContentView().appRuntime() } }
                    }
                    """),
            ]).with("App") { $0.unreadPackages = ["AppRuntime"] },
            // The URL is bound to a local name first.
            RuleExample(files: [
                .widget("""
                    struct OpenOrdersIntent: AppIntent {
                        static let title: LocalizedStringResource = "Open Orders"
                        func perform() async throws -> some IntentResult & OpensIntent {
                            let url = URL(string: "shop://orders")!
                            return .result(opensIntent: ↓OpenURLIntent(url))
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
            // A Mac app's delegate receives the URLs (AppKit's application(_:open:)).
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
                        @NSApplicationDelegateAdaptor(AppDelegate.self) var delegate
                        var body: some Scene { WindowGroup { ContentView() } }
                    }
                    final class AppDelegate: NSObject, NSApplicationDelegate {
                        func application(_ application: NSApplication, open urls: [URL]) {
                            urls.forEach(Router.shared.open)
                        }
                    }
                    """),
            ]).with("App") { $0.platform = .macOS }.with("Widgets") { $0.platform = .macOS },
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
            // The app registers the scheme and links a package Glance does not read, whose app-root modifier may
            // install the handler: not judged (a skip says why).
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
                        var body: some Scene { WindowGroup { ContentView().appRuntime() } }
                    }
                    """),
            ]).with("App") {
                $0.unreadPackages = ["AppRuntime"]
                $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("shop")])])]))
            },
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
            // An OpenURLIntent whose URL Glance cannot work out may open a website or another app: not judged.
            RuleExample(files: [
                .widget("""
                    struct OpenLinkIntent: AppIntent {
                        static let title: LocalizedStringResource = "Open Link"
                        @Parameter(title: "Link") var link: URL
                        func perform() async throws -> some IntentResult & OpensIntent {
                            .result(opensIntent: OpenURLIntent(link))
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
            // A local URL that only opens the app.
            RuleExample(files: [
                .widget("""
                    struct LaunchIntent: AppIntent {
                        static let title: LocalizedStringResource = "Launch"
                        func perform() async throws -> some IntentResult & OpensIntent {
                            let url = URL(string: "shop://")!
                            return .result(opensIntent: OpenURLIntent(url))
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

    /// Whether every configuration of the app registers a link's scheme; for a link whose scheme is not known
    /// (nil: a URL built at run time), whether it registers a scheme at all.
    static func registers(_ app: Target, scheme: String?) -> Bool {
        guard !app.configurations.isEmpty else { return false }
        return app.configurations.allSatisfy { configuration in
            guard let registered = URLSchemeNotRegistered.registeredSchemes(configuration.infoPlist) else { return false }
            return scheme.map(registered.contains) ?? !registered.isEmpty
        }
    }

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
                // The system opens an OpenURLIntent's URL like any other: one Glance cannot work out may be a
                // website's or another app's.
                if link.source == .openURLIntent, link.url == nil, link.urlPrefix == nil {
                    context.skip("\(link.owner) opens a URL Glance cannot work out with OpenURLIntent; not checked for a handler", file: context.relativePath(link.location))
                    continue
                }
                let isUniversal = (link.url ?? link.urlPrefix ?? "").lowercased().hasPrefix("http")
                if isUniversal, handlers.contains(where: { [.onContinueUserActivity, .applicationContinue, .sceneContinue].contains($0.kind) }) { continue }
                // The app asks for these links (it registers the scheme, or it is a universal link) and links code
                // Glance does not read, where a handler may be installed (`.appRootModifier()` from a package).
                let scheme = URLSchemeNotRegistered.scheme(of: link)
                if !app.unreadPackages.isEmpty, isUniversal || Self.registers(app, scheme: scheme) {
                    let asks = isUniversal ? "opens universal links" : scheme.map { "registers the \"\($0)\" scheme" } ?? "registers URL schemes"
                    context.skip("app '\(app.name)' \(asks) and links packages whose sources Glance does not read (\(app.unreadPackages.joined(separator: ", "))), which may handle URLs; \(link.owner)'s deep link not checked",
                                 file: context.relativePath(link.location))
                    continue
                }
                guard reported.insert(app.id + "|" + link.owner).inserted else { continue }
                let url = link.url.map { "the deep link \($0)" } ?? link.urlPrefix.map { "the deep link \($0)…" } ?? "a deep link"
                context.report(link.location, "\(link.source.rawValue) gives \(link.owner) \(url), but app '\(app.name)' has no URL handler (onOpenURL, application(_:open:options:), scene(_:openURLContexts:)); the link opens the app on whatever screen it last showed.", target: app)
            }
        }
    }
}
