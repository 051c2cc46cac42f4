import Foundation

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
    public let body: Data

    public init(_ response: HTTPResponse) {
        status = response.status
        requestID = response.headers["apns-id"] ?? response.headers["apns-request-id"]
        uniqueID = response.headers["apns-unique-id"]
        channelID = response.headers["apns-channel-id"]
        retryAfter = response.headers["retry-after"]
        body = response.body
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        reason = object?["reason"] as? String
        timestamp = (object?["timestamp"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue / 1000) }
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

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

    /// - Parameter retries: how many retries were made already.
    public func decide(_ answer: APNsAnswer, retries: Int, now: Date) -> Decision {
        let retryable = answer.status == 429 && answer.reason != "TooManyProviderTokenUpdates" || (500...599).contains(answer.status)
        guard retryable else { return .stop(note: nil) }
        guard retries < maxRetries else { return .stop(note: "gave up after \(retries) \(retries == 1 ? "retry" : "retries")") }
        if let header = answer.retryAfter, let wait = Self.seconds(retryAfter: header, now: now) {
            guard wait <= maxRetryAfter else {
                return .stop(note: "APNs asked to wait \(Int(wait.rounded(.up))) s (Retry-After); not retried, since that is over \(Int(maxRetryAfter)) s")
            }
            return .retry(after: wait)
        }
        return .retry(after: backoff(retries))
    }

    /// After a connection that broke: the same backoff, no `Retry-After`.
    public func decide(_ error: TransportError, retries: Int) -> Decision {
        guard error.retryable else { return .stop(note: nil) }
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

/// One request's fate: APNs' answer, or why none came.
public struct APNsExchange: Sendable {
    public enum Result: Sendable {
        /// APNs answered (the last answer, after retries).
        case answered(APNsAnswer)
        /// No answer: the connection failed.
        case failed(TransportError)
        /// Not sent, because an earlier answer showed it would fail the same way.
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

    public var answer: APNsAnswer? {
        if case .answered(let answer) = result { return answer }
        return nil
    }
}

/// Sends requests to APNs with a provider token: retries, token replacement, and batches over one connection.
public struct APNsClient: Sendable {
    public let transport: any HTTPTransport
    public let tokens: ProviderTokenSource
    public let retry: RetryPolicy
    public let time: PushTime

    public init(transport: any HTTPTransport, tokens: ProviderTokenSource, retry: RetryPolicy = RetryPolicy(), time: PushTime) {
        self.transport = transport
        self.tokens = tokens
        self.retry = retry
        self.time = time
    }

    /// Sends one request: 429 and 5xx again as `retry` says; after 403 `ExpiredProviderToken`, once more with
    /// a new provider token when the old one was old enough to replace.
    public func send(_ request: HTTPRequest) async -> APNsExchange {
        var attempts = 0, retries = 0
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
            do {
                answer = APNsAnswer(try await transport.send(signed))
            } catch {
                let failure = error as? TransportError ?? TransportError("\(error)")
                switch retry.decide(failure, retries: retries) {
                case .retry(let wait):
                    notes.append("retried after: \(failure.message)")
                    if !(await pause(wait, &waits)) { return APNsExchange(request: request, result: .failed(failure), attempts: attempts, waits: waits, notes: notes) }
                    retries += 1
                    continue
                case .stop(let note):
                    if let note { notes.append(note) }
                    return APNsExchange(request: request, result: .failed(failure), attempts: attempts, waits: waits, notes: notes)
                }
            }
            if answer.status == 403, answer.reason == "ExpiredProviderToken", !replacedToken {
                replacedToken = true
                if let fresh = try? await tokens.replacement(for: token) {
                    notes.append("APNs called the provider token (issued \(Int(token.age(at: time.now()) / 60)) min ago) expired; sent again with a new one")
                    token = fresh
                    continue
                }
                notes.append("the provider token was issued \(Int(token.age(at: time.now()) / 60)) min ago, too recently to replace: check this machine's clock")
            }
            switch retry.decide(answer, retries: retries, now: time.now()) {
            case .retry(let wait):
                notes.append("retried after \(answer.status)\(answer.reason.map { " " + $0 } ?? "")")
                if !(await pause(wait, &waits)) { return APNsExchange(request: request, result: .answered(answer), attempts: attempts, waits: waits, notes: notes) }
                retries += 1
            case .stop(let note):
                if let note { notes.append(note) }
                return APNsExchange(request: request, result: .answered(answer), attempts: attempts, waits: waits, notes: notes)
            }
        }
    }

    /// Sends `requests` over one connection: the first alone (APNs allows one stream on a new connection until a
    /// valid provider token arrived), then at most `concurrency` at a time. When APNs refuses the credentials,
    /// the requests not yet sent are not sent.
    /// - Returns: One exchange per request, in the order given.
    public func sendAll(_ requests: [HTTPRequest], concurrency: Int) async -> [APNsExchange] {
        guard let first = requests.first else { return [] }
        var results = [APNsExchange?](repeating: nil, count: requests.count)
        results[0] = await send(first)
        var stop = Self.stopReason(results[0]!)
        var next = 1
        if stop == nil {
            await withTaskGroup(of: (Int, APNsExchange).self) { group in
                func start(_ index: Int) { group.addTask { (index, await send(requests[index])) } }
                while next < requests.count && next <= max(1, concurrency) {
                    start(next)
                    next += 1
                }
                while let (index, exchange) = await group.next() {
                    results[index] = exchange
                    if stop == nil { stop = Self.stopReason(exchange) }
                    if stop == nil && next < requests.count {
                        start(next)
                        next += 1
                    }
                }
            }
        }
        for index in requests.indices where results[index] == nil {
            results[index] = APNsExchange(request: requests[index], result: .notSent(stop ?? "not sent"), attempts: 0, waits: [], notes: [])
        }
        return results.map { $0! }
    }

    /// Answers after which every other request with these credentials fails too.
    static func stopReason(_ exchange: APNsExchange) -> String? {
        guard let answer = exchange.answer, let reason = answer.reason else { return nil }
        let credentials: Set<String> = ["InvalidProviderToken", "MissingProviderToken", "ExpiredProviderToken", "Forbidden",
                                        "BadCertificate", "BadCertificateEnvironment", "TooManyProviderTokenUpdates", "TopicMismatch"]
        guard credentials.contains(reason) else { return nil }
        return "not sent: APNs refused the credentials (\(answer.status) \(reason))"
    }

    /// Waits, and records the wait; false when the task was cancelled.
    private func pause(_ seconds: TimeInterval, _ waits: inout [TimeInterval]) async -> Bool {
        waits.append(seconds)
        do { try await time.sleep(seconds) } catch { return false }
        return true
    }
}
