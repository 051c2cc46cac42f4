import GlanceProject
import GlanceSourceIndex
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
            Handlers an Objective-C app delegate implements count. A package Glance does not read receives the \
            app's URLs only when the app hands them to it: the app's root view applies a modifier of the package \
            (which may hold `onOpenURL`), or the package is an SDK whose app-delegate proxy takes URLs without \
            code in the app — of those Glance knows Firebase Dynamic Links' proxy, for the app's https links. \
            Then the link is not judged, and a skip says why; linking a package alone (a collections or \
            networking library) installs no handler. An `OpenURLIntent` whose URL Glance cannot work out is not \
            judged either (it may open a website or another app). All links of one app and scheme are one \
            finding, at the first, with the others as related places.
            """,
        source: """
            Apple, Linking to specific app scenes from your widget or Live Activity <https://developer.apple.com/documentation/widgetkit/linking-to-specific-app-scenes-from-your-widget-or-live-activity>; \
            Apple, Launching your app from a Live Activity <https://developer.apple.com/documentation/activitykit/launching-your-app-from-a-live-activity>
            """,
        premise: Premise("""
            A widget's, control's or Live Activity's URL reaches the app through `onOpenURL` or the UIKit URL \
            delegate methods; an app that implements none ignores it, and every link lands on the screen the app \
            last showed.
            """, .documented),
        requires: [.targets, .embedding],
        triggeringExamples: [
            RuleExample(files: [
                .widget(Self.summaryWidget(marked: true)),
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
                .widget(Self.summaryWidget(marked: true)),
                .app("""
                    @main
                    struct ShopApp: App {
                        var body: some Scene { WindowGroup { ContentView().appRuntime() } }
                    }
                    """),
            ]).with("App") { $0.unreadPackages = ["AppRuntime"] },
            // The root view's `.onAppear` starts the package's analytics (`Analytics.setUp()`, `Task.detached`):
            // calls of types, not modifiers that could install a URL handler.
            RuleExample(files: [
                .widget(Self.summaryWidget(marked: true)),
                .app("""
                    import Analytics
                    @main
                    struct ShopApp: App {
                        var body: some Scene {
                            WindowGroup {
                                ContentView().onAppear {
                                    Analytics.setUp()
                                    Task.detached { await Analytics.flush() }
                                }
                            }
                        }
                    }
                    struct ContentView: View { var body: some View { Text("Shop") } }
                    """),
            ]).with("App") { $0.unreadPackages = ["Analytics"] },
            // The app registers the scheme and links a remote package, but hands it nothing: a package cannot add a
            // URL handler on its own (FC3-12). Two widgets' links of one scheme are one finding.
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                                SummaryView(entry: entry).↓widgetURL(URL(string: "shop://summary"))
                            }
                        }
                    }
                    struct CartWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "cart", provider: SummaryProvider()) { entry in
                                CartView(entry: entry).widgetURL(URL(string: "shop://cart"))
                            }
                        }
                    }
                    """),
                .app("""
                    import Collections
                    @main
                    struct ShopApp: App {
                        var body: some Scene { WindowGroup { ContentView().environmentObject(Store()) } }
                    }
                    struct ContentView: View { var body: some View { Text("Shop") } }
                    """),
            ]).with("App") {
                $0.unreadPackages = ["swift-collections"]
                $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("shop")])])]))
            },
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
            // A Swift file of the app that Glance does not parse (brackets nested past its limits) may hold the handler.
            RuleExample(files: [
                .widget(Self.summaryWidget(marked: false)),
                .app("""
                    @main
                    struct ShopApp: App {
                        var body: some Scene { WindowGroup { ContentView() } }
                    }
                    """),
                .app("let grid = [[[[[[[[[[[[[[1]]]]]]]]]]]]]]", name: "Grid.swift"),
            ]),
            // A Mac app's delegate receives the URLs (AppKit's application(_:open:)).
            RuleExample(files: [
                .widget(Self.summaryWidget(marked: false)),
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
                .widget(Self.summaryWidget(marked: false)),
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
                .widget(Self.summaryWidget(marked: false)),
                .app("""
                    import AppRuntime
                    @main
                    struct ShopApp: App {
                        var body: some Scene { WindowGroup { ContentView().appRuntime() } }
                    }
                    """),
            ]).with("App") {
                $0.unreadPackages = ["AppRuntime"]
                $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("shop")])])]))
            },
            // The same modifier, applied through one of the app's own (`.shopEnvironment()`, in a file that imports
            // the package): not judged either.
            RuleExample(files: [
                .widget(Self.summaryWidget(marked: false)),
                .app("""
                    @main
                    struct ShopApp: App {
                        var body: some Scene { WindowGroup { ContentView().shopEnvironment() } }
                    }
                    """),
                .app("""
                    import SwiftUI
                    import AppRuntime
                    extension View {
                        func shopEnvironment() -> some View { self.appRuntime().tint(.orange) }
                    }
                    """, name: "Environment.swift"),
            ]).with("App") {
                $0.unreadPackages = ["AppRuntime"]
                $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("shop")])])]))
            },
            // The root view comes from a package Glance does not read (its manifest computes its products): that view
            // may handle URLs (not judged, a skip says why).
            RuleExample(files: [
                .widget(Self.summaryWidget(marked: false)),
                .app("""
                    import AppFeature
                    @main
                    struct ShopApp: App {
                        var body: some Scene { WindowGroup { AppTabNavigation() } }
                    }
                    """),
            ]).with("App") { $0.unreadPackages = ["AppFeature"] },
            // Firebase Dynamic Links' app-delegate proxy receives the app's https links.
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                                SummaryView(entry: entry).widgetURL(URL(string: "https://shop.example.com/summary"))
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
            ]).with("App") { $0.unreadPackages = ["firebase-ios-sdk"] },
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
                .widget(Self.summaryWidget(marked: false)),
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
    /// SDKs whose app-delegate proxy receives URLs without code in the app, by a word of the package's name, with
    /// the links they receive: Firebase Dynamic Links' proxy (FirebaseAppDelegateProxyEnabled, on by default) takes
    /// the app's https dynamic links. Glance knows of none that takes an app's own custom-scheme links.
    static let urlReceivingSDKs: [(word: String, name: String, universalOnly: Bool)] = [
        ("firebase", "Firebase Dynamic Links' app-delegate proxy", true),
    ]

    /// Why a package Glance does not read may receive the app's URLs, as a phrase (`applies .appRuntime() from
    /// a package Glance does not read (AppRuntime) at its root`), or nil: the app links such a package and
    /// either it is an SDK of `urlReceivingSDKs` for this kind of link, or the app's `@main` App applies, in its
    /// body or in a modifier of the project's own that it applies (a few levels deep), a modifier the project does
    /// not declare, in a file that imports one of those packages' modules.
    static func packageReceivingURLs(for app: Target, universal: Bool, model: SurfaceModel) -> String? {
        guard !app.unreadPackages.isEmpty else { return nil }
        if let sdk = urlReceivingSDKs.first(where: { sdk in (universal || !sdk.universalOnly) && app.unreadPackages.contains { $0.lowercased().contains(sdk.word) } }) {
            return "links \(sdk.name)"
        }
        let resolver = model.resolver
        let normalized = { (name: String) in
            name.lowercased().replacingOccurrences(of: "swift-", with: "").replacingOccurrences(of: "-ios", with: "")
                .filter { $0.isLetter || $0.isNumber }
        }
        let packages = app.unreadPackages.map(normalized).filter { !$0.isEmpty }
        for type in resolver.allTypes where type.isMain && type.kind != .extension && resolver.targets(of: type).contains(where: { $0.id == app.id }) {
            // Whether a file imports one of those packages' modules.
            let importsPackage = { (file: String) in
                (resolver.index.file(file)?.imports ?? []).map { normalized($0.topLevelModule) }
                    .contains { module in !module.isEmpty && packages.contains { $0.contains(module) || module.contains($0) } }
            }
            let rootImports = importsPackage(type.location.file)
            let body = resolver.declarations(of: type).flatMap { $0.members(named: "body") }.map(\.code)
            let tree = ViewTree(roots: body, context: type.qualifiedName, resolver: resolver, followsTypes: false)
            /// A modifier the project does not declare, applied in `calls`; a modifier it declares is followed into its
            /// own code (`.appEnvironment()`, which applies the package's `.runtimeBootstrap()`), a few levels deep.
            func undeclaredModifier(in calls: [(call: Call, context: String?)], depth: Int, seen: inout Set<String>) -> String? {
                for (call, context) in calls where call.isModifier && call.base != nil && !Self.sceneModifiers.contains(call.name)
                    && !KnownTypes.modifiers.contains(call.name) {
                    // `Analytics.setUp()`, `Service.shared.load()`, `appDelegate.scheduleRefresh()` inside `.onAppear`: calls on
                    // a type or a property, not modifiers of the view (a view's chain starts with a view: `ContentView().x()`).
                    // In a modifier of the project's own, the view it modifies is `self` (or a ViewModifier's `content`).
                    if Self.startsWithName(call.base), !(depth > 0 && Self.startsWithView(call.base)) { continue }
                    let declared = tree.declaredCode(call.name, in: context, file: call.location.file)
                    if declared.isEmpty {
                        if importsPackage(call.location.file) { return call.name }
                        continue
                    }
                    guard depth < 3, seen.insert(call.name).inserted else { continue }
                    var inner: [(call: Call, context: String?)] = []
                    for (code, owner) in declared { code.walk { if case .call(let found) = $0 { inner.append((found, owner)) } } }
                    if let found = undeclaredModifier(in: inner, depth: depth + 1, seen: &seen) { return found }
                }
                return nil
            }
            var seen: Set<String> = []
            var rootCalls = tree.calls.map { ($0.call, $0.context) }
            // The root view the scene shows, when the project declares it (`WindowGroup { AppRootView() }`): its own
            // body's modifiers are the app root's too.
            for scoped in tree.placedCalls where scoped.call.base == nil && scoped.call.name.first?.isUppercase == true
                && !KnownTypes.all.contains(scoped.call.name) && !Self.sceneTypes.contains(scoped.call.name) {
                guard let root = resolver.primaryDeclaration(of: scoped.call.name, context: type.qualifiedName, from: scoped.call.location.file) else { continue }
                for code in resolver.declarations(of: root).flatMap({ $0.members(named: "body") }).map(\.code) {
                    code.walk { if case .call(let found) = $0 { rootCalls.append((found, root.qualifiedName)) } }
                }
            }
            if let modifier = undeclaredModifier(in: rootCalls, depth: 0, seen: &seen) {
                return "applies .\(modifier)() at its root, in a file that imports a package Glance does not read (\(app.unreadPackages.joined(separator: ", ")))"
            }
            // `WindowGroup { AppView(store: …) }`: the root view comes from such a package, and may handle URLs.
            guard rootImports else { continue }
            for scoped in tree.placedCalls where scoped.call.base == nil && scoped.call.name.first?.isUppercase == true
                && !KnownTypes.all.contains(scoped.call.name) && !Self.sceneTypes.contains(scoped.call.name)
                && resolver.primaryDeclaration(of: scoped.call.name, context: type.qualifiedName, from: scoped.call.location.file) == nil {
                return "shows \(scoped.call.name) at its root, a view from a package Glance does not read (\(app.unreadPackages.joined(separator: ", ")))"
            }
        }
        return nil
    }

    /// Whether a member chain starts at a name (`Analytics`, `Service.shared`, `appDelegate`, `self.store`), not at a
    /// view made in place.
    static func startsWithName(_ expr: Expr?) -> Bool { chainStart(expr) != nil }

    /// Whether a member chain starts at `self` or `content`: in a modifier's own code, the view being modified.
    static func startsWithView(_ expr: Expr?) -> Bool { chainStart(expr).map { $0 == "self" || $0 == "content" } ?? false }

    /// The name a member chain starts at (`Service` of `Service.shared.load()`), or nil when it starts at a value
    /// made in place (`ContentView().x()`).
    static func chainStart(_ expr: Expr?) -> String? {
        var current = expr
        while let expr = current {
            switch expr {
            case .identifier(let name, _): return name
            case .member(let base, _, _): current = base
            case .call(let call) where call.base != nil: current = call.base
            default: return nil
            }
        }
        return nil
    }

    /// SwiftUI's scenes, which hold the root view.
    static let sceneTypes: Set<String> = ["WindowGroup", "DocumentGroup", "Settings", "Window", "UtilityWindow", "MenuBarExtra", "ImmersiveSpace"]

    /// SwiftUI modifiers an app's scene or root view commonly applies, which install no URL handler.
    static let sceneModifiers: Set<String> = [
        "environment", "environmentObject", "modelContainer", "onAppear", "onDisappear", "onChange", "task", "commands",
        "defaultSize", "windowStyle", "windowResizability", "windowToolbarStyle", "handlesExternalEvents", "preferredColorScheme",
        "tint", "accentColor", "sheet", "fullScreenCover", "onReceive", "backgroundTask", "defaultAppStorage", "navigationTitle",
        "frame", "background", "overlay", "ignoresSafeArea", "statusBarHidden", "alert", "id", "transformEnvironment",
        "menuBarExtraStyle", "keyboardShortcut", "onContinueUserActivity", "userActivity", "onOpenURL", "modelContext",
        "dynamicTypeSize", "font", "foregroundStyle", "foregroundColor", "onPreferenceChange", "focusedSceneValue",
    ]

    static func registers(_ app: Target, scheme: String?) -> Bool {
        guard !app.configurations.isEmpty else { return false }
        return app.configurations.allSatisfy { configuration in
            guard let registered = URLSchemeNotRegistered.registeredSchemes(configuration.infoPlist) else { return false }
            return scheme.map(registered.contains) ?? !registered.isEmpty
        }
    }

    /// The examples' widget: one `widgetURL` to `shop://summary`, with the marker where a finding is expected.
    static func summaryWidget(marked: Bool) -> String {
        """
        struct SummaryWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                    SummaryView(entry: entry).\(marked ? "↓" : "")widgetURL(URL(string: "shop://summary"))
                }
            }
        }
        """
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
                // The handler may be in a Swift file of the app that Glance did not read.
                let unread = model.unreadSources(of: app)
                if let first = unread.first {
                    context.skip("app '\(app.name)' has no URL handler in the Swift files Glance read, but \(unread.count) of its files were not read (\(context.shownPath(first))\(unread.count > 1 ? ", …" : "")); \(link.owner)'s deep link not checked",
                                 file: context.relativePath(link.location))
                    continue
                }
                // A package Glance does not read can receive the app's URLs only if the app hands them to it: through
                // an app-delegate proxy of an SDK known to take URLs, or a modifier of the package that the app's
                // root view applies (which may hold onOpenURL). Linking a package alone installs no handler.
                let scheme = URLSchemeNotRegistered.scheme(of: link)
                if let receiver = Self.packageReceivingURLs(for: app, universal: isUniversal, model: model) {
                    context.skip("app '\(app.name)' \(receiver), which may handle URLs; \(link.owner)'s deep link not checked",
                                 file: context.relativePath(link.location))
                    continue
                }
                let url = link.url.map { "the deep link \($0)" } ?? link.urlPrefix.map { "the deep link \($0)…" } ?? "a deep link"
                // One cause per app and scheme: the other links are related places.
                guard reported.insert("\(app.id)|\(link.location.file):\(link.location.line):\(link.location.column)").inserted else { continue }
                context.report(link.location, "\(link.source.rawValue) gives \(link.owner) \(url), but app '\(app.name)' has no URL handler (onOpenURL, application(_:open:options:), scene(_:openURLContexts:)); the link opens the app on whatever screen it last showed.",
                               target: app, cause: "\(app.id)|\(isUniversal ? "https" : scheme ?? "?")")
            }
        }
    }
}
