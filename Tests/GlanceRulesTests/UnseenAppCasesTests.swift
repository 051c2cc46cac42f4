import GlanceProject
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

    /// A widget extension no app embeds (taken out of the app on purpose, or never added): it is never installed, so
    /// `extension_not_embedded` reports it and the findings in its code (a widget without a container background) are
    /// one skip each; embedded, the same widget is judged.
    @Test func anExtensionNoAppEmbedsIsJudgedOnlyAsNotEmbedded() {
        let widget = RuleExample.widget("""
            struct SummaryWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "com.example.app.summary", provider: SummaryProvider()) { entry in
                        SummaryView(entry: entry).background(Color.blue)
                    }
                }
            }
            struct SummaryView: View {
                let entry: SummaryEntry
                var body: some View { Text(entry.title) }
            }
            """)
        let parked = widget.with("App") { $0.embeds = ["Watch"] }
        let result = Linter().lint(ExampleRunner.model(for: parked))
        #expect(result.violations.map(\.rule) == ["extension_not_embedded"])
        #expect(result.skips.contains { $0.rule == "widget_missing_container_background"
            && $0.reason == "finding in widget extension 'Widgets' not reported: no app embeds the extension, so nothing in it is installed (see extension_not_embedded)" })
        let embedded = Linter().lint(ExampleRunner.model(for: widget)).violations.map(\.rule)
        #expect(embedded.contains("widget_missing_container_background") && !embedded.contains("extension_not_embedded"))
    }

    /// A registered wrapper whose body returns one widget's body on iOS 17 and another's below it (the same kind, one
    /// widget on each system): both ship, each judged on its own, and the wrapper is no widget of its own — no rule
    /// reports the three (no duplicate kind, no missing background on the older one, nothing left out of the bundle).
    @Test func aWrapperWidgetShipsTheWidgetsItsBodyReturns() throws {
        let example = try #require(RuleRegistry.rule("widget_missing_container_background")?.description.nonTriggeringExamples.first)
        let model = ExampleRunner.model(for: example)
        let result = Linter().lint(model)
        #expect(result.violations.map { "\($0.rule) \($0.file):\($0.line)" } == [])
        let widgets = Widgets(model: model)
        #expect(widgets.registered == ["LegacySummaryWidget", "ModernSummaryWidget", "SummaryWidget"])
        #expect(widgets.configured == ["LegacySummaryWidget", "ModernSummaryWidget"])
    }

    /// The widgets the `Widgets` extension registers, and those of them with a configuration of their own.
    struct Widgets {
        let registered: [String]
        let configured: [String]
        init(model: SurfaceModel) {
            let target = model.project.targets.first { $0.name == "Widgets" }!
            let shipped = model.widgets.filter { $0.targets.contains { $0.id == target.id } }
            registered = shipped.map(\.type.name).sorted()
            configured = shipped.filter { $0.configuration != nil }.map(\.type.name).sorted()
        }
    }

    /// A local package both targets link, whose store opens an App Group only the app is entitled to: the widget
    /// extension's own code names only the package's Live Activity attributes, so the store never runs there; once
    /// its code names the service that uses the store, the missing entitlement is reported.
    @Test func packageCodeTheExtensionNeverReachesDoesNotRunThere() {
        let core = [
            "Core/Store.swift": "import Foundation\npublic struct Store {\n    public static let shared = Store()\n    let defaults = UserDefaults(suiteName: \"group.com.example.app\")\n    public func save(_ value: Int) { defaults?.set(value, forKey: \"count\") }\n}",
            "Core/SyncService.swift": "import Foundation\npublic struct SyncService {\n    public init() {}\n    public func sync() { Store.shared.save(1) }\n}",
            "Core/WorkoutAttributes.swift": "import ActivityKit\npublic struct WorkoutAttributes: ActivityAttributes {\n    public struct ContentState: Codable, Hashable { public var reps: Int }\n}",
        ]
        func findings(widgetCode: String) -> [String] {
            let example = RuleExample(files: [.widget(widgetCode), .app("let service = SyncService()")]
                                      + core.sorted { $0.key < $1.key }.map { ExampleFile(path: $0.key, targets: ["App", "Widgets"], contents: $0.value) })
                .with("App") { $0.set(appGroups: ["group.com.example.app"]) }
                .with("Widgets") { $0.set(appGroups: ["group.com.example.other"]) }
            let base = ExampleRunner.model(for: example)
            let root = base.project.root
            let packageFiles = core.keys.map { root + "/" + $0 }.sorted()
            let modules = base.project.targets.map { target in
                SwiftModule(id: target.id, name: target.name, sources: target.sources.filter { !packageFiles.contains($0) }, dependencies: ["package:Core"])
            } + [SwiftModule(id: "package:Core", name: "Core", sources: packageFiles)]
            let project = ProjectModel(root: root, projectFiles: [], targets: base.project.targets, unassignedSources: [], isLooseSources: false,
                                       notes: [], assetCatalogs: base.project.assetCatalogs, modules: modules)
            let model = SurfaceModel.build(project: project, index: base.index)
            return Linter(rules: [RuleRegistry.rule("app_group_not_entitled")!]).lint(model).violations.map { "\($0.file):\($0.line) \($0.target ?? "")" }
        }
        #expect(findings(widgetCode: "let attributes: WorkoutAttributes? = nil") == [])
        #expect(findings(widgetCode: "let service = SyncService()") == ["Core/Store.swift:4 Widgets"])
    }
}

extension UnseenAppCasesTests {
    /// A file both targets compile extends `UserDefaults` with one store per App Group; each target is entitled
    /// to the groups of the stores it uses. Every target names `UserDefaults`, so the member decides: a store runs
    /// only where code names it (or an extension member that uses it).
    @Test func extensionMemberOfASystemTypeRunsWhereItIsNamed() {
        let shared = """
            import Foundation
            extension UserDefaults {
                static var vpn: UserDefaults { UserDefaults(suiteName: "group.com.example.vpn")! }
                static var vpnStatus: String? { vpn.string(forKey: "status") }
                static var bookmarks: UserDefaults { UserDefaults(suiteName: "group.com.example.bookmarks")! }
            }
            """
        func findings(widgetCode: String) -> [String] {
            let example = RuleExample(files: [.widget(widgetCode),
                                              .app("let status = UserDefaults.vpnStatus\nlet marks = UserDefaults.bookmarks.array(forKey: \"all\")"),
                                              ExampleFile(path: "Shared/UserDefaults+Groups.swift", targets: ["App", "Widgets"], contents: shared)])
                .with("App") { $0.set(appGroups: ["group.com.example.vpn", "group.com.example.bookmarks"]) }
                .with("Widgets") { $0.set(appGroups: ["group.com.example.bookmarks"]) }
            return Linter(rules: [RuleRegistry.rule("app_group_not_entitled")!]).lint(ExampleRunner.model(for: example)).violations.map { "\($0.file):\($0.line) \($0.target ?? "")" }
        }
        #expect(findings(widgetCode: "let marks = UserDefaults.bookmarks.array(forKey: \"all\")\nlet standard = UserDefaults.standard") == [])
        // Through the member that uses the store.
        #expect(findings(widgetCode: "let status = UserDefaults.vpnStatus") == ["Shared/UserDefaults+Groups.swift:3 Widgets"])
    }
}

extension UnseenAppCasesTests {
    /// Two Lock Screen branches without a background, where the Home Screen one has it: one finding, at the first,
    /// naming the second as a place of the same cause.
    @Test func everyBareBranchIsNamed() throws {
        let example = RuleExample.widget("""
            struct TasksWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "tasks", provider: TasksProvider()) { entry in TasksView(entry: entry) }
                        .supportedFamilies([.systemSmall, .accessoryCircular, .accessoryRectangular])
                }
            }
            struct TasksView: View {
                @Environment(\\.widgetFamily) var family
                let entry: TasksEntry
                var body: some View {
                    switch family {
                    case .accessoryCircular:
                        Text("\\(entry.count)")
                    case .accessoryRectangular:
                        Text("\\(entry.count) tasks")
                    default:
                        Text("\\(entry.count)").containerBackground(.fill.tertiary, for: .widget)
                    }
                }
            }
            """)
        let violations = Linter(rules: [RuleRegistry.rule("widget_missing_container_background")!]).lint(ExampleRunner.model(for: example)).violations
        #expect(violations.map { "\($0.file):\($0.line)" } == ["Widgets/Example.swift:13"])
        #expect(violations.first?.related.map { "\($0.file):\($0.line)" } == ["Widgets/Example.swift:15"])
        #expect(violations.first?.message.contains("this one (case .accessoryCircular)") == true)
    }
}

extension UnseenAppCasesTests {
    /// A watch complication without `.supportedFamilies` whose view has a case for each watchOS family and a
    /// `default:` without a background: the `default:` is never drawn; the inline case alone lacking it is a skip.
    @Test func aDefaultAfterEveryFamilyIsNeverDrawn() throws {
        let view = """
            struct ComplicationWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "complication", provider: ComplicationProvider()) { entry in ComplicationView(entry: entry) }
                }
            }
            struct ComplicationView: View {
                @Environment(\\.widgetFamily) var family
                let entry: ComplicationEntry
                var body: some View {
                    switch family {
                    case .accessoryRectangular, .accessoryCircular, .accessoryCorner:
                        Text(entry.glucose).containerBackground(.fill.tertiary, for: .widget)
                    case .accessoryInline:
                        Text(entry.glucose)
                    default:
                        Image("AppIcon")
                    }
                }
            }
            """
        func run(_ platform: Platform) -> (violations: [String], skips: [String]) {
            let example = RuleExample.widget(view).with("Widgets") { $0.platform = platform }.with("App") { $0.platform = platform }
            let result = Linter(rules: [RuleRegistry.rule("widget_missing_container_background")!]).lint(ExampleRunner.model(for: example))
            return (result.violations.map { "\($0.file):\($0.line) \($0.message.contains("(default:)"))" }, result.skips.map { MessagePlace.plain($0.reason) })
        }
        let watch = run(.watchOS)
        #expect(watch.violations == [])
        #expect(watch.skips.contains("widget ComplicationWidget: only its .accessoryInline branch has no containerBackground, and Apple does not document what an inline widget shows without one; not reported"))
        // On iOS a widget without `.supportedFamilies` may be asked for system families too: the `default:` is drawn.
        #expect(run(.iOS).violations == ["Widgets/Example.swift:16 true"])
    }
}

/// Round-15 kinds: an Apple Event URL handler on macOS, `ActivityKit.Activity` written with its module, and the
/// lowest version a widget extension's own code needs.
struct UnseenAppCasesRound15Tests {
    /// A macOS app that registers for the URL Apple Event handles the widget's links: no `deep_link_unhandled`.
    @Test func appleEventURLHandlerHandlesLinks() {
        let widget = ExampleFile.widget("""
            struct BatteryWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "battery", provider: BatteryProvider()) { entry in
                        BatteryView(entry: entry).widgetURL(URL(string: "airbattery://reload"))
                    }
                }
            }
            """)
        func findings(_ app: String) -> [String] {
            let example = RuleExample(files: [widget, .app(app)])
                .with("App") { $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("airbattery")])])])) }
            return Linter(rules: [RuleRegistry.rule("deep_link_unhandled")!]).lint(ExampleRunner.model(for: example)).violations.map(\.rule)
        }
        let delegate = """
            import AppKit
            class AppDelegate: NSObject, NSApplicationDelegate {
                func applicationDidFinishLaunching(_ notification: Notification) {
                    NSAppleEventManager.shared().setEventHandler(self, andSelector: #selector(handleURL(event:reply:)),
                                                                 forEventClass: AEEventClass(kInternetEventClass), andEventID: AEEventID(kAEGetURL))
                }
                @objc func handleURL(event: NSAppleEventDescriptor, reply: NSAppleEventDescriptor) {
                    guard let text = event.paramDescriptor(forKeyword: keyDirectObject)?.stringValue, let url = URL(string: text) else { return }
                    switch url.host {
                    case "reload": reload()
                    default: break
                    }
                }
            }
            """
        #expect(findings(delegate) == [])
        #expect(findings("class AppDelegate: NSObject, NSApplicationDelegate {}") == ["deep_link_unhandled"])
    }

    /// `ActivityKit.Activity<MatchAttributes>.request(…)`, module-qualified because the project declares an
    /// `Activity` of its own, is a request: the app needs `NSSupportsLiveActivities`.
    @Test func moduleQualifiedActivityRequestIsARequest() {
        let example = RuleExample(files: [
            .shared("""
                import ActivityKit
                struct MatchAttributes: ActivityAttributes {
                    public struct ContentState: Codable, Hashable { var score: String }
                }
                struct Activity { let title: String }
                """),
            .app("""
                import ActivityKit
                func follow() throws {
                    _ = try ActivityKit.Activity<MatchAttributes>.request(attributes: MatchAttributes(), content: .init(state: .init(score: "0-0"), staleDate: nil), pushType: .token)
                }
                """),
        ])
        let model = ExampleRunner.model(for: example)
        #expect(model.activityRequests.map { "\($0.attributes ?? "?") \($0.pushType ?? "-")" } == ["MatchAttributes token"])
    }

    /// The extension asks iOS 17.5; its widget's view sets `.containerBackground` with no availability check, so
    /// it cannot go below iOS 17.0: the finding names 17.0–17.4 and advises 17.0, not the app's 15.6. A widget
    /// extension under an app at iOS 12.4 is advised iOS 14.0, the first with WidgetKit.
    @Test func deploymentAdviceFollowsWhatTheWidgetNeeds() {
        let widget = ExampleFile.widget("""
            struct PriceWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "price", provider: PriceProvider()) { entry in
                        PriceView(entry: entry).containerBackground(.fill.tertiary, for: .widget)
                    }
                }
            }
            """)
        func message(app: String, widgets: String, file: ExampleFile) -> String? {
            let example = RuleExample(files: [file])
                .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": app] }
                .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": widgets] }
            return Linter(rules: [RuleRegistry.rule("extension_deployment_target_above_app")!]).lint(ExampleRunner.model(for: example)).violations.first?.message
        }
        let background = message(app: "15.6", widgets: "17.5", file: widget)
        #expect(background?.contains("on iOS 17.0–17.4 the app installs without its widgets") == true)
        #expect(background?.contains("Lower the extension's deployment target to 17.0") == true)
        #expect(message(app: "15.6", widgets: "17.0", file: widget) == nil)
        let plain = ExampleFile.widget("""
            struct NoteWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "note", provider: NoteProvider()) { entry in NoteView(entry: entry) }
                }
            }
            """)
        let old = message(app: "12.4", widgets: "15.6", file: plain)
        #expect(old?.contains("on iOS 14.0–15.5 the app installs without its widgets") == true)
        #expect(old?.contains("Lower the extension's deployment target to 14.0") == true)
    }
}

/// Round-16 kinds.
struct UnseenAppCasesRound16Tests {
    /// The widget extension keeps its own copy of a LiveActivityIntent the app declares too: the system runs the
    /// app's, in the app's process, so the extension's copy opening the App Group it is not entitled to is no finding.
    @Test func anExtensionsCopyOfAnAppsLiveActivityIntentNeverRuns() {
        let intent = """
            import AppIntents
            struct NextStepIntent: LiveActivityIntent {
                static let title: LocalizedStringResource = "Next step"
                func perform() async throws -> some IntentResult {
                    UserDefaults(suiteName: "group.com.example.cook")?.set(1, forKey: "step")
                    return .result()
                }
            }
            """
        func findings(appCopy: Bool) -> [String] {
            var files = [ExampleFile.widget(intent, name: "CookModeIntents.swift")]
            if appCopy { files.append(.app(intent, name: "CookModeIntents.swift")) }
            let example = RuleExample(files: files).with("App") { $0.set(appGroups: ["group.com.example.cook"]) }
            return Linter(rules: [RuleRegistry.rule("app_group_not_entitled")!]).lint(ExampleRunner.model(for: example)).violations.map { "\($0.file):\($0.line)" }
        }
        #expect(findings(appCopy: true) == [])
        #expect(findings(appCopy: false) == ["Widgets/CookModeIntents.swift:5"])
    }
}

/// Round-17 kinds.
struct UnseenAppCasesRound17Tests {
    /// A request behind `guard liveActivityEnabled else { return }` with `let liveActivityEnabled = false`: the
    /// feature is switched off in the source, so the request is none (no `activity_type_not_configured`); with the
    /// flag `true` it is one.
    @Test func aRequestBehindAConstantFalseGuardNeverRuns() {
        func requests(flag: String) -> [String] {
            let example = RuleExample(files: [
                .shared("""
                    import ActivityKit
                    struct FastAttributes: ActivityAttributes {
                        public struct ContentState: Codable, Hashable { var minutes: Int }
                    }
                    """),
                .app("""
                    import ActivityKit
                    let liveActivityEnabled = \(flag)
                    struct LiveActivityManager {
                        static func start() {
                            guard liveActivityEnabled else { return }
                            _ = try? Activity.request(attributes: FastAttributes(), content: .init(state: .init(minutes: 0), staleDate: nil))
                        }
                    }
                    """),
            ])
            return ExampleRunner.model(for: example).activityRequests.map { $0.attributes ?? "?" }
        }
        #expect(requests(flag: "false") == [])
        #expect(requests(flag: "true") == ["FastAttributes"])
    }
}
