import Foundation
import GlanceProject
import GlanceSurfaces

/// A URL the system opens like any other URL (an `OpenURLIntent`) has a custom scheme that the app's merged
/// Info.plist does not register. A widget's or Live Activity's own link is handed to the containing app whatever
/// its scheme, so it is judged only on macOS, where the premise is a field report.
struct URLSchemeNotRegistered: Rule {
    static let description = RuleDescription(
        identifier: "url_scheme_not_registered",
        name: "Deep link scheme not registered by the app",
        group: .deepLinks,
        defaultSeverity: .warning,
        summary: "A URL the system opens like any other URL — an `OpenURLIntent` in a control or App Intent — has a custom scheme (`myapp://…`) that the app target's merged Info.plist does not list under `CFBundleURLTypes` › `CFBundleURLSchemes`; on macOS, a widget's or Live Activity's own link too.",
        rationale: """
            `OpenURLIntent` asks the system to open a URL as it would any other: a custom scheme reaches the app \
            only when the app registers it in its URL Types (`CFBundleURLTypes` in the app target's Info.plist \
            file; no build setting generates the key), so the control's tap does nothing. A widget's or Live \
            Activity's own `widgetURL` or `Link` is different: WidgetKit hands it to the containing app whatever \
            its scheme (Apple's Emoji Rangers sample links with `game:///` and registers no scheme), so on iOS, \
            iPadOS and watchOS it is not judged. On macOS a developer's report has a widget link doing nothing \
            until the scheme was registered; that premise is a field report, not Apple's documentation, and the \
            message says so. Universal links (https) and other apps' schemes (tel, mailto, …) are not checked; \
            neither are apps whose Info.plist is incomplete or whose URL types depend on unknown build settings. \
            A scheme the app's router does not accept is `deep_link_route_unmatched`'s concern.
            """,
        source: """
            Apple, Defining a custom URL scheme for your app <https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app>; \
            Apple, OpenURLIntent <https://developer.apple.com/documentation/appintents/openurlintent>; \
            Apple, CFBundleURLTypes <https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundleurltypes>; \
            Apple, Linking to specific app scenes from your widget or Live Activity (the Emoji Rangers sample) <https://developer.apple.com/documentation/widgetkit/linking-to-specific-app-scenes-from-your-widget-or-live-activity>; \
            report (macOS widget): taps opened the app only after registering the scheme <https://github.com/AThevon/TokenEater/pull/85>
            """,
        premise: Premise("""
            The system opens a custom-scheme URL in an app only when the app registers the scheme in its URL types, \
            so an `OpenURLIntent` or `openURL` with an unregistered scheme does nothing when tapped. On macOS the \
            rule also judges a widget's own link, on a developer's report, and its message says so.
            """, .documented),
        requires: [.targets, .embedding, .infoPlist],
        triggeringExamples: [
            // A control that opens a custom URL through OpenURLIntent.
            RuleExample(files: [
                .widget("""
                    struct UsageControl: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "usage") {
                                ControlWidgetButton(action: OpenUsageIntent()) { Label("Usage", systemImage: "gauge") }
                            }
                        }
                    }
                    struct OpenUsageIntent: AppIntent {
                        static let title: LocalizedStringResource = "Open Usage"
                        func perform() async throws -> some IntentResult & OpensIntent {
                            .result(opensIntent: ↓OpenURLIntent(URL(string: "meterapp://usage")!))
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
            // An App Intent that opens the URL itself.
            .app("""
                struct OpenUsageIntent: AppIntent {
                    static let title: LocalizedStringResource = "Open Usage"
                    static let openAppWhenRun = true
                    @MainActor func perform() async throws -> some IntentResult {
                        await UIApplication.shared.↓open(URL(string: "meterapp://usage")!)
                        return .result()
                    }
                }
                """),
            // A macOS widget's own link, with the scheme registered on the widget extension only: a warning whose
            // premise is a field report.
            RuleExample(files: [
                .widget("""
                    struct TripWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "trip", provider: TripProvider()) { entry in
                                TripView(entry: entry).↓widgetURL(URL(string: "rides://trip/\\(entry.id)"))
                            }
                        }
                    }
                    """),
            ]).with("Widgets") {
                $0.platform = .macOS
                $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("rides")])])]))
            }.with("App") { $0.platform = .macOS },
        ],
        nonTriggeringExamples: [
            // A widget's and a Live Activity's own links on iOS: WidgetKit hands them to the app whatever the scheme.
            RuleExample(files: [
                .widget("""
                    struct UsageWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in
                                UsageView(entry: entry).widgetURL(URL(string: "meterapp://usage"))
                                    .containerBackground(.fill, for: .widget)
                            }
                        }
                    }
                    struct TripActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: TripAttributes.self) { context in
                                TripView(state: context.state).widgetURL(URL(string: "rides://trip/\\(context.attributes.id)"))
                            } dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Link(destination: URL(string: "rides://map")!) { Text("") } } }
                                    compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                            }
                        }
                    }
                    """),
            ]),
            // The app registers the scheme (schemes compare without case).
            RuleExample(files: [
                .widget("""
                    struct OpenUsageIntent: AppIntent {
                        static let title: LocalizedStringResource = "Open Usage"
                        func perform() async throws -> some IntentResult & OpensIntent {
                            .result(opensIntent: OpenURLIntent(URL(string: "meterapp://usage")!))
                        }
                    }
                    """),
            ]).with("App") { $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLName": .string("com.example.app"),
                                                                                   "CFBundleURLSchemes": .array([.string("MeterApp")])])])) },
            // Universal links, other apps' schemes, and a scheme that is not known.
            .widget("""
                struct OpenLinksIntent: AppIntent {
                    static let title: LocalizedStringResource = "Open"
                    func perform() async throws -> some IntentResult & OpensIntent {
                        if Bool.random() { return .result(opensIntent: OpenURLIntent(URL(string: "https://example.com/usage")!)) }
                        if Bool.random() { return .result(opensIntent: OpenURLIntent(URL(string: "tel:+15551234567")!)) }
                        return .result(opensIntent: OpenURLIntent(URL(string: "\\(Config.scheme)://usage")!))
                    }
                }
                """),
            // The app's Info.plist is incomplete, or its URL types depend on a setting that is not known.
            RuleExample.widget("""
                struct OpenUsageIntent: AppIntent {
                    static let title: LocalizedStringResource = "Open Usage"
                    func perform() async throws -> some IntentResult & OpensIntent { .result(opensIntent: OpenURLIntent(URL(string: "meterapp://usage")!)) }
                }
                """).with("App") { $0.infoPlistProblem = "App/Info.plist: INFOPLIST_FILE does not exist" },
            RuleExample.widget("""
                struct OpenUsageIntent: AppIntent {
                    static let title: LocalizedStringResource = "Open Usage"
                    func perform() async throws -> some IntentResult & OpensIntent { .result(opensIntent: OpenURLIntent(URL(string: "meterapp://usage")!)) }
                }
                """).with("App") { $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("$(APP_URL_SCHEME)")])])])) },
            // A watch widget's own link.
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
                // A widget's or Live Activity's own link reaches the app whatever its scheme, but on macOS (FC3-00).
                if Self.isOwnLink(link), !target.platforms.contains(.macOS) { continue }
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
            let consequence = links.allSatisfy(Self.isOwnLink)
                ? "on macOS a widget's link with an unregistered scheme does nothing (developers report this; Apple does not document it)"
                : "the system opens it like any URL and cannot hand it to the app"
            context.report(links[0].location, """
                \(Self.describe(links[0])) links to \(links[0].url ?? (links[0].urlPrefix ?? "") + "…"), but app '\(app.name)' does not register \
                the URL scheme "\(scheme)"\(configurations)\(note); \(consequence). Add a URL type with \
                scheme "\(scheme)" to the app target (CFBundleURLTypes › CFBundleURLSchemes).\(also)
                """, target: app, subjects: [ViolationSubject(targetID: app.id, configurations: missing.map(\.name), value: scheme)])
        }
    }

    /// A widget's or Live Activity's own `widgetURL` or `Link` (not an `OpenURLIntent`).
    static func isOwnLink(_ link: DeepLink) -> Bool {
        !link.source.opensLikeAnyURL && (link.surface == .widget || link.surface == .liveActivity)
    }

    static func describe(_ link: DeepLink) -> String {
        switch link.surface {
        case .widget: return "widget \(link.owner)"
        case .liveActivity: return "the \(link.owner) Live Activity"
        case .control: return "control \(link.owner)"
        case .intent: return link.source == .openURLIntent ? "OpenURLIntent in \(link.owner)" : "\(link.owner) (\(link.source.rawValue))"
        }
    }
}
