import Foundation
import GlanceInput
import GlancePush

/// Prints what `glance push` sent and what APNs answered. Text that came from the server (reasons, ids, an
/// error page) is escaped and cut, so each push stays one line.
public enum PushReporter {
    /// One line per push (`TARGET: STATUS REASON, apns-id …: explanation`), a line of retries and notes under
    /// it when there were any; with `summary`, the counts and the tokens to drop.
    public static func text(_ exchanges: [APNsExchange], api: APNsAPI, summary: Bool) -> String {
        exchanges.map { text($0, api: api) }.joined() + (summary ? self.summary(exchanges) : "")
    }

    /// The line of one push, and the line of its retries and notes when there were any (each ending in a newline).
    public static func text(_ exchange: APNsExchange, api: APNsAPI) -> String {
        var lines = [line(exchange, api: api)]
        var details: [String] = []
        if exchange.attempts > 1 {
            let waits = exchange.waits.map(seconds).joined(separator: ", ")
            details.append("\(exchange.attempts) attempts" + (waits.isEmpty ? "" : " (waited \(waits))"))
        }
        details += collapsed(exchange.notes).map { Shown.escaped($0) }
        if !details.isEmpty { lines.append("  " + details.joined(separator: "; ")) }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The counts (`7 pushes: 4 accepted, 3 refused (…), 1 no answer (may have arrived), 2 not sent`) and the
    /// tokens to drop, one per line.
    public static func summary(_ exchanges: [APNsExchange]) -> String { summary(Summary(exchanges)) }

    /// The counts and the tokens to drop, from counts made as the results came.
    public static func summary(_ counts: Summary) -> String {
        var parts = ["\(counts.accepted) accepted"]
        if counts.refused > 0 {
            let reasons = counts.refusedByReason.map { "\($0.key) \($0.value)" }.sorted().joined(separator: ", ")
            parts.append("\(counts.refused) refused (\(reasons))")
        }
        if counts.unanswered > 0 { parts.append("\(counts.unanswered) no answer (may have arrived)") }
        if counts.notSent > 0 { parts.append("\(counts.notSent) not sent") }
        var lines = ["\(counts.pushes) \(counts.pushes == 1 ? "push" : "pushes"): " + parts.joined(separator: ", ")]
        if !counts.tokensToDrop.isEmpty {
            lines.append("drop these tokens (\(APNsReason.tokensToDrop.sorted().joined(separator: ", "))):")
            lines += counts.tokensToDrop
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The last line of `--reporter json`: `{"summary": {"pushes", "accepted", "refused", "refusedByReason" (reason →
    /// count), "noAnswer", "notSent", "dropTokens" (tokens, in the order sent), "connections" (opened)}}`.
    public static func jsonSummary(_ counts: Summary, connections: Int) -> String {
        let summary: [String: Any] = [
            "pushes": counts.pushes, "accepted": counts.accepted, "refused": counts.refused, "refusedByReason": counts.refusedByReason,
            "noAnswer": counts.unanswered, "notSent": counts.notSent, "dropTokens": counts.tokensToDrop, "connections": connections,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: ["summary": summary], options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// One JSON object per push, one per line: `token` or `channel`, `result` (`accepted`, `refused`, `noAnswer`
    /// — the request may have arrived —, `notSent`), `status`, `reason`, `apnsId` (device) or `apnsRequestId`
    /// (broadcast), `apnsUniqueId`, `explanation`, `attempts`, `waits` (seconds), `notes`, `dropToken`,
    /// `invalidSince` (a 410's timestamp, ISO 8601), and `error` when no answer came. Keys sorted; absent
    /// values are `null`.
    public static func json(_ exchanges: [APNsExchange], api: APNsAPI) -> String {
        exchanges.map { json($0, api: api) }.joined()
    }

    /// The JSON line of one push.
    public static func json(_ exchange: APNsExchange, api: APNsAPI) -> String {
        let answer = exchange.answer
        var line = JSONLine(result: result(of: exchange), status: answer?.status, reason: answer?.reason, apnsUniqueId: answer?.uniqueID,
                            explanation: answer?.explanation(for: api), attempts: exchange.attempts, waits: exchange.waits,
                            notes: exchange.notes, dropToken: answer?.knownReason?.dropsToken ?? false, error: error(of: exchange),
                            invalidSince: answer?.timestamp.map(iso8601))
        switch target(of: exchange) {
        case .token(let token): line.target = ("token", "apnsId", token)
        case .channel(let channel): line.target = ("channel", "apnsRequestId", channel)
        }
        line.requestID = answer?.requestID
        return String(decoding: (try? lineEncoder.encode(line)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// JSONEncoder, not JSONSerialization: a batch of 50,000 pushes writes 50,000 lines, and JSONSerialization's
    /// dictionaries cost a quarter of a millisecond each on Linux.
    private static let lineEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// One push's JSON object: every key present, `null` where there is no value.
    private struct JSONLine: Encodable {
        let result: String
        let status: Int?
        let reason: String?
        let apnsUniqueId: String?
        let explanation: String?
        let attempts: Int
        let waits: [TimeInterval]
        let notes: [String]
        let dropToken: Bool
        let error: String?
        let invalidSince: String?
        /// The key of the target (`token` or `channel`), of its request id (`apnsId` or `apnsRequestId`), the target.
        var target: (key: String, idKey: String, value: String) = ("token", "apnsId", "")
        var requestID: String?

        struct Key: CodingKey {
            let stringValue: String
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            func put<T: Encodable>(_ value: T?, _ name: String) throws {
                if let value { try container.encode(value, forKey: Key(name)) } else { try container.encodeNil(forKey: Key(name)) }
            }
            try put(result, "result")
            try put(status, "status")
            try put(reason, "reason")
            try put(apnsUniqueId, "apnsUniqueId")
            try put(explanation, "explanation")
            try put(attempts, "attempts")
            try put(waits, "waits")
            try put(notes, "notes")
            try put(dropToken, "dropToken")
            try put(error, "error")
            try put(invalidSince, "invalidSince")
            try put(target.value, target.key)
            try put(requestID, target.idKey)
        }
    }

    /// `accepted`, `refused`, `noAnswer` or `notSent`.
    public static func result(of exchange: APNsExchange) -> String {
        switch exchange.result {
        case .answered(let answer): return answer.isSuccess ? "accepted" : "refused"
        case .failed(let failure): return failure.mayHaveArrived ? "noAnswer" : "notSent"
        case .notSent: return "notSent"
        }
    }

    /// A request as `--dry-run` prints it: the method and URL, the headers (`authorization` as given, already
    /// redacted), a blank line and the body (control characters other than newlines and tabs escaped).
    public static func request(_ request: HTTPRequest, authorization: String?) -> String {
        var text = "\(request.method) \(request.url.absoluteString)\n"
        for header in request.headers { text += "\(header.name): \(Shown.escaped(header.value))\n" }
        if let authorization { text += "authorization: \(authorization)\n" }
        if let body = request.body, !body.isEmpty {
            let bodyText = Shown.escaped(String(decoding: body, as: UTF8.self), keeping: ["\n", "\t"])
            text += "\n" + bodyText + (bodyText.hasSuffix("\n") ? "" : "\n")
        }
        return text
    }

    /// A request as `--dry-run --reporter json` (`glance channels --dry-run --format json`) prints it: one object
    /// on one line, `{"method", "url", "headers": {name: value} (with `authorization` as given, already redacted,
    /// or without it), "body": the body's text as sent, or null}`. Keys sorted.
    public static func requestJSON(_ request: HTTPRequest, authorization: String?) -> String {
        var headers = Dictionary(request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        if let authorization { headers["authorization"] = authorization }
        let line = RequestLine(method: request.method, url: request.url.absoluteString, headers: headers,
                               body: request.body.map { String(decoding: $0, as: UTF8.self) })
        return String(decoding: (try? lineEncoder.encode(line)) ?? Data(), as: UTF8.self) + "\n"
    }

    private struct RequestLine: Encodable {
        let method: String
        let url: String
        let headers: [String: String]
        let body: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(method, forKey: .method)
            try container.encode(url, forKey: .url)
            try container.encode(headers, forKey: .headers)
            try container.encode(body, forKey: .body)
        }

        enum CodingKeys: String, CodingKey { case method, url, headers, body }
    }

    /// Counts for the summary.
    public struct Summary: Sendable {
        public var pushes = 0, accepted = 0, refused = 0, unanswered = 0, notSent = 0
        public var refusedByReason: [String: Int] = [:]
        /// Tokens APNs called `Unregistered`, `BadDeviceToken` or `ExpiredToken`, in the order sent.
        public var tokensToDrop: [String] = []

        public init() {}

        public init(_ exchanges: [APNsExchange]) {
            for exchange in exchanges { add(exchange) }
        }

        /// Counts one more push (in the order sent, for the tokens to drop).
        public mutating func add(_ exchange: APNsExchange) {
            pushes += 1
            switch exchange.result {
            case .answered(let answer) where answer.isSuccess: accepted += 1
            case .answered(let answer):
                refused += 1
                refusedByReason[answer.reason.map { Shown.escaped($0, limit: 60) } ?? "HTTP \(answer.status)", default: 0] += 1
                if answer.knownReason?.dropsToken == true, case .token(let token) = target(of: exchange) { tokensToDrop.append(token) }
            case .failed(let failure) where failure.mayHaveArrived: unanswered += 1
            case .failed, .notSent: notSent += 1
            }
        }
    }

    enum Target {
        case token(String)
        case channel(String)
    }

    static func target(of exchange: APNsExchange) -> Target {
        if let channel = exchange.request.header("apns-channel-id") { return .channel(channel) }
        return .token(exchange.request.url.lastPathComponent)
    }

    /// One push's line: the answer, `no answer — may have arrived: …` or `not sent: …`.
    public static func line(_ exchange: APNsExchange, api: APNsAPI) -> String {
        let name: String
        switch target(of: exchange) {
        case .token(let token): name = token
        case .channel(let channel): name = "channel " + channel
        }
        switch exchange.result {
        case .answered(let answer):
            return "\(name): " + describe(answer, api: api)
        case .failed(let failure) where failure.mayHaveArrived:
            return "\(name): no answer — may have arrived: \(Shown.escaped(failure.message))"
        case .failed(let failure):
            return "\(name): not sent: \(Shown.escaped(failure.message))"
        case .notSent(let why):
            return "\(name): not sent: \(Shown.escaped(why))"
        }
    }

    /// Repeated notes once, with how often: "retried after 429 TooManyRequests (3 times)".
    public static func collapsed(_ notes: [String]) -> [String] {
        var result: [(note: String, count: Int)] = []
        for note in notes {
            if let index = result.firstIndex(where: { $0.note == note }) { result[index].count += 1 } else { result.append((note, 1)) }
        }
        return result.map { $0.count == 1 ? $0.note : "\($0.note) (\($0.count) times)" }
    }

    /// `STATUS REASON, apns-id ID, apns-unique-id ID`, and for a refusal `: ` and the explanation; an answer
    /// whose body is not APNs' JSON (a proxy's error page) is summarized, not printed.
    public static func describe(_ answer: APNsAnswer, api: APNsAPI) -> String {
        var text = "\(answer.status) \(answer.reason.map { Shown.escaped($0, limit: 100) } ?? statusText(answer.status))"
        if let identifier = answer.requestID { text += ", \(api == .device ? "apns-id" : "apns-request-id") \(Shown.escaped(identifier, limit: 100))" }
        if let unique = answer.uniqueID { text += ", apns-unique-id \(Shown.escaped(unique, limit: 100))" }
        if let timestamp = answer.timestamp, answer.status == 410 { text += ", invalid since \(iso8601(timestamp))" }
        if !answer.isSuccess {
            text += ": " + answer.explanation(for: api)
            if let foreign = answer.foreignBody { text += " The answer was not APNs' JSON (\(foreign)): is --host an APNs server?" }
        }
        return text
    }

    private static func error(of exchange: APNsExchange) -> String? {
        switch exchange.result {
        case .answered: return nil
        case .failed(let failure): return failure.message
        case .notSent(let why): return why
        }
    }

    /// The reason phrase for a status APNs sent without a reason.
    static func statusText(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 410: return "Gone"
        case 413: return "Payload Too Large"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "HTTP \(status)"
        }
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    private static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

/// What `glance channels` prints when APNs agreed.
public enum ChannelsReporter {
    /// - create: the new channel id (JSON: `channel`, `storage`, `apnsRequestId`);
    /// - list: one channel id per line (JSON: `{"channels": [...]}`);
    /// - read: `ID: POLICY (message-storage-policy N), push-type TYPE` (JSON: APNs' object plus `channel`);
    /// - delete: `deleted ID` (JSON: `channel`, `deleted`).
    /// - Returns: nil when the answer lacks what the subcommand needs (no `apns-channel-id`, a body that is not
    ///   the expected JSON).
    public static func render(_ subcommand: String, answer: APNsAnswer, channel: String?, storage: APNsRequests.StoragePolicy, json: Bool) -> String? {
        switch subcommand {
        case "create":
            guard let created = answer.channelID else { return nil }
            return json ? line(["channel": created, "storage": storage.rawValue, "apnsRequestId": answer.requestID ?? NSNull()])
                        : Shown.escaped(created, limit: 200) + "\n"
        case "list":
            guard let object = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any], let channels = object["channels"] as? [String] else {
                return nil
            }
            return json ? line(["channels": channels]) : channels.map { Shown.escaped($0, limit: 200) + "\n" }.joined()
        case "read":
            guard var object = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any], let channel else { return nil }
            if json {
                object["channel"] = channel
                return line(object)
            }
            let code = (object["message-storage-policy"] as? NSNumber)?.intValue
            let policy = code.flatMap(APNsRequests.StoragePolicy.init(code:)).map { "\($0.rawValue) (message-storage-policy \(code!))" }
                ?? "message-storage-policy \(object["message-storage-policy"].map { Shown.escaped("\($0)", limit: 40) } ?? "missing")"
            return "\(channel): \(policy), push-type \((object["push-type"] as? String).map { Shown.escaped($0, limit: 40) } ?? "missing")\n"
        default:
            guard let channel else { return nil }
            return json ? line(["channel": channel, "deleted": true]) : "deleted \(channel)\n"
        }
    }

    private static func line(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
