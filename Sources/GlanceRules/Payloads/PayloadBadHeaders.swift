import Foundation
import GlancePayload

/// The APNs headers do not make a Live Activity push.
public struct PayloadBadHeaders: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_bad_headers",
        name: "Headers are not those of a Live Activity push",
        group: .payloads,
        defaultSeverity: .error,
        summary: """
            `apns-push-type` is not `liveactivity`; `apns-topic` is not `<app bundle id>.push-type.liveactivity` \
            (or carries the suffix twice); `apns-priority` is not 5 or 10 (1 allowed for broadcast); a header is \
            repeated; `apns-expiration`, `apns-id` or `apns-collapse-id` is malformed; a broadcast lacks \
            `apns-channel-id` or `apns-expiration`.
            """,
        rationale: """
            APNs routes a Live Activity push by its headers and refuses wrong ones with 400 (InvalidPushType, \
            DeviceTokenNotForTopic, BadPriority, DuplicateHeaders…). The topic is the app's bundle identifier, not \
            the widget extension's, with `.push-type.liveactivity` appended. Only priorities 5 and 10 apply to Live \
            Activities; 5 does not count against the update budget.
            """,
        source: """
            Apple, Sending notification requests to APNs <https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns>; \
            Apple, Handling notification responses from APNs <https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns>; \
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            Apple, Sending broadcast push notification requests to APNs <https://developer.apple.com/documentation/usernotifications/sending-broadcast-push-notification-requests-to-apns>; \
            report: TopicDisallowed <https://github.com/jerryliurui/Live-Activities-Demo-NBA-Score/issues/1>
            """,
        premise: Premise("""
            APNs takes a Live Activity push only with `apns-push-type: liveactivity`, an `apns-topic` of the app's \
            bundle identifier plus `.push-type.liveactivity` and `apns-priority` 5 or 10, and refuses wrong headers \
            with 400, so the push never reaches the activity.
            """, .documented),
        triggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update", "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """, headers: """
                ↓apns-push-type: alert
                ↓apns-topic: com.example.app.widgets.push-type.liveactivity
                ↓apns-priority: 1
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update", "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """, headers: """
                apns-push-type: liveactivity
                ↓apns-topic: com.example.app
                apns-priority: 10
                ↓apns-priority: 5
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update", "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """, headers: """
                apns-push-type: liveactivity
                apns-topic: com.example.app.push-type.liveactivity
                apns-priority: 5
                apns-expiration: 0
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update", "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """, headers: """
                apns-push-type: liveactivity
                apns-channel-id: dHdvIGNoYW5uZWw=
                apns-priority: 1
                apns-expiration: 0
                """, broadcast: true),
        ])

    static let suffix = ".push-type.liveactivity"

    public init() {}

    public func validate(_ context: PayloadContext) {
        guard let headers = context.push.headers else {
            context.skip("no --headers given, so the APNs headers are not checked")
            return
        }
        let broadcast = context.push.broadcast
        var seen: Set<String> = []
        for field in headers.fields where !seen.insert(field.name).inserted {
            context.report(header: field, "header '\(field.name)' is repeated; APNs refuses the request with 400 DuplicateHeaders")
        }
        let pushType = headers.field("apns-push-type")
        if pushType?.value != "liveactivity" {
            context.report(header: pushType, pushType.map { "apns-push-type is '\($0.value)'; a Live Activity push needs 'liveactivity' (else 400 InvalidPushType or a dropped push)" }
                ?? "apns-push-type is missing; a Live Activity push needs 'apns-push-type: liveactivity'")
        }
        if broadcast { checkBroadcast(headers, context) } else { checkTopic(headers, context) }
        let priority = headers.field("apns-priority")
        if let priority, !(priority.value == "5" || priority.value == "10" || (broadcast && priority.value == "1")) {
            context.report(header: priority, "apns-priority is \(priority.value); Live Activity pushes use 5 (not counted against the budget) or 10\(broadcast ? ", or 1 on a broadcast channel" : "")")
        }
        if let expiration = headers.field("apns-expiration"), Int(expiration.value) == nil || Int(expiration.value)! < 0 {
            context.report(header: expiration, "apns-expiration is '\(expiration.value)'; it is UNIX seconds, or 0 (400 BadExpirationDate)")
        }
        if let identifier = headers.field("apns-id"), UUID(uuidString: identifier.value) == nil || identifier.value != identifier.value.lowercased() {
            context.report(header: identifier, "apns-id is '\(identifier.value)'; it is a lowercase UUID such as 123e4567-e89b-12d3-a456-4266554400a0 (400 BadMessageId)")
        }
        if let collapse = headers.field("apns-collapse-id"), collapse.value.utf8.count > 64 {
            context.report(header: collapse, "apns-collapse-id is \(collapse.value.utf8.count) bytes; APNs allows 64 (400 BadCollapseId)")
        }
    }

    private func checkTopic(_ headers: APNsHeaders, _ context: PayloadContext) {
        guard let topic = headers.field("apns-topic") else {
            return context.report(header: nil, "apns-topic is missing; with token authentication a Live Activity push needs '<app bundle id>\(Self.suffix)'")
        }
        guard topic.value.hasSuffix(Self.suffix) else {
            return context.report(header: topic, "apns-topic is '\(topic.value)'; a Live Activity push needs '\(topic.value)\(Self.suffix)'")
        }
        let bundle = String(topic.value.dropLast(Self.suffix.count))
        if bundle.hasSuffix(Self.suffix) {
            return context.report(header: topic, "apns-topic carries '\(Self.suffix)' twice; use '\(bundle)'")
        }
        let apps = context.activityType?.appBundleIdentifiers ?? []
        if !apps.isEmpty, !apps.contains(bundle) {
            let widget = apps.contains { bundle.hasPrefix($0 + ".") } ? " (that is an extension's identifier; the topic names the app)" : ""
            context.report(header: topic, "apns-topic names '\(bundle)', but the app's bundle identifier is \(apps.map { "'\($0)'" }.joined(separator: " or "))\(widget); use '\(apps[0])\(Self.suffix)'")
        }
    }

    private func checkBroadcast(_ headers: APNsHeaders, _ context: PayloadContext) {
        if headers.field("apns-channel-id") == nil {
            context.report(header: nil, "apns-channel-id is missing; a broadcast push names its channel (400 MissingChannelId)")
        }
        if headers.field("apns-expiration") == nil {
            context.report(header: nil, "apns-expiration is missing; broadcast pushes require it (0 for channels that store no message)")
        }
    }
}
