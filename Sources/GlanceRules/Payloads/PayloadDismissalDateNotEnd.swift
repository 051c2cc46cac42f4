import GlancePayload

/// `dismissal-date` on a `start` or `update` push, where ActivityKit ignores it.
public struct PayloadDismissalDateNotEnd: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_dismissal_date_not_end",
        name: "dismissal-date outside an end event",
        group: .payloads,
        defaultSeverity: .warning,
        summary: "`dismissal-date` is set on a `start` or `update` event, which ignores it.",
        rationale: """
            Only an `end` push sets when the ended activity leaves the Lock Screen. On `start` or `update` the \
            key has no effect, so an activity the sender expects to disappear stays. Send it with `event: end`.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            report: dismissal-date has no effect on start or update <https://github.com/kylebrowning/APNSwift/pull/228>
            """,
        premise: Premise("""
            Apple documents `dismissal-date` for pushes that end an activity; developers report that on `start` or \
            `update` it has no effect, so an activity the sender expects to disappear stays.
            """, .reported),
        triggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "start", ↓"dismissal-date": 1795950000,
                         "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-1001"},
                         "content-state": {"stage": "preparing", "eta": 817641000},
                         "alert": {"title": "Order A-1001", "body": "Preparing"}}}
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "end", "dismissal-date": 1795950000,
                         "content-state": {"stage": "delivered", "eta": 817641000}}}
                """),
        ])

    public init() {}

    public func validate(_ context: PayloadContext) {
        guard let event = context.event, event == "start" || event == "update", context.aps?["dismissal-date"] != nil else { return }
        context.report(PayloadContext.apsPath.appending("dismissal-date"),
                       "is ignored on \(event == "update" ? "an" : "a") \"\(event)\" event; only an \"end\" push sets when the activity is removed (developers report this; Apple does not document it)", atKey: true)
    }
}
