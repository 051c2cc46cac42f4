import Foundation
import GlanceProject
import GlanceSurfaces

/// A widget, Live Activity or control links into the app with a custom URL scheme that the app's merged
/// Info.plist does not register.
struct URLSchemeNotRegistered: Rule {
    static let description = RuleDescription(
        identifier: "url_scheme_not_registered",
        name: "Deep link scheme not registered by the app",
        group: .deepLinks,
        defaultSeverity: .warning,
        summary: "A widget, Live Activity or control links to a literal URL with a custom scheme (`myapp://…`) that the app target's merged Info.plist does not list under `CFBundleURLTypes` › `CFBundleURLSchemes`.",
        rationale: """
            A custom scheme reaches the app only when the app registers it: the URL Types of the app target \
            (`CFBundleURLTypes` in the Info.plist file; no build setting generates the key). Developers report \
            widget taps that did nothing until the scheme was registered, and an `OpenURLIntent` opens its URL \
            like any other URL, so it needs the registration too. Apple documents the widget case as the system \
            passing the URL to the containing app, so this is a warning. Add a URL type with the scheme to the \
            app target (the widget extension's Info.plist does not count). Universal links (https) and other \
            apps' schemes (tel, mailto, …) are not checked; neither are apps whose Info.plist is incomplete or \
            whose URL types depend on unknown build settings.
            """,
        source: """
            Apple, Defining a custom URL scheme for your app <https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app>; \
            Apple, CFBundleURLTypes <https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundleurltypes>; \
            Apple, Linking to specific app scenes from your widget or Live Activity <https://developer.apple.com/documentation/widgetkit/linking-to-specific-app-scenes-from-your-widget-or-live-activity>; \
            reports: widget taps opened the app only after registering the scheme <https://github.com/AThevon/TokenEater/pull/85>, \
            <https://github.com/LoopKit/Loop/pull/334>
            """,
        requires: [.targets, .embedding, .infoPlist],
        triggeringExamples: [
            RuleExample(files: [
                .widget("""
                    struct UsageWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in
                                UsageView(entry: entry).↓widgetURL(URL(string: "meterapp://usage"))
                                    .containerBackground(.fill, for: .widget)
                            }
                        }
                    }
                    """),
                .app("""
                    @main
                    struct MeterApp: App {
                        var body: some Scene { WindowGroup { ContentView().onOpenURL { url in Router.shared.open(url) } } }
                    }
                    """),
            ]),
            // Registered on the widget extension only, and a Live Activity link built with interpolation.
            RuleExample(files: [
                .widget("""
                    struct TripActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: TripAttributes.self) { context in
                                TripView(state: context.state).↓widgetURL(URL(string: "rides://trip/\\(context.attributes.id)"))
                            } dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                            }
                        }
                    }
                    """),
            ]).with("Widgets") { $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("rides")])])])) },
        ],
        nonTriggeringExamples: [
            // The app registers the scheme (schemes compare without case).
            RuleExample(files: [
                .widget("""
                    struct UsageWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in
                                UsageView(entry: entry).widgetURL(URL(string: "meterapp://usage"))
                            }
                        }
                    }
                    """),
            ]).with("App") { $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLName": .string("com.example.app"),
                                                                                   "CFBundleURLSchemes": .array([.string("MeterApp")])])])) },
            // Universal links, other apps' schemes, and a scheme that is not known.
            .widget("""
                struct LinksWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "links", provider: LinksProvider()) { entry in
                            VStack {
                                Link(destination: URL(string: "https://example.com/usage")!) { Text("Usage") }
                                Link(destination: URL(string: "tel:+15551234567")!) { Text("Call") }
                                Link(destination: URL(string: "\\(Config.scheme)://usage")!) { Text("Open") }
                            }
                        }
                    }
                }
                """),
            // The app's Info.plist is incomplete, or its URL types depend on a setting that is not known.
            RuleExample.widget("""
                struct UsageWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in
                            UsageView(entry: entry).widgetURL(URL(string: "meterapp://usage"))
                        }
                    }
                }
                """).with("App") { $0.infoPlistProblem = "App/Info.plist: INFOPLIST_FILE does not exist" },
            RuleExample.widget("""
                struct UsageWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in
                            UsageView(entry: entry).widgetURL(URL(string: "meterapp://usage"))
                        }
                    }
                }
                """).with("App") { $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("$(APP_URL_SCHEME)")])])])) },
            // A watch widget: watchOS apps are not checked.
            .watchWidget("""
                struct PlayerWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "player", provider: PlayerProvider()) { entry in
                            PlayerView(entry: entry).widgetURL(URL(string: "meterapp://player"))
                        }
                    }
                }
                """),
        ])

    /// Schemes of Apple's apps and services: a link with one of these is not meant for the app itself.
    static let systemSchemes: Set<String> = [
        "http", "https", "tel", "telprompt", "sms", "mailto", "facetime", "facetime-audio", "maps", "itms", "itms-apps",
        "itms-appss", "music", "shortcuts", "message", "calshow", "x-web-search", "file", "data", "about", "app-prefs", "prefs",
    ]

    /// The scheme of a URL written as a literal, or as a literal prefix that contains the whole scheme
    /// (`rides://trip/\(id)`); nil when the scheme is not known.
    static func scheme(of link: DeepLink) -> String? {
        guard let text = link.url ?? link.urlPrefix, let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return scheme.lowercased()
    }

    /// The schemes a merged Info.plist registers (lowercased), or nil when one depends on unknown settings.
    static func registeredSchemes(_ infoPlist: [String: PlistValue]) -> Set<String>? {
        var schemes: Set<String> = []
        for type in infoPlist["CFBundleURLTypes"]?.array ?? [] {
            for scheme in type["CFBundleURLSchemes"]?.strings ?? [] {
                if scheme.contains("$(") || scheme.contains("${") { return nil }
                schemes.insert(scheme.lowercased())
            }
        }
        return schemes
    }

    func validate(_ context: RuleContext) {
        let model = context.model
        // Links by (app, scheme), in source order.
        var groups: [(app: Target, scheme: String, links: [DeepLink])] = []
        // Looked up by key, not searched: a file can hold tens of thousands of links.
        var groupIndex: [String: Int] = [:]
        var grouped: Set<String> = []
        for link in model.deepLinks {
            guard let scheme = Self.scheme(of: link), !Self.systemSchemes.contains(scheme) else { continue }
            for target in link.targets {
                guard let app = model.app(for: target) else { continue }
                let group = "\(app.id)\u{0}\(scheme)"
                guard grouped.insert("\(group)\u{0}\(link.location.file):\(link.location.line):\(link.location.column)").inserted else { continue }
                if let index = groupIndex[group] {
                    groups[index].links.append(link)
                } else {
                    groupIndex[group] = groups.count
                    groups.append((app, scheme, [link]))
                }
            }
        }
        for (app, scheme, links) in groups {
            let place = context.relativePath(links[0].location)
            guard model.kind(of: app) == .app else {
                context.skip("'\(app.name)' is not an iOS or macOS app; whether its widgets' \"\(scheme)\" links need a registered scheme is not checked", file: place)
                continue
            }
            if let problem = app.configurations.compactMap(\.infoPlistProblem).first {
                context.skip("Info.plist of '\(app.name)' is incomplete (\(problem)); URL scheme \"\(scheme)\" not checked", file: place)
                continue
            }
            var missing: [TargetConfiguration] = []
            var undecided = false
            for configuration in app.configurations {
                guard let schemes = Self.registeredSchemes(configuration.infoPlist) else { undecided = true; break }
                if !schemes.contains(scheme) { missing.append(configuration) }
            }
            if undecided {
                context.skip("CFBundleURLSchemes of '\(app.name)' depend on unknown build settings; URL scheme \"\(scheme)\" not checked", file: place)
                continue
            }
            guard !missing.isEmpty else { continue }
            let configurations = missing.count == app.configurations.count ? "" : " in \(missing.map(\.name).joined(separator: " and "))"
            let elsewhere = model.project.targets.filter { target in
                target.id != app.id && target.configurations.contains { Self.registeredSchemes($0.infoPlist)?.contains(scheme) == true }
            }
            let note = elsewhere.isEmpty ? "" : " (\(quotedList(elsewhere.map(\.name))) \(elsewhere.count == 1 ? "registers" : "register") it, which does not count)"
            let others = links.dropFirst().map { context.place($0.location) }
            let also = others.isEmpty ? "" : " Also linked at \(others.prefix(3).joined(separator: ", "))\(others.count > 3 ? " and \(others.count - 3) more" : "")."
            context.report(links[0].location, """
                \(Self.describe(links[0])) links to \(links[0].url ?? (links[0].urlPrefix ?? "") + "…"), but app '\(app.name)' does not register \
                the URL scheme "\(scheme)"\(configurations)\(note); the system cannot hand the link to the app. Add a URL type with \
                scheme "\(scheme)" to the app target (CFBundleURLTypes › CFBundleURLSchemes).\(also)
                """, target: app, subjects: [ViolationSubject(targetID: app.id, configurations: missing.map(\.name), value: scheme)])
        }
    }

    static func describe(_ link: DeepLink) -> String {
        switch link.surface {
        case .widget: return "widget \(link.owner)"
        case .liveActivity: return "the \(link.owner) Live Activity"
        case .control: return "control \(link.owner)"
        case .intent: return "OpenURLIntent in \(link.owner)"
        }
    }
}
