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
        premise: Premise("""
            A Live Activity runs in a sandbox without network or location access, so a view that fetches data or a \
            location there shows none of it.
            """, .documented),
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
            // The URL comes from the activity's data: it may be a server's.
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in
                            DriverPhoto(url: context.attributes.photoURL)
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                        }
                    }
                }
                struct DriverPhoto: View {
                    let url: URL
                    var body: some View {
                        if let data = try? ↓Data(contentsOf: url), let image = UIImage(data: data) { Image(uiImage: image) }
                    }
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
            // A file in the App Group container, named by a property of a shared type and bound by `guard let`.
            .widget("""
                enum SharedFiles {
                    static var container: URL? { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.delivery") }
                    static var driverPhoto: URL? { container?.appendingPathComponent("driver.jpg") }
                }
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in
                            DriverPhoto()
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                        }
                    }
                }
                struct DriverPhoto: View {
                    var body: some View {
                        if let image = photo() { Image(uiImage: image) }
                    }
                    func photo() -> UIImage? {
                        guard let url = SharedFiles.driverPhoto, let data = try? Data(contentsOf: url) else { return nil }
                        return UIImage(data: data)
                    }
                }
                """),
            // A file the app left in the App Group container, read through a local name.
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in
                            DriverPhoto()
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                        }
                    }
                }
                struct DriverPhoto: View {
                    var body: some View {
                        if let image = photo() { Image(uiImage: image) } else { Image(systemName: "person") }
                    }
                    func photo() -> UIImage? {
                        let file = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.delivery")?
                            .appendingPathComponent("driver.jpg")
                        guard let file, let data = try? Data(contentsOf: file) else { return nil }
                        return UIImage(data: data)
                    }
                }
                """),
        ])

    static let forbidden: Set<String> = ["URLSession", "AsyncImage", "CLLocationManager", "URLRequest"]

    func validate(_ context: RuleContext) {
        for activity in context.model.liveActivities {
            var seen: Set<SourceLocation> = []
            for (name, tree) in activity.presentations.all {
                for (expr, scope) in tree.expressions {
                    let use: (String, SourceLocation)?
                    switch expr {
                    case .identifier(let identifier, let location) where Self.forbidden.contains(identifier): use = (identifier, location)
                    case .call(let call) where call.name == "Data" && call.argument("contentsOf") != nil:
                        use = Self.isFileURL(call.argument("contentsOf")!, in: tree, context: scope) ? nil
                            : ("Data(contentsOf:)", call.location)
                    default: use = nil
                    }
                    guard let (api, location) = use, seen.insert(location).inserted else { continue }
                    context.report(location, "\(api) in the \(name) view of the \(activity.attributes) Live Activity: Live Activity views have no network or location access. Send the data with ActivityKit updates or push, and ship images in the extension's assets.", target: activity.targets.first)
                }
            }
        }
    }

    /// Names whose presence in a URL's expression makes it a file on the device: the App Group container, the
    /// app's folders, the bundle, a file path.
    static let fileURLSources: Set<String> = [
        "containerURL", "fileURLWithPath", "fileURL", "Bundle", "FileManager", "documentsDirectory", "applicationSupportDirectory",
        "cachesDirectory", "temporaryDirectory", "homeDirectory", "libraryDirectory", "NSTemporaryDirectory",
    ]

    /// Whether the URL an expression gives is a file's: it names a file source (`containerURL(…)`,
    /// `URL(fileURLWithPath:)`, `Bundle.main.url(forResource:…)`), directly, through the local names it is bound to
    /// (`let file = containerURL(…)?.appendingPathComponent("cover.jpg")`) or through a project property
    /// (`Shared.posterURL`). One whose origin is unknown (`context.state.imageURL`) may be remote.
    static func isFileURL(_ expr: Expr, in tree: ViewTree, context: String?, depth: Int = 0) -> Bool {
        guard depth < 8 else { return false }
        var file = false
        var names: [Expr] = [expr]
        expr.walk { inner in
            switch inner {
            case .identifier(let name, _):
                if fileURLSources.contains(name) { file = true } else { names.append(inner) }
            case .member(_, let name, _):
                if fileURLSources.contains(name) { file = true }
            case .call(let call):
                if call.arguments.contains(where: { $0.label.map(fileURLSources.contains) == true }) { file = true }
            default:
                break
            }
        }
        if file { return true }
        // Through what the expression (`Shared.posterURL`) or a name in it (`file`, `container`) stands for.
        return names.contains { name in
            tree.value(of: name, context: context).map { isFileURL($0.value, in: tree, context: $0.context, depth: depth + 1) } ?? false
        }
    }

}
