import Testing
@testable import GlanceSourceIndex

/// The scan finds `// glance:` comments with their positions, and only real line comments.
struct DirectiveCommentTests {
    @Test func directiveCommentsAndTheirPositions() {
        let tokens = FileTokens(scanning: """
            import WidgetKit
            // glance:disable widget_url_multiple
            struct A {
                let x = 1   //   glance:disable:this all - a reason
            \t// glance:enable widget_url_multiple\r
            }
            // not glance:disable
            /// glance:disable:next all
            """)
        #expect(tokens.directiveComments == [
            LineComment(line: 2, column: 1, text: "glance:disable widget_url_multiple"),
            LineComment(line: 4, column: 17, text: "glance:disable:this all - a reason"),
            LineComment(line: 5, column: 2, text: "glance:enable widget_url_multiple"),
        ])
    }

    @Test func markersInStringsAndBlockCommentsAreNotDirectives() {
        let tokens = FileTokens(scanning: #"""
            let a = "// glance:disable all"
            let b = """
                // glance:disable all
                """
            /* // glance:disable all
               // glance:disable all */
            let c = "\"// glance:disable all"
            // glance:disable:next all
            """#)
        #expect(tokens.directiveComments == [LineComment(line: 8, column: 1, text: "glance:disable:next all")])
    }

    @Test func columnsCountUTF8Bytes() {
        let tokens = FileTokens(scanning: "let café = 1 // glance:disable:this all\n")
        #expect(tokens.directiveComments.map(\.column) == [15])
    }

    @Test func theIndexListsFilesWithDirectives() {
        let index = SourceIndex(sources: ["/a.swift": "struct A {}\n", "/b.swift": "\n// glance:disable all\n"])
        #expect(index.directiveComments == ["/b.swift": [LineComment(line: 2, column: 1, text: "glance:disable all")]])
    }
}
