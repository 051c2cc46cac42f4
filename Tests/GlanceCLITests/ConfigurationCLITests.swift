import Foundation
import Testing
import GlanceCLI

/// `glance lint` with a `.glance.json`, and `glance init`, end to end on scratch copies of the examples.
@Suite(.serialized)
struct ConfigurationCLITests {
    /// Runs glance with the scratch folder's path removed from the output, so expectations read as relative paths.
    func run(in folder: String, _ arguments: String...) -> CommandLineTool.Output {
        var output = glance(arguments.map { $0.replacingOccurrences(of: "$SCRATCH", with: folder) })
        output.standardOutput = output.standardOutput.replacingOccurrences(of: folder + "/", with: "")
        output.standardError = output.standardError.replacingOccurrences(of: folder + "/", with: "")
        return output
    }

    static let configuration = """
        {
          "only_rules": ["duplicate_kind", "widget_url_multiple", "misspelled_info_plist_key", "live_activities_not_enabled",
                         "app_group_not_shared", "primary_action_duplicate"],
          "severity": {"widget_url_multiple": "error", "duplicate_kind": "warning"},
          "excluded": ["Watch"],
          "excluded_by_rule": {"misspelled_info_plist_key": ["App/Info.plist"]}
        }
        """

    static let configuredOutput = """
        App/Info.plist:1:1: error: app 'CommonMistakes' uses Live Activities (App/DeliveryTracker.swift:8) but its Info.plist has no NSSupportsLiveActivities = YES in Debug and Release; the key is set on the widget extension, where it has no effect. Set INFOPLIST_KEY_NSSupportsLiveActivities = YES (or the Info.plist key) on the app target. [live_activities_not_enabled]
        WatchWidgets/WatchWidgets.entitlements:5:2: error: 'MistakesWatchWidgets' and app 'MistakesWatch' both use App Group storage but share no group in Debug and Release (group.com.example.mistakes.watchwidgets vs group.com.example.mistakes.watch); they cannot see each other's data. Entitle both to the same group. [app_group_not_shared]
        Widgets/WeatherWidget.swift:7:44: warning: widget WeatherWidget uses kind "com.example.mistakes.weather", already used by widget DuplicateKindWidget in 'MistakesWidgets'; each widget needs its own kind. [duplicate_kind]
        Widgets/WeatherWidget.swift:37:33: error: widget WeatherWidget sets widgetURL more than once in one view hierarchy (also at Widgets/WeatherWidget.swift:36); which URL wins is undefined. Keep one widgetURL and use Link for other tap targets. [widget_url_multiple]

        """

    /// only_rules, severity, excluded (the Watch folder's primary_action_duplicate) and excluded_by_rule (the
    /// misspelled key in App/Info.plist), found by walking up from the project file.
    @Test func configurationFoundAboveTheProject() throws {
        let folder = try scratchFolder("config")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("CommonMistakes", to: folder)
        try write(Self.configuration, to: folder + "/.glance.json")
        let output = run(in: folder, "lint", "$SCRATCH/CommonMistakes.xcodeproj")
        #expect(output.standardOutput == Self.configuredOutput)
        let lines = Self.configuredOutput.split(separator: "\n")
        let errors = lines.filter { $0.contains(": error: ") }.count
        #expect(output.standardError == summary(errors: errors, warnings: lines.count - errors, files: commonMistakesSwiftFiles))
        #expect(output.exitCode == 1)
        // The same from a subfolder's parent walk, with the folder itself as PATH.
        #expect(run(in: folder, "lint", "$SCRATCH").standardOutput == Self.configuredOutput)
    }

    @Test func explicitConfigurationWinsOverTheWalk() throws {
        let folder = try scratchFolder("explicit")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("CommonMistakes", to: folder)
        try write(#"{"only_rules": ["duplicate_kind"]}"#, to: folder + "/.glance.json")
        try write(Self.configuration, to: folder + "/Config/strict.json")
        let output = run(in: folder, "lint", "$SCRATCH", "--config", "$SCRATCH/Config/strict.json")
        // excluded / excluded_by_rule globs are relative to Config/, so they no longer match.
        #expect(output.standardOutput.contains("App/Info.plist:5:2: error: NSSupportsFrequentLiveActivityUpdates"))
        #expect(output.standardOutput.contains("[widget_url_multiple]"))
        let walked = run(in: folder, "lint", "$SCRATCH")
        #expect(walked.standardOutput.split(separator: "\n").allSatisfy { $0.hasSuffix("[duplicate_kind]") })
        #expect(walked.standardOutput.split(separator: "\n").count == 1)
    }

    @Test func reporterAndStrictFromTheConfigurationAndFlagsWin() throws {
        let folder = try scratchFolder("reporter")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("CommonMistakes", to: folder)
        try write(#"{"only_rules": ["widget_url_multiple"], "reporter": "json", "strict": true}"#, to: folder + "/.glance.json")
        let json = run(in: folder, "lint", "$SCRATCH")
        #expect(json.standardOutput.hasPrefix("[\n  {\n    \"cause\" : null,\n    \"column\" : 33,"))
        #expect(json.exitCode == 1)   // a warning, and strict
        let xcode = run(in: folder, "lint", "$SCRATCH", "--reporter", "xcode")
        #expect(xcode.standardOutput.hasPrefix("Widgets/WeatherWidget.swift:37:33: warning: widget WeatherWidget sets widgetURL"))
        try write(#"{"only_rules": ["widget_url_multiple"], "strict": false}"#, to: folder + "/.glance.json")
        #expect(run(in: folder, "lint", "$SCRATCH").exitCode == 0)
        #expect(run(in: folder, "lint", "$SCRATCH", "--strict").exitCode == 1)
    }

    @Test func badConfigurationIsAOneLineError() throws {
        let folder = try scratchFolder("badconfig")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("ProductivityTimer", to: folder)
        try write(#"{"disabled_rule": []}"#, to: folder + "/.glance.json")
        let output = run(in: folder, "lint", "$SCRATCH")
        #expect(output.exitCode == 2)
        #expect(output.standardOutput == "")
        #expect(output.standardError == "glance: error: .glance.json: unknown key 'disabled_rule'; did you mean 'disabled_rules'?\n")
        try write(#"{"disabled_rules": ["duplicate_knd"]}"#, to: folder + "/.glance.json")
        #expect(run(in: folder, "lint", "$SCRATCH").standardError
                == "glance: error: .glance.json: disabled_rules: no rule 'duplicate_knd'; did you mean 'duplicate_kind'?\n")
        try write("{\"strict\": true", to: folder + "/.glance.json")
        let malformed = run(in: folder, "lint", "$SCRATCH").standardError
        #expect(malformed.hasPrefix("glance: error: .glance.json: not valid JSON (") && malformed.filter { $0 == "\n" }.count == 1)
        let missing = glance("lint", "Examples/ProductivityTimer", "--config", "Examples/none.json")
        #expect(missing.exitCode == 2)
        #expect(missing.standardError == "glance: error: Examples/none.json: no such configuration file\n")
    }

    @Test func initWritesEveryKeyAndRefusesToOverwrite() throws {
        let folder = try scratchFolder("init")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = run(in: folder, "init", "$SCRATCH")
        #expect(first.exitCode == 0)
        #expect(first.standardOutput == "wrote .glance.json\n")
        let text = try String(contentsOfFile: folder + "/.glance.json", encoding: .utf8)
        #expect(text.contains("\"disabled_rules\": [],\n") && text.contains("\"reporter\": \"xcode\",\n") && text.contains("\"strict\": false\n"))
        try write("{}", to: folder + "/.glance.json")
        let second = run(in: folder, "init", "$SCRATCH")
        #expect(second.exitCode == 2)
        #expect(second.standardError == "glance: error: .glance.json: already exists; use --force to overwrite it\n")
        #expect(try String(contentsOfFile: folder + "/.glance.json", encoding: .utf8) == "{}")
        #expect(run(in: folder, "init", "$SCRATCH", "--force").exitCode == 0)
        #expect(try String(contentsOfFile: folder + "/.glance.json", encoding: .utf8) == text)
        // The written file is a valid configuration that changes nothing.
        try copyExample("ProductivityTimer", to: folder)
        let lint = run(in: folder, "lint", "$SCRATCH")
        #expect(lint.standardOutput == "" && lint.standardError == summary(errors: 0, warnings: 0, files: 23) && lint.exitCode == 0)
        #expect(run(in: folder, "init", "$SCRATCH/App/Info.plist").standardError == "glance: error: App/Info.plist: not a folder\n")
        #expect(run(in: folder, "init", "$SCRATCH/Missing").standardError == "glance: error: Missing: no such file or directory\n")
        #expect(glance("help", "init").standardOutput.contains("USAGE: glance init [PATH] [--force]"))
        #expect(glance("init", "--forse").standardError == "glance: error: unknown option '--forse'; did you mean '--force'? (see 'glance init --help')\n")
    }
}
