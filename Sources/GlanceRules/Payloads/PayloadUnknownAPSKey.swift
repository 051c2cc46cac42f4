import GlancePayload
import GlanceSurfaces

/// A key in `aps` (or in its `alert`) that Apple does not document: ActivityKit and APNs ignore it.
public struct PayloadUnknownAPSKey: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_unknown_aps_key",
        name: "Unknown key in aps",
        group: .payloads,
        defaultSeverity: .error,
        summary: """
            A key in `aps`, or in its `alert` object, is not one Apple documents; the nearest documented key is \
            suggested. An error when it is a near miss of a documented key (`state-date` for `stale-date`), a \
            warning otherwise.
            """,
        rationale: """
            APNs and ActivityKit ignore keys they do not know, without an error: a push whose `stale-date` is \
            spelled `state-date` is delivered and applied, and the activity never turns stale; `contentState` \
            for `content-state` leaves the activity unchanged. Live Activity pushes read `timestamp`, `event`, \
            `content-state`, `stale-date`, `dismissal-date`, `relevance-score`, `alert` (`title`, `subtitle`, \
            `body`, `sound`), `attributes-type`, `attributes`, `input-push-token` and `input-push-channel`; the \
            other documented `aps` keys (`badge`, `sound`, `thread-id`, …) are accepted. Keys of your own belong \
            outside `aps`, where a Live Activity does not see them either.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            Apple, Generating a remote notification <https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification>
            """,
        premise: Premise("""
            APNs and ActivityKit ignore keys in `aps` they do not know, so a misspelled key (`state-date` for \
            `stale-date`) has no effect and the activity behaves as if it were absent.
            """, .documented),
        triggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update", ↓"state-date": 1795950000,
                         "content-state": {"stage": "onTheWay", "eta": 817641000}}}
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": "delivered", "eta": 817641000},
                         "alert": {"title": "Delivered", ↓"bdy": "Enjoy your meal"}, ↓"orderID": "A-1001"}}
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "start", "stale-date": 1795950000, "relevance-score": 50,
                         "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-1001"},
                         "content-state": {"stage": "preparing", "eta": 817641000}, "input-push-token": 1,
                         "alert": {"title": {"loc-key": "ORDER_TITLE", "loc-args": ["A-1001"]}, "body": "Preparing", "sound": "default"}},
                 "orderID": "A-1001"}
                """),
            // Documented keys of ordinary notifications are left to the sender.
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update", "sound": "default", "thread-id": "orders",
                         "content-state": {"stage": "onTheWay", "eta": 817641000}, "alert": "On the way"}}
                """),
        ])

    /// The keys of a Live Activity push (PAY-01, PAY-07).
    public static let liveActivityKeys = [
        "timestamp", "event", "content-state", "stale-date", "dismissal-date", "relevance-score", "alert",
        "attributes-type", "attributes", "input-push-token", "input-push-channel",
    ]
    /// The other documented `aps` keys (ordinary notifications).
    public static let notificationKeys = [
        "badge", "sound", "thread-id", "category", "content-available", "mutable-content", "target-content-id",
        "interruption-level", "filter-criteria", "content-changed",
    ]
    /// The documented keys of an `alert` object.
    public static let alertKeys = [
        "title", "subtitle", "body", "sound", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key",
        "subtitle-loc-args", "loc-key", "loc-args",
    ]

    public init() {}

    public func validate(_ context: PayloadContext) {
        guard let aps = context.aps else { return }
        let apsPath = PayloadContext.apsPath
        check(aps, known: Self.liveActivityKeys + Self.notificationKeys, suggestFrom: Self.liveActivityKeys + Self.notificationKeys,
              at: apsPath, context, custom: "keys of your own belong outside aps")
        if let alert = aps["alert"]?.object {
            check(alert, known: Self.alertKeys, suggestFrom: Self.alertKeys, at: apsPath.appending("alert"), context,
                  custom: "the alert shows only its documented keys")
        }
    }

    private func check(_ object: [String: JSONValue], known: [String], suggestFrom candidates: [String], at path: JSONPath,
                       _ context: PayloadContext, custom: String) {
        let knownSet = Set(known)
        for key in object.keys.sorted() where !knownSet.contains(key) {
            if let near = Self.nearest(key, in: candidates) {
                context.report(path.appending(key), "is not a key ActivityKit reads, so it is ignored; did you mean \"\(near)\"?", atKey: true)
            } else {
                context.report(path.appending(key), "is not a documented key, so it is ignored; \(custom)", atKey: true, severity: .warning)
            }
        }
    }

    /// The documented key closest to `key`: within the usual edit distance, or equal once case, `_` and `-`
    /// are ignored (`contentState`, `stale_date`).
    static func nearest(_ key: String, in candidates: [String]) -> String? {
        guard key.utf8.count <= 256 else { return nil }
        let normalized = { (text: String) in String(text.lowercased().filter { $0 != "_" && $0 != "-" }) }
        if let same = candidates.first(where: { normalized($0) == normalized(key) }) { return same }
        return Suggestion.closest(key, in: candidates)
    }
}
