import GlancePayload

/// The body is not valid UTF-8 JSON, or it has no `aps` dictionary. Reported where the text breaks.
public struct PayloadInvalidJSON: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_invalid_json",
        name: "Body is not JSON with an aps dictionary",
        group: .payloads,
        defaultSeverity: .error,
        summary: "The body is not valid UTF-8 JSON (a trailing comma is enough), or `aps` is missing or not an object.",
        rationale: """
            APNs and ActivityKit read the body as JSON, and every Live Activity key (`event`, `timestamp`, \
            `content-state`…) lives in the `aps` dictionary. A body that is not JSON, or has no `aps`, updates \
            nothing; Foundation's JSONSerialization even tolerates trailing commas that other JSON readers refuse.
            """,
        source: """
            Apple, Generating a remote notification <https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification>; \
            report: a trailing comma in content-state <https://github.com/jerryliurui/Live-Activities-Demo-NBA-Score/issues/1>
            """,
        premise: Premise("""
            APNs and ActivityKit read a push body as a JSON dictionary whose `aps` dictionary holds the Live \
            Activity keys; a body that is not JSON, or has no `aps`, updates nothing.
            """, .documented),
        triggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": "onTheWay", "eta": 817641000↓,}}}
                """),
            .payload("""
                ↓{"timestamp": 1795946400, "event": "update", "content-state": {"stage": "onTheWay", "eta": 817641000}}
                """),
            .payload("""
                {"aps": ↓"update"}
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """),
        ])

    public init() {}

    public func validate(_ context: PayloadContext) {
        let body = context.push.body
        if let problem = body.problem {
            context.report(file: body.name, line: problem.line, column: problem.column, "the body \(problem.message)")
            return
        }
        guard let top = body.value?.object else {
            context.report(file: body.name, line: 1, column: 1, "the body is \(body.value?.typeName ?? "empty"), not a JSON object with an \"aps\" dictionary")
            return
        }
        guard let aps = top["aps"] else {
            let hint = top["event"] != nil || top["content-state"] != nil ? "; its Live Activity keys must move inside \"aps\"" : ""
            context.report(file: body.name, line: 1, column: 1, "the body has no \"aps\" dictionary\(hint)")
            return
        }
        if aps.object == nil {
            context.report(PayloadContext.apsPath, "is \(aps.typeName), not an object holding event, timestamp and content-state")
        }
    }
}
