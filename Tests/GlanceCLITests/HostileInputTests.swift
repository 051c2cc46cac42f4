import Foundation
import Testing
import GlanceCLI

/// Hostile and broken input (issue 12): every case ends with a clean outcome — findings, a skip note or one
/// line of error with exit code 2 — within the time each test states, and never crashes, hangs, prints
/// another program's noise or reads outside the folder being linted.
@Suite(.serialized)
struct HostileInputTests {
    /// A SetValueIntent that assigns its value: one error, at line 5 column 9.
    static let oneViolation = """
        struct ToggleIntent: SetValueIntent {
            static let title: LocalizedStringResource = "Toggle"
            @Parameter(title: "On") var value: Bool
            func perform() async throws -> some IntentResult {
                value = true
                return .result()
            }
        }

        """

    /// A widget file around `code` (so the file is parsed).
    static func widgetFile(_ code: String) -> String {
        "import WidgetKit\nimport SwiftUI\nstruct Hostile: Widget {\n    var body: some WidgetConfiguration { EmptyWidgetConfiguration() }\n}\n" + code + "\n"
    }

    // MARK: Aborts

    @Test func sixGigabyteConfigurationIsRefusedByItsSize() throws {
        let folder = try scratchFolder("sparse-config")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Self.oneViolation, to: folder + "/A.swift")
        try writeSparseFile(folder + "/.glance.json", size: 6 << 30)
        let output = try #require(glance(within: 10, ["lint", folder]))
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: \(folder)/.glance.json: not read: it is 6 GiB, over Glance's limit of 1 MiB for a configuration file\n")
    }

    /// One string interpolation holding a hundred thousand terms, and interpolations nested ten thousand deep.
    @Test func enormousInterpolations() throws {
        let folder = try scratchFolder("interpolation")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let terms = Array(repeating: "a", count: 100_000).joined(separator: " + ")
        try write(Self.widgetFile("let long = \"\\(\(terms))\""), to: folder + "/Long.swift")
        try write(Self.widgetFile("let deep = " + String(repeating: "\"\\(", count: 10_000) + "1" + String(repeating: ")\"", count: 10_000)), to: folder + "/Deep.swift")
        let output = try #require(glance(within: 60, ["lint", folder, "--explain-skips"]))
        #expect(output.exitCode == 0)
        #expect(withoutSummary(output.standardError) == "")
        #expect(output.standardOutput.contains("\(folder)/Deep.swift: not parsed: more than 128 brackets and #if blocks nested (line 6), past the bound Glance keeps SwiftParser within"))
        #expect(!output.standardOutput.contains("Long.swift"))
    }

    /// Shapes that nest without brackets, each a hundred thousand levels deep: `await` in a row (Glance's own
    /// walk recursed past its stack), `->` in one type and an `else if` chain (SwiftParser's did). Skipped with
    /// a note; the same shapes a thousand deep are parsed.
    @Test func bracketlessNestingIsBounded() throws {
        let folder = try scratchFolder("bracketless")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, count) in [("Deep", 100_000), ("Shallow", 1_000)] {
            try write(Self.widgetFile("func h() async { _ = " + String(repeating: "await ", count: count) + "x }"), to: folder + "/\(name)Await.swift")
            try write(Self.widgetFile("typealias F = " + String(repeating: "(Int) -> ", count: count) + "Int"), to: folder + "/\(name)Arrow.swift")
            try write(Self.widgetFile("func f(_ x: Int) {\n if x == 0 {}\n" + String(repeating: " else if x == 1 {}\n", count: count) + "}"), to: folder + "/\(name)ElseIf.swift")
        }
        let output = try #require(glance(within: 60, ["lint", folder, "--explain-skips"]))
        #expect(output.exitCode == 0)
        #expect(withoutSummary(output.standardError) == "")
        for name in ["DeepAwait", "DeepArrow", "DeepElseIf"] {
            #expect(output.standardOutput.contains("\(folder)/\(name).swift: not parsed: more than 4000 levels nested without brackets (await or try in a row, -> in one type, else in one if chain)"), "\(name)")
        }
        #expect(!output.standardOutput.contains("Shallow"))
    }

    /// `--write-baseline` never writes through a symbolic link the repository holds: not a link in the file's
    /// place, not a folder on the way that leads out. Nothing outside is touched.
    @Test func baselineIsNotWrittenThroughLinks() throws {
        let outer = try scratchFolder("baseline-links")
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let folder = outer + "/repo"
        try write(Self.oneViolation, to: folder + "/A.swift")
        try write("keep me\n", to: outer + "/victim.txt")
        try FileManager.default.createSymbolicLink(atPath: folder + "/glance-baseline.json", withDestinationPath: outer + "/victim.txt")
        try FileManager.default.createDirectory(atPath: outer + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/out", withDestinationPath: outer + "/elsewhere")
        let linked = try #require(glance(within: 20, ["lint", folder, "--write-baseline", folder + "/glance-baseline.json"]))
        #expect(linked.exitCode == 2)
        #expect(linked.standardError == "glance: error: \(folder)/glance-baseline.json: is a symbolic link; Glance does not write a baseline through a link (remove it, or name the file it leads to)\n")
        #expect(try String(contentsOfFile: outer + "/victim.txt", encoding: .utf8) == "keep me\n")
        let throughFolder = try #require(glance(within: 20, ["lint", folder, "--write-baseline", folder + "/out/b.json"]))
        #expect(throughFolder.exitCode == 2)
        #expect(throughFolder.standardError == "glance: error: \(folder)/out/b.json: not written: a folder on the way is a symbolic link that leads outside the folder being linted (to \(outer)/elsewhere)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outer + "/elsewhere") == [])
        // A path outside the project that the user names is written where it says.
        let outside = try #require(glance(within: 20, ["lint", folder, "--write-baseline", outer + "/elsewhere/b.json"]))
        #expect(outside.exitCode == 1)
        #expect(FileManager.default.fileExists(atPath: outer + "/elsewhere/b.json"))
    }

    /// Workspace files FoundationXML could crash on, or libxml2 would print about: one line of error each.
    static let brokenWorkspaces: [(Data, String)] = {
        let noWorkspace = "not valid workspace XML (no <Workspace> element)"
        var notUTF8 = Data("<?xml version=\"1.0\"?>\n<Workspac".utf8)
        notUTF8.append(0xE7)
        notUTF8.append(Data("></Workspac".utf8))
        notUTF8.append(0xE7)
        notUTF8.append(Data(">\n".utf8))
        let utf16 = Data("<?xml version=\"1.0\" encoding=\"UTF-16\"?><Workspace></Workspace>".utf8)
        let deep = Data(("<Workspace>" + String(repeating: "<Group location=\"group:a\">", count: 30_000)).utf8)
        return [
            (Data(), noWorkspace), (Data(" ".utf8), noWorkspace), (Data([0xEF, 0xBB, 0xBF]), noWorkspace), (Data("<?".utf8), noWorkspace),
            (notUTF8, "not valid workspace XML (not UTF-8 at line 2)"),
            (utf16, "not valid workspace XML (declares encoding UTF-16; Xcode writes UTF-8)"),
            (deep, "not valid workspace XML (groups nested more than 64 deep, line 1)"),
        ]
    }()

    @Test(arguments: HostileInputTests.brokenWorkspaces)
    func brokenWorkspaceIsOneLineOfError(contents: Data, reason: String) throws {
        let folder = try scratchFolder("workspace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("ProductivityTimer", to: folder)
        try FileManager.default.createDirectory(atPath: folder + "/A.xcworkspace", withIntermediateDirectories: true)
        try contents.write(to: URL(fileURLWithPath: folder + "/A.xcworkspace/contents.xcworkspacedata"))
        let output = try #require(glance(within: 10, ["lint", folder + "/A.xcworkspace"]))
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: \(folder)/A.xcworkspace/contents.xcworkspacedata: \(reason)\n")
    }

    @Test func localPackageManifestWithAHundredThousandBrackets() throws {
        let folder = try scratchFolder("manifest-brackets")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyFixture("LegacyPackages", to: folder)
        try write("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"ReaderKit\", products: "
                  + String(repeating: "[", count: 100_000) + "\n", to: folder + "/Packages/ReaderKit/Package.swift")
        let output = try #require(glance(within: 20, ["lint", folder, "--explain-skips"]))
        #expect(withoutSummary(output.standardError) == "")
        #expect(output.standardOutput.contains("Packages/ReaderKit/Package.swift: not parsed: more than 128 brackets and #if blocks nested (line 3), past the bound Glance keeps SwiftParser within; the package's sources are not read"))
    }

    @Test func typeAliasCycleInActivityAttributes() throws {
        let folder = try scratchFolder("alias-cycle")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("""
            import ActivityKit
            struct Delivery: ActivityAttributes {
                typealias ContentState = Stage
                typealias Stage = Step
                typealias Step = Stage
                var order: Int
            }
            """, to: folder + "/Delivery.swift")
        let output = try #require(glance(within: 10, ["payload", "template", "Delivery", "--project", folder]))
        #expect(output.exitCode == 0)
        #expect(output.standardError == "glance: warning: Delivery.ContentState (Stage is a type alias that leads back to itself): no placeholder; fill in this value by hand\n")
    }

    // MARK: Hangs

    /// Settings that expand each other exponentially, and `$(…)` nested twenty thousand deep: unknown, with a
    /// note naming the limit.
    @Test func billionLaughsAndDeepSettingReferences() throws {
        let folder = try scratchFolder("settings")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("ProductivityTimer", to: folder)
        let base = try String(contentsOfFile: folder + "/Config/Base.xcconfig", encoding: .utf8)
        let laughs = (0..<40).map { "L\($0) = $(L\($0 + 1))$(L\($0 + 1))" }.joined(separator: "\n")
        try write(base + laughs + "\nL40 = ha\nBASE_BUNDLE_IDENTIFIER = $(L0)\n", to: folder + "/Config/Base.xcconfig")
        let exponential = try #require(glance(within: 20, ["lint", folder, "--explain-skips"]))
        #expect(withoutSummary(exponential.standardError) == "")
        #expect(exponential.standardOutput.contains("target 'ProductivityTimer' (Debug, Release): build settings APP_GROUP_IDENTIFIER and 26 others are unknown: L22 (expands past Glance's limit of 262144 characters)"))
        try write(base + "DEEP = " + String(repeating: "$(", count: 20_000) + "X" + String(repeating: ")", count: 20_000) + "\nMARKETING_VERSION = $(DEEP)\n",
                  to: folder + "/Config/Base.xcconfig")
        let deep = try #require(glance(within: 20, ["lint", folder, "--explain-skips"]))
        #expect(withoutSummary(deep.standardError) == "")
        #expect(deep.standardOutput.contains("target 'ProductivityTimer' (Debug, Release): build settings DEEP and 1 other are unknown: DEEP (nests $(…) or setting references more than 64 deep, Glance's limit)"))
    }

    @Test func fiftyMegabyteSwiftFileIsSkipped() throws {
        let folder = try scratchFolder("big-swift")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Self.oneViolation, to: folder + "/Intent.swift")
        try writeSparseFile(folder + "/Huge.swift", size: 50 << 20)
        let output = try #require(glance(within: 10, ["lint", folder, "--explain-skips"]))
        #expect(output.exitCode == 1)
        #expect(output.standardOutput.hasPrefix("\(folder)/Intent.swift:5:9: error:"))
        #expect(output.standardOutput.contains("\(folder)/Huge.swift: not read: it is 50 MiB, over Glance's limit of 4 MiB for a Swift source file"))
    }

    /// Shapes SwiftParser takes super-linear time on (or recurses without bound): skipped with a note naming the
    /// bound, fast. The other file's finding is still reported.
    static let superLinearInputs: [HostileSource] = [
        HostileSource("22 nested [", "let x = " + String(repeating: "[", count: 22), "more than 12 opening brackets in a row (line 6)"),
        HostileSource("100,000 nested [", "let x = " + String(repeating: "[", count: 100_000), "more than 128 brackets and #if blocks nested (line 6)"),
        HostileSource("10,000 nested calls", "let x = " + String(repeating: "f(a, ", count: 10_000), "more than 128 brackets and #if blocks nested (line 6)"),
        HostileSource("1,000 unclosed (\"a", "let x = " + String(repeating: "(\"a", count: 1_000), "more than 128 brackets and #if blocks nested (line 6)"),
        HostileSource("2,000 a < b", "let x = a" + String(repeating: " < b", count: 2_000), "more than 32 unclosed '<' in a row (line 6)"),
        HostileSource("10,000 generics", "let x: " + String(repeating: "A<", count: 10_000) + "B" + String(repeating: ">", count: 10_000), "more than 32 unclosed '<' in a row (line 6)"),
        // Parsed: these shapes cost SwiftParser linear time.
        HostileSource("2,000 <array>", String(repeating: "<array>", count: 2_000), nil),
        HostileSource("2,000 plist lines", String(repeating: "<array>\n<string>a</string>\n", count: 2_000), nil),
        HostileSource("a two-megabyte name", "let " + String(repeating: "a", count: 2_000_000) + " = 1", "more than 1024 bytes in one name, number or operator, or quotes in a row (line 6)"),
        HostileSource("100,000 #if", String(repeating: "#if A\n", count: 100_000), "more than 128 brackets and #if blocks nested (line 134)"),
        HostileSource("a 10,000-link chain", "let x = Text(\"a\")" + String(repeating: ".padding()", count: 10_000), "more than 4000 member accesses in one chain (line 6)"),
    ]

    @Test(arguments: HostileInputTests.superLinearInputs)
    func superLinearParserInputIsSkipped(_ input: HostileSource) throws {
        let (name, code, bound) = (input.name, input.code, input.bound)
        let folder = try scratchFolder("parser")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Self.oneViolation, to: folder + "/Intent.swift")
        try write(Self.widgetFile(code), to: folder + "/Hostile.swift")
        let output = try #require(glance(within: 20, ["lint", folder, "--explain-skips"]))
        #expect(output.exitCode == 1, "\(name)")
        if let bound {
            #expect(output.standardOutput.contains("\(folder)/Hostile.swift: not parsed: \(bound), past the bound Glance keeps SwiftParser within"), "\(name)")
        } else {
            #expect(!output.standardOutput.contains("not parsed"), "\(name)")
        }
    }

    /// A chunk repeated ten thousand times is linear work: parsed, within the stated time.
    @Test func chunkRepeatedTenThousandTimes() throws {
        let folder = try scratchFolder("repeated")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Self.widgetFile(String(repeating: "func f() { WidgetCenter.shared.reloadTimelines(ofKind: \"k\") }\n", count: 10_000)), to: folder + "/Repeated.swift")
        let output = try #require(glance(within: 60, ["surfaces", folder, "--format", "json"]))
        #expect(output.exitCode == 0)
        let surfaces = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        #expect((surfaces["reloads"] as? [Any])?.count == 10_000)
    }

    /// A local package whose `path:` leads out of the repository — to `/`, or far above — is not followed.
    @Test func localPackagePathsOutOfTheFolderAreNotFollowed() throws {
        let outer = try scratchFolder("outside")
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let folder = outer + "/repo"
        try copyFixture("LegacyPackages", to: folder)
        // A package outside the repository, whose code would give a finding if it were read.
        try write("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Outside\", products: [.library(name: \"Outside\", targets: [\"Outside\"])], targets: [.target(name: \"Outside\")])\n",
                  to: outer + "/Outside/Package.swift")
        try write("import AppIntents\n" + Self.oneViolation, to: outer + "/Outside/Sources/Outside/Intent.swift")
        // ReaderKit's target reads `/`; the project names the outside package with an Xcode 15 reference.
        try write("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"ReaderKit\", products: [.library(name: \"ReaderKit\", targets: [\"ReaderKit\"])], targets: [.target(name: \"ReaderKit\", path: \"/\"), .target(name: \"Far\", path: \"../../../../../../../../../..\")])\n",
                  to: folder + "/Packages/ReaderKit/Package.swift")
        let project = folder + "/Reader.xcodeproj/project.pbxproj"
        var text = try String(contentsOfFile: project, encoding: .utf8)
        text = text.replacingOccurrences(of: "\t\t\tprojectDirPath = \"\";", with: "\t\t\tpackageReferences = (\n\t\t\t\tAAAAAAAAAAAAAAAAAAAAAAAA,\n\t\t\t);\n\t\t\tprojectDirPath = \"\";")
        text = text.replacingOccurrences(of: "/* Begin XCSwiftPackageProductDependency section */", with: """
            /* Begin XCLocalSwiftPackageReference section */
            \t\tAAAAAAAAAAAAAAAAAAAAAAAA = {
            \t\t\tisa = XCLocalSwiftPackageReference;
            \t\t\trelativePath = ../Outside;
            \t\t};
            /* End XCLocalSwiftPackageReference section */

            /* Begin XCSwiftPackageProductDependency section */
            """)
        text = text.replacingOccurrences(of: "\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = SyncKit;", with: "\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tpackage = AAAAAAAAAAAAAAAAAAAAAAAA;\n\t\t\tproductName = Outside;")
        try text.write(toFile: project, atomically: true, encoding: .utf8)
        let output = try #require(glance(within: 20, ["lint", folder, "--explain-skips"]))
        #expect(withoutSummary(output.standardError) == "")
        #expect(!output.standardOutput.contains("Intent.swift:5:9"))
        #expect(output.standardOutput.contains("local package ../Outside (\(outer)/Outside): outside the folder being linted; not read"))
        #expect(output.standardOutput.contains("/: path of package target ReaderKit, outside the folder being linted; not read"))
    }

    @Test func tenThousandGlobsAreRefused() throws {
        let folder = try scratchFolder("globs")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Self.oneViolation, to: folder + "/A.swift")
        let deep = String(repeating: "**/", count: 10_000) + "x"
        try write("{\"excluded\": [\"\(deep)\"]}", to: folder + "/.glance.json")
        let long = try #require(glance(within: 10, ["lint", folder]))
        #expect(long.exitCode == 2)
        #expect(long.standardError == "glance: error: \(folder)/.glance.json: the glob '**/**/**/**/**/**/**/**/**/**/**/**/**/*…' is 30001 characters long; Glance's limit is 1024\n")
        let many = (0..<10_000).map { "\"**/\($0)\"" }.joined(separator: ", ")
        try write("{\"excluded_by_rule\": {\"set_value_intent_assigns_value\": [\(many)]}}", to: folder + "/.glance.json")
        let count = try #require(glance(within: 10, ["lint", folder]))
        #expect(count.exitCode == 2)
        #expect(count.standardError == "glance: error: \(folder)/.glance.json: holds 10000 path globs, over Glance's limit of 1000\n")
        // Globs that would backtrack exponentially match in linear time.
        try write("{\"excluded\": [\"" + String(repeating: "**/", count: 300) + "*a*a*a*a*a*a*a*a*a*a*b\"]}", to: folder + "/.glance.json")
        let pathological = try #require(glance(within: 10, ["lint", folder]))
        #expect(pathological.exitCode == 1)
    }

    @Test func payloadInputsPastTheirLimits() throws {
        let folder = try scratchFolder("payload-limits")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let project = repositoryRoot + "/Examples/ProductivityTimer"
        let body = project + "/Pushes/2-update.json"
        let line = "{\"at\": 0, \"body\": {\"aps\": {\"timestamp\": 1, \"event\": \"update\"}}}\n"
        try write(String(repeating: line, count: 100_000), to: folder + "/many.jsonl")
        try write(line + "{\"at\": 1, \"body\": {\"aps\": {\"k\": \"" + String(repeating: "$(", count: 1_000_000) + "\"}}}\n", to: folder + "/long-line.jsonl")
        try write("apns-topic: " + String(repeating: "a", count: 100_000) + "\n", to: folder + "/huge-headers.txt")
        let keys = (0..<40_000).map { "\"k\($0)\": 1" }.joined(separator: ", ")
        let keysText = "{\"aps\": {\"timestamp\": 1, \"event\": \"update\", \(keys)}}"
        try write(keysText, to: folder + "/keys.json")
        // The column of the 10,001st key's colon.
        let colons = keysText.enumerated().filter { $0.element == ":" }.map(\.offset)
        try write("{\"aps\":\n" + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}", to: folder + "/deep.json")
        try writeSparseFile(folder + "/huge.json", size: 10 << 20)
        let cases: [([String], String)] = [
            (["payload", "simulate", folder + "/many.jsonl", "--project", project],
             "\(folder)/many.jsonl: holds 100000 pushes, over Glance's limit of 10000 in a JSON Lines file"),
            (["payload", "simulate", folder + "/long-line.jsonl", "--project", project],
             "\(folder)/long-line.jsonl:2: is 2000037 bytes; Glance reads at most 1114112 bytes of one push in a JSON Lines file (its body at most 1048576)"),
            (["payload", "check", body, "--headers", folder + "/huge-headers.txt"],
             "\(folder)/huge-headers.txt: is 100013 bytes; Glance reads at most 65536 bytes of a headers file"),
            (["payload", "check", folder + "/keys.json"], "\(folder)/keys.json:1:\(colons[10_000] + 1): holds more than 10000 object keys (Glance's limit)"),
            (["payload", "check", folder + "/deep.json"], "\(folder)/deep.json:2:64: nests arrays and objects more than 64 deep (Glance's limit)"),
            (["payload", "check", folder + "/huge.json"], "\(folder)/huge.json: is 10485760 bytes; Glance reads at most 1048576 bytes of a JSON file; a push body is at most 4096 bytes (5120 on broadcast)"),
        ]
        for (arguments, message) in cases {
            let output = try #require(glance(within: 20, arguments))
            #expect(output.exitCode == 2, "\(arguments)")
            #expect(output.standardError == "glance: error: \(message)\n")
            #expect(output.standardOutput == "")
        }
    }

    /// Under a virtual-memory limit (`ulimit -v`, common in CI containers) the 512 MiB stacks cannot be had;
    /// Glance takes smaller ones and gives the same findings.
    @Test func lintUnderAVirtualMemoryLimit() throws {
        let expected = glance("lint", "Examples/CommonMistakes").standardOutput
        let result = try #require(shell("ulimit -v 1048576 && exec \"$GLANCE\" lint Examples/CommonMistakes", within: 120))
        #expect(result.status == 1)
        #expect(withoutSummary(result.standardError) == "")
        #expect(result.standardOutput == expected)
        let small = try #require(shell("ulimit -v 400000 && exec \"$GLANCE\" lint Examples/ProductivityTimer", within: 120))
        #expect(small.status == 0)
        #expect(withoutSummary(small.standardError) == "")
        #expect(small.standardOutput == "")
    }

    // MARK: Work quadratic in Glance's own code

    /// Found by the fuzz harness: a view type declared three thousand times (a chunk of a file repeated). The
    /// view walk joined every declaration's members again at each name it met (88 s before, 4 s after).
    @Test func viewDeclaredThousandsOfTimes() throws {
        let folder = try scratchFolder("repeated-views")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let card = "struct Card: View {\n    var body: some View { VStack { title; detail } }\n    var title: some View { Text(\"a\") }\n    var detail: some View { Text(\"b\") }\n}\n"
        try write("import WidgetKit\nimport SwiftUI\nstruct Hostile: Widget {\n    var body: some WidgetConfiguration { StaticConfiguration(kind: \"k\", provider: P()) { _ in Card() } }\n}\n"
                  + String(repeating: card, count: 3_000), to: folder + "/Cards.swift")
        let output = try #require(glance(within: 30, ["lint", folder]))
        #expect(output.exitCode == 0)
    }

    /// Found by the fuzz harness: twenty thousand `Link`s in one widget view. `url_scheme_not_registered`
    /// grouped links by searching the links grouped so far.
    @Test func twentyThousandLinks() throws {
        let folder = try scratchFolder("many-links")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("ProductivityTimer", to: folder)
        let path = folder + "/Widgets/FocusWidget.swift"
        let links = String(repeating: "            Link(destination: URL(string: \"productivitytimer://timer\")!) { Text(\"x\") }\n", count: 20_000)
        try write(try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "FocusWidgetView(entry: entry)", with: "Links()")
                  + "struct Links: View {\n    var body: some View {\n        VStack {\n\(links)        }\n    }\n}\n", to: path)
        let output = try #require(glance(within: 60, ["lint", folder]))
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == "")
    }

    /// Found by the fuzz harness: a run of quotes (SwiftParser's time grows with its square) is not parsed.
    @Test func runOfQuotesIsNotParsed() throws {
        let folder = try scratchFolder("quotes")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Self.widgetFile("let q = " + String(repeating: "\"", count: 2_000_000)), to: folder + "/Quotes.swift")
        let output = try #require(glance(within: 20, ["lint", folder, "--explain-skips"]))
        #expect(output.standardOutput.contains("\(folder)/Quotes.swift: not parsed: more than 1024 bytes in one name, number or operator, or quotes in a row (line 6)"))
    }

    @Test func twelveThousandOneLineWidgets() throws {
        let folder = try scratchFolder("widgets")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let widgets = (0..<12_000).map { "struct W\($0): Widget { var body: some WidgetConfiguration { EmptyWidgetConfiguration() } }" }
        try write("import WidgetKit\nimport SwiftUI\n" + widgets.joined(separator: "\n") + "\n", to: folder + "/Widgets.swift")
        let output = try #require(glance(within: 60, ["surfaces", folder]))
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.components(separatedBy: "\n  widget ").count == 12_001)
    }

    @Test func repeatedHeadersAndUnknownKeys() throws {
        let folder = try scratchFolder("repeated-keys")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let project = repositoryRoot + "/Examples/ProductivityTimer"
        try write(String(repeating: "apns-priority: 10\n", count: 3_500), to: folder + "/headers.txt")
        let keys = (0..<9_000).map { "\"k\($0)\": 1" }.joined(separator: ", ")
        try write("{\"aps\": {\"timestamp\": 1795946400, \"event\": \"update\", \(keys)}}", to: folder + "/keys.json")
        let headers = try #require(glance(within: 30, ["payload", "check", project + "/Pushes/2-update.json", "--project", project, "--headers", folder + "/headers.txt"]))
        #expect(headers.exitCode == 1)
        #expect(headers.standardOutput.components(separatedBy: "header 'apns-priority' is repeated").count == 3_500)
        let unknown = try #require(glance(within: 30, ["payload", "check", folder + "/keys.json"]))
        #expect(unknown.exitCode == 1)
        #expect(unknown.standardOutput.components(separatedBy: "[payload_unknown_aps_key]").count == 9_001)
    }

    // MARK: Noisy or misleading errors

    @Test func projectFileThatIsNotAFile() throws {
        let folder = try scratchFolder("not-a-file")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("ProductivityTimer", to: folder)
        let project = folder + "/ProductivityTimer.xcodeproj/project.pbxproj"
        try FileManager.default.removeItem(atPath: project)
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let directory = try #require(glance(within: 10, ["lint", folder]))
        #expect(directory.standardError == "glance: error: \(folder)/ProductivityTimer.xcodeproj/project.pbxproj: cannot be read: it is a folder, not a file\n")
        try FileManager.default.removeItem(atPath: project)
        #expect(mkfifo(project, 0o644) == 0)
        let fifo = try #require(glance(within: 10, ["lint", folder]))
        #expect(fifo.standardError == "glance: error: \(folder)/ProductivityTimer.xcodeproj/project.pbxproj: not read: it is a FIFO (named pipe), not a regular file\n")
        try FileManager.default.removeItem(atPath: project)
        try FileManager.default.createSymbolicLink(atPath: project, withDestinationPath: "/proc/self/mem")
        let memory = try #require(glance(within: 10, ["lint", folder]))
        #expect(memory.exitCode == 2)
        #expect(memory.standardError.hasPrefix("glance: error: \(folder)/ProductivityTimer.xcodeproj/project.pbxproj: not read: it leads outside the folder being linted (to /proc/"))
    }

    /// A FIFO where a Swift file, an Info.plist or an image is expected: skipped with a note, never waited on.
    @Test func fifosInTheProjectAreSkipped() throws {
        let folder = try scratchFolder("fifos")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("ProductivityTimer", to: folder)
        for path in ["/Widgets/FocusWidget.swift", "/App/Info.plist", "/Widgets/Assets.xcassets/OrderIcon.imageset/Contents.json", "/Config/Base.xcconfig"] {
            try FileManager.default.removeItem(atPath: folder + path)
            #expect(mkfifo(folder + path, 0o644) == 0)
        }
        let output = try #require(glance(within: 20, ["lint", folder, "--explain-skips"]))
        #expect(withoutSummary(output.standardError) == "")
        #expect(output.standardOutput.contains("Widgets/FocusWidget.swift: a FIFO (named pipe), not a regular file; skipped"))
        #expect(output.standardOutput.contains("App/Info.plist: not read: it is a FIFO (named pipe), not a regular file"))
        #expect(output.standardOutput.contains("Config/Base.xcconfig: not read: it is a FIFO (named pipe), not a regular file"))
    }

    /// Deep nesting in a push body is reported at the line where it passes the limit.
    @Test func deepNestingIsReportedAtItsLine() throws {
        let folder = try scratchFolder("deep-lines")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("{\n\"aps\": {\n" + String(repeating: "[\n", count: 100) + "1" + String(repeating: "]", count: 100) + "}}", to: folder + "/deep.json")
        let output = try #require(glance(within: 10, ["payload", "check", folder + "/deep.json"]))
        #expect(output.standardError == "glance: error: \(folder)/deep.json:65:1: nests arrays and objects more than 64 deep (Glance's limit)\n")
    }

    /// A file whose name is not valid UTF-8 is found, and its name printed with the byte spelled out.
    @Test func nameThatIsNotUTF8IsFoundAndEscaped() throws {
        let folder = try scratchFolder("latin1-name")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = Array(folder.utf8) + Array("/Caf".utf8) + [0xE9] + Array(".swift".utf8)
        let descriptor = open(name.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        _ = Self.oneViolation.utf8CString.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
        let expected = "\(folder)/Caf\\xE9.swift:5:9: error: ToggleIntent.perform() changes `value`"
        let output = try #require(glance(within: 10, ["lint", folder]))
        #expect(output.exitCode == 1)
        #expect(output.standardOutput.hasPrefix(expected))
        // Named on the command line, as bytes: that file is linted, in its project, and only its findings are
        // printed (issue 22: it was taken for a missing one, and its folder linted, with another file's findings).
        try write(Self.oneViolation, to: folder + "/Other.swift")
        let direct = try #require(shell("exec \"$GLANCE\" lint \"$(printf '\(folder)/Caf\\351.swift')\"", within: 30))
        #expect(direct.status == 1)
        #expect(direct.standardOutput.hasPrefix(expected))
        #expect(direct.standardOutput.split(separator: "\n").count == 1, "\(direct.standardOutput)")
    }

    /// A group listed inside itself: its files are still read, and a note says so.
    @Test func groupCycleKeepsItsFiles() throws {
        let folder = try scratchFolder("group-cycle")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyFixture("LegacyPackages", to: folder)
        try write("import AppIntents\n" + Self.oneViolation, to: folder + "/App/Toggle.swift")
        let project = folder + "/Reader.xcodeproj/project.pbxproj"
        var text = try String(contentsOfFile: project, encoding: .utf8)
        // App (D4CE…) lists the main group (CEBE…), which holds App; Toggle.swift is compiled by the app.
        text = text.replacingOccurrences(of: "\t\t\t\tA5C9D64859B3255C6FC6ADDB,\n\t\t\t);\n\t\t\tpath = App;",
                                         with: "\t\t\t\tA5C9D64859B3255C6FC6ADDB,\n\t\t\t\tBBBBBBBBBBBBBBBBBBBBBBBB,\n\t\t\t\tCEBEEEF0DC4B3DF2B20551FD,\n\t\t\t);\n\t\t\tpath = App;")
        text = text.replacingOccurrences(of: "/* End PBXFileReference section */", with: "\t\tBBBBBBBBBBBBBBBBBBBBBBBB = {\n\t\t\tisa = PBXFileReference;\n\t\t\tlastKnownFileType = sourcecode.swift;\n\t\t\tpath = Toggle.swift;\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n/* End PBXFileReference section */")
        text = text.replacingOccurrences(of: "/* End PBXBuildFile section */", with: "\t\tCCCCCCCCCCCCCCCCCCCCCCCC = {\n\t\t\tisa = PBXBuildFile;\n\t\t\tfileRef = BBBBBBBBBBBBBBBBBBBBBBBB;\n\t\t};\n/* End PBXBuildFile section */")
        text = text.replacingOccurrences(of: "\t\t\t\t3E6D73C01FDBF9E351F70E06,\n", with: "\t\t\t\t3E6D73C01FDBF9E351F70E06,\n\t\t\t\tCCCCCCCCCCCCCCCCCCCCCCCC,\n")
        try text.write(toFile: project, atomically: true, encoding: .utf8)
        let output = try #require(glance(within: 10, ["lint", folder, "--explain-skips"]))
        #expect(output.standardOutput.contains("\(folder)/App/Toggle.swift:6:9: error: ToggleIntent.perform() changes `value`"))
        #expect(output.standardOutput.contains("  Reader.xcodeproj: the group tree lists the main group twice, or inside itself; its first place is used\n"))
    }

    /// A group tree nested 20,000 deep (each group a folder `d`, a source file at the bottom): below 256 levels
    /// nothing is on disk for Glance, so no path of 20,000 folders is built for each group (it took seconds and
    /// gigabytes, and 100,000 levels crashed); one note says so.
    @Test func deeplyNestedGroupsAreNotFollowed() throws {
        let folder = try scratchFolder("deep-groups")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let depth = 20_000
        var objects = ["P1 = {isa = PBXProject; mainGroup = G0; targets = (T1); buildConfigurationList = L1; projectDirPath = \"\";};",
                       "G0 = {isa = PBXGroup; children = (N0); sourceTree = \"<group>\";};"]
        for level in 0..<depth {
            objects.append("N\(level) = {isa = PBXGroup; children = (\(level + 1 < depth ? "N\(level + 1)" : "F1")); path = d; sourceTree = \"<group>\";};")
        }
        objects += ["F1 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Bottom.swift; sourceTree = \"<group>\";};",
                    "B1 = {isa = PBXBuildFile; fileRef = F1;};",
                    "S1 = {isa = PBXSourcesBuildPhase; files = (B1);};",
                    "T1 = {isa = PBXNativeTarget; name = App; productType = \"com.apple.product-type.application\"; buildPhases = (S1); buildConfigurationList = L1;};",
                    "L1 = {isa = XCConfigurationList; buildConfigurations = (C1);};",
                    "C1 = {isa = XCBuildConfiguration; name = Release; buildSettings = {SDKROOT = iphoneos;};};"]
        try FileManager.default.createDirectory(atPath: folder + "/Deep.xcodeproj", withIntermediateDirectories: true)
        try write("// !$*UTF8*$!\n{\narchiveVersion = 1;\nobjectVersion = 56;\nobjects = {\n" + objects.joined(separator: "\n") + "\n};\nrootObject = P1;\n}\n",
                  to: folder + "/Deep.xcodeproj/project.pbxproj")
        let output = try #require(glance(within: 20, ["lint", folder, "--no-cache", "--explain-skips"]))
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == """
            Skipped checks (1):
              Deep.xcodeproj: the group tree nests groups more than 256 deep; the files below that depth are not read

            """)
    }

    /// A synchronized folder that leads outside the folder being linted is named in the same words whether or not
    /// something is there, so the note tells nothing about what exists outside.
    @Test func synchronizedFolderOutsideIsNamedAlike() throws {
        let folder = try scratchFolder("sync-outside")
        let outside = try scratchFolder("sync-outside-target")
        defer { for path in [folder, outside] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createDirectory(atPath: outside + "/present", withIntermediateDirectories: true)
        func note(_ target: String) throws -> String {
            try? FileManager.default.removeItem(atPath: folder + "/Sync.xcodeproj")
            try FileManager.default.createDirectory(atPath: folder + "/Sync.xcodeproj", withIntermediateDirectories: true)
            try write("""
                // !$*UTF8*$!
                {
                archiveVersion = 1;
                objectVersion = 77;
                objects = {
                P1 = {isa = PBXProject; mainGroup = G0; targets = (T1); buildConfigurationList = L1; projectDirPath = "";};
                G0 = {isa = PBXGroup; children = (R1); sourceTree = "<group>";};
                R1 = {isa = PBXFileSystemSynchronizedRootGroup; path = "\(target)"; sourceTree = "<absolute>";};
                T1 = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (R1); buildPhases = (); buildConfigurationList = L1;};
                L1 = {isa = XCConfigurationList; buildConfigurations = (C1);};
                C1 = {isa = XCBuildConfiguration; name = Release; buildSettings = {SDKROOT = iphoneos;};};
                };
                rootObject = P1;
                }

                """, to: folder + "/Sync.xcodeproj/project.pbxproj")
            let output = try #require(glance(within: 20, ["lint", folder, "--no-cache", "--explain-skips"]))
            return output.standardOutput.split(separator: "\n").first { $0.contains(target) }.map(String.init) ?? ""
        }
        let present = try note(outside + "/present"), missing = try note(outside + "/missing")
        #expect(present == "  \(outside)/present: synchronized folder not read: it leads outside the folder being linted (to \(outside)/present)")
        #expect(missing == "  \(outside)/missing: synchronized folder not read: it leads outside the folder being linted (to \(outside)/missing)")
    }

    // MARK: Output injection

    /// A file name holding a line break and a fake diagnostic adds no line to any reporter's output.
    @Test(arguments: ["xcode", "github-actions", "markdown", "checkstyle", "junit", "json", "sarif"])
    func fileNamesCannotAddDiagnostics(reporter: String) throws {
        let folder = try scratchFolder("injection")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Self.oneViolation, to: folder + "/Re\nfresh:1:2: error: fake.swift")
        let output = try #require(glance(within: 10, ["lint", folder, "--reporter", reporter]))
        #expect(output.exitCode == 1)
        let lines = output.standardOutput.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("fresh:1:2") }, "\(reporter)")
        if reporter == "xcode" {
            #expect(output.standardOutput == "\(folder)/Re\\nfresh:1:2: error: fake.swift:5:9: error: ToggleIntent.perform() changes `value`, which the system sets to the state the user chose; the control will drift. Update your model to match `value` instead. [set_value_intent_assigns_value]\n")
        }
        if reporter == "json" {
            let violations = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
            #expect(violations.first?["file"] as? String == folder + "/Re\nfresh:1:2: error: fake.swift")
        }
    }

    /// Control characters in what a project's code says (a widget kind) are spelled out too.
    @Test func controlCharactersInMessagesAreSpelledOut() throws {
        let folder = try scratchFolder("message-controls")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("import WidgetKit\nfunc refresh() { WidgetCenter.shared.reloadTimelines(ofKind: \"a\\nb.swift:1:1: error: \\u{1B}[2J\\u{202E}fake\\r\") }\n", to: folder + "/Reload.swift")
        let output = try #require(glance(within: 10, ["lint", folder]))
        #expect(output.standardOutput.split(separator: "\n").count == 1)
        #expect(output.standardOutput.contains("\"a\\nb.swift:1:1: error: \\u{1B}[2J\\u{202E}fake\\r\""))
    }

    // MARK: Nothing outside the folder being linted

    @Test func pathsOutOfTheProjectAreNotRead() throws {
        let outer = try scratchFolder("containment")
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let folder = outer + "/repo"
        try copyExample("ProductivityTimer", to: folder)
        // Outside the repository: a Swift file that would give a finding, and an xcconfig.
        try write(Self.oneViolation, to: outer + "/Outside/Intent.swift")
        try write("BASE_BUNDLE_IDENTIFIER = com.outside\n", to: outer + "/Outside.xcconfig")
        try FileManager.default.createSymbolicLink(atPath: folder + "/App/Linked", withDestinationPath: outer + "/Outside")
        try FileManager.default.createSymbolicLink(atPath: folder + "/App/Root", withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: folder + "/Shared/Intent.swift", withDestinationPath: outer + "/Outside/Intent.swift")
        try write(try String(contentsOfFile: folder + "/Config/Base.xcconfig", encoding: .utf8) + "#include \"../../Outside.xcconfig\"\n#include \"/etc/hostname\"\n",
                  to: folder + "/Config/Base.xcconfig")
        let output = try #require(glance(within: 20, ["lint", folder, "--explain-skips"]))
        #expect(withoutSummary(output.standardError) == "")
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.contains("\(folder)/App/Linked: symbolic link to \(outer)/Outside, outside the folder being linted; not followed"))
        #expect(output.standardOutput.contains("\(folder)/App/Root: symbolic link to /, outside the folder being linted; not followed"))
        #expect(output.standardOutput.contains("\(folder)/Shared/Intent.swift: symbolic link to \(outer)/Outside/Intent.swift, outside the folder being linted; not followed"))
        #expect(output.standardOutput.contains("\(outer)/Outside.xcconfig: not read: it leads outside the folder being linted (to \(outer)/Outside.xcconfig)"))
        #expect(output.standardOutput.contains("/etc/hostname: not read: it leads outside the folder being linted (to /etc/hostname)"))
    }

    /// A path outside gets the same note whether or not anything is there, so a pull request cannot learn from
    /// the CI log what exists on the machine.
    @Test func notesDoNotTellWhatExistsOutside() throws {
        let outer = try scratchFolder("existence")
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let folder = outer + "/repo"
        try copyExample("ProductivityTimer", to: folder)
        try write("<plist><dict/></plist>\n", to: outer + "/there.plist")
        let project = folder + "/ProductivityTimer.xcodeproj/project.pbxproj"
        var text = try String(contentsOfFile: project, encoding: .utf8)
        text = text.replacingOccurrences(of: "INFOPLIST_FILE = App/Info.plist;", with: "INFOPLIST_FILE = \(outer)/there.plist;")
        text = text.replacingOccurrences(of: "INFOPLIST_FILE = Widgets/Info.plist;", with: "INFOPLIST_FILE = \(outer)/not-there.plist;")
        try text.write(toFile: project, atomically: true, encoding: .utf8)
        try write(try String(contentsOfFile: folder + "/Config/Base.xcconfig", encoding: .utf8) + "#include \"../../there.plist\"\n#include \"../../not-there.xcconfig\"\n",
                  to: folder + "/Config/Base.xcconfig")
        let output = try #require(glance(within: 20, ["lint", folder, "--explain-skips"]))
        for name in ["there.plist", "not-there.plist"] {
            #expect(output.standardOutput.contains("\(outer)/\(name): INFOPLIST_FILE not read: it leads outside the folder being linted (to \(outer)/\(name))"), "\(name)")
        }
        for name in ["there.plist", "not-there.xcconfig"] {
            #expect(output.standardOutput.contains("\(outer)/\(name): not read: it leads outside the folder being linted (to \(outer)/\(name))"), "\(name)")
        }
        #expect(!output.standardOutput.contains("does not exist"))
    }

    /// File references with absolute or `../` paths, a synchronized folder outside, a project directory far
    /// above: nothing there is read.
    @Test func projectReferencesOutOfTheFolderAreNotRead() throws {
        let outer = try scratchFolder("references")
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let folder = outer + "/repo"
        try copyFixture("LegacyPackages", to: folder)
        try write(Self.oneViolation, to: outer + "/Outside/Intent.swift")
        try write(Self.oneViolation, to: outer + "/Synced/Intent.swift")
        let project = folder + "/Reader.xcodeproj/project.pbxproj"
        var text = try String(contentsOfFile: project, encoding: .utf8)
        // ReaderApp.swift becomes an absolute reference outside; the synchronized folder Modules becomes ../Synced.
        text = text.replacingOccurrences(of: "\t\t\tpath = ReaderApp.swift;\n\t\t\tsourceTree = \"<group>\";",
                                         with: "\t\t\tpath = \(outer)/Outside/Intent.swift;\n\t\t\tsourceTree = \"<absolute>\";")
        text = text.replacingOccurrences(of: "\t\t\tpath = Modules;", with: "\t\t\tpath = ../Synced;")
        text = text.replacingOccurrences(of: "\t\t\tfileSystemSynchronizedGroups = (\n", with: "\t\t\tfileSystemSynchronizedGroups = (\n\t\t\t\t6C95CF4412A5C0F33F411359,\n")
        text = text.replacingOccurrences(of: "\t\t\tname = Reader;\n\t\t\tpackageProductDependencies", with: "\t\t\tfileSystemSynchronizedGroups = (\n\t\t\t\t6C95CF4412A5C0F33F411359,\n\t\t\t);\n\t\t\tname = Reader;\n\t\t\tpackageProductDependencies")
        try text.write(toFile: project, atomically: true, encoding: .utf8)
        let output = try #require(glance(within: 20, ["lint", folder, "--explain-skips"]))
        #expect(withoutSummary(output.standardError) == "")
        #expect(!output.standardOutput.contains("Intent.swift:5:9"))
        #expect(output.standardOutput.contains("\(outer)/Outside/Intent.swift: not read: it leads outside the folder being linted (to \(outer)/Outside/Intent.swift)"))
        #expect(output.standardOutput.contains("\(outer)/Synced: synchronized folder not read: it leads outside the folder being linted (to \(outer)/Synced)"))
    }

    /// A record's questions about places outside the folder being linted (a file named by an absolute path, a
    /// synchronized folder `../Synced`, the folders above searched for a configuration) are not answered by
    /// reading them, so the next run asks the same and the record holds (`GLANCE_DEBUG_RECORDS` names a question
    /// that does not); and nothing outside is read through a record either.
    @Test func recordsOfProjectsThatNameFilesOutsideHold() throws {
        let outer = try scratchFolder("records-outside")
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let folder = outer + "/repo"
        try copyFixture("LegacyPackages", to: folder)
        try write(Self.oneViolation, to: outer + "/Outside/Intent.swift")
        let project = folder + "/Reader.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: project, encoding: .utf8)
            .replacingOccurrences(of: "\t\t\tpath = ReaderApp.swift;\n\t\t\tsourceTree = \"<group>\";",
                                  with: "\t\t\tpath = \(outer)/Outside/Intent.swift;\n\t\t\tsourceTree = \"<absolute>\";")
            .replacingOccurrences(of: "\t\t\tpath = Modules;", with: "\t\t\tpath = ../Synced;")
        try text.write(toFile: project, atomically: true, encoding: .utf8)
        let script = "\"$GLANCE\" lint \(folder) --cache-path \(outer)/cache --explain-skips"
        let first = try #require(shell(script, within: 60))
        let second = try #require(shell("GLANCE_DEBUG_RECORDS=1 " + script, within: 60))
        #expect(second.standardError.components(separatedBy: "\n").filter { $0.hasPrefix("record does not hold") } == [])
        #expect(second.standardOutput == first.standardOutput && second.status == first.status)
        #expect(first.standardOutput.contains("\(outer)/Outside/Intent.swift: not read: it leads outside the folder being linted"))
        // A file outside changes: nothing Glance read has, so the record still holds.
        try write(Self.oneViolation + "// changed\n", to: outer + "/Outside/Intent.swift")
        let third = try #require(shell("GLANCE_DEBUG_RECORDS=1 " + script, within: 60))
        #expect(third.standardOutput == first.standardOutput)
        #expect(!third.standardError.contains("record does not hold"))
    }

    /// Issue 22, defect 4, the baseline: the configuration's baseline is a link inside the folder that leads out of it
    /// (to a file that exists or to one that does not): refused in one line, the same line either way, so neither
    /// the outside file's text nor whether it exists shows.
    @Test func baselineLinkLeadingOutIsRefused() throws {
        let folder = try scratchFolder("baseline-link-out")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Self.oneViolation, to: folder + "/P/A.swift")
        try write("{\"secret\": \"outside\", ", to: folder + "/outside.json")
        try write("{\"baseline\": \"b.json\"}", to: folder + "/P/.glance.json")
        var lines: [String] = []
        for target in [folder + "/outside.json", folder + "/missing.json"] {
            try? FileManager.default.removeItem(atPath: folder + "/P/b.json")
            try FileManager.default.createSymbolicLink(atPath: folder + "/P/b.json", withDestinationPath: target)
            let output = try #require(glance(within: 10, ["lint", folder + "/P"]))
            #expect(output.exitCode == 2)
            #expect(!output.standardError.contains("secret"))
            lines.append(output.standardError)
        }
        #expect(lines[0] == "glance: error: \(folder)/P/.glance.json: 'baseline' leads outside the configuration's folder (b.json); Glance reads no baseline there\n")
        #expect(lines[1] == lines[0])
    }

    @Test func baselineNamedOutsideTheConfigurationFolderIsRefused() throws {
        let folder = try scratchFolder("baseline-outside")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(Self.oneViolation, to: folder + "/A.swift")
        try write("{\"baseline\": \"../../../etc/passwd\"}", to: folder + "/.glance.json")
        let output = try #require(glance(within: 10, ["lint", folder]))
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: \(folder)/.glance.json: 'baseline' leads outside the configuration's folder (../../../etc/passwd); Glance reads no baseline there\n")
    }

    /// Links out of the folder being linted whose targets exist and do not: named the same way, so the run tells
    /// nothing about what is there (a link that leads nowhere was "broken", one that leads to a file "outside").
    @Test func linksOutAreNamedTheSameWhetherOrNotTheirTargetExists() throws {
        let outer = try scratchFolder("dangling")
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let folder = outer + "/repo"
        try write(Self.oneViolation, to: folder + "/A.swift")
        try write("struct There {}\n", to: outer + "/there.swift")
        try FileManager.default.createSymbolicLink(atPath: folder + "/There.swift", withDestinationPath: outer + "/there.swift")
        try FileManager.default.createSymbolicLink(atPath: folder + "/Gone.swift", withDestinationPath: "../not-there.swift")
        let output = try #require(glance(within: 10, ["lint", folder, "--explain-skips"]))
        #expect(output.standardOutput.contains("\(folder)/There.swift: symbolic link to \(outer)/there.swift, outside the folder being linted; not followed"))
        #expect(output.standardOutput.contains("\(folder)/Gone.swift: symbolic link to \(outer)/not-there.swift, outside the folder being linted; not followed"),
                "\(output.standardOutput)")
        #expect(!output.standardOutput.contains("broken"))
    }

    /// Issue 22, defect 4: the repository's `.glance.json` as a link leading out of the folder being linted. It was
    /// followed: an outside JSON file's keys showed in the error ("unknown key 'token'"), and the exit code told
    /// whether the target exists. Refused in one line, the same whether or not anything is there; a baseline the
    /// configuration names through such a link is refused too.
    @Test func configurationLinkLeadingOutIsRefused() throws {
        let outer = try scratchFolder("config-link")
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let folder = outer + "/repo"
        try write(Self.oneViolation, to: folder + "/A.swift")
        try write("{\"token\": \"s3cret-value\", \"excluded\": []}", to: outer + "/private/settings.json")
        for target in [outer + "/private/settings.json", outer + "/private/missing.json"] {
            try? FileManager.default.removeItem(atPath: folder + "/.glance.json")
            try FileManager.default.createSymbolicLink(atPath: folder + "/.glance.json", withDestinationPath: target)
            let output = try #require(glance(within: 10, ["lint", folder]))
            #expect(output.exitCode == 2)
            #expect(output.standardError == "glance: error: \(folder)/.glance.json: not read: it leads outside the folder being linted (to \(target))\n")
            #expect(!output.standardError.contains("s3cret") && !output.standardError.contains("token"))
        }
        // Inside the folder, a link is followed; the same file given with --config is the user's choice, and read.
        try FileManager.default.removeItem(atPath: folder + "/.glance.json")
        try write("{\"excluded\": []}", to: folder + "/config/glance.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/.glance.json", withDestinationPath: folder + "/config/glance.json")
        #expect(try #require(glance(within: 10, ["lint", folder])).exitCode == 1)
        let explicit = try #require(glance(within: 10, ["lint", folder, "--config", outer + "/private/settings.json"]))
        #expect(explicit.standardError.hasPrefix("glance: error: \(outer)/private/settings.json: unknown key 'token'"))
        // The configuration's baseline, a link leading out.
        try FileManager.default.removeItem(atPath: folder + "/.glance.json")
        try write("{\"baseline\": \"baseline.json\"}", to: folder + "/.glance.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/baseline.json", withDestinationPath: outer + "/private/settings.json")
        let baseline = try #require(glance(within: 10, ["lint", folder]))
        #expect(baseline.exitCode == 2)
        #expect(baseline.standardError == "glance: error: \(folder)/.glance.json: 'baseline' leads outside the configuration's folder (baseline.json); Glance reads no baseline there\n")
    }

    // MARK: Cycles in what the code declares

    static let cycles: [(String, String)] = [
        ("class cycle", "class A: B {}\nclass B: A {}\nstruct W: A {}"),
        ("protocol cycle", "protocol P: Q, Widget {}\nprotocol Q: P {}\nstruct W: P { var body: some WidgetConfiguration { EmptyWidgetConfiguration() } }"),
        ("a view that contains itself", "struct V: View { var body: some View { U() } }\nstruct U: View { var body: some View { V().widgetURL(URL(string: \"a://b\")) } }\nstruct W: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: \"k\", provider: P()) { _ in V() } } }"),
        ("helpers calling each other", "struct V: View { var body: some View { a() }\n func a() -> some View { b() }\n func b() -> some View { a() } }"),
        ("nested types of one name", "struct A { struct A { struct A: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: A.A.A.k, provider: P()) { _ in Text(\"a\") } }\n static let k = A.k } } }\nextension A.A.A { }"),
        ("alias pair", "typealias A = B\ntypealias B = A\nstruct T: A {}\nextension A: Widget { var body: some WidgetConfiguration { EmptyWidgetConfiguration() } }"),
        ("constants in a cycle", "enum K { static let kind = K.other\n static let other = K.kind }\nfunc f() { WidgetCenter.shared.reloadTimelines(ofKind: K.kind) }"),
        ("bundles in a cycle", "@main struct B: WidgetBundle { var body: some Widget { C() } }\nstruct C: WidgetBundle { var body: some Widget { B() } }"),
        ("attributes whose states alias each other", "struct S: ActivityAttributes { typealias ContentState = T.ContentState\n var x: Int }\nstruct T: ActivityAttributes { typealias ContentState = S.ContentState\n var x: Int }"),
    ]

    @Test(arguments: HostileInputTests.cycles)
    func cyclesInDeclarationsEnd(name: String, code: String) throws {
        let folder = try scratchFolder("cycles")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("import WidgetKit\nimport SwiftUI\nimport ActivityKit\n" + code + "\n", to: folder + "/Cycle.swift")
        for arguments in [["lint", folder], ["surfaces", folder]] {
            let output = try #require(glance(within: 20, arguments), "\(name)")
            #expect([0, 1].contains(output.exitCode), "\(name)")
            #expect(withoutSummary(output.standardError) == "", "\(name)")
        }
    }
}

/// Copies a fixture of Tests/GlanceCLITests/Fixtures into a scratch folder.
func copyFixture(_ name: String, to folder: String) throws {
    let source = repositoryRoot + "/Tests/GlanceCLITests/Fixtures/" + name
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for item in try FileManager.default.contentsOfDirectory(atPath: source) {
        try FileManager.default.copyItem(atPath: source + "/" + item, toPath: folder + "/" + item)
    }
}

/// A hostile Swift source for a parameterized test, shown by its name: Swift Testing prints each argument as a test
/// case starts, and these are up to megabytes long.
struct HostileSource: Sendable, CustomTestStringConvertible {
    let name: String
    let code: String
    let bound: String?

    init(_ name: String, _ code: String, _ bound: String?) {
        (self.name, self.code, self.bound) = (name, code, bound)
    }

    var testDescription: String { name }
}
