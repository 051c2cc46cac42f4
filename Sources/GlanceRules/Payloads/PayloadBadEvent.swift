import GlancePayload

/// `aps.event` is not `start`, `update` or `end`.
public struct PayloadBadEvent: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_bad_event",
        name: "Unknown event",
        group: .payloads,
        defaultSeverity: .error,
        summary: "`event` is not `start`, `update` or `end` (the values are lowercase).",
        rationale: """
            ActivityKit knows three events: `start` (push-to-start), `update` and `end`. Any other value, \
            including `Update` or `stop`, is a push the device ignores.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            Apple, Generating a remote notification <https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification>; \
            report <https://github.com/kylebrowning/APNSwift/pull/228>
            """,
        premise: Premise("""
            ActivityKit knows the events `start`, `update` and `end`; a push with any other `event` does not change \
            the activity.
            """, .documented),
        triggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": ↓"Update",
                         "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": ↓"stop"}}
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "end", "content-state": {"stage": "delivered", "eta": 817641000}}}
                """),
        ])

    static let events = ["start", "update", "end"]

    public init() {}

    public func validate(_ context: PayloadContext) {
        guard let text = context.event, !Self.events.contains(text) else { return }
        let hint = Self.events.first { $0 == text.lowercased() }.map { "; did you mean \"\($0)\"?" } ?? ""
        context.report(PayloadContext.apsPath.appending("event"), "is \"\(text)\"; ActivityKit knows only \"start\", \"update\" and \"end\"\(hint)")
    }
}
