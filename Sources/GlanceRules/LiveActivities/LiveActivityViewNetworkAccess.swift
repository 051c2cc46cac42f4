import GlanceSourceIndex
import GlanceSurfaces

/// Live Activity views run sandboxed: no network, no location.
struct LiveActivityViewNetworkAccess: Rule {
    static let description = RuleDescription(
        identifier: "live_activity_view_network_access",
        name: "Network or location in a Live Activity view",
        group: .liveActivities,
        defaultSeverity: .error,
        summary: "A view reachable from an `ActivityConfiguration` uses the network or location (`URLSession`, `AsyncImage`, `Data(contentsOf:)` with a remote URL, `CLLocationManager`).",
        rationale: """
            Live Activity UI runs in the widget extension's sandbox, which has no network or location access: \
            such views render stale or crash. Update the activity only through ActivityKit or push, and ship \
            images in the extension's asset catalog. Views are followed across files by type name.
            """,
        source: """
            Apple, Displaying live data with Live Activities <https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities>
            """,
        triggeringExamples: [
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in
                            DriverView(url: context.attributes.photoURL)
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                        }
                    }
                }
                struct DriverView: View {
                    let url: URL
                    var body: some View { ↓AsyncImage(url: url) }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in
                            Image("Driver")
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                        }
                    }
                }
                """),
        ])

    static let forbidden: Set<String> = ["URLSession", "AsyncImage", "CLLocationManager", "URLRequest"]

    func validate(_ context: RuleContext) {
        for activity in context.model.liveActivities {
            var seen: Set<SourceLocation> = []
            for (name, tree) in activity.presentations.all {
                for (expr, _) in tree.expressions {
                    let use: (String, SourceLocation)?
                    switch expr {
                    case .identifier(let identifier, let location) where Self.forbidden.contains(identifier): use = (identifier, location)
                    case .call(let call) where call.name == "Data" && call.argument("contentsOf") != nil:
                        let remote = call.argument("contentsOf").flatMap(\.text).map { !$0.contains("fileURL") && !$0.contains("Bundle") } ?? true
                        use = remote ? ("Data(contentsOf:)", call.location) : nil
                    default: use = nil
                    }
                    guard let (api, location) = use, seen.insert(location).inserted else { continue }
                    context.report(location, "\(api) in the \(name) view of the \(activity.attributes) Live Activity: Live Activity views have no network or location access. Send the data with ActivityKit updates or push, and ship images in the extension's assets.", target: activity.targets.first)
                }
            }
        }
    }
}
