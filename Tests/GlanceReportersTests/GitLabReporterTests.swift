import Foundation
import Testing
import GlanceReporters
import GlanceRules

/// The gitlab reporter's output, read back with JSONSerialization and held to what GitLab requires of a Code
/// Quality report: GitLab checks each entry against its schema (app/validators/json_schemas/codeclimate.json:
/// `description`, `fingerprint`, `severity` strings and a `location` object required; `location.lines.begin`
/// an integer), stops at the first entry that fails, and keeps one entry per fingerprint; its documentation
/// lists `check_name`, the severities `info`, `minor`, `major`, `critical`, `blocker`, and `location.path` as
/// the relative path. (Scripts/validate-reporters.sh checks the real outputs against a JSON schema of these.)
struct GitLabReporterTests {
    static let severities: Set<String> = ["info", "minor", "major", "critical", "blocker"]

    func issues(_ result: LintResult, options: ReportOptions = Fixture.options()) throws -> [[String: Any]] {
        let text = ViolationReporter.render(result, as: .gitlab, options: options)
        #expect(!text.hasPrefix("\u{FEFF}"))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    /// GitLab's requirements, for one entry; the problems found.
    func problems(_ issue: [String: Any]) -> [String] {
        var found: [String] = []
        for key in ["description", "check_name", "fingerprint"] where (issue[key] as? String)?.isEmpty != false {
            found.append("\(key) is not a non-empty string")
        }
        if !Self.severities.contains(issue["severity"] as? String ?? "") { found.append("severity \(String(describing: issue["severity"]))") }
        guard let location = issue["location"] as? [String: Any] else { return found + ["no location object"] }
        if let path = location["path"] as? String, !path.isEmpty, !path.hasPrefix("/") {} else { found.append("location.path is not a relative path") }
        if let begin = (location["lines"] as? [String: Any])?["begin"], let line = begin as? Int, !(begin is Bool), line >= 1 {} else {
            found.append("location.lines.begin is not a positive integer")
        }
        return found
    }

    @Test func everyEntryIsWhatGitLabReads() throws {
        let issues = try issues(Fixture.result)
        #expect(issues.count == Fixture.result.violations.count)
        #expect(issues.flatMap(problems) == [])
        #expect(issues.map { $0["check_name"] as? String } == ["duplicate_kind", "widget_url_multiple", "widget_url_multiple"])
        #expect(issues.map { $0["severity"] as? String } == ["major", "minor", "minor"])
        #expect(issues.map { $0["description"] as? String } == Fixture.result.violations.map(\.message))
        #expect(issues.map { ($0["location"] as? [String: Any])?["path"] as? String } == ["Proj/App/A&B <x>.swift", "Proj/Widgets/W.swift", "Proj/Widgets/W.swift"])
        #expect(issues.map { (($0["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int } == [3, 10, 12])
        #expect(issues.allSatisfy { $0["type"] as? String == "issue" && $0["categories"] as? [String] == ["Bug Risk"] })
    }

    /// Two identical findings keep two fingerprints (GitLab would show one), equal to SARIF's glance/v1.
    @Test func fingerprintsAreUniqueAndStable() throws {
        let fingerprints = try issues(Fixture.result).compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == 3)
        #expect(fingerprints[1] == SARIFReporter.fingerprint("widget_url_multiple\u{0}Widgets/W.swift\u{0}two `<a|b>` calls\u{0}0"))
        #expect(fingerprints[2] == SARIFReporter.fingerprint("widget_url_multiple\u{0}Widgets/W.swift\u{0}two `<a|b>` calls\u{0}1"))
        // Moving a finding to another line does not change its fingerprint.
        let moved = Violation(rule: "widget_url_multiple", severity: .warning, file: "Widgets/W.swift", line: 99, column: 2,
                              message: "two `<a|b>` calls", target: nil)
        #expect(try issues(LintResult(violations: [moved], skips: [])).first?["fingerprint"] as? String == fingerprints[1])
    }

    @Test func noViolationsIsAnEmptyArray() throws {
        #expect(try issues(Fixture.empty).isEmpty)
        // Skips have no place in the format.
        #expect(ViolationReporter.render(Fixture.result, as: .gitlab, options: Fixture.options(explainSkips: true))
                == ViolationReporter.render(Fixture.result, as: .gitlab, options: Fixture.options()))
    }
}
