import GlanceSourceIndex
import GlanceSurfaces

/// `compactLeading` and `compactTrailing` are one pill: they should open the same screen.
struct CompactPresentationsLinkDiffer: Rule {
    static let description = RuleDescription(
        identifier: "compact_presentations_link_differ",
        name: "Compact presentations link to different screens",
        group: .liveActivities,
        defaultSeverity: .warning,
        summary: "`compactLeading` and `compactTrailing` set different `widgetURL`s.",
        rationale: """
            People see the compact leading and trailing views as one Live Activity; a tap on either side should \
            open the same screen. Apple asks for both to link to the same place.
            """,
        source: """
            Apple, Launching your app from a Live Activity <https://developer.apple.com/documentation/activitykit/launching-your-app-from-a-live-activity>; \
            Apple, Displaying live data with Live Activities <https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities>
            """,
        premise: Premise("""
            Apple asks that the compact leading and trailing presentations, which people see as one Live Activity, \
            link to the same screen; with different URLs the screen people land on depends on which half they tap.
            """, .documented),
        triggeringExamples: [
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in Text("").widgetURL(URL(string: "shop://order")) }
                            dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("Order") } }
                                compactLeading: { Image(systemName: "bag").widgetURL(URL(string: "shop://order")) }
                                compactTrailing: { Text("5m").↓widgetURL(URL(string: "shop://map")) }
                                minimal: { Image(systemName: "bag") }
                            }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in Text("").widgetURL(URL(string: "shop://order")) }
                            dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("Order") } }
                                compactLeading: { Image(systemName: "bag").widgetURL(URL(string: "shop://order")) }
                                compactTrailing: { Text("5m").widgetURL(URL(string: "shop://order")) }
                                minimal: { Image(systemName: "bag") }
                            }
                    }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        for activity in context.model.liveActivities {
            guard let leading = activity.presentations.compactLeading?.calls(named: "widgetURL").filter({ $0.call.isModifier }),
                  let trailing = activity.presentations.compactTrailing?.calls(named: "widgetURL").filter({ $0.call.isModifier }),
                  let leadingURL = leading.first?.call.arguments.first?.value.urlDescription,
                  let trailingURL = trailing.first?.call.arguments.first?.value.urlDescription,
                  leadingURL != trailingURL else { continue }
            context.report(trailing[0].call.location, "compactTrailing of the \(activity.attributes) Live Activity links to \(trailingURL) but compactLeading links to \(leadingURL); both halves of the compact view should open the same screen.", target: activity.targets.first)
        }
    }
}
