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
        summary: "Two widgets, or two controls, that a target registers together share a `kind` string.",
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
        premise: Premise("""
            Apple gives every widget and control a unique `kind`, the string the system identifies it by in \
            configurations and reloads; two registered with one kind are confused with each other, in the gallery \
            and when either reloads.
            """, .documented),
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
            // One bundle for two platforms: on iOS only the phone widget is registered.
            .widget("""
                @main
                struct NotesBundle: WidgetBundle {
                    var body: some Widget {
                        #if os(iOS)
                        PhoneNotesWidget()
                        #else
                        WatchNotesWidget()
                        #endif
                    }
                }
                struct PhoneNotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "notes", provider: NotesProvider()) { entry in NotesView(entry: entry) }
                    }
                }
                struct WatchNotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "notes", provider: NotesProvider()) { entry in NotesView(entry: entry) }
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
            // Where the target's bundle is known, only what it registers can clash (a widget compiled in but not
            // listed never appears: `widget_not_in_bundle`), and two it registers only as alternatives do not.
            let registrations = model.registrations(in: target)
            let isListed = { (type: TypeDecl) in registrations.map { $0[type.location] != nil } ?? true }
            let entry = { (kind: KindValue?, type: TypeDecl, call: Call?, location: SourceLocation) -> Entry? in
                guard let kind = kind?.known, isListed(type) else { return nil }
                return Entry(kind: kind, type: type, location: call?.argument("kind")?.location ?? location, paths: registrations?[type.location] ?? [])
            }
            let widgets = model.widgets.filter { $0.configuration != .activityConfiguration && $0.targets.contains { $0.id == target.id } }
                .compactMap { entry($0.kind, $0.type, $0.configurationCall, $0.location) }
            let controls = model.controls.filter { $0.targets.contains { $0.id == target.id } }
                .compactMap { entry($0.kind, $0.type, $0.configurationCall, $0.location) }
            var skipped = false
            for (what, list) in [("widget", widgets), ("control", controls)] {
                var earlier: [String: [Entry]] = [:]
                for entry in list.sorted(by: { $0.location < $1.location }) {
                    let clash = earlier[entry.kind, default: []].first { other in
                        other.type.qualifiedName != entry.type.qualifiedName && !BranchChoice.areAlternatives(other.paths, entry.paths)
                    }
                    earlier[entry.kind, default: []].append(entry)
                    guard let other = clash else { continue }
                    // No bundle found, and a file Glance could not read may hold it: registrations are unknown.
                    if let unread = model.unreadSourceThatMayHoldTheBundle(of: target) {
                        if !skipped { context.skip("'\(target.name)': no @main bundle found and Glance did not read \(context.shownPath(unread)); duplicate kinds not checked") }
                        skipped = true
                        continue
                    }
                    context.report(entry.location, "\(what) \(entry.type.qualifiedName) uses kind \"\(entry.kind)\", already used by \(what) \(other.type.qualifiedName) in '\(target.name)'; each \(what) needs its own kind.", target: target)
                }
            }
        }
    }

    /// A widget or control with a known kind, and the branches of the bundle each registration sits in.
    struct Entry { let kind: String; let type: TypeDecl; let location: SourceLocation; let paths: [[BranchChoice]] }
}
