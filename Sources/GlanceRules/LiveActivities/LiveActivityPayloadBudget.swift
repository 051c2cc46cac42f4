import GlanceSourceIndex
import GlanceSurfaces

/// The attributes plus ContentState of a Live Activity must stay within 4 KB.
struct LiveActivityPayloadBudget: Rule {
    static let description = RuleDescription(
        identifier: "live_activity_payload_budget",
        name: "Live Activity data can exceed 4 KB",
        group: .liveActivities,
        defaultSeverity: .warning,
        summary: "The encoded attributes plus ContentState can exceed 4 KB: an error when the fixed-size estimate alone is over 4096 bytes, a warning when so many strings that plausible lengths reach 4 KB (and, with the rule in opt_in_rules, when collections make it open-ended).",
        rationale: """
            ActivityKit refuses to start or update an activity whose static attributes and dynamic content \
            together encode to more than 4 KB: the state freezes. The estimate follows JSONEncoder's default \
            output — numbers, Bool, Date as a Double, enums by raw value, nested Codable structs, optionals, \
            CodingKeys renames. A string or URL is counted at a plausible \(plausibleStringBytes) bytes: a name or a \
            short status does not put the budget at risk, a dozen free-text fields do. A collection (array, \
            dictionary, Data) whose length the type does not bound is warned about only with the rule in \
            `opt_in_rules`: how many entries the app puts in it is its own, and on the public apps measured such lists \
            stayed short. Keep collections bounded, and fetch rich data in the app.
            """,
        source: """
            Apple, Displaying live data with Live Activities <https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities>; \
            Apple, ActivityAuthorizationError <https://developer.apple.com/documentation/activitykit/activityauthorizationerror>
            """,
        premise: Premise("""
            ActivityKit refuses Live Activity data whose static attributes and dynamic content together exceed 4 KB, \
            so the activity does not start or stops updating.
            """, .documented),
        optInScope: "also open-ended collections (arrays, dictionaries, Data) whose length the type does not bound, not only a fixed part or strings that pass 4 KB.",
        triggeringExamples: [
            RuleExample.widget(Self.deliveryWithStops(marked: true)).optedIn(),
        ],
        nonTriggeringExamples: [
            // The same list without the rule in opt_in_rules: how long the app makes it is its own (a skip).
            .widget(Self.deliveryWithStops(marked: false)),
            .widget("""
                struct DeliveryAttributes: ActivityAttributes {
                    struct ContentState: Codable, Hashable {
                        var status: Status
                        var eta: Date
                        var driverID: Int?
                        enum CodingKeys: String, CodingKey { case status = "s", eta = "e", driverID = "d" }
                    }
                    var orderNumber: Int
                }
                enum Status: String, Codable, Hashable { case preparing, onTheWay, delivered }
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in Text("") }
                            dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                    }
                }
                """),
            // FC2-21: a couple of short strings are not a risk.
            .widget("""
                struct TrainAttributes: ActivityAttributes {
                    struct ContentState: Codable, Hashable {
                        var station: String
                        var status: String
                        var departure: Date
                    }
                    var line: String
                }
                struct TrainLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: TrainAttributes.self) { context in Text(context.state.station) }
                            dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
                    }
                }
                """),
        ])

    static let limit = 4096
    /// The size a string or URL member is counted at when judging whether open-ended members put the limit
    /// at risk (a few words of UTF-8 with JSON escapes).
    static let plausibleStringBytes = 256

    /// The examples' attributes with a list of stops the type does not bound, and their Live Activity.
    static func deliveryWithStops(marked: Bool) -> String {
        """
        struct \(marked ? "↓" : "")DeliveryAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var driverName: String
                var stops: [Stop]
                var eta: Date
            }
            var orderNumber: Int
        }
        struct Stop: Codable, Hashable { var label: String }
        struct DeliveryLiveActivity: Widget {
            var body: some WidgetConfiguration {
                ActivityConfiguration(for: DeliveryAttributes.self) { context in Text("") }
                    dynamicIsland: { context in DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                        compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") } }
            }
        }
        """
    }

    func validate(_ context: RuleContext) {
        let shapes = CodableShapes(resolver: context.resolver)
        var seen: Set<String> = []
        for activity in context.model.liveActivities where !activity.isAlarm {
            guard let attributes = activity.attributesType, seen.insert(attributes.qualifiedName).inserted else { continue }
            var estimate = JSONSizeEstimate.of(shapes.shape(of: attributes), path: attributes.name)
            let state = JSONSizeEstimate.of(activity.contentStateType.map { shapes.shape(of: $0) } ?? .unknown("no ContentState found"), path: attributes.name + ".ContentState")
            estimate.fixedBytes += state.fixedBytes
            estimate.unbounded += state.unbounded
            estimate.unboundedCollections += state.unboundedCollections
            estimate.unknown += state.unknown
            if estimate.fixedBytes > Self.limit {
                context.report(attributes.location, "\(attributes.name) and its ContentState encode to at least \(estimate.fixedBytes) bytes, over ActivityKit's 4096-byte limit; the activity cannot start or update. Drop or shorten members.", target: activity.targets.first, severity: .error)
                continue
            }
            if !estimate.unknown.isEmpty {
                context.skip("\(attributes.name): size not estimated for \(estimate.unknown.joined(separator: ", "))", file: context.relativePath(attributes.location))
                continue
            }
            let strings = estimate.unbounded.filter { !estimate.unboundedCollections.contains($0) }
            let plausible = estimate.fixedBytes + strings.count * Self.plausibleStringBytes
            guard !estimate.unboundedCollections.isEmpty || plausible > Self.limit else { continue }
            // How many entries an app puts in its collections is its own: on the apps measured, such lists stayed
            // short. Warned about only with the rule in `opt_in_rules`, unless the strings alone pass the limit.
            if plausible <= Self.limit && !context.isOptedIn {
                context.skip("\(attributes.name): \(estimate.unboundedCollections.joined(separator: ", ")) can grow without a bound in the type, but how long the app makes them is not known; list the rule in opt_in_rules to be warned",
                             file: context.relativePath(attributes.location))
                continue
            }
            let what = estimate.unboundedCollections.isEmpty
                ? "\(strings.count) strings (\(strings.joined(separator: ", "))), about \(plausible) bytes at \(Self.plausibleStringBytes) bytes each"
                : "\(estimate.unbounded.joined(separator: ", ")), whose size has no bound"
            context.report(attributes.location, """
                \(attributes.name) and its ContentState encode to \(estimate.fixedBytes) bytes plus \(what); past 4096 bytes \
                ActivityKit rejects the update and the activity freezes. Bound them (an enum, a short identifier, a capped list) \
                or fetch the details in the app.
                """, target: activity.targets.first)
        }
    }
}
