import GlanceSourceIndex
import GlanceSurfaces

/// `Link` needs room for several tap targets: not in accessoryCircular/Inline or Live Activity compact/minimal.
struct LinkInUnsupportedFamily: Rule {
    static let description = RuleDescription(
        identifier: "link_in_unsupported_family",
        name: "Link where only one tap target exists",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "A `Link` sits in a view used only by families or presentations that take a single tap target (accessoryCircular, accessoryInline, Live Activity compactLeading/compactTrailing/minimal).",
        rationale: """
            `Link` works in families with room for several targets (accessoryRectangular, systemSmall and \
            larger) and in the expanded Live Activity. In accessoryCircular, accessoryInline and the compact and \
            minimal presentations the whole view is one tap target: use `widgetURL` there.
            """,
        source: """
            Apple, Linking to specific app scenes from your widget or Live Activity <https://developer.apple.com/documentation/widgetkit/linking-to-specific-app-scenes-from-your-widget-or-live-activity>; \
            Apple, Launching your app from a Live Activity <https://developer.apple.com/documentation/activitykit/launching-your-app-from-a-live-activity>; \
            Apple, DynamicIsland widgetURL(_:) <https://developer.apple.com/documentation/widgetkit/dynamicisland/widgeturl(_:)>
            """,
        premise: Premise("""
            Apple documents `Link` for families with room for several tap targets and for the expanded Live \
            Activity; in accessoryCircular, accessoryInline and the compact and minimal presentations the whole view \
            is one target, so a `Link` there does not open its own URL.
            """, .inferred),
        triggeringExamples: [
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in
                            Text(context.state.status)
                        } dynamicIsland: { context in
                            DynamicIsland {
                                DynamicIslandExpandedRegion(.center) { Text(context.state.status) }
                            } compactLeading: {
                                ↓Link(destination: URL(string: "exampleapp://order")!) { Image(systemName: "bag") }
                            } compactTrailing: { Text("5 min") } minimal: { Image(systemName: "bag") }
                        }
                    }
                }
                """),
            .widget("""
                struct GaugeWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "gauge", provider: GaugeProvider()) { entry in
                            ↓Link(destination: URL(string: "exampleapp://gauge")!) { Gauge(value: entry.value) { Text("") } }
                        }
                        .supportedFamilies([.accessoryCircular, .accessoryInline])
                    }
                }
                """),
            .widget("""
                struct GaugeView: View {
                    @Environment(\\.widgetFamily) var family
                    let entry: GaugeEntry
                    var body: some View {
                        switch family {
                        case .accessoryCircular:
                            ↓Link(destination: URL(string: "exampleapp://gauge")!) { Gauge(value: entry.value) { Text("") } }
                        default:
                            Text("\\(entry.value)")
                        }
                    }
                }
                struct GaugeWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "gauge", provider: GaugeProvider()) { entry in GaugeView(entry: entry) }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // One view for every region, switching on the region it is given: the Link is drawn only in the
            // expanded center.
            .widget("""
                struct IslandPart: View {
                    enum Slot { case center, compact }
                    let slot: Slot
                    var body: some View {
                        switch slot {
                        case .center: Link(destination: URL(string: "exampleapp://order")!) { Text("Open order") }
                        case .compact: Image(systemName: "bag")
                        }
                    }
                }
                struct OrderLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: OrderAttributes.self) { context in
                            Text(context.state.status)
                        } dynamicIsland: { context in
                            DynamicIsland {
                                DynamicIslandExpandedRegion(.center) { IslandPart(slot: .center) }
                            } compactLeading: { IslandPart(slot: .compact) } compactTrailing: { IslandPart(slot: .compact) } minimal: { IslandPart(slot: .compact) }
                            .widgetURL(URL(string: "exampleapp://order"))
                        }
                    }
                }
                """),
            .widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in
                            Text(context.state.status)
                        } dynamicIsland: { context in
                            DynamicIsland {
                                DynamicIslandExpandedRegion(.bottom) {
                                    Link(destination: URL(string: "exampleapp://order")!) { Text("Open order") }
                                }
                            } compactLeading: { Image(systemName: "bag") } compactTrailing: { Text("5 min") } minimal: { Image(systemName: "bag") }
                            .widgetURL(URL(string: "exampleapp://order"))
                        }
                    }
                }
                """),
            .widget("""
                struct ListWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "list", provider: ListProvider()) { entry in
                            VStack { ForEach(entry.items) { item in Link(destination: item.url) { Text(item.title) } } }
                        }
                        .supportedFamilies([.systemMedium, .accessoryRectangular])
                    }
                }
                """),
            // A `case` for a family the widget does not offer is never shown.
            .widget("""
                struct GaugeView: View {
                    @Environment(\\.widgetFamily) var family
                    let entry: GaugeEntry
                    var body: some View {
                        switch family {
                        case .accessoryInline:
                            Link(destination: URL(string: "exampleapp://gauge")!) { Text("\\(entry.value)") }
                        default:
                            Text("\\(entry.value)")
                        }
                    }
                }
                struct GaugeWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "gauge", provider: GaugeProvider()) { entry in GaugeView(entry: entry) }
                            .supportedFamilies([.accessoryRectangular /* , .accessoryInline */])
                    }
                }
                """),
        ])

    static let singleTapFamilies: Set<String> = ["accessoryCircular", "accessoryInline"]

    func validate(_ context: RuleContext) {
        let model = context.model
        for activity in model.liveActivities {
            for (name, tree) in [("compactLeading", activity.presentations.compactLeading), ("compactTrailing", activity.presentations.compactTrailing),
                                 ("minimal", activity.presentations.minimal)] {
                for link in tree?.calls(named: "Link") ?? [] {
                    context.report(link.call.location, "Link in the \(name) presentation of \(activity.attributes): the compact and minimal presentations are one tap target, so the Link does nothing (Glance infers this from Apple's documentation). Use widgetURL there and keep Link for the expanded presentation.")
                }
            }
        }
        for widget in model.widgets where widget.configuration != .activityConfiguration {
            // The families the widget offers on every platform it is built for (`WidgetSurface.families`).
            let declared = widget.families
            let onlySingleTap = declared.map { !$0.isEmpty && Set($0).isSubset(of: Self.singleTapFamilies) } ?? false
            for link in widget.content.calls(named: "Link") {
                let labels = link.caseLabels.last ?? []
                // A `case .accessoryInline:` of a widget that does not offer that family is never shown.
                let inSingleTapCase = !labels.isEmpty && Set(labels).isSubset(of: Self.singleTapFamilies)
                    && (declared.map { !Set($0).isDisjoint(with: labels) } ?? true)
                guard onlySingleTap || inSingleTapCase else { continue }
                let families = inSingleTapCase ? labels.joined(separator: ", ") : (declared ?? []).joined(separator: ", ")
                context.report(link.call.location, "Link in widget \(widget.typeName) shown as \(families), which has one tap target; the Link does nothing there (Glance infers this from Apple's documentation). Use widgetURL.")
            }
        }
    }
}
