import Foundation
import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces
import Testing
@testable import GlanceRules

/// The field cases of shared/cases/field-cases-2.md that new rules answer (FC2-01, FC2-04, FC2-05, FC2-06):
/// each case's input, run through every rule, gives the verdict the case asks for, with the words a user needs.
struct FieldCases2NewRulesTests {
    /// FC2-01: an update spells the stale date `state-date`; ActivityKit ignores it, so the activity never turns stale.
    @Test func fc2_01UnknownAPSKey() {
        let example = RuleExample.payload("""
            {"aps": {"timestamp": 1795946400, "event": "update", "state-date": 1795950000,
                     "content-state": {"stage": "onTheWay", "eta": 817641000}}}
            """)
        let violations = RuleRegistry.payloadRules.flatMap { ExampleRunner.violations(of: $0, in: example) }
        #expect(violations.map { "\($0.rule) \($0.file):\($0.line):\($0.column) \($0.severity)" } == ["payload_unknown_aps_key payload.json:1:54 error"])
        #expect(violations.first?.message == #"aps.state-date is not a key ActivityKit reads, so it is ignored; did you mean "stale-date"?"#)
    }

    static let meterWidget = ExampleFile.widget("""
        struct UsageWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in
                    UsageView(entry: entry)
                        .widgetURL(URL(string: "meterapp://usage"))
                        .containerBackground(.fill, for: .widget)
                }
            }
        }
        """)
    static let meterApp = ExampleFile.app("""
        @main
        struct MeterApp: App {
            var body: some Scene { WindowGroup { ContentView().onOpenURL { url in Router.shared.open(url) } } }
        }
        """)

    /// FC2-04, as FC3-00 corrects it: the widget links to meterapp://usage and the app registers no scheme. On
    /// iOS and watchOS WidgetKit hands a widget's own link to its app whatever the scheme: nothing to report.
    /// The same URL opened through an OpenURLIntent is opened like any URL, and needs the registration; on macOS
    /// the widget's own link is reported, with its premise named as a field report.
    @Test func fc2_04SchemeNotRegistered() throws {
        let example = RuleExample(files: [Self.meterWidget, Self.meterApp])
            .with("App") { $0.set(info: "CFBundleDisplayName", .string("Meter")) }
        #expect(Linter().lint(ExampleRunner.model(for: example)).violations.filter { $0.rule == "url_scheme_not_registered" }.isEmpty)

        let intent = RuleExample(files: [.widget("""
            struct OpenUsageIntent: AppIntent {
                static let title: LocalizedStringResource = "Open Usage"
                func perform() async throws -> some IntentResult & OpensIntent { .result(opensIntent: OpenURLIntent(URL(string: "meterapp://usage")!)) }
            }
            """), Self.meterApp])
        let violations = Linter().lint(ExampleRunner.model(for: intent)).violations.filter { $0.rule == "url_scheme_not_registered" }
        #expect(violations.map { "\($0.file):\($0.line)" } == ["Widgets/Example.swift:3"])
        #expect(violations.first?.message.contains(#"app 'App' does not register the URL scheme "meterapp"; the system opens it like any URL"#) == true)
        // Registered: nothing to report.
        let registered = intent.with("App") { $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("meterapp")])])])) }
        #expect(Linter().lint(ExampleRunner.model(for: registered)).violations.filter { $0.rule == "url_scheme_not_registered" }.isEmpty)

        let mac = example.with("Widgets") { $0.platform = .macOS }.with("App") { $0.platform = .macOS }
        let onMac = Linter().lint(ExampleRunner.model(for: mac)).violations.filter { $0.rule == "url_scheme_not_registered" }
        #expect(onMac.map { "\($0.file):\($0.line) \($0.severity)" } == ["Widgets/Example.swift:5 warning"])
        #expect(onMac.first?.message.contains(try #require(Premise.Certainty.reported.messageNote)) == true)
    }

    /// FC2-05: the widget extension's Info.plist holds only CFBundleDisplayName.
    @Test func fc2_05NoExtensionPoint() {
        let example = RuleExample(files: [Self.meterWidget, .widget("""
            @main
            struct MeterWidgets: WidgetBundle {
                var body: some Widget { UsageWidget() }
            }
            """, name: "Bundle.swift"), Self.meterApp])
            .with("App") { $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("meterapp")])])])) }
            .with("Widgets") { $0.infoPlist = ["Debug": ["CFBundleDisplayName": .string("Meter")], "Release": ["CFBundleDisplayName": .string("Meter")]] }
        let violations = Linter().lint(ExampleRunner.model(for: example)).violations
        #expect(violations.map { "\($0.rule) \($0.file):\($0.line) \($0.severity)" } == ["widget_extension_point_missing .:1 error"])
        #expect(violations.first?.target == "Widgets")
    }

    /// FC2-06: app at iOS 17.0, widget extension at 18.4: a warning naming the versions left without widgets; quiet
    /// when the app checks availability for 18.4.
    @Test func fc2_06DeploymentTargetAboveApp() {
        let example = RuleExample(files: [Self.meterWidget, Self.meterApp])
            .with("App") {
                $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"]
                $0.set(info: "CFBundleURLTypes", .array([.dictionary(["CFBundleURLSchemes": .array([.string("meterapp")])])]))
            }
            .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "18.4"] }
        let violations = Linter().lint(ExampleRunner.model(for: example)).violations
        #expect(violations.map { "\($0.rule) \($0.file):\($0.line) \($0.severity)" } == ["extension_deployment_target_above_app .:1 warning"])
        #expect(violations.first?.message.contains("on iOS 17.0–18.3 the app installs without its widgets") == true)

        var deliberate = example
        deliberate.files.append(.app("""
            func offerWidgets() {
                if #available(iOS 18.4, *) { WidgetCenter.shared.reloadAllTimelines() }
            }
            """, name: "Widgets.swift"))
        let result = Linter().lint(ExampleRunner.model(for: deliberate))
        #expect(result.violations.isEmpty)
        #expect(result.skips.contains { $0.rule == "extension_deployment_target_above_app" && MessagePlace.plain($0.reason).contains("looks deliberate: App/Widgets.swift") })
    }
}

/// Findings about a build setting point at the setting's line in the target's configuration block.
struct SettingPlaceTests {
    @Test func deploymentTargetIsReportedAtItsLine() throws {
        let folder = NSTemporaryDirectory() + "glance-setting-place-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Meter.xcodeproj", withIntermediateDirectories: true)
        try """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tCFGWIDGETS /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
            \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 18.4;
            \t\t\t};
            \t\t\tname = Debug;
            \t\t};
            \t};
            }
            """.write(toFile: folder + "/Meter.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        func target(_ name: String, _ kind: TargetKind, _ version: String, configurationID: String?, embeds: [String] = []) -> Target {
            let settings = BuildSettings(layers: [[SettingAssignment(name: "IPHONEOS_DEPLOYMENT_TARGET", value: version, origin: "target")]],
                                         builtins: [:], sdk: "iphoneos", configuration: "Debug")
            return Target(id: name, name: name, productType: nil, kind: kind, kindReason: "test", platforms: [.iOS], sources: [], assetCatalogs: [],
                          configurations: [TargetConfiguration(name: "Debug", settings: settings, infoPlist: [:], infoPlistFile: nil, entitlements: [:],
                                                               entitlementsFile: nil, notes: [], objectID: configurationID)],
                          defaultConfigurationName: "Debug", dependencies: [], embeds: embeds.map { Embedding(embeddedTargetID: $0, phaseName: nil, onlyWhenInstalling: false) },
                          projectPath: "Meter.xcodeproj")
        }
        let project = ProjectModel(root: folder, projectFiles: ["Meter.xcodeproj"], targets: [
            target("Meter", .app, "17.0", configurationID: nil, embeds: ["MeterWidgets"]),
            target("MeterWidgets", .widgetExtension, "18.4", configurationID: "CFGWIDGETS"),
        ], unassignedSources: [], isLooseSources: false, notes: [])
        let violations = Linter(rules: [ExtensionDeploymentTargetAboveApp.self]).lint(SurfaceModel.build(project: project, index: SourceIndex(sources: [:]))).violations
        #expect(violations.map { "\($0.file):\($0.line):\($0.column)" } == ["Meter.xcodeproj/project.pbxproj:8:5"])
    }
}
