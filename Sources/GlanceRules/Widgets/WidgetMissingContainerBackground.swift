import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// Since the iOS 17 SDK, a widget's view must declare its background with `.containerBackground(for: .widget)`.
struct WidgetMissingContainerBackground: Rule {
    static let description = RuleDescription(
        identifier: "widget_missing_container_background",
        name: "Widget without containerBackground",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "A widget's view has no `.containerBackground(for: .widget)` (nor `.containerBackgroundRemovable(false)` with a background).",
        rationale: """
            Built with the iOS 17 SDK or later, a widget whose view does not declare its background with \
            `.containerBackground(_:for: .widget)` shows "Please adopt containerBackground API" instead of its \
            content. The rule follows the view into project types and modifiers; it stays silent when the view \
            uses types Glance cannot see, and for a widget the bundle registers only on earlier systems (in the \
            `else` of `if #available(iOS 17, *)`).
            """,
        source: """
            Apple, containerBackground(_:for:) <https://developer.apple.com/documentation/swiftui/view/containerbackground(_:for:)>; \
            report: "Please adopt containerBackground API" <https://github.com/wordpress-mobile/WordPress-iOS/issues/21672>; \
            report <https://github.com/ABausG/home_widget/issues/207>
            """,
        requires: [.targets],
        triggeringExamples: [
            // The `else` of `if #available(iOS 18, *)` runs on iOS 17 too.
            .widget("""
                @main
                struct NotesBundle: WidgetBundle {
                    var body: some Widget {
                        if #available(iOS 18, *) {
                            NotesWidget()
                        } else {
                            LegacyNotesWidget()
                        }
                    }
                }
                struct NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "notes", provider: NotesProvider()) { entry in
                            NotesView(entry: entry).containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                struct LegacyNotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "legacy-notes", provider: NotesProvider()) { entry in
                            ↓NotesView(entry: entry).padding()
                        }
                    }
                }
                struct NotesView: View {
                    let entry: NotesEntry
                    var body: some View { Text(entry.text) }
                }
                """),
            // Registered on iOS 17 too: `if #available(iOS 16, *)` does not keep it from iOS 17.
            .widget("""
                @main
                struct NotesBundle: WidgetBundle {
                    var body: some Widget {
                        if #available(iOS 16, *) {
                            NotesWidget()
                        }
                    }
                }
                struct NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "notes", provider: NotesProvider()) { entry in
                            ↓NotesView(entry: entry).padding()
                        }
                    }
                }
                struct NotesView: View {
                    let entry: NotesEntry
                    var body: some View { Text(entry.text) }
                }
                """),
            .widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.summary", provider: SummaryProvider()) { entry in
                            ↓SummaryView(entry: entry)
                                .background(Color.blue)
                        }
                    }
                }
                struct SummaryView: View {
                    let entry: SummaryEntry
                    var body: some View { Text(entry.title) }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.summary", provider: SummaryProvider()) { entry in
                            SummaryView(entry: entry)
                        }
                    }
                }
                struct SummaryView: View {
                    let entry: SummaryEntry
                    var body: some View {
                        Text(entry.title).widgetBackground(Color.blue)
                    }
                }
                extension View {
                    func widgetBackground(_ color: Color) -> some View {
                        if #available(iOS 17.0, *) {
                            return containerBackground(color, for: .widget)
                        } else {
                            return background(color)
                        }
                    }
                }
                """),
            // Registered only before iOS 17, where containerBackground does not exist; the iOS 17 widget sets it.
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
                        StaticConfiguration(kind: "notes", provider: NotesProvider()) { entry in
                            NotesView(entry: entry).containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                struct LegacyNotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "notes", provider: NotesProvider()) { entry in
                            NotesView(entry: entry).padding()
                        }
                    }
                }
                struct NotesView: View {
                    let entry: NotesEntry
                    var body: some View { Text(entry.text) }
                }
                """),
            // The clauses after `if #available(iOS 17, *)` in an `else if` chain run only before iOS 17.
            .widget("""
                @main
                struct NotesBundle: WidgetBundle {
                    var body: some Widget {
                        if #available(iOS 17, *) {
                            NotesWidget()
                        } else if Features.legacyWidgets {
                            LegacyNotesWidget()
                        }
                    }
                }
                struct NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "notes", provider: NotesProvider()) { entry in
                            NotesView(entry: entry).containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                struct LegacyNotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "legacy-notes", provider: NotesProvider()) { entry in
                            NotesView(entry: entry).padding()
                        }
                    }
                }
                struct NotesView: View {
                    let entry: NotesEntry
                    var body: some View { Text(entry.text) }
                }
                """),
            // The view comes from a package Glance cannot read.
            .widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.summary", provider: SummaryProvider()) { entry in
                            SharedSummaryView(entry: entry)
                        }
                    }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        for widget in model.widgets where widget.configuration != nil && widget.configuration != .activityConfiguration {
            guard widget.targets.contains(where: model.isWidgetExtension) else { continue }
            let calls = widget.content.calls
            if calls.contains(where: { $0.call.name == "containerBackground" || $0.call.name == "containerBackgroundRemovable" }) { continue }
            if let opaque = widget.content.opaqueCalls.first {
                context.skip("widget \(widget.typeName) uses \(opaque.call.name), which Glance cannot see into; containerBackground not checked", file: context.relativePath(widget.location))
                continue
            }
            guard let root = widget.content.roots.first?.statements.first else { continue }
            let target = widget.targets.first(where: model.isWidgetExtension)
            if let target, let paths = model.registrations(in: target)?[widget.type.location], !paths.isEmpty,
               paths.allSatisfy({ Self.runsOnlyBeforeContainerBackground($0, platforms: target.platforms) }) { continue }
            // No bundle found, and a file Glance could not read may hold it (and register the widget only on
            // earlier systems).
            if let target, let unread = model.unreadSourceThatMayHoldTheBundle(of: target) {
                context.skip("widget \(widget.typeName): no @main bundle found in '\(target.name)' and Glance did not read \(model.relativePath(unread)); containerBackground not checked", file: context.relativePath(widget.location))
                continue
            }
            let sdk = target?.platforms.contains(.watchOS) == true && target?.platforms.contains(.iOS) != true ? "watchOS 10"
                : target?.platforms.contains(.macOS) == true && target?.platforms.contains(.iOS) != true ? "macOS 14" : "iOS 17"
            context.report(Chains.split(root).root.location, "widget \(widget.typeName) never sets .containerBackground(for: .widget); built with the \(sdk) SDK it shows \"Please adopt containerBackground API\". Move its background into .containerBackground(_:for: .widget).", target: target,
                           subjects: target.map { [ViolationSubject(targetID: $0.id)] } ?? [])
        }
    }

    /// The systems whose SDKs require the container background, by `#available` platform name.
    static let required: [Platform: (name: String, version: [Int])] = [.iOS: ("iOS", [17]), .watchOS: ("watchOS", [10]), .macOS: ("macOS", [14])]

    /// Whether code registered in these branches runs only on systems before the container background: a clause
    /// below `#available`'s versions for each of the target's platforms (a platform the check does not name is
    /// covered by its `*`, where the `else` never runs).
    static func runsOnlyBeforeContainerBackground(_ choices: [BranchChoice], platforms: [Platform]) -> Bool {
        guard !platforms.isEmpty, platforms.allSatisfy({ required[$0] != nil }) else { return false }
        return choices.contains { choice in
            !choice.below.isEmpty && platforms.allSatisfy { platform in
                guard let below = choice.below[required[platform]!.name] else { return true }
                let version = BranchChoice.numbers(below)
                return !version.isEmpty && version.lexicographicallyPrecedes(required[platform]!.version + [1])
            }
        }
    }
}
