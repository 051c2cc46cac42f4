import Foundation
import GlanceCLI
import Testing

/// Batches against servers that end connections mid-batch (GOAWAY after N streams, connections closed after N
/// answers), answer the first request of a connection slowly, limit the streams, or do not speak HTTP/2: every push
/// is answered exactly once, and none is sent twice to a token whose stream the server processed. Against the
/// stand-in's own HTTP/2 server, which records each request it took up with its connection and stream.
@Suite(.enabled(if: StandIn.enabled, StandIn.skipNotice), .serialized)
struct ScaleTests {
    let time = FakeTime()
    let scratch: Scratch
    var cache: String { scratch.path }

    init() throws { scratch = try Scratch("scale") }

    static func tokens(_ count: Int) -> [String] { (1...count).map { String(format: "e%05d", $0) } }

    func push(_ server: StandIn, tokens: [String], _ extra: [String] = []) async throws -> CommandLineTool.Output {
        let path = cache + "/tokens-\(UUID().uuidString).txt"
        try write(tokens.joined(separator: "\n") + "\n", to: path)
        return await glance(["push", pushes + "/2-update.json", "--tokens", path, "--host", server.host, "--bundle-id", TestKey.bundleID] + TestKey.flags + extra,
                            context: testContext(time: time, cache: cache))
    }

    func shown(_ output: CommandLineTool.Output, _ server: StandIn) -> Comment {
        "exit \(output.exitCode)\n--- standard output\n\(output.standardOutput.suffix(6000))--- standard error\n\(output.standardError)--- stand-in log\n\(server.log.suffix(4000))"
    }

    /// Every token has one line, an acceptance, and the summary says all were accepted; the stand-in processed each
    /// token once (a token sent twice would have two records).
    func expectEachAnsweredOnce(_ output: CommandLineTool.Output, _ server: StandIn, tokens: [String]) throws {
        #expect(output.exitCode == 0, shown(output, server))
        let lines = output.standardOutput.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  ") }
        try #require(lines.count == tokens.count + 1, shown(output, server))
        #expect(lines.prefix(tokens.count).map { String($0.prefix(6)) } == tokens, shown(output, server))
        #expect(lines.prefix(tokens.count).allSatisfy { $0.contains(": 200 OK, apns-id ") }, shown(output, server))
        #expect(lines.last == "\(tokens.count) pushes: \(tokens.count) accepted", shown(output, server))
        let processed = try server.requests().compactMap { ($0["path"] as? String)?.split(separator: "/").last.map(String.init) }
        #expect(processed.sorted() == tokens, shown(output, server))
    }

    /// GOAWAY after 7 streams on each connection: the streams up to its last-stream-id are answered on it, those
    /// above were not processed and are sent again on a new connection (without --resend-unanswered), so nothing is
    /// lost and nothing doubled; each resent push says so.
    @Test func goawayMidBatchLosesNoPush() async throws {
        let server = try StandIn(behaviour: ["--goaway-after", "7"])
        let tokens = Self.tokens(50)
        let output = try await push(server, tokens: tokens)
        try expectEachAnsweredOnce(output, server, tokens: tokens)
        let connections = Set(try server.requests().compactMap { $0["connection"] as? String })
        #expect(connections.count >= 50 / 7, shown(output, server))
        #expect(output.standardOutput.contains("; sent again: 127.0.0.1: the server did not process it (GOAWAY before this stream)"), shown(output, server))
        #expect(!output.standardOutput.contains("may have arrived"), shown(output, server))
    }

    /// Connections closed after 10 answers (GOAWAY, then the connection ends): streams that arrived after the tenth
    /// were not processed, and are sent again on a new connection.
    @Test func connectionsClosedAfterNAnswersLoseNoPush() async throws {
        let server = try StandIn(behaviour: ["--close-after", "10"])
        let tokens = Self.tokens(60)
        let output = try await push(server, tokens: tokens)
        try expectEachAnsweredOnce(output, server, tokens: tokens)
        let perConnection = Dictionary(grouping: try server.requests(), by: { $0["connection"] as? String ?? "" }).mapValues(\.count)
        #expect(perConnection.values.allSatisfy { $0 <= 10 } && perConnection.count >= 6, "\(perConnection)")
    }

    /// A slow first answer, and APNs' SETTINGS (one stream until then, 8 after): nothing else is sent until the
    /// first answer, then up to 8 at once, never more.
    @Test func slowFirstAnswerGoesAloneThenTheServersLimit() async throws {
        let server = try StandIn(behaviour: ["--slow-first", "1.5", "--apns-streams", "8"])
        let tokens = Self.tokens(40)
        let output = try await push(server, tokens: tokens)
        try expectEachAnsweredOnce(output, server, tokens: tokens)
        let requests = try server.requests().sorted { ($0["receivedAt"] as? Double ?? 0) < ($1["receivedAt"] as? Double ?? 0) }
        let first = try #require(requests.first)
        #expect((first["answeredAt"] as? Double ?? 0) - (first["receivedAt"] as? Double ?? 0) >= 1.5)
        #expect(requests.dropFirst().allSatisfy { ($0["receivedAt"] as? Double ?? 0) >= (first["answeredAt"] as? Double ?? .infinity) }, shown(output, server))
        #expect(Set(requests.compactMap { $0["connection"] as? String }).count == 1, shown(output, server))
        // In flight at once, from the record: at most the server's 8 (h2 would have refused a ninth), and more than one.
        var events = requests.flatMap { [($0["receivedAt"] as? Double ?? 0, 1), ($0["answeredAt"] as? Double ?? 0, -1)] }
        events.sort { $0.0 < $1.0 || $0.0 == $1.0 && $0.1 < $1.1 }
        var inFlight = 0, most = 0
        for event in events {
            inFlight += event.1
            most = max(most, inFlight)
        }
        #expect(most > 1 && most <= 8, "at most \(most) in flight")
    }

    /// --connections 3 against a server that allows 2 streams per connection: the batch spreads over three
    /// connections, and the JSON summary counts them.
    @Test func connectionsFlagOpensMoreConnections() async throws {
        let server = try StandIn(behaviour: ["--max-concurrent-streams", "2", "--slow-first", "0.3"])
        let tokens = Self.tokens(30)
        let output = try await push(server, tokens: tokens, ["--connections", "3", "--reporter", "json"])
        #expect(output.exitCode == 0, shown(output, server))
        let connections = Set(try server.requests().compactMap { $0["connection"] as? String })
        #expect(connections.count == 3, shown(output, server))
        let last = try #require(output.standardOutput.split(separator: "\n").last)
        let summary = try #require((try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])?["summary"] as? [String: Any])
        #expect(summary["connections"] as? Int == 3 && summary["accepted"] as? Int == 30 && summary["pushes"] as? Int == 30, "\(summary)")
        #expect(try server.requests().count == 30, shown(output, server))
    }

    /// A server that offers only HTTP/1.1 by ALPN: refused before anything is sent, with the reason.
    @Test func serverWithoutHTTP2IsRefused() async throws {
        let server = try StandIn(behaviour: ["--http1-only"])
        let output = try await push(server, tokens: ["abcd", "abce"])
        #expect(output.exitCode == 2, shown(output, server))
        #expect(output.standardOutput.hasPrefix("abcd: not sent: 127.0.0.1: the server does not speak HTTP/2 (it chose 'http/1.1' by ALPN); APNs requires HTTP/2: is --host an APNs server?\n"), shown(output, server))
        #expect(try server.requests().isEmpty, shown(output, server))
    }
}
