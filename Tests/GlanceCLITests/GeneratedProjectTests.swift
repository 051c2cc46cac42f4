import Foundation
import Testing
import GlanceCLI
import GlanceRules

/// Folders without an Xcode project (issue 8 point 5, field case FC2-16): nothing to lint is an error; Tuist,
/// XcodeGen and Expo folders name the command that writes the project, read names per target where the
/// manifest says which files make one, never treat manifests as sources, and run only the rules that read code.
/// The fixtures are in Tests/GlanceCLITests/Fixtures, their expected output in Expected/.
@Suite(.serialized)
struct GeneratedProjectTests {
    static let tuist = "Tests/GlanceCLITests/Fixtures/TuistTimers"
    static let xcodegen = "Tests/GlanceCLITests/Fixtures/XcodeGenFocus"
    static let expo = "Tests/GlanceCLITests/Fixtures/ExpoStreaks"

    /// The number of default rules that need facts only an Xcode project gives.
    static var rulesNeedingAProject: Int {
        RuleRegistry.all.filter { $0.description.enabledByDefault && !$0.description.requires.isEmpty }.count
    }

    // MARK: Nothing to lint

    @Test func emptyFolderIsAnError() throws {
        let folder = try scratchFolder("empty")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = glance("lint", folder + "/")
        #expect(output.exitCode == 2)
        #expect(output.standardOutput == "")
        #expect(output.standardError == "glance: error: \(folder)/: the folder is empty; nothing to lint\n")
    }

    @Test func folderWithOnlyAReadmeIsAnError() throws {
        let folder = try scratchFolder("readme")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("# Notes\n", to: folder + "/README.md")
        let output = glance("surfaces", folder)
        #expect(output.exitCode == 2)
        #expect(output.standardOutput == "")
        #expect(output.standardError == "glance: error: \(folder): no .xcodeproj and no Swift source in the folder; nothing to lint\n")
    }

    /// Manifests are not sources: a folder of Tuist manifests alone has nothing to lint, and says what to run.
    @Test func manifestsAloneAreNothingToLint() throws {
        let folder = try scratchFolder("manifests")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("import ProjectDescription\n\nlet project = Project(name: \"A\", targets: [])\n", to: folder + "/Project.swift")
        try write("import ProjectDescription\n\nextension Target {}\n", to: folder + "/Tuist/ProjectDescriptionHelpers/Project+Templates.swift")
        let output = glance("lint", folder)
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: \(folder): no .xcodeproj and no Swift source in the folder; Tuist generates the project from Project.swift: run `tuist generate` first\n")
    }

    /// A folder of Swift files without a project works as before: one target, code rules, no note.
    @Test func swiftFilesWithoutAGeneratorGiveNoNote() throws {
        let folder = try scratchFolder("plain")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("""
            struct ToggleIntent: SetValueIntent {
                @Parameter(title: "On") var value: Bool
                func perform() async throws -> some IntentResult {
                    value.toggle()
                    return .result()
                }
            }
            """, to: folder + "/Sources/Toggle.swift")
        try write("// swift-tools-version:6.0\nimport PackageDescription\n\nlet package = Package(name: \"Toggle\")\n", to: folder + "/Package.swift")
        let output = glance("lint", folder, "--reporter", "json", "--explain-skips")
        #expect(output.exitCode == 1)
        #expect(output.standardError == summary(errors: 1, warnings: 0, files: 1))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let violations = try #require(json["violations"] as? [[String: Any]])
        #expect(violations.map { $0["rule"] as? String } == ["set_value_intent_assigns_value"])
        let skipped = try #require(json["skipped"] as? [[String: Any]])
        #expect(skipped.contains { $0["rule"] is NSNull && $0["reason"] as? String == "no .xcodeproj found: Swift files read as one target of unknown kind; rules that need an Xcode project are not run" })
        #expect(skipped.filter { ($0["reason"] as? String)?.hasPrefix("not run: needs ") == true }.count == Self.rulesNeedingAProject)
        // A Swift file given as PATH reads its folder the same way.
        let file = glance("lint", folder + "/Sources/Toggle.swift")
        #expect(file.exitCode == 1)
        #expect(file.standardOutput.hasPrefix("\(folder)/Sources/Toggle.swift:4:9: error: ToggleIntent.perform() changes `value`"))
        #expect(file.standardError == summary(errors: 1, warnings: 0, files: 1))
        // Package.swift is a manifest, not a source of the target.
        let surfaces = try #require(try JSONSerialization.jsonObject(with: Data(glance("surfaces", folder, "--format", "json").standardOutput.utf8)) as? [String: Any])
        let targets = try #require(surfaces["targets"] as? [[String: Any]])
        #expect(targets.map { $0["sources"] as? [String] } == [["Sources/Toggle.swift"]])
    }

    /// An app's own `Project.swift` (a model type, no ProjectDescription import) is a source like any other.
    @Test func projectSwiftWithoutProjectDescriptionIsASource() throws {
        let folder = try scratchFolder("model")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("import Foundation\n\nstruct Project {\n    var name: String\n}\n", to: folder + "/Models/Project.swift")
        let output = glance("surfaces", folder)
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == "Project: (no Xcode project: sources read as one target)\n\n\((folder as NSString).lastPathComponent) — unknown\n  (no glanceable surfaces; 1 Swift file)\n")
    }

    // MARK: Tuist

    /// FC2-16: in a Tuist folder, the alarm's Live Activity is listed by a @main bundle, yet
    /// alarm_countdown_without_widget fired as an error. Now rules that need targets do not run; rules that
    /// read code do (widget_url_multiple), and a note on standard error says to run `tuist generate`.
    @Test func tuistFolderRunsOnlyCodeRules() {
        let output = glance("lint", Self.tuist)
        #expect(output.standardOutput == """
            \(Self.tuist)/Widgets/TimerWidget.swift:23:14: warning: widget TimerWidget sets widgetURL more than once in one view hierarchy (also at \(Self.tuist)/Widgets/TimerWidget.swift:22); which URL wins is undefined. Keep one widgetURL and use Link for other tap targets. [widget_url_multiple]

            """)
        #expect(output.standardError == """
            glance: note: no .xcodeproj in \(Self.tuist); Tuist generates it from Project.swift: run `tuist generate`, then lint again for a full check (\(Self.rulesNeedingAProject) rules that need it did not run; --explain-skips lists them)

            """ + summary(errors: 0, warnings: 1, files: 12))
        #expect(output.exitCode == 0)
    }

    @Test func tuistSkipsNameTheGeneratorAndEachRule() throws {
        let output = glance("lint", Self.tuist, "--explain-skips")
        #expect(output.standardOutput == (try expected("TuistTimers.lint.txt")))
        #expect(output.standardOutput.contains("[alarm_countdown_without_widget] not run: needs target kinds and embedding, which the manifests do not state literally (Project.swift: target `.timerFeature(name: \"Settings\")` is built by helper code) (run `tuist generate` for a full check)"))
        #expect(output.exitCode == 0)
    }

    @Test func quietLeavesOutTheNote() {
        let output = glance("lint", Self.tuist, "--quiet")
        #expect(output.standardError == "")
        #expect(output.standardOutput.hasSuffix("[widget_url_multiple]\n"))
    }

    /// Both TimerWidget types (iOS and watchOS extension) are surfaces of their own target, with their own
    /// kind and family; Project.swift and the Tuist helpers are sources of no target; the file the `sources`
    /// glob excludes, and the target built by a helper, are loose.
    @Test func tuistSurfacesPerTarget() throws {
        let output = glance("surfaces", Self.tuist, "--format", "json")
        #expect(output.standardOutput == (try expected("TuistTimers.surfaces.json")))
        #expect(output.exitCode == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let widgets = try #require(json["widgets"] as? [[String: Any]]).filter { $0["type"] as? String == "TimerWidget" }
        #expect(widgets.map { $0["kind"] as? String } == ["watch-timer", "timer"])
        #expect(widgets.map { $0["targets"] as? [String] } == [["WatchTimerWidgets"], ["TimerWidgets"]])
        let sources = try #require(json["targets"] as? [[String: Any]]).flatMap { $0["sources"] as? [String] ?? [] }
        #expect(!sources.contains("Project.swift"))
        #expect(!sources.contains { $0.hasPrefix("Tuist/") })
    }

    /// A finding about what a Tuist target's manifest states is reported where the manifest states it: the key
    /// in the target's `.target(…)` call, else the call's first line (FC3-15).
    @Test func tuistFindingsPointAtTheManifest() throws {
        let folder = try scratchFolder("tuist-place")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("""
            import ProjectDescription

            let project = Project(name: "Lap", targets: [
                .target(
                    name: "Lap",
                    destinations: .iOS,
                    product: .app,
                    bundleId: "dev.glance.lap",
                    infoPlist: .extendingDefault(with: [
                        "NSSupportsLiveActivities": false,
                    ]),
                    sources: ["App/**"]
                ),
            ])
            """, to: folder + "/Project.swift")
        try write("""
            import ActivityKit

            struct LapAttributes: ActivityAttributes {
                struct ContentState: Codable, Hashable { var laps: Int }
            }

            func start() throws {
                _ = try Activity<LapAttributes>.request(attributes: LapAttributes(), content: .init(state: .init(laps: 0), staleDate: nil))
            }
            """, to: folder + "/App/Laps.swift")
        let output = glance("lint", folder, "--quiet")
        #expect(output.standardOutput == "\(folder)/Project.swift:10:13: error: app 'Lap' uses Live Activities (\(folder)/App/Laps.swift:8) but its Info.plist has no NSSupportsLiveActivities = YES in Debug and Release. Set INFOPLIST_KEY_NSSupportsLiveActivities = YES (or the Info.plist key) on the app target. [live_activities_not_enabled]\n")
        #expect(output.exitCode == 1)
    }

    // MARK: XcodeGen and Expo

    @Test func xcodegenFolder() throws {
        let output = glance("lint", Self.xcodegen, "--explain-skips")
        #expect(output.standardOutput == (try expected("XcodeGenFocus.lint.txt")))
        #expect(output.standardError == """
            glance: note: no .xcodeproj in \(Self.xcodegen); XcodeGen generates it from project.yml: run `xcodegen generate`, then lint again for a full check (\(Self.rulesNeedingAProject) rules that need it did not run; --explain-skips lists them)

            """ + summary(errors: 0, warnings: 0, files: 2))
        #expect(output.exitCode == 0)
    }

    @Test func expoFolder() throws {
        let output = glance("lint", Self.expo, "--explain-skips")
        #expect(output.standardOutput == (try expected("ExpoStreaks.lint.txt")))
        #expect(output.standardError.contains("Expo generates it from app.json: run `npx expo prebuild`"))
        #expect(output.exitCode == 0)
        let surfaces = glance("surfaces", Self.expo)
        #expect(surfaces.standardOutput == (try expected("ExpoStreaks.surfaces.txt")))
    }

    /// A suppression of a rule that did not run is not reported as unused.
    @Test func suppressionOfARuleThatDidNotRunIsNotUnused() throws {
        let folder = try scratchFolder("suppressed")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("name: App\ntargets:\n  App:\n    type: application\n", to: folder + "/project.yml")
        try write("""
            import SwiftUI
            import WidgetKit

            struct Clock: Widget {
                var body: some WidgetConfiguration {
                    // glance:disable:next widget_missing_container_background
                    StaticConfiguration(kind: "clock", provider: ClockProvider()) { _ in Text("Now") }
                }
            }
            """, to: folder + "/Widgets/Clock.swift")
        let output = glance("lint", folder, "--quiet")
        #expect(output.standardOutput == "")
        #expect(output.exitCode == 0)
    }
}
