import Foundation
import GlanceCLI
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What `glance push` does when the connection does not behave: closed by the server with pushes in flight,
/// an answer that never comes, a host that never answers, Ctrl-C; and server text that is not APNs' JSON.
/// Against the local stand-in, scripted to drop, delay or never answer a request. One test at a time: they measure
/// real timeouts, and the others' pushes would compete with them for the machine. Every expectation on a run's
/// output shows the whole run (`shown`), so a failure in CI says what happened.
@Suite(.enabled(if: StandIn.enabled, StandIn.skipNotice), .serialized)
struct ConnectionTests {
    let time = FakeTime()
    let scratch: Scratch
    var cache: String { scratch.path }

    init() throws { scratch = try Scratch("connection") }

    func push(_ server: StandIn, _ extra: [String], timeout: TimeInterval = 60, stream: LiveOutput? = nil) async -> CommandLineTool.Output {
        await glance(["push", pushes + "/2-update.json", "--host", server.host, "--bundle-id", TestKey.bundleID] + TestKey.flags + extra,
                     context: testContext(time: time, cache: cache, timeout: timeout, stream: stream))
    }

    func tokensFile(_ tokens: [String]) throws -> String {
        let path = cache + "/tokens-\(UUID().uuidString).txt"
        try write(tokens.joined(separator: "\n") + "\n", to: path)
        return path
    }

    static let tokens = (1...6).map { String(format: "c%03d", $0) }

    /// A run's output, its exit code and the stand-in's log, for a failure's message.
    func shown(_ output: CommandLineTool.Output, _ server: StandIn) -> Comment {
        "exit \(output.exitCode)\n--- standard output\n\(output.standardOutput)--- standard error\n\(output.standardError)--- stand-in log\n\(server.log.suffix(4000))"
    }

    /// The server closes the connection with a push on it (as a server that fails does; curl says "stream was
    /// not closed cleanly"): that push is reported as "no answer — may have arrived" (it did arrive), it is not
    /// sent again, the batch goes on over a new connection, and the run exits 2.
    @Test func closedConnectionLosesNoPush() async throws {
        let server = try StandIn(rules: [["path": "/3/device/c003", "answers": [["drop": true]]]])
        let output = await push(server, ["--tokens", try tokensFile(Self.tokens), "--concurrency", "1"])
        #expect(output.exitCode == 2, shown(output, server))
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 7, shown(output, server))
        #expect(lines[2].hasPrefix("c003: no answer — may have arrived: 127.0.0.1: the connection closed before the answer ("), shown(output, server))
        #expect(lines.enumerated().filter { $0.offset != 2 && $0.offset < 6 }.allSatisfy { $0.element.contains(": 200 OK, apns-id ") }, shown(output, server))
        #expect(lines[6] == "6 pushes: 5 accepted, 1 no answer (may have arrived)", shown(output, server))
        #expect(output.standardError.hasSuffix("glance: note: 1 push got no answer and may have arrived; Glance does not send it again unless --resend-unanswered (a repeated update is harmless, a repeated alert or start is not)\n"), shown(output, server))
        let requests = try server.requests()
        #expect(requests.map { $0["path"] as? String ?? "" } == Self.tokens.map { "/3/device/" + $0 }, shown(output, server))
        #expect(requests[2]["action"] as? String == "drop", shown(output, server))
        // The pushes after the dropped one went over a new connection.
        let connections = requests.map { $0["connection"] as? String ?? "" }
        #expect(Set(connections[0...2]).count == 1 && Set(connections[3...]).count == 1 && connections[2] != connections[3], shown(output, server))
    }

    /// With --resend-unanswered, a push whose connection closed is sent again over a new connection.
    @Test func resendUnansweredSendsAgain() async throws {
        let server = try StandIn(rules: [["path": "/3/device/c003", "answers": [["drop": true]]]])
        let output = await push(server, ["--tokens", try tokensFile(Self.tokens), "--concurrency", "1", "--resend-unanswered"])
        #expect(output.exitCode == 0, shown(output, server))
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 8, shown(output, server))
        #expect(lines[2].hasPrefix("c003: 200 OK, apns-id "), shown(output, server))
        #expect(lines[3].hasPrefix("  2 attempts (waited 1 s); sent again after no answer: 127.0.0.1: the connection closed before the answer ("), shown(output, server))
        #expect(lines[7] == "6 pushes: 6 accepted", shown(output, server))
        #expect(try server.requests().filter { $0["path"] as? String == "/3/device/c003" }.map { $0["status"] as? Int } == [nil, 200], shown(output, server))
        // A body with an alert is warned about: a repeat alerts twice.
        let alert = cache + "/alert.json"
        try write(#"{"aps": {"timestamp": 1795947000, "event": "update", "content-state": {"status": "onTheWay", "estimatedArrival": 817641300, "stopsAway": 2}, "alert": {"title": "On the way"}}}"#, to: alert)
        let warned = await glance(["push", alert, "--host", server.host, "--bundle-id", TestKey.bundleID, "--token", "c001", "--resend-unanswered"] + TestKey.flags,
                                  context: testContext(time: time, cache: cache))
        #expect(warned.standardError.hasPrefix("glance: warning: --resend-unanswered: this push has an alert; one that arrived and is sent again alerts twice\n"))
    }

    /// HTTP/2 GOAWAY after a few requests, as Hypercorn does it (the streams still in flight get no answer):
    /// every token gets exactly one line, each accepted one really arrived, none is called "not sent".
    @Test func goawayLosesNoPushSilently() async throws {
        let server = try StandIn(maxRequestsPerConnection: 5)
        let tokens = (1...20).map { String(format: "d%03d", $0) }
        let output = await push(server, ["--tokens", try tokensFile(tokens), "--concurrency", "4"], timeout: 5)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count >= 21, shown(output, server))
        #expect(lines.prefix(20).map { String($0.prefix(4)) } == tokens, shown(output, server))
        let accepted = lines.prefix(20).filter { $0.contains(": 200 OK, apns-id ") }.map { String($0.prefix(4)) }
        let unanswered = lines.prefix(20).filter { $0.contains(": no answer — may have arrived: ") }
        #expect(accepted.count + unanswered.count == 20, shown(output, server))
        #expect(!output.standardOutput.contains("not sent"), shown(output, server))
        #expect(lines[20] == "20 pushes: \(accepted.count) accepted" + (unanswered.isEmpty ? "" : ", \(unanswered.count) no answer (may have arrived)"), shown(output, server))
        #expect(output.exitCode == (unanswered.isEmpty ? 0 : 2), shown(output, server))
        let answered = Set(try server.requests().filter { $0["status"] as? Int == 200 }.compactMap { ($0["path"] as? String)?.split(separator: "/").last.map(String.init) })
        #expect(Set(accepted).isSubset(of: answered))
        #expect(Set(try server.requests().compactMap { $0["connection"] as? String }).count > 1, shown(output, server))
    }

    /// Credentials refused: the other pushes are not sent (each would fail the same way), one note says so, and
    /// the exit code is 1 (APNs refused; nothing went unanswered).
    @Test func refusedCredentialsStopTheBatch() async throws {
        let server = try StandIn(keyPath: TestKey.otherPath)
        let output = await push(server, ["--tokens", try tokensFile(["c001", "c002", "c003"])])
        #expect(output.exitCode == 1, shown(output, server))
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, shown(output, server))
        #expect(lines[0].hasPrefix("c001: 403 InvalidProviderToken, apns-id "), shown(output, server))
        #expect(lines[1...2] == ["c002: not sent: APNs refused the credentials (403 InvalidProviderToken)", "c003: not sent: APNs refused the credentials (403 InvalidProviderToken)"], shown(output, server))
        #expect(lines[3] == "3 pushes: 0 accepted, 1 refused (InvalidProviderToken 1), 2 not sent", shown(output, server))
        #expect(output.standardError == "glance: note: stopped the batch: APNs refused the credentials (403 InvalidProviderToken); 2 pushes not sent\n", shown(output, server))
        #expect(try server.requests().count == 1, shown(output, server))
    }

    /// A push the server never answers: "no answer" after the timeout; the connection is replaced and the batch
    /// goes on. The timeout leaves the answered pushes room on a loaded machine.
    @Test func unansweredPushInTheMiddle() async throws {
        let server = try StandIn(rules: [["path": "/3/device/c002", "answers": [["hang": true]]]])
        let output = await push(server, ["--tokens", try tokensFile(Self.tokens), "--concurrency", "2"], timeout: 8)
        #expect(output.exitCode == 2, shown(output, server))
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 7, shown(output, server))
        #expect(lines[1] == "c002: no answer — may have arrived: 127.0.0.1: no answer within 8 s", shown(output, server))
        #expect(lines[6] == "6 pushes: 5 accepted, 1 no answer (may have arrived)", shown(output, server))
    }

    /// Each push's line is written as its answer comes, not when the batch ends.
    @Test func resultsAreStreamed() async throws {
        let server = try StandIn(rules: [["path": "/3/device/c004", "answers": [["status": 200, "delay": 2]]]])
        let log = TimedLog(), errors = TimedLog()
        let stream = LiveOutput(standardOutput: { log.add($0) }, standardError: { errors.add($0) })
        let output = await push(server, ["--tokens", try tokensFile(Self.tokens), "--concurrency", "1"], stream: stream)
        let ended = Date()
        #expect(output.exitCode == 0, shown(output, server))
        // What was streamed is not in the run's output again; the summary comes at the end.
        #expect(output.standardOutput == "6 pushes: 6 accepted\n", shown(output, server))
        #expect(errors.entries.isEmpty, shown(output, server))
        let entries = log.entries
        let streamed: Comment = "streamed: \(entries.map(\.text).joined())"
        let first = try #require(entries.first { $0.text.hasPrefix("c001: 200 OK") }, streamed)
        let fourth = try #require(entries.first { $0.text.hasPrefix("c004: 200 OK") }, streamed)
        #expect(ended.timeIntervalSince(first.time) > 1.5, "c001 was written \(ended.timeIntervalSince(first.time)) s before the end")
        #expect(fourth.time.timeIntervalSince(first.time) > 1.5)
        #expect(entries.map(\.text).joined().split(separator: "\n").map { String($0.prefix(4)) } == Self.tokens, streamed)
    }

    /// Text a server sends is escaped and cut: a reason with terminal escapes and a newline stays one line; an
    /// HTML error page is summarized.
    @Test func serverTextIsEscaped() async throws {
        let server = try StandIn(rules: [
            ["path": "/3/device/c001", "answers": [["status": 400, "reason": "\u{1B}[31mEVIL\u{1B}[0m\nglance: fake line"]]],
            ["path": "/3/device/c002", "answers": [["status": 502, "body": "<html><body>\n<h1>Bad gateway</h1>\n</body></html>", "headers": ["content-type": "text/html; charset=utf-8"]]]],
            ["method": "GET", "path": "/1/apps/com.example.productivitytimer/all-channels",
             "answers": [["status": 200, "body": "<HTML><BODY>\n<pre>s_server</pre>\n</BODY></HTML>", "headers": ["content-type": "text/html"]]]],
        ])
        let output = await push(server, ["--tokens", try tokensFile(["c001", "c002"]), "--retries", "0"])
        #expect(output.exitCode == 1, shown(output, server))
        let lines = output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix(#"c001: 400 \u{1B}[31mEVIL\u{1B}[0m\nglance: fake line, apns-id "#), shown(output, server))
        #expect(lines[0].hasSuffix(": APNs answered with an HTTP status it does not document.") || lines[0].hasSuffix("(a header, the path or the body)."), shown(output, server))
        #expect(lines[1].hasSuffix(": APNs failed or is unavailable: try again later. The answer was not APNs' JSON (48 bytes of text/html): is --host an APNs server?"), shown(output, server))
        #expect(lines[2] == "  gave up after 0 retries", shown(output, server))
        #expect(!output.standardOutput.contains("\u{1B}"), shown(output, server))
        let channels = await glance(["channels", "list", "--host", server.host, "--bundle-id", TestKey.bundleID] + TestKey.flags,
                                    context: testContext(time: time, cache: cache))
        #expect(channels.exitCode == 2)
        #expect(channels.standardError == "glance: error: channels list: APNs answered 200 with 47 bytes of text/html, not what Glance expects; is --host APNs' channel management host?\n")
    }

    /// Creating a channel is not repeated after a 5xx: it may have made a channel already.
    @Test func channelCreateIsNotRepeated() async throws {
        let server = try StandIn(rules: [["method": "POST", "path": "/1/apps/com.example.productivitytimer/channels",
                                          "answers": [["status": 500, "reason": "InternalServerError"]]]])
        let output = await glance(["channels", "create", "--host", server.host, "--bundle-id", TestKey.bundleID,
                                   "--request-id", "123e4567-e89b-12d3-a456-4266554400a0"] + TestKey.flags,
                                  context: testContext(time: time, cache: cache))
        #expect(output.exitCode == 1, shown(output, server))
        // One statement of what Glance did: the explanation does not say it retries.
        #expect(output.standardError == "glance: error: channels create: 500 InternalServerError, apns-request-id 123e4567-e89b-12d3-a456-4266554400a0: APNs failed internally; if it persists, try later.\nglance: note: not retried: the request may have taken effect before the error\n", shown(output, server))
        #expect(try server.requests().count == 1, shown(output, server))
        #expect(time.sleeps.isEmpty)
    }

    /// Ctrl-C during a batch (the real executable): the lines of the pushes answered so far, "no answer" for those
    /// in flight, "not sent" for the rest, the summary; exit code 130. Tokens come from standard input (`-`).
    @Test func interruptPrintsWhatIsKnown() async throws {
        let executable = try #require(glanceExecutable, "the glance executable is not next to the test bundle; build it with swift build")
        let server = try StandIn(rules: [["path": "/3/device/c003", "answers": [["status": 200, "delay": 600]]]])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["push", pushes + "/2-update.json", "--tokens", "-", "--host", server.host, "--bundle-id", TestKey.bundleID,
                             "--concurrency", "1"] + TestKey.flags
        process.environment = ["GLANCE_APNS_TOKEN_CACHE": cache, "HOME": cache, "PATH": "/usr/bin:/bin"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data((Self.tokens.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        // Wait for the first two lines, printed as their answers came (or for the end of the output).
        var seen = Data()
        let deadline = Date().addingTimeInterval(120)
        while String(decoding: seen, as: UTF8.self).components(separatedBy: "\n").count < 3 && Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        // …and for the third push to reach the stand-in, which holds its answer back.
        while ((try? server.requests().count) ?? 0) < 3 && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        seen += output.fileHandleForReading.readDataToEndOfFile()
        let text = String(decoding: seen, as: UTF8.self)
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        let shown: Comment = "\(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)\n--- standard output\n\(text)--- standard error\n\(errorText)--- stand-in log\n\(server.log.suffix(4000))"
        #expect(process.terminationReason == .exit, shown)
        #expect(process.terminationStatus == 130, shown)
        try #require(lines.count == 7, shown)
        #expect(lines[0].hasPrefix("c001: 200 OK, apns-id ") && lines[1].hasPrefix("c002: 200 OK, apns-id "), shown)
        #expect(lines[2] == "c003: no answer — may have arrived: interrupted (SIGINT) before the answer came", shown)
        #expect(lines[3...5] == ["c004: not sent: interrupted (SIGINT)", "c005: not sent: interrupted (SIGINT)", "c006: not sent: interrupted (SIGINT)"], shown)
        #expect(lines[6] == "6 pushes: 2 accepted, 1 no answer (may have arrived), 3 not sent", shown)
        #expect(errorText.hasSuffix("glance: error: interrupted (SIGINT): 1 push was waiting for an answer (it may have arrived), 3 not sent\n"), shown)
    }
}

/// The glance executable built next to the test bundle, if it is there.
let glanceExecutable: String? = {
    var folder = Bundle.main.bundleURL
    for _ in 0..<3 {
        let candidate = folder.appendingPathComponent("glance").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder.deleteLastPathComponent()
    }
    return nil
}()

/// Text written to a stream, with when.
final class TimedLog: @unchecked Sendable {
    struct Entry {
        let time: Date
        let text: String
    }

    private let lock = NSLock()
    private var all: [Entry] = []

    func add(_ text: String) {
        lock.lock()
        all.append(Entry(time: Date(), text: text))
        lock.unlock()
    }

    var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return all
    }
}
