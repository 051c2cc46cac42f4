import Foundation
import GlancePayload

/// `stale-date` is at or before the push's own `timestamp`.
public struct PayloadStaleBeforeTimestamp: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_stale_before_timestamp",
        name: "Stale before it is sent",
        group: .payloads,
        defaultSeverity: .warning,
        summary: "`stale-date` is at or before `timestamp`.",
        rationale: """
            When `stale-date` passes, the activity turns stale (`context.isStale`). A stale date at or before the \
            push's own time makes the update stale on arrival, usually from mixing up seconds and minutes or time zones.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            report: an activity created stale is never shown <https://github.com/nalu-development/nalu/pull/222>
            """,
        premise: Premise("""
            ActivityKit marks an activity stale when its `stale-date` passes; a `stale-date` at or before the push's \
            own `timestamp` makes the update stale on arrival, so views that show staleness present fresh data as \
            outdated.
            """, .documented),
        triggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update", "stale-date": ↓1795942800,
                         "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update", "stale-date": 1795948200,
                         "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """),
        ])

    public init() {}

    public func validate(_ context: PayloadContext) {
        let limit = PayloadTimeInMilliseconds.threshold
        guard let stale = context.push.number("stale-date"), let timestamp = context.push.number("timestamp"),
              stale < limit, timestamp < limit, stale <= timestamp else { return }
        context.report(PayloadContext.apsPath.appending("stale-date"),
                       "(\(iso8601(Date(timeIntervalSince1970: stale)))) is not after timestamp (\(iso8601(Date(timeIntervalSince1970: timestamp)))), so the update is stale when it arrives")
    }
}
