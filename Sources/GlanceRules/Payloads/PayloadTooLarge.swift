import GlancePayload

/// The body is larger than APNs accepts: 4096 bytes, 5120 for a broadcast push.
public struct PayloadTooLarge: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_too_large",
        name: "Body over the APNs size limit",
        group: .payloads,
        defaultSeverity: .error,
        summary: "The body is over 4096 bytes (5120 for a broadcast push).",
        rationale: """
            APNs refuses a Live Activity push over 4096 bytes (5120 on a broadcast channel) with 413 \
            PayloadTooLarge, so the activity keeps its old state. Whitespace counts: send the body minified, and \
            keep long text out of content-state.
            """,
        source: """
            Apple, Sending notification requests to APNs <https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns>; \
            Apple, Generating a remote notification <https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification>; \
            Apple, Sending broadcast push notification requests to APNs <https://developer.apple.com/documentation/usernotifications/sending-broadcast-push-notification-requests-to-apns>
            """,
        premise: Premise("""
            APNs refuses a Live Activity push over 4096 bytes (5120 for a broadcast push) with 413 PayloadTooLarge, \
            so the activity keeps its old state.
            """, .documented),
        triggeringExamples: [
            .payload("↓{\"aps\": {\"timestamp\": 1795946400, \"event\": \"update\", \"content-state\": {\"stage\": \"onTheWay\", \"eta\": 817641000, \"driverName\": \""
                     + String(repeating: "x", count: 4100) + "\"}}}"),
        ],
        nonTriggeringExamples: [
            .payload("{\"aps\": {\"timestamp\": 1795946400, \"event\": \"update\", \"content-state\": {\"stage\": \"onTheWay\", \"eta\": 817641000, \"driverName\": \""
                     + String(repeating: "x", count: 4100) + "\"}}}", broadcast: true),
        ])

    public init() {}

    public func validate(_ context: PayloadContext) {
        let push = context.push
        let size = push.body.data.count
        guard size > push.sizeLimit else { return }
        let minified = push.body.minifiedByteCount
        let hint = minified <= push.sizeLimit ? "; minified it is \(minified) bytes, so send it without whitespace" : "; shorten content-state, or send an identifier and let the app fetch the rest"
        context.report(file: push.body.name, line: 1, column: 1,
                       "the body is \(size) bytes; APNs refuses \(push.broadcast ? "broadcast " : "")Live Activity pushes over \(push.sizeLimit) bytes with 413 PayloadTooLarge\(hint)")
    }
}
