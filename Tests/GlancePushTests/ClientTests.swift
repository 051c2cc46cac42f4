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
        guard var queue = answers[key], !queue.isEmpty else { return HTTPResponse(status: 200, headers: ["apns-id": "ok"], body: Data()) }
        let next = queue.removeFirst()
        answers[key] = queue
        return try next.get()
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

    func client(_ transport: ScriptedTransport, retry: RetryPolicy = RetryPolicy()) throws -> APNsClient {
        let key = try ProviderKey.read(path: TestKey.path)
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

    @Test func brokenConnectionIsRetriedRefusedIsNot() async throws {
        let lost = TransportError("lost", retryable: true)
        let transport = ScriptedTransport(["aa": [.failure(lost), answer(200)], "bb": [.failure(TransportError("refused"))]])
        let client = try client(transport)
        let retried = await client.send(request("aa"))
        #expect(retried.answer?.status == 200)
        #expect(retried.waits == [1])
        let refused = await client.send(request("bb"))
        guard case .failed(let failure) = refused.result else { Issue.record("expected a failure"); return }
        #expect(failure.message == "refused")
        #expect(refused.attempts == 1)
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
        let exchanges = try await client(transport).sendAll(tokens.map(request), concurrency: 3)
        #expect(exchanges.map { $0.request.url.lastPathComponent } == tokens)
        #expect(exchanges.allSatisfy { $0.answer?.status == 200 })
        #expect(await transport.startedBeforeFirstFinished == 0)
        #expect(await transport.maxInFlight == 3)
    }

    @Test func batchStopsWhenCredentialsAreRefused() async throws {
        let transport = ScriptedTransport(["00": [answer(403, "InvalidProviderToken")]])
        let exchanges = try await client(transport).sendAll(["00", "01", "02"].map(request), concurrency: 4)
        #expect(await transport.sent.count == 1)
        #expect(exchanges[0].answer?.reason == "InvalidProviderToken")
        for exchange in exchanges.dropFirst() {
            guard case .notSent(let why) = exchange.result else { Issue.record("expected not sent"); continue }
            #expect(why == "not sent: APNs refused the credentials (403 InvalidProviderToken)")
        }
    }
}
