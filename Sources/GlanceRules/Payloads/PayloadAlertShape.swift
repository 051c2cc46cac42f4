import GlancePayload

/// `alert` is neither a string nor an object whose `title` and `body` are strings or `loc-key` objects.
public struct PayloadAlertShape: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_alert_shape",
        name: "Malformed alert",
        group: .payloads,
        defaultSeverity: .error,
        summary: """
            `alert` is not a string or an object; its `title` or `body` is not a string or a `{"loc-key": …}` \
            object; `loc-args` is not an array of strings; `sound` is not a string or object; or it has neither \
            title nor body.
            """,
        rationale: """
            A Live Activity alert lights the screen with the expanded presentation and shows its title and body on \
            Apple Watch. Localized text goes in `{"loc-key": …, "loc-args": […]}` objects inside `title` and \
            `body`. A malformed alert shows nothing, and on `start` the activity does not start.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            Apple, Generating a remote notification <https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification>
            """,
        premise: Premise("""
            Apple documents the alert's shape (`title` and `body` as strings or `loc-key` objects) and requires an \
            alert on start; an alert of another shape shows no text, and a start whose alert is malformed starts \
            nothing.
            """, .documented),
        triggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": "delivered", "eta": 817641000},
                         "alert": {"title": ↓["Delivered"], "body": "Enjoy your meal"}}}
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": "delivered", "eta": 817641000},
                         "alert": ↓{"sound": "default"}}}
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": "delivered", "eta": 817641000},
                         "alert": {"title": {"loc-key": "DELIVERED_TITLE", "loc-args": ["A-1001"]}, "body": "Enjoy", "sound": "default"}}}
                """),
        ])

    public init() {}

    public func validate(_ context: PayloadContext) {
        guard let alert = context.aps?["alert"] else { return }
        let path = PayloadContext.apsPath.appending("alert")
        if case .string = alert { return }
        guard let fields = alert.object else {
            context.report(path, "is \(alert.typeName); an alert is a string or an object with title and body")
            return
        }
        for key in ["title", "subtitle", "body"] {
            guard let value = fields[key] else { continue }
            check(text: value, at: path.appending(key), context)
        }
        if let sound = fields["sound"], sound.string == nil, sound.object == nil {
            context.report(path.appending("sound"), "is \(sound.typeName); a sound is a file name, \"default\", or an object")
        }
        if fields["title"] == nil, fields["body"] == nil {
            context.report(path, "has neither \"title\" nor \"body\", so the alert shows no text")
        }
    }

    private func check(text value: JSONValue, at path: JSONPath, _ context: PayloadContext) {
        if case .string = value { return }
        guard let localized = value.object else {
            return context.report(path, "is \(value.typeName); it must be a string or {\"loc-key\": …, \"loc-args\": […]}")
        }
        guard case .string? = localized["loc-key"] else {
            return context.report(path, "has no string \"loc-key\"; a localized alert text is {\"loc-key\": …, \"loc-args\": […]}")
        }
        if let arguments = localized["loc-args"], !(arguments.array?.allSatisfy { $0.string != nil } ?? false) {
            context.report(path.appending("loc-args"), "is not an array of strings")
        }
    }
}
