import GlancePayload

/// A key the event needs is missing from `aps`, or holds the wrong JSON type.
public struct PayloadMissingField: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_missing_field",
        name: "aps lacks a key its event needs",
        group: .payloads,
        defaultSeverity: .error,
        summary: """
            `timestamp` or `event` is missing; `content-state` is missing on `start` or `update`; `alert`, \
            `attributes-type` or `attributes` is missing on `start`; or one of these keys (or `stale-date`, \
            `dismissal-date`, `relevance-score`) has the wrong JSON type.
            """,
        rationale: """
            ActivityKit orders updates by `timestamp` and applies `content-state`; a push-to-start needs an \
            `alert`, the `attributes-type` and the `attributes` to create the activity. APNs accepts such a push \
            with 200 and the device drops it, so nothing tells the sender.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            Apple, Generating a remote notification <https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification>; \
            report: a push-to-start needs an alert; Date is deferredToDate <https://github.com/GoCarrot/TeakCocoaPodsExample/pull/2>
            """,
        premise: Premise("""
            Apple requires `timestamp` and `event` on a Live Activity push, `content-state` on start and update, and \
            `alert`, `attributes-type` and `attributes` on start; without them the push does not start or update the \
            activity.
            """, .documented),
        triggeringExamples: [
            .payload("""
                {↓"aps": {"event": "update", "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """),
            .payload("""
                {↓"aps": {"timestamp": 1795946400, "event": "start",
                         "content-state": {"stage": "preparing", "eta": 817641000},
                         "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-1001"}}}
                """),
            .payload("""
                {"aps": {"timestamp": ↓"1795946400", "event": "update",
                         "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "start",
                         "content-state": {"stage": "preparing", "eta": 817641000},
                         "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-1001"},
                         "alert": {"title": "Order A-1001", "body": "We are preparing your order."}}}
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "end", "dismissal-date": 1795947300}}
                """),
        ])

    /// The JSON type each known `aps` key must have (PAY-01).
    static let types: [(key: String, type: String)] = [
        ("timestamp", "number"), ("event", "string"), ("content-state", "object"), ("stale-date", "number"),
        ("dismissal-date", "number"), ("relevance-score", "number"), ("attributes-type", "string"), ("attributes", "object"),
    ]

    public init() {}

    public func validate(_ context: PayloadContext) {
        guard let aps = context.aps else { return }
        let apsPath = PayloadContext.apsPath
        var required = ["timestamp", "event"]
        switch context.event {
        case "update": required += ["content-state"]
        case "start": required += ["content-state", "alert", "attributes-type", "attributes"]
        default: break
        }
        let why = [
            "timestamp": "ActivityKit orders updates by it (seconds since 1970)",
            "event": "it says whether the push starts, updates or ends the activity",
            "content-state": "the \(context.event ?? "") event applies it to the activity",
            "alert": "a push-to-start without an alert does not start the activity",
            "attributes-type": "a push-to-start names the ActivityAttributes type to create",
            "attributes": "a push-to-start carries the activity's static attributes",
        ]
        for key in required where aps[key] == nil {
            context.report(apsPath, "has no \"\(key)\"; \(why[key] ?? "")", atKey: true)
        }
        for (key, type) in Self.types {
            guard let value = aps[key] else { continue }
            let matches: Bool
            switch (type, value) {
            case ("number", .number), ("string", .string), ("object", .object): matches = true
            default: matches = false
            }
            if !matches { context.report(apsPath.appending(key), "is \(value.typeName); it must be a JSON \(type)") }
        }
    }
}
