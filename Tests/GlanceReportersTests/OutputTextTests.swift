import Testing
import GlanceProject
import GlanceReporters

/// What reporters print of a project's text: nothing that starts a line, hides text or is not UTF-8.
struct OutputTextTests {
    @Test func controlCharactersAreSpelledOut() {
        #expect(OutputText.escaped("a\nb\rc\td\0e\u{1B}[2J\u{7F}") == "a\\nb\\rc\\td\\0e\\u{1B}[2J\\u{7F}")
        #expect(OutputText.escaped("x\u{85}y\u{2028}z\u{2029}") == "x\\u{85}y\\u{2028}z\\u{2029}")
        #expect(OutputText.escaped("evil\u{202E}txt.swift\u{2066}") == "evil\\u{202E}txt.swift\\u{2066}")
        #expect(OutputText.escaped("café ✓ 日本 \"q\" \\") == "café ✓ 日本 \"q\" \\")
        #expect(OutputText.escaped("keep\nthis", keeping: ["\n"]) == "keep\nthis")
    }

    @Test func bytesThatAreNotUTF8AreShownAsBytes() {
        let name = FilePathBytes.string(fromBytes: Array("Caf".utf8) + [0xE9, 0xFF] + Array(".swift".utf8))
        #expect(OutputText.escaped(name) == "Caf\\xE9\\xFF.swift")
        #expect(OutputText.spellingOutNameBytes(name + "\n") == "Caf\\xE9\\xFF.swift\n")
    }
}
