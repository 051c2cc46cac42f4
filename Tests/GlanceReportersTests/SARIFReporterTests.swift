import Foundation
import Testing
import GlanceReporters
import GlanceRules

/// The SARIF log of the fixture, read back with JSONSerialization.
struct SARIFReporterTests {
    func run(explainSkips: Bool = false) throws -> [String: Any] {
        let text = ViolationReporter.render(Fixture.result, as: .sarif, options: Fixture.options(explainSkips: explainSkips))
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        return runs[0]
    }

    @Test func driverListsTheRulesThatRan() throws {
        let driver = try #require((try run()["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "Glance")
        #expect(driver["version"] as? String == "9.8.7")
        #expect(driver["informationUri"] as? String == "https://github.com/glance-lint/glance")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["duplicate_kind", "widget_url_multiple"])
        #expect(rules.map { $0["name"] as? String } == ["DuplicateKind", "WidgetURLMultiple"])
        #expect((rules[0]["shortDescription"] as? [String: Any])?["text"] as? String
                == "Two widgets, or two controls, that a target registers together share a `kind` string.")
        #expect((rules[0]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        #expect((rules[1]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "warning")
        #expect(rules[1]["helpUri"] as? String == "https://github.com/glance-lint/glance/blob/main/docs/rules/widget_url_multiple.md")
    }

    @Test func resultsPointAtRulesAndFiles() throws {
        let results = try #require(try run()["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["duplicate_kind", "widget_url_multiple", "widget_url_multiple"])
        #expect(results.map { $0["ruleIndex"] as? Int } == [0, 1, 1])
        #expect(results.map { $0["level"] as? String } == ["error", "warning", "warning"])
        #expect((results[0]["message"] as? [String: Any])?["text"] as? String == "kind \"a|b\" <c> & 'd' 100%,: x\r\ny\u{1}")
        let location = try #require((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "Proj/App/A&B%20%3Cx%3E.swift")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        let region = try #require(location["region"] as? [String: Int])
        #expect(region == ["startLine": 3, "startColumn": 5, "endLine": 3, "endColumn": 6])
        #expect((results[0]["properties"] as? [String: Any])?["target"] as? String == "App")
        #expect(results[1]["properties"] == nil)
    }

    /// The two identical warnings differ only in their ordinal; the fingerprint ignores the line.
    @Test func fingerprints() throws {
        let results = try #require(try run()["results"] as? [[String: Any]])
        let prints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["glance/v1"] }
        #expect(prints == [
            SARIFReporter.fingerprint("duplicate_kind\u{0}App/A&B <x>.swift\u{0}kind \"a|b\" <c> & 'd' 100%,: x\r\ny\u{1}\u{0}0"),
            SARIFReporter.fingerprint("widget_url_multiple\u{0}Widgets/W.swift\u{0}two `<a|b>` calls\u{0}0"),
            SARIFReporter.fingerprint("widget_url_multiple\u{0}Widgets/W.swift\u{0}two `<a|b>` calls\u{0}1"),
        ])
        #expect(Set(prints).count == 3)
    }

    /// A finding keeps its fingerprint when its message gains or loses a premise note.
    @Test func fingerprintIgnoresThePremiseNote() throws {
        func print(_ message: String) throws -> String? {
            let result = LintResult(violations: [Violation(rule: "widget_url_multiple", severity: .warning, file: "W.swift", line: 1, column: 1,
                                                           message: message, target: nil)], skips: [])
            let log = try JSONSerialization.jsonObject(with: Data(ViolationReporter.render(result, as: .sarif, options: Fixture.options()).utf8))
            let results = ((log as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]
            return (results?.first?["partialFingerprints"] as? [String: String])?["glance/v1"]
        }
        let plain = try #require(try print("two calls; the tap is lost. Fix it."))
        #expect(try print("two calls; the tap is lost (developers report this; Apple does not document it). Fix it.") == plain)
        #expect(try print("two calls; the tap is lost (Glance infers this from Apple's documentation). Fix it.") == plain)
        #expect(try print("two calls; the tap is found. Fix it.") != plain)
    }

    /// Published FNV-1a 64 test vectors.
    @Test func fnv1a() {
        #expect(SARIFReporter.fingerprint("") == "cbf29ce484222325")
        #expect(SARIFReporter.fingerprint("a") == "af63dc4c8601ec8c")
        #expect(SARIFReporter.fingerprint("foobar") == "85944171f73967e8")
    }

    @Test func skipsAreToolNotifications() throws {
        #expect((try run()["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] == nil)
        let invocation = try #require((try run(explainSkips: true)["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.map { ($0["message"] as? [String: Any])?["text"] as? String } == ["no project", "kind is <computed>"])
        let rule = try #require(notifications[1]["associatedRule"] as? [String: Any])
        #expect(rule["id"] as? String == "duplicate_kind")
        #expect(rule["index"] as? Int == 0)
        #expect(notifications[0]["associatedRule"] == nil)
        #expect(notifications.allSatisfy { $0["level"] as? String == "note" })
    }

    @Test func absolutePathsBecomeFileURIs() throws {
        var options = Fixture.options()
        options.displayRoot = "/tmp/My App"
        let text = ViolationReporter.render(Fixture.result, as: .sarif, options: options)
        #expect(text.contains("\"uri\" : \"file:///tmp/My%20App/Widgets/W.swift\""))
    }
}
