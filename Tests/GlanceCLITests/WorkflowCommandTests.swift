import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GlanceCLI
import GlancePush
import Testing

/// How the GitHub Actions runner finds workflow commands in a step's output, ported from actions/runner
/// (`ActionCommand.TryParseV2`, then `ActionCommand.TryParse`, in `ActionCommandManager.TryProcessCommand`): the
/// output is cut into lines at LF, CR and CR LF; a line is a command when, after leading white space (.NET's
/// `TrimStart`: Unicode white space), it starts with `::` and holds another `::` after it (`::name props::data`);
/// else when it holds `##[` with a `]` after it anywhere (`##[name props]data`). Azure Pipelines' `##vso[` is
/// taken the same way. The port is stricter than the runner: any name counts, registered or not.
enum RunnerCommands {
    struct Command: Equatable, CustomStringConvertible {
        let name: String
        let properties: [String: String]
        let data: String
        let line: String
        var description: String { "\(name) in \(line.debugDescription)" }
    }

    static func commands(in output: String) -> [Command] {
        lines(output).compactMap(command)
    }

    static func lines(_ output: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in output.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" && previous == "\r" { continue }
            if scalar == "\n" || scalar == "\r" { lines.append(String(current)); current = String.UnicodeScalarView(); continue }
            current.append(scalar)
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }

    static func command(_ line: String) -> Command? {
        // V2: `::name key=value,key=value::data` at the start, after white space.
        let trimmed = String(String.UnicodeScalarView(line.unicodeScalars.drop { $0.properties.isWhitespace }))
        if trimmed.hasPrefix("::"), let end = trimmed.range(of: "::", range: trimmed.index(trimmed.startIndex, offsetBy: 2)..<trimmed.endIndex) {
            let info = String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<end.lowerBound])
            let (name, rest) = split(info)
            var properties: [String: String] = [:]
            for property in rest.split(separator: ",") {
                let pair = property.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { properties[String(pair[0])] = unescape(String(pair[1]), property: true) }
            }
            return Command(name: name, properties: properties, data: unescape(String(trimmed[end.upperBound...]), property: false), line: line)
        }
        // V1: `##[name key=value;key=value]data` (and Azure's `##vso[`) anywhere in the line.
        for marker in ["##[", "##vso["] {
            guard let start = line.range(of: marker), let close = line[start.upperBound...].firstIndex(of: "]") else { continue }
            let (name, _) = split(String(line[start.upperBound..<close]))
            return Command(name: name, properties: [:], data: String(line[line.index(after: close)...]), line: line)
        }
        return nil
    }

    private static func split(_ info: String) -> (String, String) {
        guard let space = info.firstIndex(of: " ") else { return (info, "") }
        return (String(info[..<space]), String(info[info.index(after: space)...]).trimmingCharacters(in: .whitespaces))
    }

    private static func unescape(_ text: String, property: Bool) -> String {
        var result = text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
        if property { result = result.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",") }
        return result.replacingOccurrences(of: "%25", with: "%")
    }
}

/// Issue 22, defect 1: repository-controlled text (folder and file names, strings in the code, keys and values of
/// pushes, a server's reason) never becomes a workflow command in any output, on any path: zero commands by the
/// runner's own rules.
@Suite(.serialized)
struct WorkflowCommandTests {
    /// Strings that would be commands if printed as they are.
    static let forged = ["##[stop-commands]pause", "##[set-output name=verdict]clean", "##vso[task.setvariable variable=x]y",
                         "::add-mask::hidden"]

    /// A repository whose folder and strings are commands: a folder named like a command (its findings start a
    /// line with it), widget kinds and reloads holding the forged strings, and a push body with such keys.
    func hostileRepository() throws -> String {
        let repository = try scratchFolder("workflow-commands")
        try write(HostileInputTests.oneViolation, to: repository + "/::error title=Forged::Injected/Toggle.swift")
        var reloads = "import WidgetKit\nimport SwiftUI\nfunc refresh() {\n"
        for text in Self.forged { reloads += "    WidgetCenter.shared.reloadTimelines(ofKind: \"\(text)\")\n" }
        reloads += "}\nstruct Forged: Widget {\n    var body: some WidgetConfiguration {\n"
        reloads += "        StaticConfiguration(kind: \"##[stop-commands]widget\", provider: P()) { _ in Text(\"\") }\n    }\n}\n"
        try write(reloads, to: repository + "/Reload.swift")
        try write("{\"aps\": {\"timestamp\": 1, \"event\": \"update\", \"content-state\": {}, \"##[set-output name=x]y\": 1, \"::warning::k\": 2}}\n",
                  to: repository + "/::warning::forged.json")
        return repository
    }

    func expectNoCommands(_ result: ProcessResult?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let result else { return }
        let commands = RunnerCommands.commands(in: result.standardOutput) + RunnerCommands.commands(in: result.standardError)
        #expect(commands.isEmpty, "\(what): \(commands)", sourceLocation: sourceLocation)
        #expect(!result.standardError.contains("Fatal error"), "\(what)", sourceLocation: sourceLocation)
    }

    @Test func runnerPortFindsTheForms() {
        #expect(RunnerCommands.commands(in: "::error title=a::b\n  ::warning::c\rx ##[set-output name=v]w\r\nplain ::notice::no") .map(\.name) == ["error", "warning", "set-output"])
        #expect(RunnerCommands.command("\u{3000}::add-mask::s")?.name == "add-mask")
        #expect(RunnerCommands.command("a ##vso[task.setvariable variable=x]y")?.name == "task.setvariable")
        #expect(RunnerCommands.command("\\u{3A}:error::x") == nil)
        #expect(RunnerCommands.command("##\\u{5B}stop-commands]x") == nil)
    }

    /// Every human-readable output of lint (the default xcode reporter, with and without skips, files given one by
    /// one, Markdown) and its standard error: no command.
    @Test func lintPrintsNoCommands() throws {
        let repository = try hostileRepository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let plain = shell("cd '\(repository)' && \"$GLANCE\" lint --no-cache", within: 60)
        #expect(plain?.status == 1)
        // The finding is there, its path spelled out: `::error…` no longer starts the line.
        #expect(plain?.standardOutput.contains("\\u{3A}:error title=Forged::Injected/Toggle.swift:5:9: error: ToggleIntent.perform()") == true,
                "\(plain?.standardOutput ?? "")")
        #expect(plain?.standardOutput.contains("##\\u{5B}stop-commands]pause") == true)
        expectNoCommands(plain, "lint")
        for arguments in ["lint --no-cache --explain-skips", "lint --no-cache --reporter markdown --explain-skips",
                          "lint --no-cache './::error title=Forged::Injected/Toggle.swift' Reload.swift",
                          "lint --no-cache '::error title=Forged::Injected/Toggle.swift'",
                          "lint --no-cache '##[stop-commands]missing'", "lint --no-cache --reporter '##[stop-commands]x'"] {
            expectNoCommands(shell("cd '\(repository)' && \"$GLANCE\" \(arguments)", within: 60), arguments)
        }
        // With the cache: the first run records, the second replays from the record.
        let cache = try scratchFolder("workflow-commands-cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        for _ in 0..<2 { expectNoCommands(shell("cd '\(repository)' && \"$GLANCE\" lint --cache-path '\(cache)'", within: 60), "lint, cached") }
    }

    /// JSON, SARIF, GitLab, Checkstyle and JUnit: no command in the text, and the values their readers get are the
    /// repository's own.
    @Test func structuredReportersPrintNoCommands() throws {
        let repository = try hostileRepository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        for reporter in ["json", "sarif", "gitlab", "checkstyle", "junit"] {
            let result = shell("cd '\(repository)' && \"$GLANCE\" lint --no-cache --explain-skips --reporter \(reporter)", within: 60)
            expectNoCommands(result, reporter)
            guard let text = result?.standardOutput else { continue }
            if reporter == "json" {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                let violations = try #require(object["violations"] as? [[String: Any]])
                #expect(violations.contains { ($0["message"] as? String)?.contains("\"##[stop-commands]pause\"") == true })
                #expect(violations.contains { $0["file"] as? String == "::error title=Forged::Injected/Toggle.swift" })
            }
            if reporter == "checkstyle" || reporter == "junit" {
                #expect(text.contains("##&#91;stop-commands]pause"), "\(reporter)")
                let document = try XMLDocument(data: Data(text.utf8))
                let messages = try document.nodes(forXPath: "//@message").compactMap(\.stringValue)
                #expect(messages.contains { $0.contains("##[stop-commands]pause") }, "\(reporter)")
            }
        }
    }

    /// The github-actions reporter prints only its own annotations; the repository's text is their data.
    @Test func githubActionsReporterPrintsOnlyItsAnnotations() throws {
        let repository = try hostileRepository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let result = try #require(shell("cd '\(repository)' && \"$GLANCE\" lint --no-cache --explain-skips --reporter github-actions", within: 60))
        let commands = RunnerCommands.commands(in: result.standardOutput)
        #expect(!commands.isEmpty)
        #expect(commands.allSatisfy { ["error", "warning", "notice"].contains($0.name) }, "\(commands)")
        #expect(commands.contains { $0.properties["file"] == "::error title=Forged::Injected/Toggle.swift" && $0.properties["title"] == "set_value_intent_assigns_value" })
        #expect(commands.contains { $0.data.contains("\"##[stop-commands]pause\"") })
        #expect(RunnerCommands.commands(in: result.standardError).isEmpty)
    }

    /// `surfaces` (text and JSON), `payload check` (xcode and JSON) and `payload simulate` (text and JSON).
    @Test func surfacesAndPayloadsPrintNoCommands() throws {
        let repository = try hostileRepository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let project = repositoryRoot + "/Examples/ProductivityTimer"
        let surfaces = shell("cd '\(repository)' && \"$GLANCE\" surfaces", within: 60)
        #expect(surfaces?.standardOutput.contains("##\\u{5B}stop-commands]widget") == true, "\(surfaces?.standardOutput ?? "")")
        expectNoCommands(surfaces, "surfaces")
        let json = shell("cd '\(repository)' && \"$GLANCE\" surfaces --format json", within: 60)
        expectNoCommands(json, "surfaces --format json")
        let model = try #require(try JSONSerialization.jsonObject(with: Data((json?.standardOutput ?? "").utf8)) as? [String: Any])
        #expect((model["widgets"] as? [[String: Any]])?.first?["kind"] as? String == "##[stop-commands]widget")
        for arguments in ["payload check '::warning::forged.json'", "payload check '::warning::forged.json' --reporter json",
                          "payload check '::warning::forged.json' --project '\(project)'",
                          "payload simulate '::warning::forged.json' --project '\(project)'",
                          "payload simulate '::warning::forged.json' --project '\(project)' --format json"] {
            let result = shell("cd '\(repository)' && \"$GLANCE\" \(arguments)", within: 60)
            #expect(result.map { $0.standardOutput.count + $0.standardError.count > 0 } == true, "\(arguments)")
            expectNoCommands(result, arguments)
        }
    }

    /// `glance push`: the reason APNs (or whatever answers at `--host`) gives is printed with the answer, in text
    /// and JSON, collected at the end or streamed as each answer comes.
    @Test func pushPrintsNoCommandsFromTheServer() async throws {
        let key = repositoryRoot + "/Tests/GlancePushTests/Fixtures/AuthKey_TESTKEY001.p8"
        let cache = try scratchFolder("workflow-commands-push")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let body = repositoryRoot + "/Examples/ProductivityTimer/Pushes/2-update.json"
        let streamed = Collected()
        for reporter in ["text", "json"] {
            for stream in [nil, LiveOutput(standardOutput: { streamed.add($0) }, standardError: { streamed.add($0) })] {
                let context = PushContext(environment: ["GLANCE_APNS_TOKEN_CACHE": "", "HOME": cache], time: .system,
                                          makeTransport: { _ in ForgedAnswers() }, stream: stream)
                let sent = await runOnThread { CommandLineTool(pushContext: context).run(
                    ["push", body, "--token", "abcd1234", "--key-file", key, "--team-id", "TEAM123456", "--bundle-id", "com.example.app",
                     "--reporter", reporter]) }
                #expect(sent.exitCode == 1, "\(sent.standardError)")
                let printed = sent.standardOutput + sent.standardError + streamed.text
                #expect(printed.contains("stop-commands"), "\(reporter): \(printed)")
                let commands = RunnerCommands.commands(in: printed)
                #expect(commands.isEmpty, "\(reporter), streamed \(stream != nil): \(commands)")
            }
        }
    }
}

/// Answers every push with 400 and a reason that holds workflow commands.
private struct ForgedAnswers: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(status: 400, headers: ["apns-id": "951C2AB4-8D9A-51D3-9091-377E21C29C91"],
                     body: Data("{\"reason\": \"##[stop-commands]pause\\n::add-mask::x ##[set-output name=a]b\"}".utf8))
    }
}

private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []
    func add(_ text: String) { lock.lock(); parts.append(text); lock.unlock() }
    var text: String { lock.lock(); defer { lock.unlock() }; return parts.joined() }
}

/// Runs `body` on a thread of its own (a command blocks while its requests run on Swift's cooperative pool).
private func runOnThread(_ body: @escaping @Sendable () -> CommandLineTool.Output) async -> CommandLineTool.Output {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 64 << 20
        thread.start()
    }
}
