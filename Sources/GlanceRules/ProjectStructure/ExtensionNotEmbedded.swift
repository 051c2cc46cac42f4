import GlanceProject
import GlanceSurfaces

/// A widget extension reaches devices only when an app embeds it in a normal build.
struct ExtensionNotEmbedded: Rule {
    static let description = RuleDescription(
        identifier: "extension_not_embedded",
        name: "Widget extension not embedded",
        group: .projectStructure,
        defaultSeverity: .error,
        summary: "A widget extension target is not embedded in any app (no \"Embed Foundation Extensions\" copy phase holds it), or only when installing (`runOnlyForDeploymentPostprocessing = 1`).",
        rationale: """
            An extension that no app copies into its PlugIns folder is built but never installed: its widgets, \
            controls and Live Activities do not exist on the device. A copy phase marked "Copy only when \
            installing" leaves it out of Debug builds run from Xcode.
            """,
        source: """
            Apple, Creating a widget extension <https://developer.apple.com/documentation/widgetkit/creating-a-widget-extension>; \
            Apple, App Extension Programming Guide: Creating an app extension <https://developer.apple.com/library/archive/documentation/General/Conceptual/ExtensibilityPG/ExtensionCreation.html>
            """,
        premise: Premise("""
            An app extension is installed only inside the app that embeds it; a widget extension no app copies in \
            (or copies only when installing) is missing from the device, with its widgets, controls and Live \
            Activities.
            """, .documented),
        requires: [.targets, .embedding],
        triggeringExamples: [
            RuleExample.widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                """).with("App") { $0.embeds = ["Watch"] }.expecting([".:1:1"]),
            RuleExample.widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                """).with("App") { $0.embedsOnlyWhenInstalling = ["Widgets"] }.expecting([".:1:1"]),
        ],
        nonTriggeringExamples: [
            // An extension holding only Xcode's static template widget, embedded by no app: abandoned.
            RuleExample.widget("""
                struct Provider: TimelineProvider {
                    func placeholder(in context: Context) -> SimpleEntry { SimpleEntry(date: Date(), emoji: "😀") }
                    func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> ()) { completion(SimpleEntry(date: Date(), emoji: "😀")) }
                    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
                        completion(Timeline(entries: [SimpleEntry(date: Date(), emoji: "😀")], policy: .atEnd))
                    }
                }
                struct SimpleEntry: TimelineEntry { let date: Date; let emoji: String }
                struct NotesWidgetEntryView: View {
                    var entry: Provider.Entry
                    var body: some View { VStack { Text("Time:"); Text(entry.date, style: .time); Text("Emoji:"); Text(entry.emoji) } }
                }
                struct NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "NotesWidget", provider: Provider()) { entry in NotesWidgetEntryView(entry: entry) }
                            .configurationDisplayName("My Widget")
                            .description("This is an example widget.")
                    }
                }
                """).with("App") { $0.embeds = ["Watch"] },
            .widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                """),
            // The project holds the widget extension alone: a script or SwiftPM builds the app that embeds it.
            RuleExample(files: [.widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                """)], targets: ExampleTarget.defaults.filter { $0.name == "Widgets" }),
        ])

    /// The first surface's template signal when every widget, control and Live Activity the target compiles is still
    /// Xcode's template (and it compiles at least one); nil otherwise.
    static func onlyTemplates(in target: Target, _ model: SurfaceModel) -> String? {
        let compiles = { (targets: [Target]) in targets.contains { $0.id == target.id } }
        var signals: [String?] = []
        for widget in model.widgets where compiles(widget.compiledTargets) {
            signals.append((model.templateSignals(of: widget)
                ?? model.liveActivities.first { $0.widget.type.location == widget.type.location }.flatMap(model.templateSignals(of:)))?.first)
        }
        for control in model.controls where compiles(control.compiledTargets) { signals.append(model.templateSignals(of: control)?.first) }
        guard !signals.isEmpty, signals.allSatisfy({ $0 != nil }) else { return nil }
        return signals[0]
    }

    func validate(_ context: RuleContext) {
        let model = context.model
        for target in model.targets(ofKind: .widgetExtension) {
            let hosts = model.project.hosts(of: target)
            // A target holding only Xcode's template (added, then abandoned): embedding it would ship a placeholder.
            if model.isNeverInstalled(target), let template = Self.onlyTemplates(in: target, model) {
                context.skip("widget extension '\(target.name)' is embedded in no app, and all it holds is Xcode's template (\(template)): abandoned, not reported")
            } else if model.isNeverInstalled(target) {
                context.report(target: target, configuration: nil, in: nil, "widget extension '\(target.name)' is not embedded in any app (no Embed Foundation Extensions phase copies it), so it is never installed. Add it to the app's Embed Foundation Extensions build phase.",
                               subjects: [ViolationSubject(targetID: target.id)])
            } else if hosts.isEmpty {
                // The app that embeds it is not a target of any project read here: built by SwiftPM or a script,
                // or in a project elsewhere.
                context.skip("widget extension '\(target.name)' is embedded in no app, but the project has no app target: the app is built elsewhere (a script, SwiftPM, another project); not reported")
            } else if hosts.allSatisfy({ $0.embedding.onlyWhenInstalling }) {
                let names = quotedList(hosts.map(\.host.name))
                context.report(target: target, configuration: nil, in: nil, "widget extension '\(target.name)' is embedded in \(names) only when installing (\"Copy only when installing\" is on), so builds run from Xcode do not contain it. Turn that option off in the Embed Foundation Extensions phase.",
                               subjects: [ViolationSubject(targetID: target.id)])
            }
        }
    }
}
