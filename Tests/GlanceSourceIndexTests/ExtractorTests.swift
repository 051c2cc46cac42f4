import Foundation
import Testing
@testable import GlanceSourceIndex

struct ExtractorTests {
    func index(_ source: String) -> FileIndex { Extractor.index(source: source, path: "/t/File.swift") }

    @Test func typesExtensionsAndConformances() throws {
        let file = index("""
            import WidgetKit
            @main
            struct Bundle: WidgetBundle { var body: some Widget { A() } }
            struct Outer { struct Inner: Codable & Hashable {} }
            extension Outer.Inner: CustomStringConvertible { var description: String { "" } }
            extension TimerToggle { struct Provider: ControlValueProvider {} }
            """)
        #expect(file.imports.map(\.module) == ["WidgetKit"])
        #expect(file.types.map(\.qualifiedName) == ["Bundle", "Outer.Inner", "Outer", "Outer.Inner", "TimerToggle.Provider", "TimerToggle"])
        let inner = try #require(file.types.first { $0.qualifiedName == "Outer.Inner" && $0.kind == .struct })
        #expect(inner.inheritedTypes == ["Codable", "Hashable"])
        #expect(file.types.first?.isMain == true)
        #expect(file.types.first?.location == SourceLocation(file: "/t/File.swift", line: 3, column: 8))
    }

    /// `@_exported import`, `for` pattern names, and `try?`/`try!` (kept: they change what an expression yields).
    @Test func importsLoopsAndTry() throws {
        let file = index("""
            @_exported import Kit
            import struct Foundation.Date
            func f() {
                for (index, kind) in kinds.enumerated() { reload(kind) }
                let a = try? load()
                let b = try load()
            }
            """)
        #expect(file.imports.map { "\($0.topLevelModule) \($0.isExported)" } == ["Kit true", "Foundation false"])
        let body = try #require(file.globals.first?.body?.statements)
        guard case .loop(_, let variables, _, _) = body[0] else { Issue.record("not a loop: \(body[0])"); return }
        #expect(variables == ["index", "kind"])
        guard case .binding("a", _, .operation("try?", let operands, _)?, _) = body[1] else { Issue.record("try? dropped: \(body[1])"); return }
        #expect(operands.first?.name == "load")
        guard case .binding("b", _, .call(let call)?, _) = body[2] else { Issue.record("try kept: \(body[2])"); return }
        #expect(call.name == "load")
    }

    /// Mixed operators are grouped by Swift's precedences, with the operands' own places.
    @Test func operatorPrecedence() throws {
        let file = index("let x = a || b <= c && d")
        guard case .operation("||", let operands, _)? = file.globals.first?.initializer else { Issue.record("not ||"); return }
        #expect(operands.first?.name == "a")
        guard case .operation("&&", let right, _) = operands[1], case .operation("<=", let comparison, _) = right[0] else {
            Issue.record("not grouped: \(operands[1])"); return
        }
        #expect(comparison.map(\.name) == ["b", "c"])
        #expect(comparison[0].location == SourceLocation(file: "/t/File.swift", line: 1, column: 14))
    }

    @Test func membersConstantsAndAttributes() throws {
        let file = index("""
            struct Intent: SetValueIntent {
                static let kind: String = "k"
                static var openAppWhenRun: Bool { true }
                @Parameter(title: "On", default: true) var value: Bool
                var a, b: Int
                func perform() async throws -> some IntentResult { .result() }
            }
            enum Kinds: String { case timer = "com.example.timer", plain }
            """)
        let intent = try #require(file.types.first)
        #expect(intent.member("kind")?.isStatic == true)
        #expect(intent.member("kind")?.initializer?.stringValue == "k")
        #expect(intent.member("openAppWhenRun")?.kind == .computedProperty)
        #expect(intent.member("value")?.attribute("Parameter")?.arguments.map(\.label) == ["title", "default"])
        #expect(intent.member("a")?.type == "Int")
        #expect(intent.member("perform")?.signature == "perform()")
        let kinds = try #require(file.types.last)
        #expect(kinds.members.map(\.name) == ["timer", "plain"])
        #expect(kinds.member("timer")?.initializer?.stringValue == "com.example.timer")
    }

    @Test func ifConfigConditionsAreKept() throws {
        let file = index("""
            struct I: AppIntent {
                #if os(watchOS)
                static let openAppWhenRun = false
                #else
                static let openAppWhenRun = true
                #endif
            }
            """)
        let members = try #require(file.types.first).members(named: "openAppWhenRun")
        #expect(members.map(\.conditions) == [["(os(watchOS))"], ["!(os(watchOS))"]])
    }

    @Test func modifierChainsAndClosures() throws {
        let file = index("""
            let x = StaticConfiguration(kind: "k", provider: P()) { entry in
                V(entry: entry).widgetURL(URL(string: "app://a"))
            }
            .displayName("D")
            """)
        guard case .call(let display)? = file.globals.first?.initializer else { Issue.record("no call"); return }
        #expect(display.name == "displayName")
        guard case .call(let configuration)? = display.base else { Issue.record("no base"); return }
        #expect(configuration.name == "StaticConfiguration")
        #expect(configuration.argument("kind")?.stringValue == "k")
        let closure = try #require(configuration.closures.first)
        #expect(closure.label == nil)
        #expect(closure.closure.parameters == ["entry"])
        #expect(closure.closure.body.allCalls.map(\.name) == ["widgetURL", "V", "URL"])
    }

    @Test func switchCasesCarryTheirLabels() throws {
        let file = index("""
            func f() {
                switch family {
                case .accessoryCircular, .accessoryInline: Link(destination: u) { Text("") }
                default: Text("")
                }
            }
            """)
        guard case .branches(_, let clauses, _)? = file.globals.first?.body?.statements.first else { Issue.record("no switch"); return }
        #expect(clauses.map(\.labels) == [["accessoryCircular", "accessoryInline"], ["default"]])
    }

    @Test func assignmentsAndInterpolation() {
        let file = index("""
            func f() {
                value = !current
                count += 1
                let url = "app://order/\\(id)"
            }
            """)
        let statements = file.globals.first?.body?.statements ?? []
        guard case .assignment(.identifier("value", _), "=", _, _) = statements[0] else { Issue.record("\\(statements[0])"); return }
        guard case .assignment(_, "+=", _, _) = statements[1] else { Issue.record("no +="); return }
        guard case .binding("url", _, .string(let literal)?, _) = statements[2] else { Issue.record("no binding"); return }
        #expect(literal.value == nil)
        #expect(literal.prefix == "app://order/")
    }

    @Test func previewsAreNotCode() {
        let file = index("""
            #Preview { ContentView().defaultAppStorage(UserDefaults(suiteName: "preview")!) }
            """)
        #expect(file.topLevel.statements.isEmpty)
    }
}

struct TokensTests {
    @Test func declaredAndTopLevelNames() {
        let tokens = FileTokens(scanning: """
            // struct Commented
            @main struct App { let inner = 1; func helper() {} }
            extension Foo.Bar {}
            typealias Alias = Int
            let global = "group.com.example"
            """)
        #expect(tokens.typeNames == ["App", "Alias"])   // not the name in the comment
        // What FileIndex.globals can hold: not the struct (a global lookup by a type's name parses nothing).
        #expect(tokens.topLevelNames == ["Alias", "global"])
        #expect(tokens.extendedNames == ["Foo"])
        #expect(tokens.functionNames == ["helper"])
        #expect(tokens.attributes == ["main"])
        #expect(tokens.strings == ["group.com.example"])
    }

    @Test func codeMentionsLeaveOutCommentsStringsAndDeclaredNames() {
        let tokens = FileTokens(scanning: #"""
            // A Widget in a comment, /* ActivityAttributes */ in a block comment
            enum L10n { enum Widget { static let title = "Widget title" }; enum AppIntent {} }
            func onOpenURL() {}
            let suiteName = """
                WidgetCenter in a multi-line string
                """
            extension Activity {}
            let reload = { WidgetCenter.shared.reloadAllTimelines() }
            """#)
        #expect(tokens.words.isSuperset(of: ["Widget", "ActivityAttributes", "AppIntent", "onOpenURL", "suiteName", "WidgetCenter", "Activity"]))
        #expect(tokens.codeMentions == ["Activity", "WidgetCenter"])
    }

    @Test func stringsThatMayHoldCodeCountAsCode() {
        // An interpolation; an interpolation holding a string literal (the scan pairs the wrong quotes); a raw
        // string holding a quote; and, on the next line, the scan is back in step.
        #expect(FileTokens(scanning: #"let a = "\(Widget.kind)""#).codeMentions == ["Widget"])
        #expect(FileTokens(scanning: #"let a = "\(f("x", ControlCenter.shared, "y"))""#).codeMentions == ["ControlCenter"])
        #expect(FileTokens(scanning: ##"let a = #"say "hi"#; let b = WidgetCenter.shared"##).codeMentions == ["WidgetCenter"])
        #expect(FileTokens(scanning: #"let a = "\(x)"; let b = "Widget""# + "\nlet c = \"AppIntent\"").codeMentions == ["Widget"])
        #expect(FileTokens(scanning: "let a = \"\"\"\n  \\(AlarmManager.shared)\n  \"\"\"").codeMentions == ["AlarmManager"])
    }

    @Test func topLevelTypesAndExtensionFunctionsAreTold() {
        let tokens = FileTokens(scanning: """
            struct Widget {}
            typealias Kind = String
            enum L10n { enum AppIntent {}; func helper() {} }
            extension View { func card() -> some View { self }; struct Inner { func notAnExtensionFunction() {} } }
            extension Text where Self: View { func badge() -> some View { self } }
            func global() { func nested() {} }
            """)
        #expect(tokens.topLevelTypeNames == ["Widget", "Kind", "L10n"])
        #expect(tokens.typeNames.isSuperset(of: ["AppIntent", "Inner"]))
        #expect(tokens.extensionFunctionNames == ["card", "badge"])
        #expect(tokens.topLevelNames == ["Kind", "global"])
    }

    @Test func unbalancedBracesMakeEveryDeclaredNameCount() {
        // A `}` too many (or one missing): the scan may be out of step, so nothing is taken as nested.
        for text in ["enum L10n { enum Widget {} } }", "enum L10n { enum Widget {}", "enum L10n { extension X {} enum Widget { func f() {} }"] {
            let tokens = FileTokens(scanning: text)
            #expect(tokens.topLevelTypeNames.contains("Widget"), "\(text)")
            #expect(tokens.extensionFunctionNames == tokens.functionNames, "\(text)")
        }
    }

    /// A scan read back from the cache answers word questions as the scan did (its words kept sorted).
    @Test func wordsReadBackFromTheCacheAreTheSame() throws {
        let tokens = FileTokens(scanning: "let café = Widget.kind // naïve _under Zebra a1 \u{1F600}x\nstruct Éclair {}")
        let decoded = try JSONDecoder().decode(FileTokens.self, from: JSONEncoder().encode(tokens))
        for word in ["café", "Widget", "kind", "naïve", "_under", "Zebra", "a1", "Éclair", "let", "struct"] {
            #expect(tokens.words.contains(word) && decoded.words.contains(word), "\(word)")
        }
        for word in ["", "caf", "Widgets", "zebra", "A1", "x"] { #expect(!decoded.words.contains(word), "\(word)") }
        #expect(decoded.words.isSuperset(of: ["Widget", "Zebra"]) && !decoded.words.isSuperset(of: ["Widget", "Nope"]))
        #expect(decoded.words.isDisjoint(with: ["Nope", "Other"]) && !decoded.words.isDisjoint(with: ["Nope", "kind"]))
        let empty = try JSONDecoder().decode(FileTokens.self, from: JSONEncoder().encode(FileTokens(scanning: "")))
        #expect(!empty.words.contains("a"))
        // A word written decomposed (e + U+0301) is the same word, as in a set.
        #expect(decoded.words.contains("cafe\u{301}") && tokens.words.contains("cafe\u{301}"))
    }

    @Test func aLongWordListAnswersAsASetDoes() throws {
        // Words of every length and shared prefixes: the search must land on each from any middle.
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abAB_z9")
        var words = Set<String>()
        while words.count < 700 { words.insert(String(letters.randomElement(using: &generator)!) + String((0..<Int.random(in: 0...6, using: &generator)).map { _ in letters.randomElement(using: &generator)! })) }
        let tokens = FileTokens(scanning: words.sorted().joined(separator: " + "))
        let decoded = try JSONDecoder().decode(FileTokens.self, from: JSONEncoder().encode(tokens))
        #expect(words.filter { tokens.words.contains($0) }.count > 600)
        var probes = Array(words) + words.map { $0 + "a" } + words.map { String($0.dropLast()) } + words.map { "_" + $0 }
        probes += ["", "~", "0", "zzzzzzzzz"]
        for probe in probes { #expect(decoded.words.contains(probe) == tokens.words.contains(probe), "\(probe)") }
    }

    @Test func userDefaultsReceiversAreTheWordsBeforeTheMethod() {
        let tokens = FileTokens(scanning: """
            prefs.set(1, forKey: "a")
            Current.store.defaults?
                .string(forKey: "b")
            AppGroup.shared!.removeObject(forKey: "c")
            let x = prefs2 . bool(forKey: "d")
            other.save(); label.text = "x"; list.first?.value
            """)
        #expect(tokens.storeReceivers == ["prefs", "defaults", "shared", "prefs2", "first"])
    }
}

struct SourceIndexTests {
    @Test func onlyFilesThatCanMatterAreParsedEagerly() {
        let index = SourceIndex(sources: [
            "/p/Widget.swift": "struct W: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: Kinds.main) { _ in Row() } } }",
            "/p/Kinds.swift": "enum Kinds { static let main = \"main\" }",
            "/p/Row.swift": "struct Row: View { var body: some View { Text(\"\") } }",
            "/p/Unrelated.swift": "struct Math { static func add(_ a: Int, _ b: Int) -> Int { a + b } }",
        ])
        #expect(index.parsedFiles.map(\.path) == ["/p/Widget.swift"])
        #expect(index.primaryTypes(named: "Kinds").map(\.name) == ["Kinds"])
        #expect(index.parsedFiles.map(\.path) == ["/p/Kinds.swift", "/p/Widget.swift"])
        #expect(index.parseCount == (parsed: 2, total: 4))
    }

    @Test func filesThatNameFrameworksOnlyInTextOrDeclarationsAreNotParsedEagerly() {
        let index = SourceIndex(sources: [
            "/p/Strings.swift": "enum L10n { enum Widget { static let title = \"Widget\" } } // Widget strings",
            "/p/Uses.swift": "let title = L10n.Widget.title",
        ])
        #expect(index.parsedFiles.map(\.path) == ["/p/Uses.swift"])
        #expect(index.primaryTypes(named: "L10n.Widget").map(\.qualifiedName) == ["L10n.Widget"])
        #expect(index.parsedFiles.map(\.path) == ["/p/Strings.swift", "/p/Uses.swift"])
    }

    /// The index waits for a file the thread is working on, and a file it claims first is left to it.
    @Test func claimedFilesAreWaitedForOrLeft() {
        let working = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let ahead = ScanAhead(files: { _ in ["/p/A.swift", "/p/B.swift"] }, load: { path in
            if path == "/p/A.swift" { working.signal(); release.wait() }
            return "struct \(path.dropFirst(3).dropLast(6)) {}"
        }, parsesEvery: true)
        working.wait()                                  // A is under way
        #expect(ahead.claim("/p/B.swift") == nil)       // not started: the index reads it itself
        release.signal()
        #expect(ahead.claim("/p/A.swift")?.parsed?.types.map(\.name) == ["A"])  // waited for
        #expect(ahead.finishWhenDone().keys.sorted() == ["/p/A.swift"])
    }

    /// Files an earlier run parsed are parsed during the scan, but a file counts as parsed only once the run
    /// asks for it: the index is the same with and without the hint.
    @Test func filesAnEarlierRunParsedAreParsedAheadAndCountOnlyWhenAsked() throws {
        let sources = [
            "/p/Widget.swift": "struct W: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: Kinds.main) { _ in Row() } } }",
            "/p/Kinds.swift": "enum Kinds { static let main = \"main\" }",
            "/p/Unrelated.swift": "struct Math { static func add(_ a: Int, _ b: Int) -> Int { a + b } }",
        ]
        let hinted = SourceIndex(paths: Array(sources.keys), likelyParsed: ["/p/Kinds.swift", "/p/Unrelated.swift", "/p/Gone.swift"]) { path in
            guard let text = sources[path] else { throw SourceIndex.SourceLoadError(reason: "not read: no such source") }
            return text
        }
        let plain = SourceIndex(sources: sources)
        #expect(hinted.parsedAhead == ["/p/Kinds.swift", "/p/Unrelated.swift"])
        #expect(hinted.parsedFiles.map(\.path) == plain.parsedFiles.map(\.path))
        #expect(hinted.parseCount == plain.parseCount)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(hinted.primaryTypes(named: "Kinds")) == encoder.encode(plain.primaryTypes(named: "Kinds")))
        #expect(hinted.parsedFiles.map(\.path) == ["/p/Kinds.swift", "/p/Widget.swift"])
        #expect(hinted.parsedAhead == ["/p/Unrelated.swift"])
        #expect(hinted.parsedFiles.map(\.path) == plain.parsedFiles.map(\.path))
    }

    /// What was read ahead for a file is used only for the very same bytes.
    @Test func filesReadAheadAreUsedOnlyForTheSameBytes() {
        let sources = [
            "/p/Same.swift": "struct Same {}",
            "/p/Edited.swift": "struct Edited {}",
        ]
        // Work planted for each file's path: a scan of other text, which shows whether it was used.
        let planted = FileTokens(scanning: "struct Planted: Widget {}")
        let ahead = [
            "/p/Same.swift": ScanAhead.Done(text: "struct Same {}", refusal: nil, tokens: planted, replaced: false, parsed: nil),
            "/p/Edited.swift": ScanAhead.Done(text: "struct Edited { }", refusal: nil, tokens: planted, replaced: false, parsed: nil),
        ]
        let index = SourceIndex(paths: Array(sources.keys), readAhead: ScanAhead(done: ahead)) { path in sources[path]! }
        #expect(index.mayDeclareType("Planted"))
        #expect(index.mayDeclareType("Edited") && !index.mayDeclareType("Same"))
        // Canonically equivalent texts (é as one scalar, and as e + U+0301) are other bytes.
        let composed = ScanAhead.Done(text: "let s = \"\u{E9}\"", refusal: nil, tokens: nil, replaced: false, parsed: nil)
        #expect(composed.isFor("let s = \"\u{E9}\"") && !composed.isFor("let s = \"e\u{301}\"") && !composed.isFor(""))
    }

    @Test func projectProtocolsThatRefineFrameworkOnesAreFollowed() {
        let index = SourceIndex(sources: [
            "/p/Base.swift": "protocol AppAction: AppIntent {}",
            "/p/Start.swift": "struct Start: AppAction { func perform() async throws -> some IntentResult { .result() } }",
            "/p/Other.swift": "struct Other {}",
        ])
        #expect(index.parsedFiles.map(\.path) == ["/p/Base.swift", "/p/Start.swift"])
        #expect(index.refiningTypeNames == ["AppAction"])
    }
}
