import GlancePayload
import GlanceSurfaces

/// On `start`, `attributes-type` names no `ActivityAttributes` type of the project, or `attributes` does not
/// decode as it.
public struct PayloadAttributesMismatch: PayloadRule {
    public static let description = RuleDescription(
        identifier: "payload_attributes_mismatch",
        name: "attributes do not match the ActivityAttributes type",
        group: .payloads,
        defaultSeverity: .error,
        summary: """
            On `start`, `attributes-type` names no `ActivityAttributes` type of the project, or `attributes` does \
            not decode as that type's stored properties (ContentState fields put into `attributes` included).
            """,
        rationale: """
            A push-to-start creates an activity of the type `attributes-type` names, from `attributes` decoded with \
            a default JSONDecoder. A name that is not the struct's own, or attributes that do not decode, start \
            nothing, and APNs still answers 200.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            Apple, Generating a remote notification <https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification>; \
            Apple, JSONDecoder.dateDecodingStrategy <https://developer.apple.com/documentation/foundation/jsondecoder/datedecodingstrategy-swift.property>
            """,
        premise: Premise("""
            A push-to-start creates the activity whose ActivityAttributes type `attributes-type` names, from \
            `attributes` that must match that type; a wrong name, or attributes that do not decode, start no \
            activity.
            """, .documented),
        triggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "start",
                         "attributes-type": ↓"DeliveryActivityAttributes", "attributes": {"orderNumber": "A-1001"},
                         "content-state": {"stage": "preparing", "eta": 817641000},
                         "alert": {"title": "Order A-1001", "body": "Preparing"}}}
                """),
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "start",
                         "attributes-type": "DeliveryAttributes", "attributes": ↓{↓"stage": "preparing"},
                         "content-state": {"stage": "preparing", "eta": 817641000},
                         "alert": {"title": "Order A-1001", "body": "Preparing"}}}
                """),
        ],
        nonTriggeringExamples: [
            .payload("""
                {"aps": {"timestamp": 1795946400, "event": "start",
                         "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-1001"},
                         "content-state": {"stage": "preparing", "eta": 817641000},
                         "alert": {"title": "Order A-1001", "body": "Preparing"}}}
                """),
        ])

    public init() {}

    public func validate(_ context: PayloadContext) {
        guard context.event == "start", let aps = context.aps else { return }
        guard let catalog = context.catalog else {
            context.skip("no --project given, so attributes-type and attributes are not checked")
            return
        }
        let apsPath = PayloadContext.apsPath
        if let name = aps["attributes-type"]?.string, catalog.types(named: name).isEmpty {
            let hint = ShapeDecoder.closest(name, in: catalog.names).map { "; did you mean \"\($0)\"?" }
                ?? (catalog.names.isEmpty ? "; the project declares none" : " (the project has \(catalog.names.joined(separator: ", ")))")
            context.report(apsPath.appending("attributes-type"), "is \"\(name)\", which is no ActivityAttributes type of the project\(hint)")
            return
        }
        guard let type = context.activityType, let attributes = aps["attributes"], attributes.object != nil else { return }
        let root = apsPath.appending("attributes")
        context.report(ShapeDecoder.check(attributes, as: type.attributes, at: root, swiftPath: type.name), root: root,
                       misplacedKeys: PayloadContentStateMismatch.keys(of: type.contentState),
                       belongsIn: "it is a property of \(type.name).ContentState, so it belongs in \"content-state\"")
    }
}
