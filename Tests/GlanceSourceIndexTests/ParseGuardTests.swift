import Testing
@testable import GlanceSourceIndex

/// The lexical check in front of SwiftParser: what it measures, what it ignores, where it stops.
struct ParseGuardTests {
    let check = ParseGuard()

    @Test func ordinaryCodePasses() {
        let code = """
            struct Timer: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "timer", provider: Provider()) { entry in
                        VStack { Text(entry.date, style: .timer).padding().background(Color.red) }
                            .containerBackground(for: .widget) { Color.clear }
                    }
                    .supportedFamilies([.systemSmall, .accessoryCircular])
                }
            }
            let table: [String: [[Int]]] = [:]
            let generic: Dictionary<String, Array<Set<Int>>> = [:]
            #if os(iOS)
            let a = x < y && y > z
            #endif
            """
        #expect(check.refusal(code) == nil)
    }

    @Test func measuresEachShape() {
        #expect(check.measure("let x = [[[(1)]]]").openingRun.value == 4)
        #expect(check.measure("f(a, g(b, h(c)))").nesting.value == 3)
        #expect(check.measure("#if A\n#if B\nlet x = (1)\n#endif\n#endif").nesting.value == 3)
        #expect(check.measure("let x = a < b < c > d").angleChain.value == 2)
        #expect(check.measure("Text(\"a\").padding().bold()\n    .font(.title)").postfixChain.value == 3)
        #expect(check.measure("let abcdef = 1 +++ 2").tokenLength.value == 6)
        #expect(check.measure("let v = try await await f()").bracketlessNesting.value == 3)
        #expect(check.measure("typealias F = (Int) -> (Int) -> (Int) -> Int").bracketlessNesting.value == 3)
        #expect(check.measure("if a {} else if b { if c {} else {} } else if d {} else {}").bracketlessNesting.value == 3)
    }

    /// Links that nest without brackets end where their chain ends: declarations one after another, `if`
    /// statements one after another, `try` in separate statements.
    @Test func bracketlessChainsEndWithTheirStatement() {
        let requirements = String(repeating: "func f(_ x: Int) -> Int\n", count: 5_000)
        #expect(check.measure("protocol P {\n\(requirements)}").bracketlessNesting.value == 1)
        let ifs = String(repeating: "if x == 1 { a() } else if x == 2 { b() } else { c() }\n", count: 5_000)
        #expect(check.measure("func g() {\n\(ifs)}").bracketlessNesting.value == 2)
        let tries = String(repeating: "try await f()\n", count: 5_000)
        #expect(check.measure(tries).bracketlessNesting.value == 2)
    }

    /// Brackets, `<` and long words inside strings and comments do not count; interpolations do.
    @Test func stringsAndCommentsAreText() {
        let long = String(repeating: "[", count: 500) + String(repeating: "x", count: 5_000)
        #expect(check.refusal("let a = \"\(long)\"") == nil)
        #expect(check.refusal("let a = \"\"\"\n\(long)\n\"\"\"") == nil)
        #expect(check.refusal("let a = #\"\(long)\"\"#") == nil)
        #expect(check.refusal("// \(long)\n/* \(long) /* nested */ */") == nil)
        #expect(check.measure("let s = \"a \\(f(g(1))) b\"").nesting.value == 3)
        #expect(check.measure(#"let s = "a \"(" b""#).nesting.value == 0)
    }

    @Test func refusalsNameTheBoundAndTheLine() {
        #expect(check.refusal("\n\nlet x = " + String(repeating: "[", count: 13)) == "not parsed: more than 12 opening brackets in a row (line 3), past the bound Glance keeps SwiftParser within")
        #expect(check.refusal(String(repeating: "f(a, ", count: 129)) == "not parsed: more than 128 brackets and #if blocks nested (line 1), past the bound Glance keeps SwiftParser within")
        #expect(check.refusal("let x = a" + String(repeating: " < b", count: 33)) == "not parsed: more than 32 unclosed '<' in a row (line 1), past the bound Glance keeps SwiftParser within")
        #expect(check.refusal("x" + String(repeating: ".a", count: 4_001)) == "not parsed: more than 4000 member accesses in one chain (line 1), past the bound Glance keeps SwiftParser within")
        #expect(check.refusal(String(repeating: "a", count: 1_025)) == "not parsed: more than 1024 bytes in one name, number or operator, or quotes in a row (line 1), past the bound Glance keeps SwiftParser within")
        let nested = "not parsed: more than 4000 levels nested without brackets (await or try in a row, -> in one type, else in one if chain) (line 1), past the bound Glance keeps SwiftParser within"
        #expect(check.refusal("_ = " + String(repeating: "await ", count: 4_001) + "x") == nested)
        #expect(check.refusal("typealias F = " + String(repeating: "(Int) -> ", count: 4_001) + "Int") == nested)
        #expect(check.refusal("if x == 0 {}" + String(repeating: " else if x == 1 {}", count: 4_001)) == nested)
        #expect(check.refusal("if x == 0 {}" + String(repeating: " else if x == 1 {}", count: 3_999)) == nil)
        #expect(check.refusal("let x = 1 " + String(repeating: "+", count: 1_025) + " 2")?.contains("bytes in one name, number or operator") == true)
        // A run of quotes (SwiftParser takes time growing with its square); a long string is text.
        #expect(check.refusal("let x = " + String(repeating: "\"", count: 1_025))?.contains("quotes in a row") == true)
        #expect(check.refusal("let x = \"" + String(repeating: "a", count: 100_000) + "\"\nlet y = \"\"\"\n\"\"\"") == nil)
        // The line where the bound is passed, not where the deepest point is.
        #expect(check.refusal(String(repeating: "#if A\n", count: 200))?.contains("(line 129)") == true)
    }

    /// Statements one after another are not one chain.
    @Test func statementsAreNotAChain() {
        let calls = String(repeating: "WidgetCenter.shared.reloadTimelines(ofKind: \"k\")\n", count: 5_000)
        #expect(check.refusal(calls) == nil)
    }

    @Test func limitsShrinkWithTheStack() {
        #expect(ParseGuard.Limits.forStack(bytes: 512 << 20) == .standard)
        let small = ParseGuard.Limits.forStack(bytes: 8 << 20)
        #expect(small.nesting == 96)
        #expect(small.postfixChain == 384)
        #expect(small.bracketlessNesting == 384)
        #expect(small.openingRun == ParseGuard.Limits.standard.openingRun)
        #expect(ParseGuard.Limits.forStack(bytes: 1 << 20).nesting == 16)
    }
}
