import Foundation
import Testing
import GlanceCLI

/// Inline suppressions and the baseline, end to end on scratch copies of CommonMistakes.
@Suite(.serialized)
struct SuppressionCLITests {
    func run(in folder: String, _ arguments: String...) -> CommandLineTool.Output {
        var output = glance(arguments.map { $0.replacingOccurrences(of: "$SCRATCH", with: folder) })
        output.standardOutput = output.standardOutput.replacingOccurrences(of: folder + "/", with: "")
        output.standardError = output.standardError.replacingOccurrences(of: folder + "/", with: "")
        return output
    }

    /// Replaces text in a file of the scratch copy.
    func edit(_ path: String, _ old: String, _ new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(old) not in \(path)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    static let secondURL = #"            Text(entry.summary).widgetURL(URL(string: "mistakes://forecast"))"#

    @Test func suppressionsInTheExample() throws {
        let folder = try scratchFolder("suppress")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("CommonMistakes", to: folder)
        let before = run(in: folder, "lint", "$SCRATCH").standardOutput
        try edit(folder + "/Widgets/WeatherWidget.swift", Self.secondURL,
                 "            // glance:disable:next widget_url_multiple deep_link_route_unmatched - one URL per family\n" + Self.secondURL
                    + "\n            // glance:disable:next duplicate_kind\n            Text(\"// glance:disable:this all\")")
        let after = run(in: folder, "lint", "$SCRATCH")
        let removed = Set(before.split(separator: "\n")).subtracting(after.standardOutput.split(separator: "\n"))
        #expect(removed.map { $0.split(separator: " ").prefix(1) + $0.split(separator: " ").suffix(1) }.map { $0.joined(separator: " ") }.sorted()
                == ["Widgets/WeatherWidget.swift:37:33: [deep_link_route_unmatched]", "Widgets/WeatherWidget.swift:37:33: [widget_url_multiple]"])
        let added = Set(after.standardOutput.split(separator: "\n")).subtracting(before.split(separator: "\n"))
        #expect(added == ["Widgets/WeatherWidget.swift:39:13: warning: 'glance:disable:next' suppresses no violation of 'duplicate_kind'; remove it [unused_suppression]"])

        // Disabling a rule in the configuration does not make its suppressions unused; disabling
        // unused_suppression silences the report.
        try write(#"{"disabled_rules": ["widget_url_multiple", "deep_link_route_unmatched", "duplicate_kind"]}"#, to: folder + "/.glance.json")
        #expect(!run(in: folder, "lint", "$SCRATCH").standardOutput.contains("unused_suppression"))
        try write(#"{"disabled_rules": ["unused_suppression"]}"#, to: folder + "/.glance.json")
        #expect(!run(in: folder, "lint", "$SCRATCH").standardOutput.contains("unused_suppression"))
        try write(#"{"severity": {"unused_suppression": "error"}}"#, to: folder + "/.glance.json")
        #expect(run(in: folder, "lint", "$SCRATCH").standardOutput.contains("WeatherWidget.swift:39:13: error: 'glance:disable:next'"))
    }

    @Test func suppressionsDoNotReachPlistFindings() throws {
        let folder = try scratchFolder("plist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("CommonMistakes", to: folder)
        try edit(folder + "/App/Info.plist", "<dict>", "<dict>\n<!-- glance:disable all -->")
        #expect(run(in: folder, "lint", "$SCRATCH").standardOutput.contains("[misspelled_info_plist_key]"))
    }

    @Test func baselineKeepsOldFindingsSilentAcrossEdits() throws {
        let folder = try scratchFolder("baseline")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("CommonMistakes", to: folder)
        let full = run(in: folder, "lint", "$SCRATCH")
        let written = run(in: folder, "lint", "$SCRATCH", "--write-baseline", "$SCRATCH/baseline.json")
        #expect(written.standardOutput == full.standardOutput)   // writing still reports
        #expect(written.exitCode == 1)
        #expect(written.standardError == "glance: wrote 61 violations to baseline baseline.json\n" + summary(errors: 18, warnings: 43, files: commonMistakesSwiftFiles))
        #expect(run(in: folder, "lint", "$SCRATCH", "--write-baseline", "$SCRATCH/baseline.json", "--quiet").standardError == "")

        let silent = run(in: folder, "lint", "$SCRATCH", "--baseline", "$SCRATCH/baseline.json")
        #expect(silent.standardOutput == "")
        #expect(silent.exitCode == 0)

        // Lines inserted above the second widgetURL (whose message names the first one's line), and a new
        // mistake: only the new mistake is reported.
        try edit(folder + "/Widgets/WeatherWidget.swift", "struct WeatherView: View {",
                 "// moved\n// down\nstruct WeatherView: View {\n    func refresh() { WidgetCenter.shared.reloadTimelines(ofKind: \"com.example.mistakes.nothing\") }")
        let edited = run(in: folder, "lint", "$SCRATCH", "--baseline", "$SCRATCH/baseline.json")
        #expect(edited.standardOutput == """
            Widgets/WeatherWidget.swift:33:66: error: reloadTimelines(ofKind:) names "com.example.mistakes.nothing", but no widget declares that kind, so nothing reloads; did you mean "com.example.mistakes.orphan"? [reload_unknown_kind]

            """)
        #expect(edited.exitCode == 1)
        #expect(run(in: folder, "lint", "$SCRATCH").standardOutput.contains("WeatherWidget.swift:40:33: warning: widget WeatherWidget sets widgetURL"))
    }

    @Test func baselineFromTheConfiguration() throws {
        let folder = try scratchFolder("configbaseline")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("CommonMistakes", to: folder)
        try write(#"{"baseline": "Glance/baseline.json"}"#, to: folder + "/.glance.json")
        let missing = run(in: folder, "lint", "$SCRATCH")
        #expect(missing.exitCode == 2)
        #expect(missing.standardError == "glance: error: Glance/baseline.json: no such baseline file (write one with --write-baseline)\n")
        try FileManager.default.createDirectory(atPath: folder + "/Glance", withIntermediateDirectories: true)
        // Writing the configured baseline for the first time reads nothing.
        let first = run(in: folder, "lint", "$SCRATCH", "--write-baseline", "$SCRATCH/Glance/baseline.json")
        #expect(first.exitCode == 1)
        // The example's own .glance.json (which opts in live_activity_tap_unhandled, control_opens_app_on_watch,
        // live_activity_payload_budget's open-ended lists, open_url_intent_custom_scheme and
        // live_activity_lock_screen_without_link) is replaced here: six fewer.
        #expect(first.standardError == "glance: wrote 55 violations to baseline Glance/baseline.json\n" + summary(errors: 18, warnings: 37, files: commonMistakesSwiftFiles))
        #expect(run(in: folder, "lint", "$SCRATCH").standardOutput == "")
        try write("[1, 2]", to: folder + "/Glance/baseline.json")
        #expect(run(in: folder, "lint", "$SCRATCH").standardError
                == #"glance: error: Glance/baseline.json: not a baseline: expected {"version": 1, "violations": [{"rule", "file", "line", "lineText", "message"}]}"# + "\n")
    }
}
