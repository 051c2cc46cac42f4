import GlancePayload
import GlanceSurfaces

/// `content-state` does not decode as the app's `ContentState`.
public struct PayloadContentStateMismatch: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_content_state_mismatch",
        name: "content-state does not decode as ContentState",
        group: .payloads,
        defaultSeverity: .error,
        summary: """
            `content-state` does not decode as the project's `ContentState` with JSONDecoder's defaults: a missing \
            non-optional key, `null` for a non-optional, a wrong JSON type, a number that does not fit, an enum value \
            that is not a raw value. Keys follow `CodingKeys`. A key no property reads is a warning.
            """,
        rationale: """
            ActivityKit decodes `content-state` with a default JSONDecoder into the app's ContentState. When that \
            throws, the device drops the update silently (APNs already answered 200), and the activity freezes. \
            Keys are the property names or their CodingKeys raw values; snake_case conversion does not happen.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            Apple, JSONDecoder.dateDecodingStrategy <https://developer.apple.com/documentation/foundation/jsondecoder/datedecodingstrategy-swift.property>
            """,
        premise: Premise("""
            ActivityKit decodes `content-state` into the app's ContentState with its default JSON decoding, and \
            Apple asks for fields that match that type; a `content-state` that does not decode makes the update \
            fail, and the activity keeps showing old data.
            """, .documented),
        triggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": ↓"on_the_way", "eta": 817641000}}}
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": "onTheWay", "eta": ↓"2026-11-29T10:30:00Z"}}}
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": ↓{"stage": "onTheWay", ↓"ETA": 817641000}}}
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "update",
                         "content-state": {"stage": "onTheWay", "eta": 817641000, "driverName": null}}}
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "end"}}
                """),
        ])

    public init() {}

    public func validate(_ context: PayloadContext) {
        guard let state = context.aps?["content-state"] else { return }
        let path = PayloadContext.apsPath.appending("content-state")
        // A content-state that is not an object is payload_missing_field's finding.
        guard state.object != nil else { return }
        guard let type = context.activityType else {
            if let reason = context.activityTypeSkip { context.skip(reason) }
            return
        }
        context.report(ShapeDecoder.check(state, as: type.contentState, at: path, swiftPath: "\(type.name).ContentState"), root: path,
                       misplacedKeys: Self.keys(of: type.attributes),
                       belongsIn: "it is a property of \(type.name), so it belongs in \"attributes\" (sent once, on start)")
    }

    /// The JSON keys of an object shape.
    static func keys(of shape: JSONShape) -> Set<String> {
        if case .object(_, let fields) = shape { return Set(fields.map(\.key)) }
        return []
    }
}
