import Foundation
import GlanceInput

/// What APNs answered (facts APNS-20, APNS-50, BC-01, BC-11).
public struct APNsAnswer: Sendable, Equatable {
    public let status: Int
    /// `apns-id` (device pushes) or `apns-request-id` (broadcast, channels).
    public let requestID: String?
    /// `apns-unique-id`, for the Push Notifications Console's delivery log.
    public let uniqueID: String?
    /// `reason` of the JSON error body.
    public let reason: String?
    /// `timestamp` of a 410 body (milliseconds since 1970 in the body): when the token stopped being valid.
    public let timestamp: Date?
    /// `apns-channel-id` of a created channel.
    public let channelID: String?
    /// `retry-after`, as sent.
    public let retryAfter: String?
    /// `content-type`, as sent.
    public let contentType: String?
    public let body: Data

    public init(_ response: HTTPResponse) {
        status = response.status
        requestID = response.headers["apns-id"] ?? response.headers["apns-request-id"]
        uniqueID = response.headers["apns-unique-id"]
        channelID = response.headers["apns-channel-id"]
        retryAfter = response.headers["retry-after"]
        contentType = response.headers["content-type"]
        body = response.body
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        reason = object?["reason"] as? String
        timestamp = (object?["timestamp"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue / 1000) }
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body is not APNs' JSON object (an HTML error page of a proxy, plain text): nil when it is JSON or empty,
    /// else a short description such as "1234 bytes of text/html".
    public var foreignBody: String? {
        guard !body.isEmpty, (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] == nil else { return nil }
        let type = contentType.map { $0.split(separator: ";").first.map(String.init) ?? $0 }?.trimmingCharacters(in: .whitespaces)
        return "\(body.count) bytes" + (type.map { " of \(Shown.escaped($0, limit: 40))" } ?? "")
    }

    /// The catalog's entry for `reason`.
    public var knownReason: APNsReason? { reason.flatMap(APNsReason.named) }

    /// The cause and the fix, for an answer from `api`.
    public func explanation(for api: APNsAPI) -> String {
        knownReason?.explanation(for: api) ?? APNsReason.explanation(status: status, api: api)
    }
}

/// When to send again: 429 and 5xx are retried with exponential backoff up to a bound, honoring `Retry-After`;
/// other 4xx never (the same request would fail the same way).
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts after the first.
    public var maxRetries: Int
    /// The first backoff, doubled for each further retry.
    public var initialDelay: TimeInterval
    /// The longest backoff.
    public var maxDelay: TimeInterval
    /// A longer `Retry-After` is not waited for: the push is reported instead.
    public var maxRetryAfter: TimeInterval

    public init(maxRetries: Int = 3, initialDelay: TimeInterval = 1, maxDelay: TimeInterval = 30, maxRetryAfter: TimeInterval = 60) {
        self.maxRetries = maxRetries
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    public enum Decision: Sendable, Equatable {
        case retry(after: TimeInterval)
        /// Not retried, with a note when a retry was possible but not made.
        case stop(note: String?)
    }

    /// - Parameters:
    ///   - retries: how many retries were made already.
    ///   - resend: which answers the request may be sent again after (5xx only when `afterServerError`).
    public func decide(_ answer: APNsAnswer, retries: Int, now: Date, resend: ResendPolicy = .push) -> Decision {
        let tooMany = answer.status == 429 && answer.reason != "TooManyProviderTokenUpdates"
        let serverError = (500...599).contains(answer.status)
        guard tooMany || serverError else { return .stop(note: nil) }
        if serverError && !resend.afterServerError {
            return .stop(note: "not retried: the request may have taken effect before the error")
        }
        guard retries < maxRetries else { return .stop(note: "gave up after \(retries) \(retries == 1 ? "retry" : "retries")") }
        if let header = answer.retryAfter, let wait = Self.seconds(retryAfter: header, now: now) {
            guard wait <= maxRetryAfter else {
                return .stop(note: "APNs asked to wait \(Int(wait.rounded(.up))) s (Retry-After); not retried, since that is over \(Int(maxRetryAfter)) s")
            }
            return .retry(after: wait)
        }
        return .retry(after: backoff(retries))
    }

    /// After no answer: a request that never left is not retried (the host is unreachable); one that may have
    /// arrived is sent again on a new connection only with `resend.afterNoAnswer`, and after a timeout only when
    /// the host answered other requests (`hostAnswered`): a host that never answers is not waited for again.
    public func decide(_ error: TransportError, retries: Int, resend: ResendPolicy = .push, hostAnswered: Bool = false) -> Decision {
        guard resend.afterNoAnswer, error.kind == .closed || error.kind == .timedOut && hostAnswered else { return .stop(note: nil) }
        guard retries < maxRetries else { return .stop(note: "gave up after \(retries) \(retries == 1 ? "retry" : "retries")") }
        return .retry(after: backoff(retries))
    }

    /// `initialDelay · 2^retries`, at most `maxDelay`.
    public func backoff(_ retries: Int) -> TimeInterval {
        min(initialDelay * pow(2, Double(retries)), maxDelay)
    }

    /// `Retry-After`: delay seconds or an HTTP date (RFC 9110 §10.2.3).
    public static func seconds(retryAfter header: String, now: Date) -> TimeInterval? {
        let text = header.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return TimeInterval(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// Which failures a request may be sent again after. A push sent twice arrives twice: for a Live Activity
/// update or end that is harmless (the same content, the same timestamp), but an `alert` alerts twice and a
/// push-to-start starts a second activity. A channel created twice is two channels.
public struct ResendPolicy: Sendable, Equatable {
    /// After a 500–599 answer. (429 is always retried: APNs did not act on the request.)
    public var afterServerError: Bool
    /// After the connection closed before the answer: the request may have arrived.
    public var afterNoAnswer: Bool

    public init(afterServerError: Bool, afterNoAnswer: Bool) {
        self.afterServerError = afterServerError
        self.afterNoAnswer = afterNoAnswer
    }

    /// Pushes: again after 5xx (as APNs asks); after no answer only when asked (`--resend-unanswered`).
    public static let push = ResendPolicy(afterServerError: true, afterNoAnswer: false)
    /// Requests that only read (listing and reading channels): again after either.
    public static let reading = ResendPolicy(afterServerError: true, afterNoAnswer: true)
    /// Requests that change something and must not be repeated (creating or deleting a channel): never.
    public static let once = ResendPolicy(afterServerError: false, afterNoAnswer: false)
}

/// One request's fate: APNs' answer, or why none came.
public struct APNsExchange: Sendable {
    public enum Result: Sendable {
        /// APNs answered (the last answer, after retries).
        case answered(APNsAnswer)
        /// No answer: the connection failed (`TransportError.kind` says whether the request may have arrived).
        case failed(TransportError)
        /// Not sent, because an earlier answer or failure showed it would fail the same way.
        case notSent(String)
    }

    /// The request as sent, without `authorization`.
    public let request: HTTPRequest
    public let result: Result
    /// Requests made (1 when not retried; 0 when not sent).
    public let attempts: Int
    /// Seconds waited before each retry.
    public let waits: [TimeInterval]
    /// What happened on the way: retries, a new provider token, a retry not made.
    public let notes: [String]
    /// The transport's number for the connection of the last attempt.
    public let connection: Int

    public init(request: HTTPRequest, result: Result, attempts: Int, waits: [TimeInterval], notes: [String], connection: Int = 0) {
        self.request = request
        self.result = result
        self.attempts = attempts
        self.waits = waits
        self.notes = notes
        self.connection = connection
    }

    public var answer: APNsAnswer? {
        if case .answered(let answer) = result { return answer }
        return nil
    }

    /// The request may have arrived but no answer came (the connection closed, or the timeout passed).
    public var isUnanswered: Bool {
        if case .failed(let failure) = result { return failure.mayHaveArrived }
        return false
    }
}

/// What a batch did: one exchange per request, in the order given, and why it stopped early, if it did.
public struct APNsBatch: Sendable {
    /// Why requests were left unsent.
    public struct Stop: Sendable, Equatable {
        /// One line: what happened and how many requests were not sent.
        public let reason: String
        /// APNs refused the credentials (rather than the connection failing).
        public let byAPNs: Bool
    }

    public let exchanges: [APNsExchange]
    public let stop: Stop?
}

/// Follows a batch as it goes (for printing results as they come, and for an interruption).
public struct BatchObserver: Sendable {
    /// Just before request `index` is sent; false stops the batch instead (it was interrupted): this request
    /// and the rest are not sent.
    public var started: @Sendable (Int) -> Bool
    /// When request `index` has its final exchange (also for requests not sent).
    public var finished: @Sendable (Int, APNsExchange) -> Void

    public init(started: @escaping @Sendable (Int) -> Bool, finished: @escaping @Sendable (Int, APNsExchange) -> Void) {
        self.started = started
        self.finished = finished
    }
}

/// Sends requests to APNs with a provider token: retries, token replacement, and batches over one connection.
public struct APNsClient: Sendable {
    public let transport: any HTTPTransport
    public let tokens: ProviderTokenSource
    public let retry: RetryPolicy
    public let time: PushTime
    /// Whether any request of this client got an answer.
    private let answers = AnswerRecord()

    /// A batch stops when this many connections in a row broke with requests on them and no answer came in
    /// between (the first one after the first push, which goes alone).
    public static let brokenConnectionsToStop = 2

    /// A push the server did not process this many times in a row is left unsent.
    public static let refusalsToGiveUp = 10

    public init(transport: any HTTPTransport, tokens: ProviderTokenSource, retry: RetryPolicy = RetryPolicy(), time: PushTime) {
        self.transport = transport
        self.tokens = tokens
        self.retry = retry
        self.time = time
    }

    /// Sends one request: 429 and 5xx again as `retry` and `resend` say; after 403 `ExpiredProviderToken`, once
    /// more with a new provider token when the old one was old enough to replace. When no answer comes, later
    /// requests go on a new connection; this one is sent again only after a closed connection and with
    /// `resend.afterNoAnswer`. A provider token is saved for later runs once APNs answered a request signed with
    /// it without refusing the credentials.
    public func send(_ request: HTTPRequest, resend: ResendPolicy = .push) async -> APNsExchange {
        var attempts = 0, retries = 0, refusals = 0
        var waits: [TimeInterval] = []
        var notes: [String] = []
        var replacedToken = false
        var token: ProviderToken
        do { token = try await tokens.current() } catch {
            return APNsExchange(request: request, result: .notSent("\(error)"), attempts: 0, waits: [], notes: [])
        }
        while true {
            attempts += 1
            let signed = request.setting("authorization", token.authorization)
            let answer: APNsAnswer
            let connection: Int
            do {
                let response = try await transport.send(signed)
                answer = APNsAnswer(response)
                connection = response.connection
                answers.record()
            } catch {
                let failure = error as? TransportError ?? TransportError("\(error)", kind: .closed)
                // Not processed (GOAWAY, REFUSED_STREAM): sent again at once, on a connection that takes it; this is
                // no retry of --retries, since the push cannot arrive twice.
                if failure.kind == .refused && refusals < Self.refusalsToGiveUp {
                    refusals += 1
                    notes.append("sent again: \(failure.message)")
                    continue
                }
                if failure.mayHaveArrived { _ = await transport.reconnect(replacing: failure.connection) }
                switch retry.decide(failure, retries: retries, resend: resend, hostAnswered: answers.any) {
                case .retry(let wait):
                    notes.append("sent again after no answer: \(failure.message)")
                    if !(await pause(wait, &waits)) {
                        return APNsExchange(request: request, result: .failed(failure), attempts: attempts, waits: waits, notes: notes, connection: failure.connection)
                    }
                    retries += 1
                    continue
                case .stop(let note):
                    if let note { notes.append(note) }
                    return APNsExchange(request: request, result: .failed(failure), attempts: attempts, waits: waits, notes: notes, connection: failure.connection)
                }
            }
            if !Self.tokenRefusals.contains(answer.reason ?? "") { await tokens.confirm(token) }
            if answer.status == 403, answer.reason == "ExpiredProviderToken", !replacedToken {
                replacedToken = true
                if let fresh = try? await tokens.replacement(for: token) {
                    notes.append("APNs called the provider token (issued \(Int(token.age(at: time.now()) / 60)) min ago) expired; sent again with a new one")
                    token = fresh
                    continue
                }
                notes.append("the provider token was issued \(Int(token.age(at: time.now()) / 60)) min ago, too recently to replace: check this machine's clock")
            }
            switch retry.decide(answer, retries: retries, now: time.now(), resend: resend) {
            case .retry(let wait):
                notes.append("retried after \(answer.status)\(answer.reason.map { " " + $0 } ?? "")")
                if !(await pause(wait, &waits)) {
                    return APNsExchange(request: request, result: .answered(answer), attempts: attempts, waits: waits, notes: notes, connection: connection)
                }
                retries += 1
            case .stop(let note):
                if let note { notes.append(note) }
                return APNsExchange(request: request, result: .answered(answer), attempts: attempts, waits: waits, notes: notes, connection: connection)
            }
        }
    }

    /// Sends `requests` over one connection: the first alone (APNs allows one stream on a new connection until a
    /// valid provider token arrived), then at most `concurrency` at a time. The requests not yet sent are not
    /// sent when APNs refuses the credentials, when the first request gets no answer, when a new connection
    /// cannot be made, or when `brokenConnectionsToStop` connections in a row break without an answer in
    /// between; after one broken connection the batch goes on over a new one.
    /// - Returns: One exchange per request, in the order given, and why the batch stopped early.
    public func sendAll(_ requests: [HTTPRequest], concurrency: Int, resend: ResendPolicy = .push, observer: BatchObserver? = nil) async -> APNsBatch {
        guard let first = requests.first else { return APNsBatch(exchanges: [], stop: nil) }
        // Every place holds a "not sent" exchange until the request's own comes (an array of optionals mapped at the
        // end would hold a batch's exchanges twice).
        var results = requests.map { APNsExchange(request: $0, result: .notSent("not sent"), attempts: 0, waits: [], notes: []) }
        var done = [Bool](repeating: false, count: requests.count)
        let interrupted = (perRequest: "interrupted", reason: "interrupted", byAPNs: false)
        guard observer?.started(0) ?? true else { return Self.unsent(requests, stop: interrupted, observer: observer) }
        let firstExchange = await send(first, resend: resend)
        results[0] = firstExchange
        done[0] = true
        observer?.finished(0, firstExchange)
        var stop: (perRequest: String, reason: String, byAPNs: Bool)?
        if let refused = Self.credentialStop(firstExchange) {
            stop = (refused, refused, true)
        } else if case .failed(let failure) = firstExchange.result, failure.kind == .notSent {
            stop = ("the batch stopped: the connection failed", "the connection failed (\(failure.message))", false)
        } else if case .failed(let failure) = firstExchange.result {
            stop = ("the batch stopped: the first push got no answer", "the first push got no answer (\(failure.message))", false)
        }
        // Connections that broke since the last answer; a late failure on a connection older than the newest
        // one that answered says nothing about the host now, and is left out.
        var brokenConnections: Set<Int> = []
        var answeredOn = firstExchange.answer == nil ? -1 : firstExchange.connection
        var next = 1
        if stop == nil {
            await withTaskGroup(of: (Int, APNsExchange).self) { group in
                func start(_ index: Int) {
                    guard observer?.started(index) ?? true else {
                        stop = stop ?? interrupted
                        return
                    }
                    group.addTask { (index, await send(requests[index], resend: resend)) }
                }
                while stop == nil && next < requests.count && next <= max(1, concurrency) {
                    start(next)
                    if stop == nil { next += 1 }
                }
                while let (index, exchange) = await group.next() {
                    results[index] = exchange
                    done[index] = true
                    observer?.finished(index, exchange)
                    if stop == nil, let refused = Self.credentialStop(exchange) { stop = (refused, refused, true) }
                    switch exchange.result {
                    case .answered:
                        answeredOn = max(answeredOn, exchange.connection)
                        brokenConnections.removeAll()
                    case .failed(let failure) where failure.kind == .notSent:
                        if stop == nil { stop = ("the batch stopped: a new connection failed", "a new connection failed (\(failure.message))", false) }
                    case .failed(let failure) where failure.kind == .refused:
                        if stop == nil {
                            stop = ("the batch stopped: the server did not process a push \(Self.refusalsToGiveUp) times", "the server did not process a push \(Self.refusalsToGiveUp) times (last: \(failure.message))", false)
                        }
                    case .failed(let failure):
                        if failure.connection >= answeredOn { brokenConnections.insert(failure.connection) }
                        if stop == nil && brokenConnections.count >= Self.brokenConnectionsToStop {
                            stop = ("the batch stopped: \(brokenConnections.count) connections in a row broke",
                                    "\(brokenConnections.count) connections in a row broke without an answer in between (last: \(failure.message))", false)
                        }
                    case .notSent:
                        break
                    }
                    if stop == nil && next < requests.count {
                        start(next)
                        if stop == nil { next += 1 }
                    }
                }
            }
        }
        let unsent = requests.indices.filter { !done[$0] }
        for index in unsent {
            let exchange = APNsExchange(request: requests[index], result: .notSent(stop?.perRequest ?? "not sent"), attempts: 0, waits: [], notes: [])
            results[index] = exchange
            observer?.finished(index, exchange)
        }
        let batchStop = stop.map { stop in
            APNsBatch.Stop(reason: "stopped the batch: \(stop.reason); \(unsent.count) \(unsent.count == 1 ? "push" : "pushes") not sent", byAPNs: stop.byAPNs)
        }
        return APNsBatch(exchanges: results, stop: unsent.isEmpty ? nil : batchStop)
    }

    /// A batch of which nothing was sent.
    private static func unsent(_ requests: [HTTPRequest], stop: (perRequest: String, reason: String, byAPNs: Bool), observer: BatchObserver?) -> APNsBatch {
        let exchanges = requests.enumerated().map { index, request in
            let exchange = APNsExchange(request: request, result: .notSent(stop.perRequest), attempts: 0, waits: [], notes: [])
            observer?.finished(index, exchange)
            return exchange
        }
        return APNsBatch(exchanges: exchanges, stop: APNsBatch.Stop(reason: "stopped the batch: \(stop.reason); \(requests.count) \(requests.count == 1 ? "push" : "pushes") not sent", byAPNs: false))
    }

    /// Reasons after which every other request with these credentials fails too.
    static let credentialReasons: Set<String> = ["InvalidProviderToken", "MissingProviderToken", "ExpiredProviderToken", "Forbidden",
                                                 "BadCertificate", "BadCertificateEnvironment", "TooManyProviderTokenUpdates", "TopicMismatch"]

    /// Reasons that say the provider token itself is no good (it is then not saved for later runs).
    static let tokenRefusals: Set<String> = ["InvalidProviderToken", "MissingProviderToken", "ExpiredProviderToken"]

    /// The line for requests not sent after an answer that refuses the credentials.
    static func credentialStop(_ exchange: APNsExchange) -> String? {
        guard let answer = exchange.answer, let reason = answer.reason, credentialReasons.contains(reason) else { return nil }
        return "APNs refused the credentials (\(answer.status) \(Shown.escaped(reason, limit: 60)))"
    }

    /// Waits, and records the wait; false when the task was cancelled.
    private func pause(_ seconds: TimeInterval, _ waits: inout [TimeInterval]) async -> Bool {
        waits.append(seconds)
        do { try await time.sleep(seconds) } catch { return false }
        return true
    }
}

/// Whether any answer came, shared by the concurrent requests of a client.
private final class AnswerRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var answered = false

    func record() {
        lock.lock()
        answered = true
        lock.unlock()
    }

    var any: Bool {
        lock.lock()
        defer { lock.unlock() }
        return answered
    }
}
