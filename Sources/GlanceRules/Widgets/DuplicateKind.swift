import GlanceProject
import GlanceSurfaces

/// Widget kinds, and control kinds, must be unique within a target.
struct DuplicateKind: Rule {
    static let description = RuleDescription(
        identifier: "duplicate_kind",
        name: "Duplicate kind",
        group: .widgets,
        defaultSeverity: .error,
        summary: "Two widgets, or two controls, in the same target share a `kind` string.",
        rationale: """
            The `kind` string identifies a widget or control to the system: configurations, reloads and \
            placements use it. Two with the same kind replace each other in the gallery and reload together. \
            Give each a unique, reverse-DNS kind.
            """,
        source: """
            Apple, StaticControlConfiguration <https://developer.apple.com/documentation/widgetkit/staticcontrolconfiguration>; \
            Apple, Keeping a widget up to date <https://developer.apple.com/documentation/widgetkit/keeping-a-widget-up-to-date>
            """,
        requires: [.targets],
        triggeringExamples: [
            .widget("""
                struct SummaryWidget: Widget {
                    static let kind = "com.example.app.summary"
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: Self.kind, provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                struct DetailWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: ↓"com.example.app.summary", provider: DetailProvider()) { entry in DetailView(entry: entry) }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct SummaryWidget: Widget {
                    static let kind = "com.example.app.summary"
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: Self.kind, provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                struct DetailWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.detail", provider: DetailProvider()) { entry in DetailView(entry: entry) }
                    }
                }
                """),
            // The same kind on different platforms (different targets) is fine.
            RuleExample(files: [
                .widget("""
                    struct PhoneWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "com.example.app.summary", provider: Provider()) { entry in EntryView(entry: entry) }
                        }
                    }
                    """),
                .watchWidget("""
                    struct WatchWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "com.example.app.summary", provider: Provider()) { entry in EntryView(entry: entry) }
                        }
                    }
                    """),
            ]),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        for target in model.project.targets {
            let widgets = model.widgets.filter { $0.configuration != .activityConfiguration && $0.targets.contains { $0.id == target.id } }
                .compactMap { widget in widget.kind?.known.map { ($0, widget.typeName, widget.configurationCall?.argument("kind")?.location ?? widget.location) } }
            let controls = model.controls.filter { $0.targets.contains { $0.id == target.id } }
                .compactMap { control in control.kind?.known.map { ($0, control.typeName, control.configurationCall?.argument("kind")?.location ?? control.location) } }
            for (what, list) in [("widget", widgets), ("control", controls)] {
                var first: [String: String] = [:]
                for (kind, type, location) in list.sorted(by: { $0.2 < $1.2 }) {
                    if let other = first[kind], other != type {
                        context.report(location, "\(what) \(type) uses kind \"\(kind)\", already used by \(what) \(other) in '\(target.name)'; each \(what) needs its own kind.", target: target)
                    } else {
                        first[kind] = type
                    }
                }
            }
        }
    }
}
