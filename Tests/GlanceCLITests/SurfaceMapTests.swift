import Foundation
import Testing

/// `glance surfaces --format dot|mermaid` end to end: Graphviz accepts the DOT of every project the tests hold, the
/// Mermaid has the same groups, nodes and edges, the output of two projects is pinned, and hostile names survive.
@Suite(.serialized)
struct SurfaceMapTests {
    /// Every project under Tests/GlanceCLITests/Fixtures and Examples (Fixtures/Fuzz holds damaged inputs, not a
    /// project).
    static let projects: [String] = {
        let fixtures = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Tests/GlanceCLITests/Fixtures")) ?? []
        let examples = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Examples")) ?? []
        return fixtures.filter { $0 != "Fuzz" }.sorted().map { "Tests/GlanceCLITests/Fixtures/" + $0 } + examples.sorted().map { "Examples/" + $0 }
    }()

    @Test func everyProjectIsMapped() {
        #expect(Self.projects.count >= 14)
    }

    @Test(.enabled(if: Graphviz.dot != nil || Graphviz.required, "Graphviz's dot is not installed (apt-get install graphviz): the DOT is not checked"),
          arguments: projects)
    func graphvizAcceptsTheDOT(_ project: String) throws {
        let dot = try #require(Graphviz.dot, "GLANCE_GRAPHVIZ_REQUIRED is set, but no dot is on PATH")
        let output = glance("surfaces", project, "--format", "dot")
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        let result = try Graphviz.run(dot, ["-Tsvg"], input: output.standardOutput)
        #expect(result.status == 0, "dot failed on \(project): \(result.standardError)")
        #expect(result.standardError == "", "dot warned on \(project)")
        #expect(result.standardOutput.contains("<svg"))
    }

    @Test(arguments: projects)
    func mermaidHasTheSameNodesAndEdges(_ project: String) throws {
        let dot = glance("surfaces", project, "--format", "dot")
        let mermaid = glance("surfaces", project, "--format", "mermaid")
        #expect(dot.exitCode == 0 && mermaid.exitCode == 0)
        let fromDOT = try MapGraph(dot: dot.standardOutput)
        let fromMermaid = try MapGraph(mermaid: mermaid.standardOutput)
        #expect(!fromDOT.groups.isEmpty && !fromDOT.nodes.isEmpty)
        #expect(fromDOT.groups == fromMermaid.groups)
        #expect(fromDOT.nodes == fromMermaid.nodes)
        #expect(fromDOT.edges == fromMermaid.edges)
        // Every edge joins two nodes the output declares (neither format would complain about one it does not).
        #expect(fromDOT.edges.allSatisfy { fromDOT.nodes[$0.from] != nil && fromDOT.nodes[$0.to] != nil })
        #expect(Set(fromDOT.nodes.values.compactMap(\.kind)).isSubset(of: ["widget", "control", "liveActivity", "alarm", "intent", "urlHandler", "entitlements", "appGroup", "note"]))
        #expect(fromDOT.nodes.values.allSatisfy { $0.kind != nil })
    }

    @Test func commonMistakesDOT() throws {
        let output = glance("surfaces", "Examples/CommonMistakes", "--format", "dot")
        #expect(output.standardOutput == (try expected("CommonMistakes.surfaces.dot")))
        #expect(output.exitCode == 0)
    }

    @Test func shippedSurfacesMermaid() throws {
        let output = glance("surfaces", "Tests/GlanceCLITests/Fixtures/ShippedSurfaces", "--format", "mermaid")
        #expect(output.standardOutput == (try expected("ShippedSurfaces.surfaces.mmd")))
        #expect(output.exitCode == 0)
    }

    /// Every finding of `glance lint` is counted once on CommonMistakes' map: on a node, a group, or in the title.
    @Test func everyFindingOfCommonMistakesIsCountedOnce() throws {
        let map = try MapGraph(dot: glance("surfaces", "Examples/CommonMistakes", "--format", "dot").standardOutput)
        let lines = try expected("CommonMistakes.lint.txt").split(separator: "\n")
        let errors = lines.filter { $0.contains(": error: ") }.count
        var counted = (errors: 0, warnings: 0)
        for lines in Array(map.nodes.values.map(\.lines)) + map.groups.values.map(\.lines) {
            let (e, w) = MapGraph.counts(lines.last ?? "")
            counted.errors += e
            counted.warnings += w
        }
        #expect(counted.errors == errors)
        #expect(counted.warnings == lines.count - errors)
        // Where each finding is: the control that assigns `value`, the Live Activity whose views load images, the app's
        // Info.plist.
        #expect(map.nodes.values.contains { $0.lines == ["ToggleLampIntent", "intent", "1 error"] })
        #expect(map.nodes.values.contains { $0.lines == ["DeliveryAttributes", "Live Activity", "2 errors, 2 warnings"] })
        #expect(map.groups.values.contains { $0.lines == ["CommonMistakes", "app · iOS", "4 errors, 4 warnings"] })
    }

    /// What the map shows of CommonMistakes: an extension inside the app that embeds it, the OpenIntent its control
    /// runs in the app's process (whose target does not compile it), deep links to the app's handler, a shared App Group.
    @Test func commonMistakesMapShowsWhatShipsWhere() throws {
        let map = try MapGraph(dot: glance("surfaces", "Examples/CommonMistakes", "--format", "dot").standardOutput)
        func node(_ name: String) -> (id: String, item: MapGraph.Item)? { map.nodes.first { $0.value.lines.first == name }.map { ($0.key, $0.value) } }
        func group(_ name: String) -> String? { map.groups.first { $0.value.lines.first == name }?.key }
        let app = try #require(group("CommonMistakes"))
        let widgets = try #require(group("MistakesWidgets"))
        #expect(map.groups[widgets]?.parent == app)
        #expect(map.groups[try #require(group("MistakesWatchWidgets"))]?.parent == group("MistakesWatch"))
        #expect(map.groups[try #require(group("OrphanWidgets"))]?.parent == nil)
        let control = try #require(node("OpenLampSettingsControl"))
        let intent = try #require(node("OpenLampSettingsIntent"))
        #expect(control.item.parent == widgets)
        #expect(intent.item.parent == app)
        #expect(intent.item.lines.dropFirst().first == "intent · file not in CommonMistakes")
        #expect(map.edges.contains(.init(from: control.id, to: intent.id, label: ["runs in app"])))
        let toggle = try #require(node("ToggleLampIntent"))
        #expect(toggle.item.parent == widgets)
        let handler = try #require(node("onOpenURL"))
        #expect(handler.item.parent == app)
        #expect(map.edges.contains(.init(from: try #require(node("WeatherWidget")).id, to: handler.id, label: ["mistakes://city", "mistakes://forecast"])))
        let shared = try #require(node("group.com.example.mistakes"))
        #expect(shared.item.parent == nil)
        let entitled = map.edges.filter { $0.to == shared.id }.compactMap { map.nodes[$0.from]?.parent }
        #expect(Set(entitled) == [app, widgets])
    }

    /// Names with quotes, braces, `::`, non-ASCII letters, a bidirectional override, `#`, `<`, `&` and a backslash
    /// (a target's name, a deep link's URL) come out escaped for each format and parse back to the same text.
    @Test func hostileNamesAreEscaped() throws {
        let folder = try scratchFolder("surface-map")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = folder + "/ShippedSurfaces"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Tests/GlanceCLITests/Fixtures/ShippedSurfaces", toPath: copy)
        let project = copy + "/ShippedSurfaces.xcodeproj/project.pbxproj"
        let pbxproj = try String(contentsOfFile: project, encoding: .utf8)
        try pbxproj.replacingOccurrences(of: "name = TickerWidgets;", with: #"name = "Tick\"er {Widgets}::ü \#u{202E}<b>&#1; \\";"#)
            .write(toFile: project, atomically: true, encoding: .utf8)
        let source = copy + "/TickerWidgets/TickerWidgets.swift"
        try String(contentsOfFile: source, encoding: .utf8)
            .replacingOccurrences(of: #""ticker://movers""#, with: #""ticker://movers?q=\"x\"&y={z}#a<b>""#)
            .write(toFile: source, atomically: true, encoding: .utf8)
        let dot = glance("surfaces", copy, "--format", "dot")
        let mermaid = glance("surfaces", copy, "--format", "mermaid")
        #expect(dot.exitCode == 0 && mermaid.exitCode == 0)
        #expect(dot.standardOutput.contains(#"label="Tick\"er {Widgets}::ü \\u{202E}<b>&#1; \\\nwidgetExtension · iOS""#))
        #expect(mermaid.standardOutput.contains(#"["Tick#34;er {Widgets}::ü \u{202E}#60;b#62;#38;#35;1; \<br>widgetExtension · iOS"]"#))
        #expect(!dot.standardOutput.unicodeScalars.contains("\u{202E}") && !mermaid.standardOutput.unicodeScalars.contains("\u{202E}"))
        let fromDOT = try MapGraph(dot: dot.standardOutput)
        let fromMermaid = try MapGraph(mermaid: mermaid.standardOutput)
        #expect(fromDOT.groups.values.contains { $0.lines == [#"Tick"er {Widgets}::ü \u{202E}<b>&#1; \"#, "widgetExtension · iOS"] })
        #expect(fromDOT.edges.contains { $0.label == [#"ticker://movers?q="x"&y={z}#a<b>"#] })
        #expect(fromDOT.groups == fromMermaid.groups)
        #expect(fromDOT.nodes == fromMermaid.nodes)
        #expect(fromDOT.edges == fromMermaid.edges)
        if let graphviz = Graphviz.dot {
            let result = try Graphviz.run(graphviz, ["-Tsvg"], input: dot.standardOutput)
            #expect(result.status == 0 && result.standardError == "")
        }
    }

    /// docs/surface-map.md's Mermaid example is what Glance prints for its fixture.
    @Test func documentedMermaidIsCurrent() throws {
        let page = try String(contentsOfFile: repositoryRoot + "/docs/surface-map.md", encoding: .utf8)
        let start = try #require(page.range(of: "```mermaid\n"))
        let end = try #require(page.range(of: "```\n", range: start.upperBound..<page.endIndex))
        let output = glance("surfaces", "Tests/GlanceCLITests/Fixtures/TuistScoreboard", "--format", "mermaid")
        #expect(String(page[start.upperBound..<end.lowerBound]) == output.standardOutput,
                "docs/surface-map.md's Mermaid block is stale: paste `glance surfaces Tests/GlanceCLITests/Fixtures/TuistScoreboard --format mermaid`")
    }

    @Test func configIsForTheMapOnly() {
        let output = glance("surfaces", "Examples/CommonMistakes", "--config", "x.json")
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: --config is for --format dot or mermaid, which show lint's findings (see 'glance surfaces --help')\n")
    }
}

/// Graphviz's `dot`, found on PATH.
enum Graphviz {
    static let dot: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { String($0) + "/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    /// Set by `.ci/run`: there the DOT must be checked, not skipped.
    static let required = ProcessInfo.processInfo.environment["GLANCE_GRAPHVIZ_REQUIRED"] == "1"

    static func run(_ executable: String, _ arguments: [String], input: String) throws -> (status: Int32, standardOutput: String, standardError: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read while writing, so neither side blocks on a full pipe.
        nonisolated(unsafe) var output = Data(), errors = Data()
        let readers = DispatchGroup()
        DispatchQueue.global().async(group: readers) { output = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: readers) { errors = stderr.fileHandleForReading.readDataToEndOfFile() }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        readers.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}

/// The groups, nodes and edges of a surface map, read back from its DOT or its Mermaid (as `SurfaceMapPrinter`
/// writes them), with labels unescaped into their lines.
struct MapGraph: Equatable {
    struct Item: Equatable {
        var lines: [String]
        var parent: String?
        var kind: String?
    }
    struct Edge: Equatable, Hashable, Comparable {
        var from: String
        var to: String
        var label: [String]
        static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.from, lhs.to, lhs.label.joined(separator: "\n")) < (rhs.from, rhs.to, rhs.label.joined(separator: "\n")) }
    }
    struct ParseError: Error, CustomStringConvertible { let description: String }

    var groups: [String: Item] = [:]
    var nodes: [String: Item] = [:]
    var edges: [Edge] = []

    /// `(errors, warnings)` from a label's last line (`2 errors, 1 warning`); zero when it is not a count.
    static func counts(_ line: String) -> (Int, Int) {
        var result = (0, 0)
        for part in line.split(separator: ",") {
            let words = part.split(separator: " ")
            guard words.count == 2, let number = Int(words[0]) else { return (0, 0) }
            if words[1].hasPrefix("error") { result.0 = number } else if words[1].hasPrefix("warning") { result.1 = number } else { return (0, 0) }
        }
        return result
    }

    // MARK: DOT

    init(dot text: String) throws {
        var stack: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("digraph ") || line.hasPrefix("graph [") || line.hasPrefix("node [") || line.hasPrefix("edge [") || line.hasPrefix("label=\"") && stack.isEmpty {
                continue
            }
            if line.hasPrefix("subgraph cluster_"), line.hasSuffix(" {") {
                let id = String(line.dropFirst("subgraph cluster_".count).dropLast(2))
                groups[id] = Item(lines: [], parent: stack.last)
                stack.append(id)
            } else if line == "}" {
                if stack.popLast() == nil { continue }
            } else if line.hasPrefix("label="), let group = stack.last {
                groups[group]?.lines = try Self.dotAttributes(line)["label"].map(Self.dotLines) ?? []
            } else if let space = line.firstIndex(of: " "), line[space...].hasPrefix(" -> ") {
                let from = String(line[..<space])
                var rest = String(line[line.index(space, offsetBy: 4)...].dropLast())   // the `;`
                var attributes: [String: String] = [:]
                if let bracket = rest.firstIndex(of: "[") {
                    attributes = try Self.dotAttributes(String(rest[rest.index(after: bracket)..<rest.index(before: rest.endIndex)]))
                    rest = String(rest[..<bracket]).trimmingCharacters(in: .whitespaces)
                }
                edges.append(Edge(from: from, to: rest, label: attributes["label"].map(Self.dotLines) ?? []))
            } else if let bracket = line.firstIndex(of: "["), line[..<bracket].hasSuffix(" "), line.hasSuffix("];") {
                let id = String(line[..<bracket]).trimmingCharacters(in: .whitespaces)
                let attributes = try Self.dotAttributes(String(line[line.index(after: bracket)..<line.index(line.endIndex, offsetBy: -2)]))
                nodes[id] = Item(lines: attributes["label"].map(Self.dotLines) ?? [], parent: stack.last, kind: attributes["class"])
            } else {
                throw ParseError(description: "unexpected DOT line: \(line)")
            }
        }
        edges.sort()
    }

    /// `key=value, key="quoted \" value"` (separated by `,` or `;`) → values with DOT's quoting undone: `\"` and
    /// `\\` are the character, `\n` (a line break) becomes NUL, for `dotLines`.
    static func dotAttributes(_ text: String) throws -> [String: String] {
        var result: [String: String] = [:]
        var characters = Array(text)[...]
        while !characters.isEmpty {
            while characters.first == " " || characters.first == "," || characters.first == ";" { characters.removeFirst() }
            guard !characters.isEmpty else { break }
            guard let equals = characters.firstIndex(of: "=") else { throw ParseError(description: "no = in \(text)") }
            let key = String(characters[..<equals])
            characters = characters[characters.index(after: equals)...]
            var value = ""
            if characters.first == "\"" {
                characters.removeFirst()
                while let character = characters.first {
                    characters.removeFirst()
                    if character == "\"" { break }
                    if character == "\\", let next = characters.first {
                        characters.removeFirst()
                        value += next == "\"" || next == "\\" ? String(next) : next == "n" ? "\u{0}" : "\\" + String(next)
                        continue
                    }
                    value.append(character)
                }
            } else {
                while let character = characters.first, character != ",", character != " " { value.append(character); characters.removeFirst() }
            }
            result[key] = value
        }
        return result
    }

    /// A DOT label's lines (`dotAttributes` turned its `\n` into NUL, told apart from a name's own `\\n`).
    static func dotLines(_ value: String) -> [String] { value.components(separatedBy: "\u{0}") }

    // MARK: Mermaid

    init(mermaid text: String) throws {
        var stack: [String] = []
        var body = text
        if body.hasPrefix("---\n"), let end = body.range(of: "\n---\n", range: body.index(body.startIndex, offsetBy: 3)..<body.endIndex) {
            body = String(body[end.upperBound...])
        }
        let kinds: Set<String> = ["widget", "control", "liveActivity", "alarm", "intent", "urlHandler", "entitlements", "appGroup", "note"]
        for raw in body.split(separator: "\n").map(String.init) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line == "flowchart LR" || line.hasPrefix("classDef ") || line.hasPrefix("style ") || line.hasPrefix("linkStyle ") { continue }
            if line.hasPrefix("subgraph ") {
                let rest = line.dropFirst("subgraph ".count)
                guard let space = rest.firstIndex(of: " ") else { throw ParseError(description: "subgraph without a title: \(line)") }
                let id = String(rest[..<space])
                groups[id] = Item(lines: try Self.mermaidLabel(String(rest[space...])), parent: stack.last)
                stack.append(id)
            } else if line == "end" {
                guard stack.popLast() != nil else { throw ParseError(description: "end outside a subgraph") }
            } else if line.hasPrefix("class ") {
                let parts = line.split(separator: " ")
                guard parts.count == 3 else { throw ParseError(description: "unexpected class line: \(line)") }
                if kinds.contains(String(parts[2])) {
                    for id in parts[1].split(separator: ",") { nodes[String(id)]?.kind = String(parts[2]) }
                }
            } else if let space = line.firstIndex(of: " "), line[space...].hasPrefix(" -") {
                let from = String(line[..<space])
                var rest = String(line[space...]).trimmingCharacters(in: .whitespaces)
                rest = String(rest.drop { "-.>".contains($0) })
                var label: [String] = []
                if rest.hasPrefix("|"), let close = rest.dropFirst().firstIndex(of: "|") {
                    label = try Self.mermaidLabel(String(rest[rest.index(after: rest.startIndex)..<close]))
                    rest = String(rest[rest.index(after: close)...])
                }
                edges.append(Edge(from: from, to: rest.trimmingCharacters(in: .whitespaces), label: label))
            } else if let quote = line.firstIndex(of: "\"") {
                let id = String(line[..<quote].prefix { $0.isLetter || $0.isNumber })
                nodes[id] = Item(lines: try Self.mermaidLabel(String(line[quote...])), parent: stack.last)
            } else {
                throw ParseError(description: "unexpected Mermaid line: \(line)")
            }
        }
        edges.sort()
    }

    /// The lines of the first `"…"` in `text`, entity codes (`#34;`) decoded.
    static func mermaidLabel(_ text: String) throws -> [String] {
        guard let open = text.firstIndex(of: "\""), let close = text[text.index(after: open)...].firstIndex(of: "\"") else {
            throw ParseError(description: "no quoted label in \(text)")
        }
        return text[text.index(after: open)..<close].components(separatedBy: "<br>").map { line in
            var result = ""
            var rest = Substring(line)
            while let hash = rest.firstIndex(of: "#") {
                result += rest[..<hash]
                let after = rest[rest.index(after: hash)...]
                if let semicolon = after.firstIndex(of: ";"), let code = UInt32(after[..<semicolon]), let scalar = Unicode.Scalar(code) {
                    result.unicodeScalars.append(scalar)
                    rest = after[after.index(after: semicolon)...]
                } else {
                    result += "#"
                    rest = after
                }
            }
            return result + rest
        }
    }
}
