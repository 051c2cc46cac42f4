import Foundation
import Testing
@testable import GlancePush

/// A transport that answers from a script and records what it was sent (and how many requests were in flight).
actor ScriptedTransport: HTTPTransport {
    private var answers: [String: [Result<HTTPResponse, TransportError>]]
    private(set) var sent: [HTTPRequest] = []
    private(set) var inFlight = 0
    private(set) var maxInFlight = 0
    /// Requests that started while the first one was still in flight.
    private(set) var startedBeforeFirstFinished = 0
    private var firstFinished = false
    /// The connection requests go on now; `reconnect` moves to the next.
    private(set) var connection = 0
    private(set) var reconnects = 0
    let delay: UInt64

    /// - Parameter answers: by the path's last component (the device token); missing ones answer 200.
    init(_ answers: [String: [Result<HTTPResponse, TransportError>]] = [:], delayMilliseconds: UInt64 = 0) {
        self.answers = answers
        self.delay = delayMilliseconds
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        sent.append(request)
        if sent.count > 1 && !firstFinished { startedBeforeFirstFinished += 1 }
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        if delay > 0 { try? await Task.sleep(nanoseconds: delay * 1_000_000) }
        inFlight -= 1
        firstFinished = true
        let key = request.url.lastPathComponent
        guard var queue = answers[key], !queue.isEmpty else { return HTTPResponse(status: 200, headers: ["apns-id": "ok"], body: Data(), connection: connection) }
        let next = queue.removeFirst()
        answers[key] = queue
        switch next {
        case .success(var response):
            response.connection = connection
            return response
        case .failure(var failure):
            failure.connection = connection
            throw failure
        }
    }

    func reconnect(replacing replaced: Int) async -> Bool {
        guard replaced == connection else { return false }
        connection += 1
        reconnects += 1
        return true
    }
}

func answer(_ status: Int, _ reason: String? = nil, headers: [String: String] = [:]) -> Result<HTTPResponse, TransportError> {
    .success(HTTPResponse(status: status, headers: headers, body: reason.map { Data(#"{"reason":"\#($0)"}"#.utf8) } ?? Data()))
}

/// Retries, backoff, Retry-After, provider token replacement and batches, with a fake clock: nothing waits.
struct ClientTests {
    let scratch: Scratch
    var folder: String { scratch.path }
    let time = FakeTime(Date(timeIntervalSince1970: 1_767_225_600))

    init() throws { scratch = try Scratch("client") }

    func client(_ transport: ScriptedTransport, retry: RetryPolicy = RetryPolicy(), keyPath: String = TestKey.path) throws -> APNsClient {
        let key = try ProviderKey.read(path: keyPath)
        let tokens = ProviderTokenSource(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, store: ProviderTokenStore(folder: folder), time: time.pushTime)
        return APNsClient(transport: transport, tokens: tokens, retry: retry, time: time.pushTime)
    }

    func request(_ token: String) -> HTTPRequest {
        APNsRequests.device(token: token, bundleID: "com.example.app", body: Data("{}".utf8), options: .init(),
                            endpoint: try! APNsEndpoint(environment: .sandbox, api: .device, override: nil))
    }

    @Test func retryAfterIsHonored() async throws {
        let transport = ScriptedTransport(["aa": [answer(429, "TooManyRequests", headers: ["retry-after": "7"]), answer(200)]])
        let exchange = try await client(transport).send(request("aa"))
        #expect(exchange.answer?.status == 200)
        #expect(exchange.attempts == 2)
        #expect(exchange.waits == [7])
        #expect(time.sleeps == [7])
        #expect(exchange.notes == ["retried after 429 TooManyRequests"])
        // Every attempt carries the provider token.
        #expect(await transport.sent.allSatisfy { $0.header("authorization")?.hasPrefix("bearer ey") == true })
    }

    @Test func serverErrorsBackOffThenGiveUp() async throws {
        let transport = ScriptedTransport(["aa": Array(repeating: answer(500, "InternalServerError"), count: 5)])
        let exchange = try await client(transport).send(request("aa"))
        #expect(exchange.answer?.status == 500)
        #expect(exchange.attempts == 4)
        #expect(exchange.waits == [1, 2, 4])
        #expect(exchange.notes.last == "gave up after 3 retries")
        #expect(await transport.sent.count == 4)
    }

    @Test func backoffIsBounded() {
        let policy = RetryPolicy(maxRetries: 10, initialDelay: 1, maxDelay: 30)
        #expect((0..<7).map(policy.backoff) == [1, 2, 4, 8, 16, 30, 30])
    }

    @Test func clientErrorsAreNotRetried() async throws {
        for (status, reason) in [(400, "BadDeviceToken"), (403, "InvalidProviderToken"), (410, "Unregistered"), (413, "PayloadTooLarge"),
                                 (429, "TooManyProviderTokenUpdates")] {
            let transport = ScriptedTransport(["aa": [answer(status, reason), answer(200)]])
            let exchange = try await client(transport).send(request("aa"))
            #expect(exchange.answer?.reason == reason)
            #expect(exchange.attempts == 1, "\(reason)")
        }
        #expect(time.sleeps.isEmpty)
    }

    @Test func longRetryAfterIsNotWaitedFor() async throws {
        let transport = ScriptedTransport(["aa": [answer(503, "ServiceUnavailable", headers: ["retry-after": "120"]), answer(200)]])
        let exchange = try await client(transport).send(request("aa"))
        #expect(exchange.answer?.status == 503)
        #expect(exchange.notes == ["APNs asked to wait 120 s (Retry-After); not retried, since that is over 60 s"])
        #expect(time.sleeps.isEmpty)
    }

    @Test func retryAfterAsHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_767_225_600) // Thu, 01 Jan 2026 00:00:00 GMT
        #expect(RetryPolicy.seconds(retryAfter: "Thu, 01 Jan 2026 00:00:05 GMT", now: now) == 5)
        #expect(RetryPolicy.seconds(retryAfter: "Wed, 31 Dec 2025 23:00:00 GMT", now: now) == 0)
        #expect(RetryPolicy.seconds(retryAfter: " 12 ", now: now) == 12)
        #expect(RetryPolicy.seconds(retryAfter: "soon", now: now) == nil)
    }

    /// A push whose connection closed may have arrived: it is sent again (on a new connection) only when asked.
    @Test func closedConnectionIsResentOnlyWhenAsked() async throws {
        let closed = TransportError("closed", kind: .closed)
        let transport = ScriptedTransport(["aa": [.failure(closed), answer(200)], "bb": [.failure(closed), answer(200)]])
        let client = try client(transport)
        let reported = await client.send(request("aa"))
        guard case .failed(let failure) = reported.result else { Issue.record("expected no answer"); return }
        #expect(failure.kind == .closed)
        #expect(reported.isUnanswered)
        #expect(reported.attempts == 1)
        // Later requests go on a new connection all the same.
        #expect(await transport.reconnects == 1)
        let resent = await client.send(request("bb"), resend: ResendPolicy(afterServerError: true, afterNoAnswer: true))
        #expect(resent.answer?.status == 200)
        #expect(resent.attempts == 2)
        #expect(resent.waits == [1])
        #expect(resent.notes == ["sent again after no answer: closed"])
        #expect(await transport.reconnects == 2)
    }

    /// A request that never left is not sent again, whatever the policy; nor is one that timed out before the
    /// host answered anything (it is not answering at all); after an answer, a timed-out one is, when asked.
    @Test func timeoutsAndRefusedConnectionsAreNotResent() async throws {
        let transport = ScriptedTransport(["aa": [.failure(TransportError("slow", kind: .timedOut)), answer(200)],
                                           "bb": [.failure(TransportError("refused", kind: .notSent)), answer(200)]])
        let client = try client(transport)
        let always = ResendPolicy(afterServerError: true, afterNoAnswer: true)
        let slow = await client.send(request("aa"), resend: always)
        #expect(slow.attempts == 1)
        #expect(slow.isUnanswered)
        #expect(await transport.reconnects == 1)
        let refused = await client.send(request("bb"), resend: always)
        #expect(refused.attempts == 1)
        #expect(!refused.isUnanswered)
        guard case .failed(let failure) = refused.result else { Issue.record("expected a failure"); return }
        #expect(failure.message == "refused")
        // Nothing was sent on that connection, so it is kept.
        #expect(await transport.reconnects == 1)
        #expect(time.sleeps.isEmpty)
        // Once the host answered something, a timeout is a stuck connection: sent again over a new one.
        let later = ScriptedTransport(["cc": [.failure(TransportError("slow", kind: .timedOut)), answer(200)]])
        let answering = try self.client(later)
        _ = await answering.send(request("ok"))
        let resent = await answering.send(request("cc"), resend: always)
        #expect(resent.attempts == 2)
        #expect(resent.answer?.status == 200)
        #expect(await answering.send(request("dd")).answer?.status == 200)
        let withoutAsking = ScriptedTransport(["cc": [.failure(TransportError("slow", kind: .timedOut)), answer(200)]])
        let plain = try self.client(withoutAsking)
        _ = await plain.send(request("ok"))
        #expect(await plain.send(request("cc")).attempts == 1)
    }

    /// Creating a channel is not repeated after a 5xx (it may have made one); 429 is (APNs did nothing).
    @Test func requestsThatChangeSomethingAreNotRepeatedAfterServerErrors() async throws {
        let transport = ScriptedTransport(["aa": [answer(500, "InternalServerError"), answer(201)], "bb": [answer(429, "TooManyRequests"), answer(201)]])
        let client = try client(transport)
        let created = await client.send(request("aa"), resend: .once)
        #expect(created.answer?.status == 500)
        #expect(created.attempts == 1)
        #expect(created.notes == ["not retried: the request may have taken effect before the error"])
        let throttled = await client.send(request("bb"), resend: .once)
        #expect(throttled.answer?.status == 201)
        #expect(throttled.attempts == 2)
    }

    @Test func expiredProviderTokenIsReplacedOnce() async throws {
        let transport = ScriptedTransport(["aa": [answer(403, "ExpiredProviderToken"), answer(403, "ExpiredProviderToken")], "bb": [answer(403, "ExpiredProviderToken")]])
        let client = try client(transport)
        // A token made now is too young to replace: the clock must be off.
        let young = await client.send(request("bb"))
        #expect(young.answer?.reason == "ExpiredProviderToken")
        #expect(young.notes == ["the provider token was issued 0 min ago, too recently to replace: check this machine's clock"])
        time.advance(25 * 60)
        let old = await client.send(request("aa"))
        #expect(old.attempts == 2)
        #expect(old.answer?.reason == "ExpiredProviderToken")
        #expect(old.notes == ["APNs called the provider token (issued 25 min ago) expired; sent again with a new one"])
        let sent = await transport.sent
        #expect(sent[1].header("authorization") != sent[2].header("authorization"))
    }

    @Test func batchSendsTheFirstAloneThenBoundedConcurrency() async throws {
        let transport = ScriptedTransport(delayMilliseconds: 20)
        let tokens = (0..<12).map { String(format: "%02x", $0) }
        let batch = try await client(transport).sendAll(tokens.map(request), concurrency: 3)
        #expect(batch.exchanges.map { $0.request.url.lastPathComponent } == tokens)
        #expect(batch.exchanges.allSatisfy { $0.answer?.status == 200 })
        #expect(batch.stop == nil)
        #expect(await transport.startedBeforeFirstFinished == 0)
        #expect(await transport.maxInFlight == 3)
    }

    @Test func batchStopsWhenCredentialsAreRefused() async throws {
        let transport = ScriptedTransport(["00": [answer(403, "InvalidProviderToken")]])
        let batch = try await client(transport).sendAll(["00", "01", "02"].map(request), concurrency: 4)
        #expect(await transport.sent.count == 1)
        #expect(batch.exchanges[0].answer?.reason == "InvalidProviderToken")
        #expect(batch.stop == APNsBatch.Stop(reason: "stopped the batch: APNs refused the credentials (403 InvalidProviderToken); 2 pushes not sent", byAPNs: true))
        for exchange in batch.exchanges.dropFirst() {
            guard case .notSent(let why) = exchange.result else { Issue.record("expected not sent"); continue }
            #expect(why == "APNs refused the credentials (403 InvalidProviderToken)")
        }
    }

    /// A host that takes the connection but never answers: the batch stops after the first push's timeout.
    @Test func batchStopsWhenTheFirstPushGetsNoAnswer() async throws {
        let transport = ScriptedTransport(["00": [.failure(TransportError("127.0.0.1: no answer within 30 s", kind: .timedOut))]])
        let batch = try await client(transport).sendAll(["00", "01", "02"].map(request), concurrency: 4)
        #expect(await transport.sent.count == 1)
        #expect(batch.exchanges[0].isUnanswered)
        #expect(batch.stop == APNsBatch.Stop(reason: "stopped the batch: the first push got no answer (127.0.0.1: no answer within 30 s); 2 pushes not sent", byAPNs: false))
        for exchange in batch.exchanges.dropFirst() {
            guard case .notSent(let why) = exchange.result else { Issue.record("expected not sent"); continue }
            #expect(why == "the batch stopped: the first push got no answer")
        }
    }

    /// A connection that closes in the middle of a batch: its push is reported as unanswered, and the batch goes on
    /// over a new connection.
    @Test func batchGoesOnOverANewConnection() async throws {
        let transport = ScriptedTransport(["03": [.failure(TransportError("closed", kind: .closed))]])
        let tokens = (0..<10).map { String(format: "%02x", $0) }
        let batch = try await client(transport).sendAll(tokens.map(request), concurrency: 2)
        #expect(batch.stop == nil)
        #expect(await transport.sent.count == 10)
        #expect(await transport.reconnects == 1)
        #expect(batch.exchanges.map(\.isUnanswered) == tokens.map { $0 == "03" })
        #expect(batch.exchanges.filter { $0.answer?.status == 200 }.count == 9)
    }

    /// Two connections in a row that break without any answer in between stop the batch; an answer in between
    /// does not.
    @Test func batchStopsAfterTwoBrokenConnectionsInARow() async throws {
        let closed = Result<HTTPResponse, TransportError>.failure(TransportError("closed", kind: .closed))
        let interleaved = ScriptedTransport(["01": [closed], "03": [closed], "05": [closed]])
        let tokens = (0..<8).map { String(format: "%02x", $0) }
        let going = try await client(interleaved).sendAll(tokens.map(request), concurrency: 1)
        #expect(going.stop == nil)
        #expect(await interleaved.reconnects == 3)
        let adjacent = ScriptedTransport(["01": [closed], "02": [closed]])
        let stopped = try await client(adjacent).sendAll(tokens.map(request), concurrency: 1)
        #expect(await adjacent.sent.count == 3)
        #expect(stopped.stop == APNsBatch.Stop(reason: "stopped the batch: 2 connections in a row broke without an answer in between (last: closed); 5 pushes not sent", byAPNs: false))
        #expect(stopped.exchanges.map(PushResult.init) == [.answered, .unanswered, .unanswered, .notSent, .notSent, .notSent, .notSent, .notSent])
    }

    /// The observer hears of every request: sent ones before they go, and every one's final exchange once.
    @Test func observerHearsOfEveryRequest() async throws {
        let transport = ScriptedTransport(["00": [answer(403, "InvalidProviderToken")]])
        let events = EventLog()
        let observer = BatchObserver(started: { events.add("started \($0)"); return true }, finished: { index, _ in events.add("finished \(index)") })
        _ = try await client(transport).sendAll(["00", "01", "02"].map(request), concurrency: 4, observer: observer)
        #expect(events.entries == ["started 0", "finished 0", "finished 1", "finished 2"])
    }

    /// An observer that answers false (the run was interrupted) stops the batch there: nothing more is sent.
    @Test func observerCanStopTheBatch() async throws {
        let transport = ScriptedTransport()
        let observer = BatchObserver(started: { $0 < 3 }, finished: { _, _ in })
        let batch = try await client(transport).sendAll((0..<6).map { String(format: "%02x", $0) }.map(request), concurrency: 1, observer: observer)
        #expect(await transport.sent.count == 3)
        #expect(batch.exchanges.map(PushResult.init) == [.answered, .answered, .answered, .notSent, .notSent, .notSent])
        #expect(batch.stop == APNsBatch.Stop(reason: "stopped the batch: interrupted; 3 pushes not sent", byAPNs: false))
    }

    /// The provider token is saved for later runs once APNs took a request signed with it, not before.
    @Test func tokenIsSavedOnceAPNsTookIt() async throws {
        let refused = ScriptedTransport(["aa": [answer(403, "InvalidProviderToken")]])
        let refusing = try client(refused)
        _ = await refusing.send(request("aa"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/TEAM123456_TESTKEY001.jwt"))
        let accepted = ScriptedTransport(["aa": [answer(400, "BadDeviceToken")]])
        let accepting = try client(accepted)
        _ = await accepting.send(request("aa"))
        #expect(FileManager.default.fileExists(atPath: folder + "/TEAM123456_TESTKEY001.jwt"))
    }
}

/// What became of a push, for comparing lists.
enum PushResult: Equatable {
    case answered, unanswered, notSent, failed

    init(_ exchange: APNsExchange) {
        switch exchange.result {
        case .answered: self = .answered
        case .failed(let failure): self = failure.mayHaveArrived ? .unanswered : .failed
        case .notSent: self = .notSent
        }
    }
}

/// Lines recorded from several tasks.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func add(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
