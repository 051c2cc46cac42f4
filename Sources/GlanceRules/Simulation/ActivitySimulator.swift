import Foundation
import GlancePayload

/// What happened to a Live Activity over a sequence of pushes, in time order.
public struct ActivityTimeline: Sendable {
    public enum Event: String, Sendable {
        case started, assumedStarted = "assumed-started", updated, dropped, rejected, alert, stale, ended, dismissed, note
    }

    public struct Entry: Sendable {
        public let time: Date
        /// The push (file, or file:line for JSON Lines) that caused it; nil for events of the clock.
        public let source: String?
        public let event: Event
        public let detail: String
        /// The facts the step rests on (the project's internal ids; reporters show `sources` instead).
        let facts: [String]
        /// True when a fact it rests on is marked [UNCERTAIN].
        public let uncertain: Bool
        /// A push applied with a date the app shows wrong (`payload_date_encoding`).
        let wrongDate: Bool

        /// Whether the step is one of the mistakes `payload simulate` exits 1 for: a push refused by APNs, dropped
        /// by the device (certainly or perhaps), or applied with a date the app shows wrong.
        public var isProblem: Bool { event == .dropped || event == .rejected || wrongDate }

        /// Apple's documentation pages the step rests on, as URLs a user can open.
        public var sources: [String] {
            var pages: [String] = []
            for fact in facts {
                let page: String
                switch fact.split(separator: "-").first {
                case "LA"?: page = "https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities"
                case "PAY"?: page = "https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications"
                case "APNS"?: page = "https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns"
                case "DEC"?: page = "https://developer.apple.com/documentation/foundation/jsondecoder"
                default: continue
                }
                if !pages.contains(page) { pages.append(page) }
            }
            return pages
        }
    }

    /// The `ActivityAttributes` type, when known.
    public var activity: String?
    public var entries: [Entry] = []
    public var start: Date? { entries.first?.time }
}

/// A push in a simulated sequence, with its arrival time.
public struct SimulatedPush: Sendable {
    public let push: Push
    /// When the device receives it; nil means at its `timestamp` (or with the previous push).
    public let arrival: Date?
    public let source: String

    public init(push: Push, arrival: Date?, source: String) {
        self.push = push
        self.arrival = arrival
        self.source = source
    }
}

/// Replays pushes through ActivityKit's documented rules (facts LA-01, LA-02, PAY-02…PAY-10, APNS-04, DEC-06):
/// which are refused by APNs, dropped by the device or applied; when the activity turns stale, ends
/// (by push or by the 8-hour limit) and leaves the Lock Screen (dismissal date, 4 hours by default, 12 hours
/// after the start at most). Rules whose facts are `[UNCERTAIN]` mark their steps as uncertain.
public struct ActivitySimulator: Sendable {
    public let checker: PayloadChecker
    public let catalog: ActivityTypeCatalog?
    public let attributes: String?

    public init(checker: PayloadChecker = PayloadChecker(), catalog: ActivityTypeCatalog?, attributes: String?) {
        self.checker = checker
        self.catalog = catalog
        self.attributes = attributes
    }

    static let activeLimit: TimeInterval = 8 * 3600
    static let lockScreenLimit: TimeInterval = 4 * 3600
    /// Rules whose failures APNs itself answers with an error status.
    static let refusedByAPNs: [String: String] = ["payload_too_large": "413 PayloadTooLarge", "payload_bad_headers": "400"]
    /// Rules whose failures make the device drop the push: it does not decode, or is not an event it knows.
    /// Other errors (a Unix time in a Date, times in milliseconds) are applied, with their consequence.
    static let droppedByDevice: Set<String> = ["payload_invalid_json", "payload_missing_field", "payload_bad_event",
                                               "payload_content_state_mismatch", "payload_attributes_mismatch", "payload_alert_shape"]

    private struct State {
        var startedAt: Date?
        var endedAt: Date?
        var staleAt: Date?
        var staleReported = false
        var dismissAt: Date?
        var dismissed = false
        var lastTimestamp: Double?
    }

    public func run(_ pushes: [SimulatedPush]) -> ActivityTimeline {
        var timeline = ActivityTimeline()
        var state = State()
        // A push without a usable timestamp arrives with the one before it, or with the first that has one.
        var clock: Date? = pushes.lazy.compactMap { $0.arrival ?? $0.push.number("timestamp").map { Date(timeIntervalSince1970: $0 > 1e11 ? $0 / 1000 : $0) } }.first
        func add(_ time: Date, _ source: String?, _ event: ActivityTimeline.Event, _ detail: String, _ facts: [String], uncertain: Bool = false,
                 wrongDate: Bool = false) {
            timeline.entries.append(.init(time: time, source: source, event: event, detail: detail, facts: facts, uncertain: uncertain, wrongDate: wrongDate))
        }
        // With arrival times for all (JSON Lines), pushes arrive in that order; otherwise in the order given,
        // each at its timestamp but never before the previous one.
        let ordered = pushes.allSatisfy { $0.arrival != nil }
            ? pushes.enumerated().sorted { ($0.element.arrival!, $0.offset) < ($1.element.arrival!, $1.offset) }.map(\.element)
            : pushes
        for item in ordered {
            let push = item.push
            let timestamp = push.number("timestamp")
            var arrival = item.arrival ?? timestamp.map { Date(timeIntervalSince1970: $0 > 1e11 ? $0 / 1000 : $0) } ?? clock ?? Date(timeIntervalSince1970: 0)
            if let clock, arrival < clock { arrival = clock }
            advance(to: arrival, state: &state, add: { add($0, $1, $2, $3, $4, uncertain: $5) })
            clock = arrival
            let result = checker.check(push, catalog: catalog, attributes: attributes, now: arrival)
            if timeline.activity == nil, let type = ActivitySimulatorTypeName.of(push, catalog: catalog, requested: attributes) { timeline.activity = type }
            let errors = result.violations.filter { $0.severity == .error }
            if let refused = errors.first(where: { Self.refusedByAPNs[$0.rule] != nil }) {
                add(arrival, item.source, .rejected, "refused by APNs with \(Self.refusedByAPNs[refused.rule]!): \(refused.message)", ["APNS-04", "APNS-51"])
                continue
            }
            if let error = errors.first(where: { Self.droppedByDevice.contains($0.rule) }) {
                add(arrival, item.source, .dropped, "APNs accepts it and the device drops it: \(error.message) [\(error.rule)]", ["APNS-53", "DEC-06"], uncertain: true)
                continue
            }
            let wrongDates = errors.filter { $0.rule == "payload_date_encoding" }
            let event = push.event ?? ""
            if state.endedAt != nil || state.dismissed {
                add(arrival, item.source, .dropped, "arrives after the activity ended; ActivityKit ignores it", ["PAY-04"])
                continue
            }
            if event != "start", let timestamp, let last = state.lastTimestamp, timestamp <= last {
                if event == "end" {
                    add(arrival, item.source, .note, "its timestamp is not newer than the last applied update; reports say an end still applies", ["PAY-03"], uncertain: true)
                } else if timestamp < last {
                    add(arrival, item.source, .dropped, "timestamp \(iso8601(Date(timeIntervalSince1970: timestamp))) is older than the last applied update (\(iso8601(Date(timeIntervalSince1970: last)))); ActivityKit keeps the newer state", ["PAY-02"])
                    continue
                } else {
                    add(arrival, item.source, .dropped, "timestamp equals the last applied update's; ActivityKit may ignore it", ["PAY-02"], uncertain: true)
                    continue
                }
            }
            if let timestamp, timestamp - arrival.timeIntervalSince1970 > Self.activeLimit {
                add(arrival, item.source, .dropped, "timestamp is more than 8 hours ahead of its arrival; reports say such updates are dropped", ["PAY-03"], uncertain: true)
                continue
            }
            switch event {
            case "start":
                if state.startedAt != nil {
                    add(arrival, item.source, .note, "a push-to-start while an activity runs starts a second activity; this timeline follows the first", ["PAY-05"])
                    continue
                }
                state.startedAt = arrival
                add(arrival, item.source, .started, "started by push-to-start\(describeState(push))", ["PAY-05"])
            case "update", "end":
                if state.startedAt == nil {
                    state.startedAt = arrival
                    add(arrival, item.source, .assumedStarted, "no start push came first: assuming the app started the activity by now", ["LA-06"])
                }
                if event == "update" {
                    add(arrival, item.source, .updated, "update applied\(describeState(push))", ["PAY-04"])
                }
            default:
                continue
            }
            if let timestamp { state.lastTimestamp = max(state.lastTimestamp ?? timestamp, timestamp) }
            if let stale = push.number("stale-date") {
                state.staleAt = Date(timeIntervalSince1970: stale)
                state.staleReported = false
            } else if event == "update" {
                state.staleAt = nil
            }
            if event == "end" {
                state.endedAt = arrival
                let latest = arrival.addingTimeInterval(Self.lockScreenLimit)
                if let dismissal = push.number("dismissal-date").map({ Date(timeIntervalSince1970: $0) }) {
                    state.dismissAt = min(max(dismissal, arrival), latest)
                    let when = dismissal <= arrival ? "at once (dismissal-date is in the past)" : dismissal <= latest ? "at \(iso8601(dismissal)) (dismissal-date)" : "after 4 hours; dismissal-date \(iso8601(dismissal)) is later than that"
                    add(arrival, item.source, .ended, "ended\(describeState(push)); leaves the Lock Screen \(when)", ["PAY-04", "PAY-09", "LA-02"])
                } else {
                    state.dismissAt = latest
                    add(arrival, item.source, .ended, "ended\(describeState(push)); stays on the Lock Screen until the person removes it, at most 4 hours", ["PAY-04", "LA-02"])
                }
            }
            if let alert = push.aps?["alert"] { add(arrival, item.source, .alert, "alert shown: \(describe(alert: alert))", ["PAY-08"]) }
            for error in wrongDates {
                add(arrival, item.source, .note, "applied, but the app shows a wrong date: \(error.message) [\(error.rule)]", ["DEC-03"], wrongDate: true)
            }
        }
        advance(to: nil, state: &state, add: { add($0, $1, $2, $3, $4, uncertain: $5) })
        timeline.entries = timeline.entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return timeline
    }

    /// Emits what the clock does before `time` (or everything still to come, for nil): staleness, the 8-hour
    /// end, removal from the Lock Screen.
    private func advance(to time: Date?, state: inout State, add: (Date, String?, ActivityTimeline.Event, String, [String], Bool) -> Void) {
        let horizon = time ?? .distantFuture
        if let start = state.startedAt, state.endedAt == nil {
            let limit = start.addingTimeInterval(Self.activeLimit)
            if let stale = state.staleAt, !state.staleReported, stale <= horizon, stale < limit {
                state.staleReported = true
                add(stale, nil, .stale, "stale-date reached: the activity shows as stale (context.isStale) until an update arrives", ["PAY-10"], false)
            }
            if limit <= horizon {
                state.endedAt = limit
                state.dismissAt = start.addingTimeInterval(Self.activeLimit + Self.lockScreenLimit)
                add(limit, nil, .ended, "ended by the system: a Live Activity is active for at most 8 hours", ["LA-01"], false)
            }
        }
        if let dismiss = state.dismissAt, !state.dismissed, dismiss <= horizon {
            state.dismissed = true
            add(dismiss, nil, .dismissed, "removed from the Lock Screen", ["LA-01", "LA-02"], false)
        }
    }

    private func describeState(_ push: Push) -> String {
        guard let state = push.aps?["content-state"] else { return "" }
        let text = state.jsonText
        return "; content-state " + (text.count > 120 ? String(text.prefix(117)) + "…" : text)
    }

    private func describe(alert: JSONValue) -> String {
        if let text = alert.string { return JSONValue.quoted(text) }
        let fields = alert.object ?? [:]
        return ["title", "body"].compactMap { key in fields[key].map { ($0.string.map(JSONValue.quoted) ?? $0.jsonText) } }.joined(separator: " — ")
    }
}

enum ActivitySimulatorTypeName {
    static func of(_ push: Push, catalog: ActivityTypeCatalog?, requested: String?) -> String? {
        PayloadChecker.chooseType(for: push, catalog: catalog, requested: requested).0?.name ?? requested ?? push.aps?["attributes-type"]?.string
    }
}
