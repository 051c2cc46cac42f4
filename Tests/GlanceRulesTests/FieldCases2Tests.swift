import Foundation
import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces
import Testing
@testable import GlanceRules

/// The field cases of shared/cases/field-cases-2.md not covered by FieldCases2NewRulesTests: each case's input
/// run through every rule, with the verdict the case asks for. FC2-16, FC2-18 and parts of FC2-10, FC2-19 and
/// FC2-20 need whole projects: see GlanceCLITests' GeneratedProjectTests and FieldCaseFixtureTests.
struct FieldCases2Tests {
    private func findings(_ example: RuleExample) -> [String] {
        Linter().lint(ExampleRunner.model(for: example)).violations.map { "\($0.rule) \($0.file):\($0.line)" }
    }

    private func findings(_ example: RuleExample, of rule: String) -> [String] {
        findings(example).filter { $0.hasPrefix(rule + " ") }
    }

    /// FC2-02: a plain AppIntent run by a control, compiled only into the widget extension, updates the
    /// activities it lists; outside the app process the list is empty.
    @Test func fc2_02ActivityKitOutsideTheApp() {
        let example = RuleExample(files: [.widget("""
            struct EndControl: ControlWidget {
                var body: some ControlWidgetConfiguration {
                    StaticControlConfiguration(kind: "com.example.app.end") {
                        ControlWidgetButton(action: EndSessionIntent()) { Text("End") }
                    }
                    .displayName("End").description("Ends the session.")
                }
            }
            struct EndSessionIntent: AppIntent {
                static let title: LocalizedStringResource = "End"
                func perform() async throws -> some IntentResult {
                    for activity in Activity<SessionAttributes>.activities { await activity.update(content) }
                    return .result()
                }
            }
            """)])
        #expect(findings(example, of: "activity_list_outside_app") == ["activity_list_outside_app Widgets/Example.swift:12"])
    }

    /// FC2-03: the app requests FollowAttributes; the only bundle has a StaticConfiguration widget.
    @Test func fc2_03ActivityTypeNobodyDraws() {
        let example = RuleExample(files: [
            .shared("struct FollowAttributes: ActivityAttributes { struct ContentState: Codable, Hashable { var score: Int } }"),
            .app("func follow() throws { _ = try Activity<FollowAttributes>.request(attributes: FollowAttributes(), content: content, pushType: .token) }"),
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { ScoreWidget() } }
                struct ScoreWidget: Widget {
                    var body: some WidgetConfiguration { StaticConfiguration(kind: "score", provider: P()) { _ in Text("") } }
                }
                """),
        ])
        #expect(findings(example, of: "activity_type_not_configured") == ["activity_type_not_configured App/App.swift:1"])
    }

    /// FC2-10: same names in an iOS and a watchOS widget extension (their own files): both widgets are in
    /// their bundles, and each view's image is looked up in its own extension's catalog.
    @Test func fc2_10SameNamesInTwoModules() {
        func files(_ path: String, target: String, image: String) -> [ExampleFile] {
            [ExampleFile(path: "\(path)/Widgets.swift", targets: [target], contents: """
                @main struct Widgets: WidgetBundle { var body: some Widget { StatusWidget() } }
                struct StatusWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "status", provider: P()) { entry in EntryView(entry: entry) }
                    }
                }
                """),
             ExampleFile(path: "\(path)/EntryView.swift", targets: [target], contents: """
                struct EntryView: View {
                    let entry: Entry
                    var body: some View { Image("\(image)").containerBackground(.fill, for: .widget) }
                }
                """)]
        }
        let example = RuleExample(files: files("Widgets", target: "Widgets", image: "phone") + files("WatchWidgets", target: "WatchWidgets", image: "watch"))
            .with("Widgets") { $0.images = ["phone": (width: 40, height: 40, scale: 1)] }
            .with("WatchWidgets") { $0.images = ["watch": (width: 40, height: 40, scale: 1)] }
        #expect(findings(example) == [])
        let model = ExampleRunner.model(for: example)
        #expect(model.widgets.map { $0.targets.map(\.name) } == [["WatchWidgets"], ["Widgets"]])
    }

    /// FC2-11: an app's own `AlarmManager` (no AlarmKit import) and an enum case `.post(text:)` set in
    /// perform() are not AlarmKit's nor NotificationCenter's.
    @Test func fc2_11AppTypesWithFrameworkNames() {
        let alarms = RuleExample(files: [.app("""
            import Foundation
            final class AlarmManager {
                static let shared = AlarmManager()
                func snooze() {}
            }
            func tapped() { AlarmManager.shared.snooze() }
            """)]).withoutImplicitImports()
        #expect(findings(alarms) == [])
        let post = RuleExample(files: [.widget("""
            enum Action { case post(text: String), none }
            struct ShareIntent: LiveActivityIntent {
                static let title: LocalizedStringResource = "Share"
                func perform() async throws -> some IntentResult {
                    PendingAction.current = .post(text: "done")
                    return .result()
                }
            }
            struct ShareActivity: Widget {
                var body: some WidgetConfiguration {
                    ActivityConfiguration(for: ShareAttributes.self) { context in Button(intent: ShareIntent()) { Text("Share") } }
                        dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                            compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("S") } }
                }
            }
            """)])
        #expect(findings(post, of: "intent_posts_notification_only") == [])
    }

    /// FC2-12: the bundle returns capitalized @WidgetBundleBuilder members.
    @Test func fc2_12CapitalizedBundleMembers() {
        let example = RuleExample(files: [.widget("""
            @main struct Widgets: WidgetBundle {
                var body: some Widget { if #available(iOS 18, *) { return Current } else { return Legacy } }
                @WidgetBundleBuilder private var Current: some Widget { StatusWidget(); LampControl() }
                @WidgetBundleBuilder private var Legacy: some Widget { StatusWidget() }
            }
            struct StatusWidget: Widget {
                var body: some WidgetConfiguration { StaticConfiguration(kind: "status", provider: P()) { _ in Text("").containerBackground(.fill, for: .widget) } }
            }
            struct LampControl: ControlWidget {
                var body: some ControlWidgetConfiguration {
                    StaticControlConfiguration(kind: "lamp") { ControlWidgetButton(action: ToggleLamp()) { Text("Lamp") } }
                        .displayName("Lamp").description("Turns the lamp on.")
                }
            }
            """)])
        #expect(findings(example, of: "widget_not_in_bundle") == [])
    }

    /// FC2-13: `.card()` calls `.cardBackground(_:)`, which calls `.containerBackground(for: .widget)`.
    @Test func fc2_13HelpersTwoLevelsDeep() {
        let example = RuleExample(files: [.widget("""
            struct SummaryWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "summary", provider: P()) { entry in Text(entry.title).card() }
                }
            }
            extension View {
                func card() -> some View { cardBackground(Color.clear) }
                func cardBackground(_ color: Color) -> some View { containerBackground(for: .widget) { color } }
            }
            """)])
        #expect(findings(example, of: "widget_missing_container_background") == [])
    }

    /// FC2-14: values passed to views do not hide the missing container background.
    @Test func fc2_14ValuesAreNotViews() {
        let example = RuleExample(files: [.widget("""
            struct TitleWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "title", provider: P()) { entry in
                        VStack {
                            Text(NSLocalizedString("title", comment: ""))
                            Text(NumberFormatter().string(from: NSNumber(value: entry.count)) ?? "")
                            LazyVGrid(columns: [GridItem(.flexible())]) { Text("") }
                        }
                    }
                }
            }
            """)])
        #expect(findings(example, of: "widget_missing_container_background") == ["widget_missing_container_background Widgets/Example.swift:4"])
    }

    /// FC2-15: each kind of a literal list reloaded once is fine; the same kind per data item is not.
    @Test func fc2_15LoopOverDistinctKinds() {
        let distinct = RuleExample.app("""
            func refresh() { for kind in ["small", "large"] { WidgetCenter.shared.reloadTimelines(ofKind: kind) } }
            """)
        #expect(findings(distinct, of: "widget_reload_in_loop") == [])
        let perItem = RuleExample.app("""
            func refresh(_ items: [Item]) { for item in items { save(item); WidgetCenter.shared.reloadTimelines(ofKind: "summary") } }
            """)
        #expect(findings(perItem, of: "widget_reload_in_loop") == ["widget_reload_in_loop App/App.swift:1"])
    }

    /// FC2-17: a Flutter app delegate's superclass handles URLs.
    @Test func fc2_17FrameworkAppDelegate() {
        let example = RuleExample(files: [
            .widget("""
                struct LinkWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "link", provider: P()) { _ in Text("").widgetURL(URL(string: "app://home")).containerBackground(.fill, for: .widget) }
                    }
                }
                """),
            .app("""
                import Flutter
                @main @objc class AppDelegate: FlutterAppDelegate {
                    override func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        super.application(application, didFinishLaunchingWithOptions: launchOptions)
                    }
                }
                """),
        ])
        #expect(findings(example, of: "deep_link_unhandled") == [])
    }

    /// FC2-19: the group read from the Info.plist differs from the entitlements in Debug only.
    @Test func fc2_19GroupFromInfoPlist() {
        let example = RuleExample.app("""
            enum AppGroup { static let id = Bundle.main.object(forInfoDictionaryKey: "AppGroup") as! String }
            let store = UserDefaults(suiteName: AppGroup.id)
            """).with("App") { target in
                target.infoPlist["Debug"]?["AppGroup"] = .string("group.com.example.reader")
                target.infoPlist["Release"]?["AppGroup"] = .string("group.com.example.reader")
                target.entitlements["Debug"] = ["com.apple.security.application-groups": .array([.string("group.com.example.reader-debug")])]
                target.entitlements["Release"] = ["com.apple.security.application-groups": .array([.string("group.com.example.reader")])]
            }
        let violations = Linter().lint(ExampleRunner.model(for: example)).violations.filter { $0.rule == "app_group_not_entitled" }
        #expect(violations.map { "\($0.file):\($0.line)" } == ["App/App.swift:2"])
        #expect(violations.first?.message.contains("'App' (Debug)") == true)
    }

    /// FC2-20: one missing entitlement used at three call sites is one finding with the other places.
    @Test func fc2_20OneCauseOneFinding() {
        let example = RuleExample.app("""
            let a = UserDefaults(suiteName: "group.com.example.shared")
            let b = UserDefaults(suiteName: "group.com.example.shared")
            let c = UserDefaults(suiteName: "group.com.example.shared")
            """).with("App") { $0.set(appGroups: ["group.com.example.other"]) }
        let violations = Linter().lint(ExampleRunner.model(for: example)).violations
        #expect(violations.map { "\($0.rule) \($0.file):\($0.line)" } == ["app_group_not_entitled App/App.swift:1"])
        #expect(violations.first?.related.map { "\($0.file):\($0.line)" } == ["App/App.swift:2", "App/App.swift:3"])
        #expect(violations.first?.displayMessage.hasSuffix("(same cause at 2 more places: App/App.swift:2, App/App.swift:3)") == true)
    }

    /// FC2-21: a station name and a short status in ContentState do not put 4 KB at risk.
    @Test func fc2_21ShortStringsAreNoBudgetRisk() {
        let example = RuleExample.widget("""
            struct TrainAttributes: ActivityAttributes {
                struct ContentState: Codable, Hashable { var station: String; var status: String; var delay: Int }
            }
            struct TrainActivity: Widget {
                var body: some WidgetConfiguration {
                    ActivityConfiguration(for: TrainAttributes.self) { context in Text(context.state.station) }
                        dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                            compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("T") } }
                }
            }
            """)
        #expect(findings(example, of: "live_activity_payload_budget") == [])
    }
}
