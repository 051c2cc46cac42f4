import Foundation
import GlancePayload

/// A `Date` in `content-state` holds a Unix time; `Date` decodes seconds since 2001.
public struct PayloadDateEncoding: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_date_encoding",
        name: "Unix time in a Date field",
        group: .payloads,
        defaultSeverity: .error,
        summary: """
            A `Date` property of `ContentState` (or of the attributes) holds a number that is plainly a Unix time, \
            in seconds or milliseconds: decoded as seconds since 2001 it lands decades ahead.
            """,
        rationale: """
            ActivityKit decodes with `.deferredToDate`, so a `Date` is a number of seconds since \
            2001-01-01T00:00:00Z, not since 1970. A server that sends a Unix time shows a countdown to a moment \
            31 years away. Subtract 978307200 from Unix seconds.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            Apple, JSONDecoder.dateDecodingStrategy <https://developer.apple.com/documentation/foundation/jsondecoder/datedecodingstrategy-swift.property>; \
            swift-foundation, Date's Codable conformance (Date.swift) <https://github.com/swiftlang/swift-foundation/blob/main/Sources/FoundationEssentials/Date.swift>
            """,
        premise: Premise("""
            ActivityKit decodes `content-state` with the default strategies, under which a Date is a number of \
            seconds since 1 January 2001; a Unix time sent for a Date lands about 31 years ahead, so the activity \
            shows wrong times and countdowns.
            """, .documented),
        triggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": "onTheWay", "eta": ↓1795948200}}}
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": "onTheWay", "eta": ↓1795948200000}}}
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """),
        ])

    /// A Unix reading within this many seconds (5 years) of the push's time is taken as what was meant.
    static let window: Double = 5 * 365 * 86_400

    public init() {}

    public func validate(_ context: PayloadContext) {
        guard let type = context.activityType, let aps = context.aps else { return }
        // The push's own time (seconds, or milliseconds by mistake), else the time of the check.
        let timestamp = context.push.number("timestamp").map { $0 > PayloadTimeInMilliseconds.threshold ? $0 / 1000 : $0 }
        let reference = timestamp.flatMap { $0 > 1e9 ? $0 : nil } ?? context.now.timeIntervalSince1970
        var leaves: [DecodedLeaf] = []
        if let state = aps["content-state"] {
            leaves += ShapeDecoder.check(state, as: type.contentState, at: PayloadContext.apsPath.appending("content-state"), swiftPath: "\(type.name).ContentState").leaves
        }
        if context.event == "start", let attributes = aps["attributes"] {
            leaves += ShapeDecoder.check(attributes, as: type.attributes, at: PayloadContext.apsPath.appending("attributes"), swiftPath: type.name).leaves
        }
        for leaf in leaves {
            guard case .date = leaf.shape, let value = leaf.value.number?.double else { continue }
            let decoded = iso8601(Date(timeIntervalSinceReferenceDate: value))
            if abs(value - reference) <= Self.window {
                let fixed = value - secondsFrom1970To2001
                context.report(leaf.path, "is \(JSONNumber(value).text), a Unix time (\(iso8601(Date(timeIntervalSince1970: value)))); \(leaf.swiftPath) is a Date, decoded as seconds since 2001, so the app sees \(decoded). Send \(JSONNumber(fixed).text)")
            } else if abs(value / 1000 - reference) <= Self.window {
                let fixed = (value / 1000).rounded(.down) - secondsFrom1970To2001
                context.report(leaf.path, "is \(JSONNumber(value).text), a Unix time in milliseconds (\(iso8601(Date(timeIntervalSince1970: value / 1000)))); \(leaf.swiftPath) is a Date, decoded as seconds since 2001, so the app sees \(decoded). Send \(JSONNumber(fixed).text)")
            }
        }
    }
}
