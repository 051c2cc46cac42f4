import Testing
import GlanceReporters

/// github-actions and markdown on the fixture, exactly, with their escaping.
struct TextReporterTests {
    @Test func githubActionsCommandsAndEscaping() {
        let output = ViolationReporter.render(Fixture.result, as: .githubActions, options: Fixture.options(explainSkips: true))
        #expect(output == """
            ::error file=Proj/App/A&B <x>.swift,line=3,col=5,title=duplicate_kind::kind "a|b" <c> & 'd' 100%25,: x%0D%0Ay\\u{1}
            ::warning file=Proj/Widgets/W.swift,line=10,col=2,title=widget_url_multiple::two `<a|b>` calls
            ::warning file=Proj/Widgets/W.swift,line=12,col=2,title=widget_url_multiple::two `<a|b>` calls
            ::notice title=skipped checks::no project
            ::notice file=Proj/App/A&B <x>.swift,title=skipped duplicate_kind::kind is <computed>

            """)
        #expect(ViolationReporter.render(Fixture.result, as: .githubActions, options: Fixture.options()).split(separator: "\n").count == 3)
        #expect(ViolationReporter.render(Fixture.empty, as: .githubActions, options: Fixture.options()) == "")
    }

    @Test func githubActionsEscapesLikeTheToolkit() {
        #expect(GitHubActionsReporter.escapeData("50%\r\nnext: a,b") == "50%25%0D%0Anext: a,b")
        #expect(GitHubActionsReporter.escapeProperty("50%\r\nnext: a,b") == "50%25%0D%0Anext%3A a%2Cb")
        #expect(GitHubActionsReporter.escapeData("%0A") == "%250A")
        #expect(GitHubActionsReporter.command("error", properties: [("file", "a:b,c.swift"), ("line", "1")], message: "m\nn")
                == "::error file=a%3Ab%2Cc.swift,line=1::m%0An")
    }

    @Test func markdownTableAndEscaping() {
        let output = ViolationReporter.render(Fixture.result, as: .markdown, options: Fixture.options(explainSkips: true))
        #expect(output == """
            **Glance**: 1 error, 2 warnings.

            | Severity | Rule | File | Line | Message |
            |---|---|---|---|---|
            | error | `duplicate_kind` | Proj/App/A\\&B \\<x>.swift | 3 | kind "a\\|b" \\<c> \\& 'd' 100%,: x y\\\\u{1} |
            | warning | `widget_url_multiple` | Proj/Widgets/W.swift | 10 | two `<a\\|b>` calls |
            | warning | `widget_url_multiple` | Proj/Widgets/W.swift | 12 | two `<a\\|b>` calls |

            <details><summary>Skipped checks (2)</summary>

            - no project
            - \\[duplicate\\_kind\\] Proj/App/A\\&B \\<x>.swift: kind is \\<computed>

            </details>

            """)
        #expect(!ViolationReporter.render(Fixture.result, as: .markdown, options: Fixture.options()).contains("details"))
        #expect(ViolationReporter.render(Fixture.empty, as: .markdown, options: Fixture.options()) == "**Glance**: no violations.\n")
    }

    @Test func markdownCells() {
        #expect(MarkdownReporter.cell("a|b") == "a\\|b")
        #expect(MarkdownReporter.cell(" one\r\ntwo\nthree\rfour ") == "one two three four")
        #expect(MarkdownReporter.cell("AlarmAttributes<M> & `Set<Int>`") == "AlarmAttributes\\<M> \\& `Set<Int>`")
        #expect(MarkdownReporter.cell("tab\there\u{7F}") == "tab\\\\there\\\\u{7F}")
        #expect(MarkdownReporter.cell("one ` <b> `two` <c>") == "one ` <b> `two\\` \\<c>")
        #expect(MarkdownReporter.cell("tick` <i>") == "tick\\` \\<i>")
        #expect(MarkdownReporter.cell("`a` `<b>`") == "`a` `<b>`")
        #expect(MarkdownReporter.cell("scene(_:openURLContexts:) *x* ~y~ [z](u) a\\b `_*`") == "scene(\\_:openURLContexts:) \\*x\\* \\~y\\~ \\[z\\](u) a\\\\b `_*`")
    }
}
