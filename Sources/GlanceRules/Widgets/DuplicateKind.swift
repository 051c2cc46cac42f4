import GlanceProject
import GlanceSourceIndex
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
            Give each a unique, reverse-DNS kind. Two that the bundle lists as alternatives \
            (`if #available(iOS 17, *) { NewWidget() } else { OldWidget() }`) are never registered together: \
            keeping the kind there is how placed widgets move to the new configuration.
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
            // Both registered on iOS 17 and later: the `if` adds a widget, it does not choose between two.
            .widget("""
                @main
                struct NotesBundle: WidgetBundle {
                    var body: some Widget {
                        NotesWidget()
                        if #available(iOS 17, *) {
                            InteractiveNotesWidget()
                        }
                    }
                }
                struct NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "notes", provider: NotesProvider()) { entry in NotesView(entry: entry) }
                    }
                }
                struct InteractiveNotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: ↓"notes", provider: NotesProvider()) { entry in NotesView(entry: entry) }
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
            // Alternatives: the bundle registers one or the other, never both (the new configuration keeps the kind
            // of the widgets already placed).
            .widget("""
                @main
                struct NotesBundle: WidgetBundle {
                    var body: some Widget {
                        if #available(iOS 17, *) {
                            NotesWidget()
                        } else {
                            LegacyNotesWidget()
                        }
                    }
                }
                struct NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        AppIntentConfiguration(kind: "notes", intent: NotesIntent.self, provider: NotesProvider()) { entry in NotesView(entry: entry) }
                    }
                }
                struct LegacyNotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        IntentConfiguration(kind: "notes", intent: LegacyNotesIntent.self, provider: LegacyNotesProvider()) { entry in NotesView(entry: entry) }
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
            let registrations = model.registrations(in: target)
            let widgets = model.widgets.filter { $0.configuration != .activityConfiguration && $0.targets.contains { $0.id == target.id } }
                .compactMap { widget in widget.kind?.known.map { Entry(kind: $0, type: widget.type, location: widget.configurationCall?.argument("kind")?.location ?? widget.location) } }
            let controls = model.controls.filter { $0.targets.contains { $0.id == target.id } }
                .compactMap { control in control.kind?.known.map { Entry(kind: $0, type: control.type, location: control.configurationCall?.argument("kind")?.location ?? control.location) } }
            for (what, list) in [("widget", widgets), ("control", controls)] {
                var earlier: [String: [Entry]] = [:]
                for entry in list.sorted(by: { $0.location < $1.location }) {
                    let clash = earlier[entry.kind, default: []].first { other in
                        other.type.qualifiedName != entry.type.qualifiedName && !Self.areAlternatives(other.type, entry.type, registrations)
                    }
                    if let other = clash {
                        context.report(entry.location, "\(what) \(entry.type.qualifiedName) uses kind \"\(entry.kind)\", already used by \(what) \(other.type.qualifiedName) in '\(target.name)'; each \(what) needs its own kind.", target: target)
                    }
                    earlier[entry.kind, default: []].append(entry)
                }
            }
        }
    }

    struct Entry { let kind: String; let type: TypeDecl; let location: SourceLocation }

    /// Whether the target's bundles register the two types only in different clauses of the same branches
    /// (`if #available … { A() } else { B() }`), so that they are never registered together.
    static func areAlternatives(_ first: TypeDecl, _ second: TypeDecl, _ registrations: [SourceLocation: [[BranchChoice]]]?) -> Bool {
        guard let one = registrations?[first.location], let other = registrations?[second.location], !one.isEmpty, !other.isEmpty else { return false }
        return one.allSatisfy { path in other.allSatisfy { BranchChoice.excludeEachOther(path, $0) } }
    }
}
