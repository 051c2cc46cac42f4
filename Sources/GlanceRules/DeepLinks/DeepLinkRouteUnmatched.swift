import Foundation
import GlanceProject
import GlanceSurfaces

/// A literal deep link whose route the app's handler never compares against.
struct DeepLinkRouteUnmatched: Rule {
    static let description = RuleDescription(
        identifier: "deep_link_route_unmatched",
        name: "Deep link route the app does not handle",
        group: .deepLinks,
        defaultSeverity: .warning,
        summary: "A literal deep-link URL's host or first path part matches no literal the app's URL handler compares against (only where the handler compares literals; otherwise silent).",
        rationale: """
            When the handler routes by comparing the URL's host or path with literals (`switch url.host { case \
            "order": … }`), a link whose route is not among them falls through to the default, usually the home \
            screen. Glance follows the handler into the functions it calls; when the URL is handed to code it \
            cannot see, it stays silent.
            """,
        source: """
            Apple, Linking to specific app scenes from your widget or Live Activity <https://developer.apple.com/documentation/widgetkit/linking-to-specific-app-scenes-from-your-widget-or-live-activity>; \
            Apple, Launching your app from a Live Activity <https://developer.apple.com/documentation/activitykit/launching-your-app-from-a-live-activity>
            """,
        premise: Premise("""
            The system hands a link's URL to the app's URL handler, which picks the screen; a route the handler \
            never matches falls through to its default, so the link opens another screen than the one it names.
            """, .documented),
        requires: [.targets, .embedding],
        triggeringExamples: [
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                                SummaryView(entry: entry).↓widgetURL(URL(string: "shop://basket"))
                            }
                        }
                    }
                    """),
                .app("""
                    @main
                    struct ShopApp: App {
                        @State private var screen = Screen.home
                        var body: some Scene { WindowGroup { ContentView(screen: $screen).onOpenURL { url in open(url) } } }
                        func open(_ url: URL) {
                            guard url.scheme == "shop" else { return }
                            switch url.host {
                            case "order": screen = .order
                            case "cart": screen = .cart
                            default: screen = .home
                            }
                        }
                    }
                    """),
            ]),
            // A Live Activity's link built with the activity's id: its known beginning holds the whole route,
            // which the app's only router does not accept (FC3-18). And a URL assembled with URLComponents.
            RuleExample(files: [
                .widget("""
                    struct GroupActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: GroupAttributes.self) { context in
                                GroupView(context: context).↓widgetURL(URL(string: "app://group/\\(context.attributes.id)"))
                            } dynamicIsland: { _ in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } } compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                        }
                    }
                    struct OpenInviteIntent: AppIntent {
                        static let title: LocalizedStringResource = "Invite"
                        func perform() async throws -> some IntentResult & OpensIntent {
                            var components = URLComponents()
                            components.scheme = "app"
                            components.host = "invite"
                            return .result(opensIntent: ↓OpenURLIntent(components.url!))
                        }
                    }
                    """),
                .app("""
                    @main
                    struct GroupsApp: App {
                        @State private var joining: URL?
                        var body: some Scene { WindowGroup { ContentView(joining: $joining).onOpenURL { url in if url.host == "join" { joining = url } } } }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The handler checks the scheme only and passes the host on in a notification: the `userInfo` key is a
            // payload, not a route, so there is no route table to compare with.
            RuleExample(files: [
                .widget("""
                    struct OrdersWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "orders", provider: OrdersProvider()) { entry in
                                OrdersView(entry: entry).widgetURL(URL(string: "shop://orders"))
                            }
                        }
                    }
                    """),
                .app("""
                    @main
                    struct ShopApp: App {
                        var body: some Scene {
                            WindowGroup {
                                ContentView().onOpenURL { url in
                                    guard url.scheme == "shop" else { return }
                                    NotificationCenter.default.post(name: .navigate, object: nil, userInfo: ["section": url.host ?? ""])
                                }
                            }
                        }
                    }
                    """),
            ]),
            // The route itself is built at run time: not compared (a skip says so).
            RuleExample(files: [
                .widget("""
                    struct GroupActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: GroupAttributes.self) { context in
                                GroupView(context: context).widgetURL(URL(string: "app://\\(context.state.route)"))
                            } dynamicIsland: { _ in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } } compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                        }
                    }
                    """),
                .app("""
                    @main
                    struct GroupsApp: App {
                        @State private var joining: URL?
                        var body: some Scene { WindowGroup { ContentView(joining: $joining).onOpenURL { url in if url.host == "join" { joining = url } } } }
                    }
                    """),
            ]),
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                                SummaryView(entry: entry).widgetURL(URL(string: "shop://cart"))
                            }
                        }
                    }
                    """),
                .app("""
                    @main
                    struct ShopApp: App {
                        @State private var screen = Screen.home
                        var body: some Scene { WindowGroup { ContentView(screen: $screen).onOpenURL { url in open(url) } } }
                        func open(_ url: URL) {
                            switch url.host {
                            case "order": screen = .order
                            case "cart": screen = .cart
                            default: screen = .home
                            }
                        }
                    }
                    """),
            ]),
            // The handler passes the URL to a router Glance cannot see: silent.
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                                SummaryView(entry: entry).widgetURL(URL(string: "shop://basket"))
                            }
                        }
                    }
                    """),
                .app("""
                    @main
                    struct ShopApp: App {
                        var body: some Scene {
                            WindowGroup {
                                ContentView().onOpenURL { url in
                                    if url.host == "order" { showOrder() } else { deepLinks.handle(url) }
                                }
                            }
                        }
                    }
                    """),
            ]),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        var routesByApp: [String: URLRoutes] = [:]
        for link in model.deepLinks {
            // A URL built at run time is judged by its known beginning when that holds the whole route
            // (`app://group/\(id)`); one whose route is built at run time is not (a skip says so).
            guard let url = link.url ?? link.urlPrefix.flatMap(URLRoutes.withWholeRoute) else {
                if let prefix = link.urlPrefix, URLComponents(string: prefix)?.scheme != nil {
                    context.skip("deep link \(prefix)… (\(link.owner)): its route is built at run time; not compared with the app's routes",
                                 file: context.relativePath(link.location))
                }
                continue
            }
            // A URL without a route only opens the app; the default screen is what it asks for.
            guard let scheme = URLComponents(string: url)?.scheme, URLRoutes.route(of: url) != nil else { continue }
            for target in link.targets {
                guard let app = model.kind(of: target).isApp ? target : model.app(for: target) else { continue }
                let handlers = model.urlHandlers.filter { $0.handlesURLs && $0.targets.contains { $0.id == app.id } }
                guard !handlers.isEmpty else { continue }
                let routes = routesByApp[app.id] ?? URLRoutes(handlers: handlers, model: model)
                routesByApp[app.id] = routes
                guard routes.isComplete else {
                    if let objectiveC = handlers.first(where: \.isObjectiveC) {
                        context.skip("app '\(app.name)' handles URLs in Objective-C, which Glance does not read; deep-link routes not compared",
                                     file: context.relativePath(objectiveC.location))
                    } else {
                        context.skip("app '\(app.name)' passes URLs to code Glance cannot follow; deep-link routes not compared", file: context.relativePath(handlers[0].location))
                    }
                    continue
                }
                guard routes.comparesRoutes(scheme: scheme), !routes.matches(url) else { continue }
                let shown = link.url ?? url + "…"
                context.report(link.location, "deep link \(shown) (\(link.owner)) matches no route the URL handler of '\(app.name)' compares (\(routes.literals.sorted().map { "\"\($0)\"" }.joined(separator: ", "))); it falls through to the default screen.", target: app)
            }
        }
    }
}
