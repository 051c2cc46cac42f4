import Testing
@testable import GlanceReporters

/// The label escaping of the surface map's two formats, on names a project can hold.
struct SurfaceMapPrinterTests {
    static let hostile = "Tick\"er {Widgets}::ü <b>&#1;`x`|y \\n"

    @Test func dotStringsEscapeQuotesAndBackslashesOnly() {
        #expect(SurfaceMapPrinter.dotString([Self.hostile, "widget"]) == #""Tick\"er {Widgets}::ü <b>&#1;`x`|y \\n\nwidget""#)
    }

    @Test func mermaidStringsWriteMarkupAsEntityCodes() {
        #expect(SurfaceMapPrinter.mermaidString([Self.hostile, "widget"])
                == #""Tick#34;er {Widgets}::ü #60;b#62;#38;#35;1;#96;x#96;#124;y \n<br>widget""#)
    }

    /// A line break, a bidirectional override or an escape character in a name is spelled out (`OutputText`) before
    /// the format's escaping: it can neither end a DOT statement or Mermaid line nor reorder what the picture shows.
    @Test func controlAndBidirectionalCharactersAreSpelledOut() {
        let name = "A\nB\u{202E}C\u{1B}[31m"
        #expect(SurfaceMapPrinter.dotString([name]) == #""A\\nB\\u{202E}C\\u{1B}[31m""#)
        #expect(SurfaceMapPrinter.mermaidString([name]) == #""A\nB\u{202E}C\u{1B}[31m""#)
    }
}
