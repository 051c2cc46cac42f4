import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import GlanceReporters

/// checkstyle and junit on the fixture, exactly, and read back with FoundationXML's parser.
struct XMLReporterTests {
    @Test func checkstyle() throws {
        let output = ViolationReporter.render(Fixture.result, as: .checkstyle, options: Fixture.options(explainSkips: true))
        #expect(output == """
            <?xml version="1.0" encoding="utf-8" standalone="no"?>
            <checkstyle version="4.3">
              <file name="Proj/App/A&amp;B &lt;x&gt;.swift">
                <error line="3" column="5" severity="error" message="kind &quot;a|b&quot; &lt;c&gt; &amp; 'd' 100%,: x&#13;&#10;y\\u{1}" source="glance.rules.duplicate_kind"/>
              </file>
              <file name="Proj/Widgets/W.swift">
                <error line="10" column="2" severity="warning" message="two `&lt;a|b&gt;` calls" source="glance.rules.widget_url_multiple"/>
                <error line="12" column="2" severity="warning" message="two `&lt;a|b&gt;` calls" source="glance.rules.widget_url_multiple"/>
              </file>
            </checkstyle>

            """)
        let document = try XMLDocument(data: Data(output.utf8))
        let error = try #require(try document.nodes(forXPath: "/checkstyle/file/error").first as? XMLElement)
        #expect(error.attribute(forName: "message")?.stringValue == "kind \"a|b\" <c> & 'd' 100%,: x\r\ny\\u{1}")
        #expect(ViolationReporter.render(Fixture.empty, as: .checkstyle, options: Fixture.options())
                == "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n<checkstyle version=\"4.3\"/>\n")
    }

    @Test func junit() throws {
        let output = ViolationReporter.render(Fixture.result, as: .junit, options: Fixture.options(explainSkips: true))
        #expect(output == """
            <?xml version="1.0" encoding="utf-8" standalone="no"?>
            <testsuites name="glance" tests="3" failures="3" errors="0">
              <testsuite name="glance" tests="3" failures="3" errors="0" skipped="0">
                <testcase classname="Proj/App/A&amp;B &lt;x&gt;" name="duplicate_kind at 3:5">
                  <failure message="kind &quot;a|b&quot; &lt;c&gt; &amp; 'd' 100%,: x&#13;&#10;y\\u{1}" type="error">Proj/App/A&amp;B &lt;x&gt;.swift:3:5: error: kind "a|b" &lt;c&gt; &amp; 'd' 100%,: x\\r\\ny\\u{1} [duplicate_kind]</failure>
                </testcase>
                <testcase classname="Proj/Widgets/W" name="widget_url_multiple at 10:2">
                  <failure message="two `&lt;a|b&gt;` calls" type="warning">Proj/Widgets/W.swift:10:2: warning: two `&lt;a|b&gt;` calls [widget_url_multiple]</failure>
                </testcase>
                <testcase classname="Proj/Widgets/W" name="widget_url_multiple at 12:2">
                  <failure message="two `&lt;a|b&gt;` calls" type="warning">Proj/Widgets/W.swift:12:2: warning: two `&lt;a|b&gt;` calls [widget_url_multiple]</failure>
                </testcase>
                <system-out>no project
            [duplicate_kind] Proj/App/A&amp;B &lt;x&gt;.swift: kind is &lt;computed&gt;</system-out>
              </testsuite>
            </testsuites>

            """)
        let document = try XMLDocument(data: Data(output.utf8))
        let failures = try document.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
        #expect(failures.map { $0.attribute(forName: "type")?.stringValue } == ["error", "warning", "warning"])
        #expect(failures.first?.stringValue == "Proj/App/A&B <x>.swift:3:5: error: kind \"a|b\" <c> & 'd' 100%,: x\\r\\ny\\u{1} [duplicate_kind]")
    }

    @Test func junitWithoutViolationsIsOnePassingCase() {
        #expect(ViolationReporter.render(Fixture.empty, as: .junit, options: Fixture.options()) == """
            <?xml version="1.0" encoding="utf-8" standalone="no"?>
            <testsuites name="glance" tests="1" failures="0" errors="0">
              <testsuite name="glance" tests="1" failures="0" errors="0" skipped="0">
                <testcase classname="glance" name="no violations"/>
              </testsuite>
            </testsuites>

            """)
    }
}
