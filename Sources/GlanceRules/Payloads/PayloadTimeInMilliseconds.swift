import Foundation
import GlancePayload

/// `timestamp`, `stale-date` or `dismissal-date` is a number of milliseconds, not seconds.
public struct PayloadTimeInMilliseconds: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_time_in_milliseconds",
        name: "Time in milliseconds",
        group: .payloads,
        defaultSeverity: .error,
        summary: "`timestamp`, `stale-date` or `dismissal-date` is over 10^11, so it is milliseconds, not seconds since 1970.",
        rationale: """
            The `aps` times are seconds since 1970. A millisecond `timestamp` lies tens of thousands of years \
            ahead, so every later update looks older and is dropped; a millisecond `stale-date` or \
            `dismissal-date` never arrives. JavaScript's `Date.now()` is the usual cause.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            Apple, Generating a remote notification <https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification>
            """,
        premise: Premise("""
            Live Activity push times are seconds since 1970 and the system shows the most recent update by \
            `timestamp`; a millisecond timestamp lies far ahead, so later updates look older and are not shown, and \
            a millisecond `stale-date` or `dismissal-date` never arrives.
            """, .documented),
        triggeringExamples: [
            .payload("""
                {"aps": {"timestamp": ↓1795946400000, "event": "update",
                         "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "end", "dismissal-date": ↓1795947300000}}
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update", "stale-date": 1795948200,
                         "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """),
        ])

    static let keys = ["timestamp", "stale-date", "dismissal-date"]
    /// 10^11 seconds is the year 5138; 10^11 milliseconds is 1973.
    static let threshold: Double = 100_000_000_000

    public init() {}

    public func validate(_ context: PayloadContext) {
        for key in Self.keys {
            guard let value = context.push.number(key), value > Self.threshold else { continue }
            let seconds = (value / 1000).rounded(.down)
            context.report(PayloadContext.apsPath.appending(key),
                           "is \(JSONNumber(value).text), milliseconds; APNs wants seconds since 1970: send \(JSONNumber(seconds).text) (\(iso8601(Date(timeIntervalSince1970: seconds))))")
        }
    }
}
