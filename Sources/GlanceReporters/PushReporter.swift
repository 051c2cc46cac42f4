import Foundation
import GlancePush

/// Prints what `glance push` sent and what APNs answered.
public enum PushReporter {
    /// One line per push (`TARGET: STATUS REASON, apns-id …: explanation`), a line of retries and notes under
    /// it when there were any; with `summary`, the counts and the tokens to drop.
    public static func text(_ exchanges: [APNsExchange], api: APNsAPI, summary: Bool) -> String {
        var lines: [String] = []
        for exchange in exchanges {
            lines.append(line(exchange, api: api))
            var details: [String] = []
            if exchange.attempts > 1 {
                let waits = exchange.waits.map(seconds).joined(separator: ", ")
                details.append("\(exchange.attempts) attempts" + (waits.isEmpty ? "" : " (waited \(waits))"))
            }
            details += collapsed(exchange.notes)
            if !details.isEmpty { lines.append("  " + details.joined(separator: "; ")) }
        }
        if summary {
            let counts = Summary(exchanges)
            var parts = ["\(counts.accepted) accepted"]
            if counts.refused > 0 {
                let reasons = counts.refusedByReason.map { "\($0.key) \($0.value)" }.sorted().joined(separator: ", ")
                parts.append("\(counts.refused) refused (\(reasons))")
            }
            if counts.failed > 0 { parts.append("\(counts.failed) failed (no answer)") }
            if counts.notSent > 0 { parts.append("\(counts.notSent) not sent") }
            lines.append("\(exchanges.count) pushes: " + parts.joined(separator: ", "))
            if !counts.tokensToDrop.isEmpty {
                lines.append("drop these tokens (\(APNsReason.tokensToDrop.sorted().joined(separator: ", "))):")
                lines += counts.tokensToDrop
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// One JSON object per push, one per line: `token` or `channel`, `status`, `reason`, `apnsId` (device) or
    /// `apnsRequestId` (broadcast), `apnsUniqueId`, `explanation`, `attempts`, `waits` (seconds), `notes`,
    /// `dropToken`, `invalidSince` (a 410's timestamp, ISO 8601), and `error` when no answer came. Keys sorted;
    /// absent values are `null`.
    public static func json(_ exchanges: [APNsExchange], api: APNsAPI) -> String {
        exchanges.map { exchange -> String in
            let answer = exchange.answer
            var object: [String: Any] = [
                "status": answer.map { $0.status as Any } ?? NSNull(),
                "reason": answer?.reason ?? NSNull(),
                "apnsUniqueId": answer?.uniqueID ?? NSNull(),
                "explanation": answer.map { $0.explanation(for: api) as Any } ?? NSNull(),
                "attempts": exchange.attempts,
                "waits": exchange.waits,
                "notes": exchange.notes,
                "dropToken": answer?.knownReason?.dropsToken ?? false,
                "error": error(of: exchange) ?? NSNull(),
                "invalidSince": answer?.timestamp.map { iso8601($0) as Any } ?? NSNull(),
            ]
            switch target(of: exchange) {
            case .token(let token):
                object["token"] = token
                object["apnsId"] = answer?.requestID ?? NSNull()
            case .channel(let channel):
                object["channel"] = channel
                object["apnsRequestId"] = answer?.requestID ?? NSNull()
            }
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            return String(decoding: data, as: UTF8.self) + "\n"
        }.joined()
    }

    /// A request as `--dry-run` prints it: the method and URL, the headers (`authorization` as given, already
    /// redacted), a blank line and the body.
    public static func request(_ request: HTTPRequest, authorization: String?) -> String {
        var text = "\(request.method) \(request.url.absoluteString)\n"
        for header in request.headers { text += "\(header.name): \(header.value)\n" }
        if let authorization { text += "authorization: \(authorization)\n" }
        if let body = request.body, !body.isEmpty {
            let bodyText = String(decoding: body, as: UTF8.self)
            text += "\n" + bodyText + (bodyText.hasSuffix("\n") ? "" : "\n")
        }
        return text
    }

    /// Counts for the summary.
    public struct Summary: Sendable {
        public var accepted = 0, refused = 0, failed = 0, notSent = 0
        public var refusedByReason: [String: Int] = [:]
        /// Tokens APNs called `Unregistered`, `BadDeviceToken` or `ExpiredToken`, in the order sent.
        public var tokensToDrop: [String] = []

        public init(_ exchanges: [APNsExchange]) {
            for exchange in exchanges {
                switch exchange.result {
                case .answered(let answer) where answer.isSuccess: accepted += 1
                case .answered(let answer):
                    refused += 1
                    refusedByReason[answer.reason ?? "HTTP \(answer.status)", default: 0] += 1
                    if answer.knownReason?.dropsToken == true, case .token(let token) = target(of: exchange) { tokensToDrop.append(token) }
                case .failed: failed += 1
                case .notSent: notSent += 1
                }
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

    private static func line(_ exchange: APNsExchange, api: APNsAPI) -> String {
        let name: String
        switch target(of: exchange) {
        case .token(let token): name = token
        case .channel(let channel): name = "channel " + channel
        }
        switch exchange.result {
        case .answered(let answer):
            return "\(name): " + describe(answer, api: api)
        case .failed(let failure):
            return "\(name): not sent: \(failure.message)"
        case .notSent(let why):
            return "\(name): \(why.hasPrefix("not sent") ? why : "not sent: " + why)"
        }
    }

    /// Repeated notes once, with how often: "retried after 429 TooManyRequests (3 times)".
    static func collapsed(_ notes: [String]) -> [String] {
        var result: [(note: String, count: Int)] = []
        for note in notes {
            if let index = result.firstIndex(where: { $0.note == note }) { result[index].count += 1 } else { result.append((note, 1)) }
        }
        return result.map { $0.count == 1 ? $0.note : "\($0.note) (\($0.count) times)" }
    }

    /// `STATUS REASON, apns-id ID, apns-unique-id ID`, and for a refusal `: ` and the explanation.
    public static func describe(_ answer: APNsAnswer, api: APNsAPI) -> String {
        var text = "\(answer.status) \(answer.reason ?? statusText(answer.status))"
        if let identifier = answer.requestID { text += ", \(api == .device ? "apns-id" : "apns-request-id") \(identifier)" }
        if let unique = answer.uniqueID { text += ", apns-unique-id \(unique)" }
        if let timestamp = answer.timestamp, answer.status == 410 { text += ", invalid since \(iso8601(timestamp))" }
        if !answer.isSuccess { text += ": " + answer.explanation(for: api) }
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
            return json ? line(["channel": created, "storage": storage.rawValue, "apnsRequestId": answer.requestID ?? NSNull()]) : created + "\n"
        case "list":
            guard let object = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any], let channels = object["channels"] as? [String] else {
                return nil
            }
            return json ? line(["channels": channels]) : channels.map { $0 + "\n" }.joined()
        case "read":
            guard var object = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any], let channel else { return nil }
            if json {
                object["channel"] = channel
                return line(object)
            }
            let code = (object["message-storage-policy"] as? NSNumber)?.intValue
            let policy = code.flatMap(APNsRequests.StoragePolicy.init(code:)).map { "\($0.rawValue) (message-storage-policy \(code!))" }
                ?? "message-storage-policy \(object["message-storage-policy"].map { "\($0)" } ?? "missing")"
            return "\(channel): \(policy), push-type \(object["push-type"] as? String ?? "missing")\n"
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
