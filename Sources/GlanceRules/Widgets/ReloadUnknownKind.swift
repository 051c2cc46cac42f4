import GlanceProject
import GlanceSurfaces

/// `reloadTimelines(ofKind:)` / `reloadControls(ofKind:)` must name a declared kind.
struct ReloadUnknownKind: Rule {
    static let description = RuleDescription(
        identifier: "reload_unknown_kind",
        name: "Reload of an unknown kind",
        group: .widgets,
        defaultSeverity: .error,
        summary: "`reloadTimelines(ofKind:)` or `reloadControls(ofKind:)` names a kind no widget or control declares.",
        rationale: """
            A reload names the widget or control by its `kind`. A typo reloads nothing and the surface keeps \
            showing old data. The rule stays silent when some kind in the project is not a constant Glance can read.
            """,
        source: """
            Apple, Keeping a widget up to date <https://developer.apple.com/documentation/widgetkit/keeping-a-widget-up-to-date>; \
            Apple, ControlCenter <https://developer.apple.com/documentation/widgetkit/controlcenter>; \
            Apple, StaticControlConfiguration <https://developer.apple.com/documentation/widgetkit/staticcontrolconfiguration>
            """,
        premise: Premise("""
            `reloadTimelines(ofKind:)` and `reloadControls(ofKind:)` reload the widgets or controls of exactly that \
            kind; a kind none declares reloads nothing, and the surface keeps showing old data.
            """, .documented),
        triggeringExamples: [
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "com.example.app.summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                        }
                    }
                    """),
                .app("""
                    func refresh() {
                        WidgetCenter.shared.reloadTimelines(ofKind: ↓"com.example.app.sumary")
                    }
                    """),
            ]),
            RuleExample(files: [
                .widget("""
                    struct LampToggle: ControlWidget {
                        static let kind = "com.example.app.lamp"
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: Self.kind) { ControlWidgetButton(action: LampIntent()) { Text("Lamp") } }
                        }
                    }
                    """),
                .app("""
                    func lampChanged() { ControlCenter.shared.reloadControls(ofKind: ↓"com.example.app.light") }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // A widget extension's file that Glance does not parse (brackets nested past its limits) may declare the kind.
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "com.example.app.summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                        }
                    }
                    """),
                .widget("let grid = [[[[[[[[[[[[[[1]]]]]]]]]]]]]]", name: "Grid.swift"),
                .app("func refresh() { WidgetCenter.shared.reloadTimelines(ofKind: \"com.example.app.totals\") }"),
            ]),
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        static let kind = "com.example.app.summary"
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: Self.kind, provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                        }
                    }
                    """),
                .app("""
                    func refresh() { WidgetCenter.shared.reloadTimelines(ofKind: "com.example.app.summary") }
                    """),
            ]),
            // A kind Glance cannot read: silent.
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: Kinds.make("summary"), provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                        }
                    }
                    """),
                .app("""
                    func refresh() { WidgetCenter.shared.reloadTimelines(ofKind: "com.example.app.summary") }
                    """),
            ]),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        let widgets = model.widgets.filter { $0.configuration != .activityConfiguration }
        let widgetKinds = widgets.compactMap { $0.kind?.known }
        let controlKinds = model.controls.compactMap { $0.kind?.known }
        let widgetsKnown = widgets.allSatisfy { $0.kind?.known != nil }
        let controlsKnown = model.controls.allSatisfy { $0.kind?.known != nil }
        // A widget or control declared in a file Glance did not read has a kind Glance does not know.
        let unread = model.unreadSource(in: model.targets.filter { $0.kind != .testBundle }.map(\.target))
        for reload in model.reloads {
            let location = reload.kindLocation ?? reload.location
            guard let kind = reload.kind?.known else {
                if case .unknown(let expression)? = reload.kind {
                    context.skip("the kind passed to \(reload.api.rawValue)(ofKind:) is `\(expression)`, which Glance cannot evaluate; not checked", file: context.relativePath(location))
                }
                continue
            }
            if let unread, [.reloadTimelines, .reloadControls].contains(reload.api),
               !(reload.api == .reloadTimelines ? widgetKinds : controlKinds).contains(kind) {
                context.skip("\(reload.api.rawValue)(ofKind: \"\(kind)\") names no kind Glance found, but it did not read \(context.shownPath(unread)), which may declare it; not checked", file: context.relativePath(location))
                continue
            }
            switch reload.api {
            case .reloadTimelines:
                guard !widgetKinds.contains(kind) else { continue }
                guard widgetsKnown else { context.skip("a widget kind is not a constant; reloadTimelines(ofKind: \"\(kind)\") not checked", file: context.relativePath(location)); continue }
                context.report(location, message(kind, api: "reloadTimelines(ofKind:)", what: "widget", known: widgetKinds, other: controlKinds.contains(kind) ? "it is a control kind: use ControlCenter.shared.reloadControls(ofKind:)" : nil))
            case .reloadControls:
                guard !controlKinds.contains(kind) else { continue }
                guard controlsKnown else { context.skip("a control kind is not a constant; reloadControls(ofKind: \"\(kind)\") not checked", file: context.relativePath(location)); continue }
                context.report(location, message(kind, api: "reloadControls(ofKind:)", what: "control", known: controlKinds, other: widgetKinds.contains(kind) ? "it is a widget kind: use WidgetCenter.shared.reloadTimelines(ofKind:)" : nil))
            default:
                continue
            }
        }
    }

    private func message(_ kind: String, api: String, what: String, known: [String], other: String?) -> String {
        var text = "\(api) names \"\(kind)\", but no \(what) declares that kind, so nothing reloads"
        if let other { text += "; \(other)" } else if let suggestion = kind.closest(in: known) { text += "; did you mean \"\(suggestion)\"?" }
        return text
    }
}
