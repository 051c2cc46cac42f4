import Testing
@testable import GlanceRules

/// Inline suppressions (`// glance:disable…`) applied by the linter, and `unused_suppression`.
struct SuppressionTests {
    /// Lints one app file with the given rules; violations as `line:column rule`.
    func lint(_ source: String, rules ids: [String] = ["widget_reload_in_loop", "reload_unknown_kind", "unused_suppression"],
              severities: [String: Severity] = [:]) -> [String] {
        let model = ExampleRunner.model(for: .app(source))
        let rules = ids.compactMap { RuleRegistry.rule($0) }
        return Linter(rules: rules, severities: severities).lint(model).violations.map { "\($0.line):\($0.column) \($0.rule)" }
    }

    func messages(_ source: String) -> [String] {
        let model = ExampleRunner.model(for: .app(source))
        return Linter().lint(model).violations.filter { $0.rule == "unused_suppression" }.map { "\($0.line):\($0.column) \($0.message)" }
    }

    /// Four reloads in a loop, at lines 3–6 (after `prefix` lines).
    func reloads(_ prefix: String = "", between: [Int: String] = [:]) -> String {
        var lines = ["func refresh(_ items: [Int]) {", "    for item in items {"]
        for index in 0..<4 {
            if let extra = between[index] { lines.append(extra) }
            lines.append("        WidgetCenter.shared.reloadAllTimelines()")
        }
        lines += ["    }", "}"]
        return prefix + lines.joined(separator: "\n") + "\n"
    }

    @Test func withoutSuppressionsEveryReloadIsReported() {
        #expect(lint(reloads()) == ["3:29 widget_reload_in_loop", "4:29 widget_reload_in_loop", "5:29 widget_reload_in_loop", "6:29 widget_reload_in_loop"])
    }

    @Test func disableAndEnableMarkARange() {
        let source = reloads(between: [1: "        // glance:disable widget_reload_in_loop", 3: "        // glance:enable widget_reload_in_loop"])
        // line 3 reload; 4 disable; 5, 6 reloads (suppressed); 7 enable; 8 reload
        #expect(lint(source) == ["3:29 widget_reload_in_loop", "8:29 widget_reload_in_loop"])
    }

    @Test func disableWithoutEnableLastsToTheEndOfTheFile() {
        #expect(lint(reloads("// glance:disable widget_reload_in_loop\n")) == [])
    }

    @Test func enableAllEndsARangeOfOneRule() {
        let source = reloads(between: [1: "        // glance:disable widget_reload_in_loop", 2: "        // glance:enable all"])
        #expect(lint(source) == ["3:29 widget_reload_in_loop", "7:29 widget_reload_in_loop", "8:29 widget_reload_in_loop"])
    }

    @Test func enableOfOneRuleInsideDisableAll() {
        let source = reloads(between: [1: "        // glance:disable all", 2: "        // glance:enable widget_reload_in_loop"])
        #expect(lint(source) == ["3:29 widget_reload_in_loop", "7:29 widget_reload_in_loop", "8:29 widget_reload_in_loop"])
    }

    @Test func nextCoversTheNextLineOnly() {
        let source = reloads(between: [2: "        // glance:disable:next widget_reload_in_loop"])
        #expect(lint(source) == ["3:29 widget_reload_in_loop", "4:29 widget_reload_in_loop", "7:29 widget_reload_in_loop"])
    }

    @Test func thisCoversItsOwnLine() {
        let source = """
            func refresh(_ items: [Int]) {
                for item in items {
                    WidgetCenter.shared.reloadAllTimelines() // glance:disable:this widget_reload_in_loop
                    WidgetCenter.shared.reloadAllTimelines()
                }
            }
            """
        #expect(lint(source) == ["4:29 widget_reload_in_loop"])
    }

    @Test func allSuppressesEveryRule() {
        let source = """
            func refresh(_ items: [Int]) {
                for item in items {
                    // glance:disable:next all
                    WidgetCenter.shared.reloadTimelines(ofKind: "nothing")
                    WidgetCenter.shared.reloadTimelines(ofKind: "nothing")
                }
            }
            """
        #expect(lint(source) == ["5:29 widget_reload_in_loop", "5:53 reload_unknown_kind"])
    }

    @Test func severalRulesInOneComment() {
        let source = """
            func refresh(_ items: [Int]) {
                for item in items {
                    // glance:disable:next widget_reload_in_loop, reload_unknown_kind - both known
                    WidgetCenter.shared.reloadTimelines(ofKind: "nothing")
                    // glance:disable:next reload_unknown_kind
                    WidgetCenter.shared.reloadTimelines(ofKind: "nothing")
                }
            }
            """
        #expect(lint(source) == ["6:29 widget_reload_in_loop"])
    }

    @Test func unusedSuppressionsAreReported() {
        let source = """
            func refresh(_ items: [Int]) {
                // glance:disable:next widget_reload_in_loop
                for item in items {
                    WidgetCenter.shared.reloadAllTimelines() // glance:disable:this widget_reload_in_loop reload_unknown_kind
                }
                // glance:disable all
            }
            """
        #expect(messages(source) == [
            "2:5 'glance:disable:next' suppresses no violation of 'widget_reload_in_loop'; remove it",
            "4:50 'glance:disable:this' suppresses no violation of 'reload_unknown_kind'; remove 'reload_unknown_kind' from it",
            "6:5 'glance:disable all' suppresses no violation; remove it",
        ])
    }

    @Test func usedSuppressionsAreNotReported() {
        let source = reloads(between: [0: "        // glance:disable:next widget_reload_in_loop"])
        #expect(lint(source) == ["5:29 widget_reload_in_loop", "6:29 widget_reload_in_loop", "7:29 widget_reload_in_loop"])
    }

    @Test func unknownRulesAndCommandsAreReported() {
        let source = """
            // glance:disable:next widget_reload_in_lop
            // glance:disabel widget_reload_in_loop
            // glance:disable
            // glance:enable no_such_rule_at_all
            let x = 1
            """
        #expect(messages(source) == [
            "1:1 no rule 'widget_reload_in_lop'; did you mean 'widget_reload_in_loop'?",
            "2:1 unknown suppression command 'glance:disabel'; did you mean 'glance:disable'?",
            "3:1 'glance:disable' names no rule; list rule ids or 'all'",
            "4:1 no rule 'no_such_rule_at_all'",
        ])
    }

    /// FC3-03: a comment that starts with `glance:` but is not one of the directive forms is prose.
    @Test func proseAfterTheMarkerIsNoSuppression() {
        let source = """
            // glance: a quick look at today's numbers
            // glance:Today's numbers, at a glance
            // glance:
            // glance:open the app on the summary screen
            // glance:disable:nxt widget_reload_in_loop
            let x = 1
            """
        #expect(messages(source) == ["5:1 unknown suppression command 'glance:disable:nxt'; did you mean 'glance:disable:next'?"])
    }

    @Test func suppressionsOfRulesThatDidNotRunAreNotReported() {
        let source = reloads(between: [0: "        // glance:disable:next reload_unknown_kind widget_url_multiple"])
        #expect(lint(source, rules: ["widget_reload_in_loop", "unused_suppression"]).filter { $0.hasSuffix("unused_suppression") } == [])
        #expect(lint(source).filter { $0.hasSuffix("unused_suppression") } == ["3:9 unused_suppression"])
    }

    @Test func nothingIsReportedWhenUnusedSuppressionIsOff() {
        let source = "// glance:disable:next widget_reload_in_loop\n// glance:disable:next nothing_like_a_rule\nlet x = 1\n"
        #expect(lint(source, rules: ["widget_reload_in_loop"]) == [])
        #expect(lint(source) == ["1:1 unused_suppression", "2:1 unused_suppression"])
        #expect(lint(source, severities: ["unused_suppression": .error]).count == 2)
        let model = ExampleRunner.model(for: .app(source))
        let severities = Linter(severities: ["unused_suppression": .error]).lint(model).violations.map(\.severity)
        #expect(severities == [.error, .error])
    }

    @Test func unusedSuppressionIsSilencedOnlyByName() {
        let source = """
            // glance:disable all
            // glance:disable:next widget_reload_in_loop
            let x = 1
            // glance:disable:next unused_suppression
            let z = 1
            """
        // The `all` range covers rule violations only: line 2's report stays (and `all` suppressed nothing);
        // line 4 names unused_suppression but there is no report on line 5 to suppress.
        #expect(messages(source) == [
            "1:1 'glance:disable all' suppresses no violation; remove it",
            "2:1 'glance:disable:next' suppresses no violation of 'widget_reload_in_loop'; remove it",
            "4:1 'glance:disable:next' suppresses no violation of 'unused_suppression'; remove it",
        ])
    }

    @Test func namingUnusedSuppressionSilencesTheReportOnThatLine() {
        let source = """
            let x = 1 // glance:disable:this widget_reload_in_loop unused_suppression
            // glance:disable:next unused_suppression
            let y = 1 // glance:disable:this widget_reload_in_loop
            """
        #expect(messages(source) == [])
    }
}
