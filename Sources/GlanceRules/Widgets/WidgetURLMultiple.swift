import GlanceSourceIndex
import GlanceSurfaces

/// One view hierarchy takes one `widgetURL`.
struct WidgetURLMultiple: Rule {
    static let description = RuleDescription(
        identifier: "widget_url_multiple",
        name: "More than one widgetURL in a view tree",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "More than one `.widgetURL(_:)` in one widget or presentation view tree.",
        rationale: """
            A widget (or one Live Activity presentation) has one tap URL. With several `widgetURL` modifiers in \
            the same hierarchy the behaviour is undefined. Use one `widgetURL` and `Link` for other targets. \
            Alternatives (`if`/`switch` branches) count separately, and the same URL expression set twice is \
            only redundant, so it is not reported.
            """,
        source: """
            Apple, widgetURL(_:) <https://developer.apple.com/documentation/swiftui/view/widgeturl(_:)>; \
            Apple, Linking to specific app scenes from your widget or Live Activity <https://developer.apple.com/documentation/widgetkit/linking-to-specific-app-scenes-from-your-widget-or-live-activity>
            """,
        premise: Premise("""
            Apple calls more than one `widgetURL` in one view hierarchy undefined behaviour, so which screen a tap \
            opens is not defined.
            """, .documented),
        triggeringExamples: [
            .widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                            VStack {
                                Text(entry.title).widgetURL(URL(string: "exampleapp://title"))
                                Text(entry.detail).↓widgetURL(URL(string: "exampleapp://detail"))
                            }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct SummaryWidget: Widget {
                    @Environment(\\.widgetFamily) var family
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                            SummaryView(entry: entry)
                        }
                    }
                }
                struct SummaryView: View {
                    @Environment(\\.widgetFamily) var family
                    let entry: SummaryEntry
                    var body: some View {
                        switch family {
                        case .systemSmall: Text(entry.title).widgetURL(URL(string: "exampleapp://small"))
                        default: Text(entry.detail).widgetURL(URL(string: "exampleapp://other"))
                        }
                    }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        var trees: [(String, ViewTree)] = model.widgets.filter { $0.configuration != .activityConfiguration }.map { ("widget \($0.typeName)", $0.content) }
        for activity in model.liveActivities {
            trees += activity.presentations.all.map { ("the \($0.name) presentation of \(activity.attributes)", $0.tree) }
        }
        for (what, tree) in trees {
            let isURL: (Call) -> Bool = { $0.name == "widgetURL" && $0.isModifier }
            let most = tree.maxCount(where: isURL)
            guard most >= 2 else { continue }
            let urlCalls = tree.calls.filter { isURL($0.call) }
            // The same URL expression set twice on a path is redundant, not ambiguous.
            let texts = Set(urlCalls.compactMap { $0.call.arguments.first?.value.text })
            if urlCalls.allSatisfy({ $0.call.arguments.first?.value.text != nil }),
               texts.contains(where: { text in tree.maxCount { isURL($0) && $0.arguments.first?.value.text == text } == most }) { continue }
            let calls = urlCalls.map(\.call.location).sorted()
            guard calls.count >= 2 else { continue }
            context.report(calls[1], "\(what) sets widgetURL more than once in one view hierarchy (also at \(context.place(calls[0]))); which URL wins is undefined. Keep one widgetURL and use Link for other tap targets.")
        }
    }
}
