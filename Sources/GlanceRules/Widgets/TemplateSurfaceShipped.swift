import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// A control, widget or Live Activity that ships while it is still Xcode's widget-extension template.
struct TemplateSurfaceShipped: Rule {
    static let description = RuleDescription(
        identifier: "template_surface_shipped",
        name: "Xcode's template shipped",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "A control, widget or Live Activity that the widget extension's bundle registers is still the code of Xcode's widget-extension template.",
        rationale: """
            Xcode's Widget Extension template adds a control, a widget and a Live Activity, each a working placeholder. \
            Left in the bundle, they ship: Control Center offers a "Start Timer" toggle whose intent does nothing and \
            whose value never changes, the widget gallery offers a widget that shows the time and a favourite emoji, \
            and a Live Activity shows an emoji. The rule recognizes each template by its shape, never by one string: \
            the control by a stub `perform()` (only `return .result()`) and a value provider that returns a constant, \
            together with one of the template's texts; the widget by a configuration intent whose only parameter is \
            the favourite emoji (with its default or the template's title or description) and a view that still shows \
            it, or, without a configuration intent, an entry view that shows the provider's constant emoji under one of \
            the template's texts; the Live Activity by a `ContentState` holding only an `emoji`, with the template's \
            `name` attribute or its "Hello" text, and only when the app starts it. It reports once per surface that \
            the `@main` bundle registers, at its declaration, naming what is still template, and stays silent as \
            soon as the surface does real work (the intent's `perform()` does something, the value comes from \
            somewhere, the view shows something else) or when the bundle does not register it.

            Templates known, as written by Xcode 15 (widget with a configuration intent, static widget, Live \
            Activity), Xcode 16 and Xcode 26 (the same widget and Live Activity, and the control, in two forms: a \
            `StaticControlConfiguration` with a `ControlValueProvider`, and with a configuration intent an \
            `AppIntentControlConfiguration` whose `TimerConfiguration` names the timer):
            - Control: `ControlWidgetToggle("Start Timer", isOn:action: StartTimerIntent())` labelled \
            `Label(isRunning ? "On" : "Off", systemImage: "timer")`, `.displayName("Timer")`, `.description("A an \
            example control that runs a timer.")`; the provider's `currentValue()` returns a local set to `true`; \
            `StartTimerIntent: SetValueIntent` (title "Start a timer", parameter "Timer is running") whose `perform()` \
            only returns `.result()`.
            - Widget: `ConfigurationAppIntent: WidgetConfigurationIntent` titled "Configuration", described "This is \
            an example widget.", with one `@Parameter(title: "Favorite Emoji", default: "😃") var favoriteEmoji`; the \
            entry view shows "Time:", the entry's date, "Favorite Emoji:" and the emoji. Xcode 15 writes the title and \
            description as stored properties, Xcode 16 and 26 as computed ones.
            - Static widget: entries `SimpleEntry(date:emoji: "😀")`, a view showing "Time:" and "Emoji:", \
            `.configurationDisplayName("My Widget")` and `.description("This is an example widget.")`.
            - Xcode 14's widget: `IntentConfiguration(kind:intent: ConfigurationIntent.self, …)` of the intent \
            definition's generated `ConfigurationIntent`, a view showing only `Text(entry.date, style: .time)`, \
            `.configurationDisplayName("My Widget")` and `.description("This is an example widget.")` (all three).
            - Live Activity: `ContentState { var emoji: String }`, a `name` attribute, a Lock Screen view showing \
            "Hello" and the emoji, compact views "L" and "T".
            """,
        source: """
            Apple, Creating a widget extension <https://developer.apple.com/documentation/widgetkit/creating-a-widget-extension>; \
            Apple, Creating controls to perform actions across the system <https://developer.apple.com/documentation/widgetkit/creating-controls-to-perform-actions-across-the-system>
            """,
        premise: Premise("A surface still shaped like Xcode's template does nothing for the people who add it: the control's intent changes nothing, the widget shows a time and an emoji, the Live Activity an emoji.", .inferred),
        requires: [.targets],
        triggeringExamples: [
            // Xcode 14's intent-configured template, registered as the extension's @main widget.
            .widget("""
                struct Provider: IntentTimelineProvider {
                    func placeholder(in context: Context) -> SimpleEntry { SimpleEntry(date: Date(), configuration: ConfigurationIntent()) }
                    func getSnapshot(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (SimpleEntry) -> ()) {
                        completion(SimpleEntry(date: Date(), configuration: configuration))
                    }
                    func getTimeline(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
                        completion(Timeline(entries: [SimpleEntry(date: Date(), configuration: configuration)], policy: .atEnd))
                    }
                }
                struct SimpleEntry: TimelineEntry {
                    let date: Date
                    let configuration: ConfigurationIntent
                }
                struct NotesEntryView: View {
                    var entry: Provider.Entry
                    var body: some View { Text(entry.date, style: .time) }
                }
                @main
                struct ↓NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        IntentConfiguration(kind: "NotesWidget", intent: ConfigurationIntent.self, provider: Provider()) { entry in
                            NotesEntryView(entry: entry)
                        }
                        .configurationDisplayName("My Widget")
                        .description("This is an example widget.")
                    }
                }
                """),
            // The control template (Xcode 16, 26), registered by the bundle.
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { TimerControl() } }
                struct ↓TimerControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.timer", provider: Provider()) { value in
                            ControlWidgetToggle("Start Timer", isOn: value, action: StartTimerIntent()) { isRunning in
                                Label(isRunning ? "On" : "Off", systemImage: "timer")
                            }
                        }
                        .displayName("Timer")
                    }
                }
                extension TimerControl {
                    struct Provider: ControlValueProvider {
                        var previewValue: Bool { false }
                        func currentValue() async throws -> Bool {
                            let isRunning = true
                            return isRunning
                        }
                    }
                }
                struct StartTimerIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Start a timer"
                    @Parameter(title: "Timer is running") var value: Bool
                    func perform() async throws -> some IntentResult { return .result() }
                }
                """),
            // The widget template with its configuration intent (Xcode 16, 26 write the title as a computed property).
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { NotesWidget() } }
                struct ↓NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        AppIntentConfiguration(kind: "NotesWidget", intent: ConfigurationAppIntent.self, provider: Provider()) { entry in
                            VStack {
                                Text("Time:")
                                Text(entry.date, style: .time)
                                Text("Favorite Emoji:")
                                Text(entry.configuration.favoriteEmoji)
                            }
                            .containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                struct ConfigurationAppIntent: WidgetConfigurationIntent {
                    static var title: LocalizedStringResource { "Configuration" }
                    static var description: IntentDescription { "This is an example widget." }
                    @Parameter(title: "Favorite Emoji", default: "😃")
                    var favoriteEmoji: String
                }
                """),
            // The Live Activity template, which the app starts.
            RuleExample(files: [
                .widget("""
                    @main struct Widgets: WidgetBundle { var body: some Widget { NotesLiveActivity() } }
                    struct NotesAttributes: ActivityAttributes {
                        public struct ContentState: Codable, Hashable { var emoji: String }
                        var name: String
                    }
                    struct ↓NotesLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: NotesAttributes.self) { context in
                                Text("Hello \\(context.state.emoji)")
                            } dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text(context.state.emoji) } }
                                    compactLeading: { Text("L") } compactTrailing: { Text("T") } minimal: { Text(context.state.emoji) }
                            }
                        }
                    }
                    """),
                .app("""
                    func start() throws {
                        _ = try Activity<NotesAttributes>.request(attributes: NotesAttributes(name: "World"), content: .init(state: .init(emoji: "😀"), staleDate: nil))
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The template control made to work: its intent writes the value, the provider reads it.
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { TimerControl() } }
                struct TimerControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.timer", provider: Provider()) { value in
                            ControlWidgetToggle("Start Timer", isOn: value, action: StartTimerIntent()) { isRunning in
                                Label(isRunning ? "On" : "Off", systemImage: "timer")
                            }
                        }
                    }
                }
                struct Provider: ControlValueProvider {
                    var previewValue: Bool { false }
                    func currentValue() async throws -> Bool { TimerStore.shared.isRunning }
                }
                struct StartTimerIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Start a timer"
                    @Parameter(title: "Timer is running") var value: Bool
                    func perform() async throws -> some IntentResult {
                        TimerStore.shared.isRunning = value
                        return .result()
                    }
                }
                """),
            // The template control left in the project but not registered by the bundle.
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { NotesWidget() } }
                struct TimerControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.timer", provider: Provider()) { value in
                            ControlWidgetToggle("Start Timer", isOn: value, action: StartTimerIntent()) { isRunning in
                                Label(isRunning ? "On" : "Off", systemImage: "timer")
                            }
                        }
                    }
                }
                struct Provider: ControlValueProvider {
                    var previewValue: Bool { false }
                    func currentValue() async throws -> Bool { true }
                }
                struct StartTimerIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Start a timer"
                    @Parameter(title: "Timer is running") var value: Bool
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
            // The template's configuration intent kept, but the widget shows the app's own data.
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { NotesWidget() } }
                struct NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        AppIntentConfiguration(kind: "NotesWidget", intent: ConfigurationAppIntent.self, provider: Provider()) { entry in
                            NoteList(notes: entry.notes).containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                struct ConfigurationAppIntent: WidgetConfigurationIntent {
                    static var title: LocalizedStringResource = "Configuration"
                    static var description = IntentDescription("This is an example widget.")
                    @Parameter(title: "Favorite Emoji", default: "😃")
                    var favoriteEmoji: String
                }
                """),
            // An emoji Live Activity of the app's own: its attributes and views are not the template's.
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { MoodLiveActivity() } }
                struct MoodAttributes: ActivityAttributes {
                    public struct ContentState: Codable, Hashable { var emoji: String }
                    var startedAt: Date
                }
                struct MoodLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: MoodAttributes.self) { context in
                            MoodView(emoji: context.state.emoji, since: context.attributes.startedAt)
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text(context.state.emoji) } }
                                compactLeading: { Text(context.state.emoji) } compactTrailing: { Text("") } minimal: { Text(context.state.emoji) }
                        }
                    }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        for control in model.controls {
            guard let target = registeringTarget(control.type, control.targets, model), let signals = model.templateSignals(of: control) else { continue }
            report(control.type, kind: "control", signals: signals, does: "its toggle changes nothing and its value never changes", target: target, context)
        }
        for widget in model.widgets where [.appIntentConfiguration, .staticConfiguration, .intentConfiguration].contains(widget.configuration) {
            guard let target = registeringTarget(widget.type, widget.targets, model), let signals = model.templateSignals(of: widget) else { continue }
            let shows = widget.configuration == .intentConfiguration ? "only the time" : "the time and an emoji"
            report(widget.type, kind: "widget", signals: signals, does: "the widget gallery offers a widget that shows \(shows)",
                   target: target, context)
        }
        for activity in model.liveActivities {
            guard let target = registeringTarget(activity.widget.type, activity.targets, model), let signals = model.templateSignals(of: activity) else { continue }
            let attributes = TypeName.base(activity.attributes)
            let started = model.activityRequests.contains { $0.attributes.map { TypeName.base($0) == attributes } ?? true }
                || model.apiUses("pushToStartTokenUpdates").contains { $0.attributes.map { TypeName.base($0) == attributes } ?? true }
            guard started else {
                context.skip("Live Activity \(activity.widget.typeName) is still Xcode's template, but the app never starts it (no Activity<\(attributes)>.request); not reported",
                             file: context.relativePath(activity.widget.location))
                continue
            }
            report(activity.widget.type, kind: "Live Activity", signals: signals, does: "the app starts a Live Activity that shows an emoji", target: target, context)
        }
    }

    private func report(_ type: TypeDecl, kind: String, signals: [String], does: String, target: Target, _ context: RuleContext) {
        context.report(type.location, """
            \(kind) \(type.qualifiedName) is still Xcode's template (\(signals.joined(separator: "; "))), and its bundle ships it: \
            \(does) (Glance infers this from Apple's documentation). Give it its real work, or take it out of the bundle.
            """, target: target)
    }

    /// The first target whose `@main` bundle registers the type (a template only compiled, or in a target whose
    /// bundle Glance cannot follow, is not judged).
    private func registeringTarget(_ type: TypeDecl, _ targets: [Target], _ model: SurfaceModel) -> Target? {
        targets.first { model.isBundled(type, in: $0) == true }
    }
}
