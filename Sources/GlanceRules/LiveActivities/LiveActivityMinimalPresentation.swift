import GlanceSourceIndex
import GlanceSurfaces

/// The minimal presentation is what the watch and a second activity show: it must hold something legible.
struct LiveActivityMinimalPresentation: Rule {
    static let description = RuleDescription(
        identifier: "live_activity_minimal_presentation",
        name: "Empty or unreadable minimal presentation",
        group: .liveActivities,
        defaultSeverity: .warning,
        summary: "The `minimal:` view is empty (`EmptyView()`, nothing), holds only text longer than a few characters, or only a shape at most 12 pt on its longer side.",
        rationale: """
            The minimal presentation appears when several activities compete, and it is the Apple Watch Smart \
            Stack's default. Empty, it leaves a blank; a sentence is cut off in a space about 45 pt wide; a tiny \
            shape is nearly invisible. Show an icon or a very short value.
            """,
        source: """
            Apple Human Interface Guidelines, Live Activities <https://developer.apple.com/design/human-interface-guidelines/live-activities>; \
            Apple, Displaying live data with Live Activities <https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities>; \
            report: an unreadable minimal view <https://github.com/getdictus/dictus-ios/issues/46>
            """,
        premise: Premise("""
            The minimal presentation is what the Dynamic Island shows when several apps' activities run, in at most \
            45 × 36.67 pt; left empty it is blank, a sentence is cut off, and a shape a few points wide is nearly \
            invisible.
            """, .inferred),
        triggeringExamples: [
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in Text("On the way") }
                            dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("On the way") } }
                                compactLeading: { Image(systemName: "box.truck") }
                                compactTrailing: { Text("5m") }
                                minimal: { ↓EmptyView() }
                            }
                    }
                }
                """),
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in Text("On the way") }
                            dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("On the way") } }
                                compactLeading: { Image(systemName: "box.truck") }
                                compactTrailing: { Text("5m") }
                                minimal: { ↓Text("Your order is on the way") }
                            }
                    }
                }
                """),
            .widget("""
                struct DictationLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DictationAttributes.self) { context in Text("Listening") }
                            dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("Listening") } }
                                compactLeading: { Image(systemName: "mic") }
                                compactTrailing: { Text("0:12") }
                                minimal: { ↓RoundedRectangle(cornerRadius: 1).frame(width: 4, height: 12) }
                            }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in Text("On the way") }
                            dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("On the way") } }
                                compactLeading: { Image(systemName: "box.truck") }
                                compactTrailing: { Text("5m") }
                                minimal: { Text("5m") }
                            }
                    }
                }
                """),
        ])

    static let shapes: Set<String> = ["Rectangle", "RoundedRectangle", "Circle", "Capsule", "Ellipse"]

    func validate(_ context: RuleContext) {
        // AlarmKit shows an alarm's Live Activity for its countdown and paused states only: an app whose shipped
        // alarms have neither never shows these presentations.
        let alarmsCountDown = context.model.alarms.contains { !$0.isPreviewOrMock && $0.presentations.contains { $0 == "countdown" || $0 == "paused" } }
        for activity in context.model.liveActivities where !activity.isAlarm || alarmsCountDown {
            guard let minimal = activity.presentations.minimal, let root = minimal.roots.first else { continue }
            let views = root.statements.filter { if case .binding = $0 { return false } else { return true } }
            let target = activity.targets.first
            guard !views.isEmpty else {
                context.report(activity.presentations.dynamicIsland?.location ?? activity.location, "the minimal presentation of \(activity.attributes) is empty; it is what the watch and a second activity show (Glance infers this from Apple's documentation). Show an icon or a short value.", target: target)
                continue
            }
            guard views.count == 1 else { continue }
            let (rootExpr, modifiers) = Chains.split(views[0])
            guard case .call(let call) = rootExpr else { continue }
            if call.name == "EmptyView" {
                context.report(call.location, "the minimal presentation of \(activity.attributes) is an EmptyView; it is what the watch and a second activity show (Glance infers this from Apple's documentation). Show an icon or a short value.", target: target)
            } else if call.name == "Text", let text = call.unlabeled.first?.stringValue, text.count > 4 {
                context.report(call.location, "the minimal presentation of \(activity.attributes) shows \"\(text)\", which does not fit its ~45 pt (Glance infers this from Apple's documentation); show an icon or a value of a few characters.", target: target)
            } else if Self.shapes.contains(call.name), let frame = modifiers.last(where: { $0.name == "frame" }),
                      let width = frame.argument("width").flatMap(number), let height = frame.argument("height").flatMap(number), max(width, height) <= 12 {
                context.report(call.location, "the minimal presentation of \(activity.attributes) draws a \(Int(width))×\(Int(height)) pt \(call.name), nearly invisible when shown detached (Glance infers this from Apple's documentation); draw a full icon.", target: target)
            }
        }
    }

    private func number(_ expr: Expr) -> Double? {
        if case .number(let text, _) = expr { return Double(text) }
        return nil
    }
}
