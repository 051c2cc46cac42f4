import Foundation
import Testing
import GlanceConfiguration
import GlanceRules

/// `.glance.json` text → `Configuration`: every key, and a one-line error for every kind of mistake.
struct ConfigurationParserTests {
    let parser = ConfigurationParser(reporters: ["xcode", "json"])

    func parse(_ text: String) throws -> Configuration {
        try parser.parse(Data(text.utf8), file: ".glance.json", folder: "/project")
    }

    /// The message of the error `text` gives.
    func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch let error as ConfigurationError {
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func everyKey() throws {
        let configuration = try parse("""
            {
              "disabled_rules": ["widget_url_multiple"],
              "opt_in_rules": ["duplicate_kind"],
              "severity": {"duplicate_kind": "warning", "widget_reload_in_loop": "error"},
              "included": ["App", "Widgets/**"],
              "excluded": ["**/Generated"],
              "excluded_by_rule": {"misspelled_info_plist_key": ["App/Info.plist"]},
              "baseline": "glance-baseline.json",
              "reporter": "json",
              "strict": true
            }
            """)
        #expect(configuration.disabledRules == ["widget_url_multiple"])
        #expect(configuration.optInRules == ["duplicate_kind"])
        #expect(configuration.onlyRules == [])
        #expect(configuration.severities == ["duplicate_kind": .warning, "widget_reload_in_loop": .error])
        #expect(configuration.included == ["App", "Widgets/**"])
        #expect(configuration.excluded == ["**/Generated"])
        #expect(configuration.excludedByRule == ["misspelled_info_plist_key": ["App/Info.plist"]])
        #expect(configuration.baseline == "glance-baseline.json")
        #expect(configuration.baselinePath == "/project/glance-baseline.json")
        #expect(configuration.reporter == "json")
        #expect(configuration.strict)
        #expect(configuration.file == ".glance.json")
        #expect(configuration.folder == "/project")
        #expect(try parse(#"{"only_rules": ["duplicate_kind"], "baseline": null}"#).onlyRules == ["duplicate_kind"])
        #expect(try parse(#"{"baseline": "/project/ci/base.json"}"#).baselinePath == "/project/ci/base.json")
    }

    @Test func theInitialFileHoldsEveryKeyAtItsDefault() throws {
        let text = Configuration.initialFileText
        for key in Configuration.Key.allCases where key != .push { #expect(text.contains("\"\(key.rawValue)\": "), "\(key.rawValue)") }
        var expected = Configuration()
        expected.file = ".glance.json"
        expected.folder = "/project"
        expected.reporter = "xcode"
        #expect(try parse(text) == expected)
        #expect(text == """
            {
              "disabled_rules": [],
              "opt_in_rules": [],
              "only_rules": [],
              "severity": {},
              "included": [],
              "excluded": [],
              "excluded_by_rule": {},
              "baseline": null,
              "reporter": "xcode",
              "strict": false
            }

            """)
    }

    @Test func unknownKeysSuggestTheClosest() {
        #expect(error(#"{"disabled_rule": []}"#) == ".glance.json: unknown key 'disabled_rule'; did you mean 'disabled_rules'?")
        #expect(error(#"{"exclude": []}"#) == ".glance.json: unknown key 'exclude'; did you mean 'excluded'?")
        #expect(error(#"{"rules": {}}"#) == ".glance.json: unknown key 'rules'")
    }

    @Test func unknownRuleIdsSuggestTheClosest() {
        #expect(error(#"{"disabled_rules": ["widget_url_multipel"]}"#) == ".glance.json: disabled_rules: no rule 'widget_url_multipel'; did you mean 'widget_url_multiple'?")
        #expect(error(#"{"opt_in_rules": ["duplicate_knd"]}"#) == ".glance.json: opt_in_rules: no rule 'duplicate_knd'; did you mean 'duplicate_kind'?")
        #expect(error(#"{"only_rules": ["nothing_like_any_rule"]}"#) == ".glance.json: only_rules: no rule 'nothing_like_any_rule'")
        #expect(error(#"{"severity": {"duplicate_knd": "error"}}"#) == ".glance.json: severity: no rule 'duplicate_knd'; did you mean 'duplicate_kind'?")
        #expect(error(#"{"excluded_by_rule": {"duplicate_knd": []}}"#) == ".glance.json: excluded_by_rule: no rule 'duplicate_knd'; did you mean 'duplicate_kind'?")
    }

    @Test func wrongValueTypes() {
        #expect(error(#"{"disabled_rules": "duplicate_kind"}"#) == ".glance.json: 'disabled_rules' must be a list of rule ids, not a string")
        #expect(error(#"{"only_rules": [1]}"#) == ".glance.json: 'only_rules' must be a list of rule ids; item 1 is a number")
        #expect(error(#"{"severity": ["error"]}"#) == #".glance.json: 'severity' must be an object of rule ids to "warning" or "error", not a list"#)
        #expect(error(#"{"severity": {"duplicate_kind": true}}"#) == #".glance.json: severity of 'duplicate_kind' must be "warning" or "error", not true or false"#)
        #expect(error(#"{"severity": {"duplicate_kind": "eror"}}"#) == #".glance.json: severity of 'duplicate_kind' must be "warning" or "error", not "eror"; did you mean 'error'?"#)
        #expect(error(#"{"included": "App"}"#) == ".glance.json: 'included' must be a list of path globs, not a string")
        #expect(error(#"{"excluded": ["Pods", null]}"#) == ".glance.json: 'excluded' must be a list of path globs; item 2 is null")
        #expect(error(#"{"excluded_by_rule": {"duplicate_kind": "App"}}"#) == ".glance.json: excluded_by_rule of 'duplicate_kind' must be a list of path globs, not a string")
        #expect(error(#"{"excluded_by_rule": []}"#) == ".glance.json: 'excluded_by_rule' must be an object of rule ids to lists of path globs, not a list")
        #expect(error(#"{"baseline": 3}"#) == ".glance.json: 'baseline' must be a file path (a string) or null, not a number")
        #expect(error(#"{"reporter": ["json"]}"#) == ".glance.json: 'reporter' must be a string, not a list")
        #expect(error(#"{"reporter": "jsn"}"#) == ".glance.json: reporter: no reporter 'jsn' (xcode, json); did you mean 'json'?")
        #expect(error(#"{"strict": 1}"#) == ".glance.json: 'strict' must be true or false, not a number")
        #expect(error(#"{"strict": "yes"}"#) == ".glance.json: 'strict' must be true or false, not a string")
    }

    @Test func malformedJSON() {
        // The reason in parentheses is Foundation's, and differs between platforms.
        #expect(error(#"{"strict": true,"#)?.hasPrefix(".glance.json: not valid JSON (") == true)
        #expect(error("")?.hasPrefix(".glance.json: not valid JSON (") == true)
        #expect(error(#"{"strict": true,"#)?.contains("\n") == false)
        #expect(error("[]") == ".glance.json: the configuration must be a JSON object, not a list")
        #expect(error(#"{"strict" true}"#)?.hasPrefix(".glance.json: not valid JSON") == true)
    }

    /// Issue 22: Foundation accepts trailing commas and repeated keys (keeping one value); the configuration is
    /// JSON, and both are refused with the line.
    @Test func trailingCommasAndRepeatedKeysAreRefusedWithTheLine() {
        #expect(error("{\n  \"strict\": true,\n}\n") == ".glance.json: line 2: a comma before a closing bracket; JSON allows none (remove it)")
        #expect(error("{\"excluded\": [\"Pods\",\n  \"Vendor\",\n]}") == ".glance.json: line 2: a comma before a closing bracket; JSON allows none (remove it)")
        #expect(error("{\n  \"strict\": true,\n  \"disabled_rules\": [],\n  \"strict\": false\n}") == ".glance.json: line 4: key 'strict' is given twice in one object (first at line 2); remove one")
        #expect(error("{\"severity\": {\"duplicate_kind\": \"error\",\n \"duplicate_kind\": \"warning\"}}") == ".glance.json: line 2: key 'duplicate_kind' is given twice in one object (first at line 1); remove one")
        // The same key in two objects, and a key spelled with an escape, are told apart as JSON reads them.
        #expect(error(#"{"excluded_by_rule": {"duplicate_kind": []}, "severity": {"duplicate_kind": "error"}}"#) == nil)
        #expect(error(#"{"strict": true, "\u0073trict": false}"#) == ".glance.json: line 1: key 'strict' is given twice in one object (first at line 1); remove one")
        #expect(error(#"{"excluded": ["a,", "b"]}"#) == nil)
    }

    @Test func contradictions() {
        #expect(error(#"{"only_rules": ["duplicate_kind"], "disabled_rules": ["widget_url_multiple"]}"#)
                == ".glance.json: only_rules cannot be combined with disabled_rules or opt_in_rules; list exactly the rules to run in only_rules")
        #expect(error(#"{"disabled_rules": ["duplicate_kind"], "opt_in_rules": ["duplicate_kind"]}"#)
                == ".glance.json: rule 'duplicate_kind' is in both disabled_rules and opt_in_rules")
    }
}
