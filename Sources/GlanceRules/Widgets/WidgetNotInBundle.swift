import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// Every widget and control of an extension must be reachable from its single `@main` WidgetBundle.
struct WidgetNotInBundle: Rule {
    static let description = RuleDescription(
        identifier: "widget_not_in_bundle",
        name: "Widget or control not in the @main bundle",
        group: .widgets,
        defaultSeverity: .error,
        summary: "A Widget or ControlWidget (Live Activities included) in an extension is not reachable from the extension's `@main` WidgetBundle, or the extension has two `@main` bundles.",
        rationale: """
            Only what the `@main` WidgetBundle lists (directly or through nested bundles) exists for the system: \
            a widget, control or Live Activity left out never appears in the gallery, and an activity has no UI. \
            Controls in a separate bundle do not show up at all. Bundle everything under one `@main` WidgetBundle. \
            A surface that is still Xcode's template (see `template_surface_shipped`) was left out on purpose and is \
            not reported, nor is one the bundle's file names otherwise (commented out), nor a control no bundle \
            lists that does nothing yet (its action's `perform()` only returns `.result()`, a toggle's value is a \
            constant), nor a Live Activity no code \
            starts (no `Activity.request` or push-to-start token for its attributes: unfinished, and listing it would \
            still show nothing).
            """,
        source: """
            Apple, WidgetBundle <https://developer.apple.com/documentation/swiftui/widgetbundle>; \
            Apple, Creating controls to perform actions across the system <https://developer.apple.com/documentation/widgetkit/creating-controls-to-perform-actions-across-the-system>; \
            Apple, Scheduling an alarm with AlarmKit <https://developer.apple.com/documentation/alarmkit/scheduling-an-alarm-with-alarmkit>
            """,
        premise: Premise("""
            The system knows only the widgets, controls and Live Activities the extension's `@main` WidgetBundle \
            lists; one left out never appears in the widget or controls gallery, and an activity of its type has no \
            UI.
            """, .documented),
        requires: [.targets],
        triggeringExamples: [
            // The entry point sets up a service and starts one widget on its own: the other never appears.
            .widget("""
                @main
                struct Entry {
                    static func main() {
                        Analytics.setUp()
                        StatusWidget.main()
                    }
                }
                struct StatusWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.status", provider: StatusProvider()) { entry in StatusView(entry: entry) }
                    }
                }
                struct ↓CommunityWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.community", provider: CommunityProvider()) { entry in CommunityView(entry: entry) }
                    }
                }
                """),
            // A static list that leaves one out.
            .widget("""
                @main
                struct AppWidgets: WidgetBundle {
                    var body: some Widget { Self.all }
                    @WidgetBundleBuilder static var all: some Widget { SummaryWidget() }
                }
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                struct ↓TimerToggle: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "timer") { ControlWidgetButton(action: StartIntent()) { Text("Start") } }
                    }
                }
                """),
            .widget("""
                @main
                struct AppWidgets: WidgetBundle {
                    var body: some Widget {
                        SummaryWidget()
                    }
                }
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                struct ↓TimerToggle: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "timer") { ControlWidgetButton(action: StartIntent()) { Text("Start") } }
                    }
                }
                """),
            // A separate bundle for controls.
            .widget("""
                @main
                struct AppWidgets: WidgetBundle {
                    var body: some Widget { SummaryWidget() }
                }
                struct ControlsBundle: WidgetBundle {
                    var body: some Widget { TimerToggle() }
                }
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                struct ↓TimerToggle: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "timer") { ControlWidgetButton(action: StartIntent()) { Text("Start") } }
                    }
                }
                """),
            // The only @main bundle sits under a condition no configuration sets: the Release build, which ships,
            // compiles no entry point, and the extension ships nothing.
            .widget("""
                #if FEATURE_WIDGETS
                @main
                struct ↓AppWidgets: WidgetBundle {
                    var body: some Widget { SummaryWidget() }
                }
                #endif
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                """),
            // A Live Activity the app starts, left out of the bundle: the activity has no UI.
            RuleExample(files: [
                .widget(Self.napWidgets(marked: true)),
                .shared("""
                    struct NapAttributes: ActivityAttributes {
                        public struct ContentState: Codable, Hashable { var minutes: Int }
                    }
                    """),
                .app("""
                    func startNap() throws {
                        _ = try Activity.request(attributes: NapAttributes(), content: .init(state: .init(minutes: 20), staleDate: nil))
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The bundle's comment says the Live Activity was taken out.
            .widget("""
                @main struct Widgets: WidgetBundle {
                    var body: some Widget {
                        NotesWidget()
                        // Live Activity removed until the timer feature returns
                    }
                }
                struct NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.notes", provider: NotesProvider()) { entry in NotesView(entry: entry) }
                    }
                }
                struct TimerAttributes: ActivityAttributes {
                    public struct ContentState: Codable, Hashable { var endsAt: Date }
                }
                struct TimerActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: TimerAttributes.self) { context in
                            Text(context.state.endsAt, style: .timer)
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text(context.state.endsAt, style: .timer) } }
                                compactLeading: { Text("T") } compactTrailing: { Text(context.state.endsAt, style: .timer) } minimal: { Text("T") }
                        }
                    }
                }
                """),
            // Two Live Activities for one attributes type; the bundle lists one, the other is an alternative.
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { TimerActivitySimple() } }
                struct TimerAttributes: ActivityAttributes {
                    public struct ContentState: Codable, Hashable { var endsAt: Date }
                    var name: String
                }
                struct TimerActivitySimple: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: TimerAttributes.self) { context in
                            Text(timerInterval: Date.now...context.state.endsAt).widgetURL(URL(string: "timer://open"))
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text(context.attributes.name) } }
                                compactLeading: { Text("T") } compactTrailing: { Text(context.state.endsAt, style: .timer) } minimal: { Text("T") }
                        }
                    }
                }
                struct TimerActivityDetailed: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: TimerAttributes.self) { context in
                            VStack { Text(context.attributes.name); Text(context.state.endsAt, style: .timer) }
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text(context.attributes.name) } }
                                compactLeading: { Text("T") } compactTrailing: { Text(context.state.endsAt, style: .timer) } minimal: { Text("T") }
                        }
                    }
                }
                """),
            // A wrapper's body returns one widget's body on iOS 17 and another's below it: both ship with it, the
            // older one only where no container background is asked for.
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { SummaryWidget() } }
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        if #available(iOS 17.0, *) { return ModernSummaryWidget().body } else { return LegacySummaryWidget().body }
                    }
                }
                @available(iOS 17.0, *)
                struct ModernSummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.summary", provider: SummaryProvider()) { entry in
                            SummaryView(entry: entry).containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                struct LegacySummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                struct SummaryView: View {
                    let entry: SummaryEntry
                    var body: some View { Text(entry.title) }
                }
                """),
            // Xcode's emoji Live Activity left out of the bundle, never started.
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { NotesWidget() } }
                struct NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.notes", provider: NotesProvider()) { entry in NotesView(entry: entry) }
                    }
                }
                struct NotesAttributes: ActivityAttributes {
                    public struct ContentState: Codable, Hashable { var emoji: String }
                    var name: String
                }
                struct NotesLiveActivity: Widget {
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
            // Xcode's "Start Timer" control left out when the real widgets were written: listing it would ship a placeholder.
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { NotesWidget() } }
                struct NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "notes", provider: NotesProvider()) { entry in NotesView(entry: entry) }
                    }
                }
                struct TimerControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.timer", provider: Provider()) { value in
                            ControlWidgetToggle("Start Timer", isOn: value, action: StartTimerIntent()) { isRunning in
                                Label(isRunning ? "On" : "Off", systemImage: "timer")
                            }
                        }
                    }
                }
                extension TimerControl {
                    struct Provider: ControlValueProvider {
                        var previewValue: Bool { false }
                        func currentValue() async throws -> Bool { true }
                    }
                }
                struct StartTimerIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Start a timer"
                    @Parameter(title: "Timer is running") var value: Bool
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
            // A file shared by two extensions for its view: the widget it also declares ships from the first.
            RuleExample(files: [
                ExampleFile(path: "Shared/Left.swift", targets: ["Widgets", "MoreWidgets"], contents: """
                    struct LeftWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "left", provider: LeftProvider()) { entry in Badge(entry: entry) }
                        }
                    }
                    struct Badge: View {
                        let entry: LeftEntry
                        var body: some View { Text(entry.title) }
                    }
                    """),
                .widget("""
                    @main
                    struct LeftBundle: WidgetBundle {
                        var body: some Widget { LeftWidget() }
                    }
                    """),
                ExampleFile(path: "MoreWidgets/Right.swift", targets: ["MoreWidgets"], contents: """
                    @main
                    struct RightBundle: WidgetBundle {
                        var body: some Widget { RightWidget() }
                    }
                    struct RightWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "right", provider: RightProvider()) { entry in Badge(entry: entry) }
                        }
                    }
                    """),
            ], targets: ExampleTarget.defaults.map { target in
                var target = target
                if target.name == "App" { target.embeds.append("MoreWidgets") }
                return target
            } + [ExampleTarget(name: "MoreWidgets", kind: .widgetExtension, platform: .iOS, bundleIdentifier: "com.example.app.morewidgets",
                               infoPlist: ["NSExtension": .dictionary(["NSExtensionPointIdentifier": .string("com.apple.widgetkit-extension")])])]),
            // Parked on purpose: commented out of the bundle, declared in a file of its own.
            RuleExample(files: [
                .widget("""
                    @main
                    struct AppWidgets: WidgetBundle {
                        var body: some Widget {
                            SummaryWidget()
                            // StreakWidget() — back when the streak service ships
                        }
                    }
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                        }
                    }
                    """, name: "Bundle.swift"),
                .widget("""
                    struct StreakWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "streak", provider: StreakProvider()) { entry in StreakView(entry: entry) }
                        }
                    }
                    """, name: "StreakWidget.swift"),
            ]),
            // The condition is set for Release too (SWIFT_ACTIVE_COMPILATION_CONDITIONS).
            RuleExample.widget("""
                #if FEATURE_WIDGETS
                @main
                struct AppWidgets: WidgetBundle {
                    var body: some Widget { SummaryWidget() }
                }
                #endif
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                """).with("Widgets") { $0.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] = "FEATURE_WIDGETS $(inherited)" },
            // One folder in an iOS and a watchOS extension: the bundle leaves the Home Screen widget out of the watch
            // build on purpose, and the corner widget, whose families exist only for watchOS, out of the iOS one.
            RuleExample(files: [
                ExampleFile(path: "Shared/Widgets.swift", targets: ["Widgets", "WatchWidgets"], contents: """
                    @main
                    struct AppWidgets: WidgetBundle {
                        var body: some Widget {
                            #if !os(watchOS)
                            HomeScreenWidget()
                            #else
                            CornerWidget()
                            #endif
                        }
                    }
                    struct HomeScreenWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "home", provider: Provider()) { entry in EntryView(entry: entry) }
                                .supportedFamilies([.systemSmall, .systemMedium])
                        }
                    }
                    struct CornerWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "corner", provider: Provider()) { entry in EntryView(entry: entry) }
                            #if os(watchOS)
                                .supportedFamilies([.accessoryCorner])
                            #endif
                        }
                    }
                    """),
            ]),
            // Widgets nested in the bundle, listed by their qualified names.
            .widget("""
                @main
                struct ClockWidgets: WidgetBundle {
                    var body: some Widget {
                        Self.Clock()
                        ClockWidgets.Alarm()
                    }
                }
                extension ClockWidgets {
                    struct Clock: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "clock", provider: ClockProvider()) { entry in ClockView(entry: entry) }
                        }
                    }
                    struct Alarm: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "alarm", provider: ClockProvider()) { entry in ClockView(entry: entry) }
                        }
                    }
                }
                """),
            // Listed through `@WidgetBundleBuilder` static properties of another type, declared in an extension.
            .widget("""
                @main
                struct AppWidgets: WidgetBundle {
                    var body: some Widget { AllWidgets.widgets }
                }
                enum AllWidgets {}
                extension AllWidgets {
                    @WidgetBundleBuilder static var widgets: some Widget {
                        SummaryWidget()
                        controls
                    }
                    @WidgetBundleBuilder static var controls: some Widget { TimerToggle() }
                }
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                struct TimerToggle: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "timer") { ControlWidgetButton(action: StartIntent()) { Text("Start") } }
                    }
                }
                """),
            .widget("""
                @main
                struct AppWidgets: WidgetBundle {
                    var body: some Widget {
                        SummaryWidget()
                        MoreWidgets().body
                    }
                }
                struct MoreWidgets: WidgetBundle {
                    var body: some Widget {
                        if #available(iOS 18.0, *) { TimerToggle() }
                    }
                }
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in SummaryView(entry: entry) }
                    }
                }
                struct TimerToggle: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "timer") { ControlWidgetButton(action: StartIntent()) { Text("Start") } }
                    }
                }
                """),
            // Listed only for the platform it is built for.
            RuleExample(files: [
                ExampleFile(path: "Shared/Bundle.swift", targets: ["Widgets", "WatchWidgets"], contents: """
                    @main
                    struct AppWidgets: WidgetBundle {
                        var body: some Widget {
                            #if os(iOS)
                            PhoneWidget()
                            #else
                            WatchWidget()
                            #endif
                        }
                    }
                    #if os(iOS)
                    struct PhoneWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "phone", provider: Provider()) { entry in EntryView(entry: entry) }
                        }
                    }
                    #else
                    struct WatchWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "watch", provider: Provider()) { entry in EntryView(entry: entry) }
                        }
                    }
                    #endif
                    """),
            ]),
            // A Live Activity nothing starts (the app requests only another one): unfinished, and listing it
            // would still show nothing.
            RuleExample(files: [
                .widget(Self.napWidgets(marked: false)),
                .shared("""
                    struct NapAttributes: ActivityAttributes {
                        public struct ContentState: Codable, Hashable { var minutes: Int }
                    }
                    struct WalkAttributes: ActivityAttributes {
                        public struct ContentState: Codable, Hashable { var steps: Int }
                    }
                    """),
                .app("""
                    func startWalk() throws {
                        _ = try Activity<WalkAttributes>.request(attributes: WalkAttributes(), content: .init(state: .init(steps: 0), staleDate: nil))
                    }
                    """),
            ]),
            // A control of the app's own that does nothing yet, left out of the bundle.
            .widget("""
                @main struct Widgets: WidgetBundle { var body: some Widget { NotesWidget() } }
                struct NotesWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.notes", provider: NotesProvider()) { entry in NotesView(entry: entry) }
                    }
                }
                struct RecyclingControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.recycling", provider: RecyclingProvider()) { isOn in
                            ControlWidgetToggle("Bins out", isOn: isOn, action: RecyclingIntent()) { Label("Bins", systemImage: "trash") }
                        }
                    }
                }
                struct RecyclingProvider: ControlValueProvider {
                    var previewValue: Bool { false }
                    func currentValue() async throws -> Bool { false }
                }
                struct RecyclingIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Bins out"
                    @Parameter(title: "Out") var value: Bool
                    func perform() async throws -> some IntentResult { .result() }
                }
                """)
        ])

    /// `(FEATURE)` → `FEATURE` (the index keeps each `#if` clause's condition in parentheses).
    static func withoutOuterParentheses(_ condition: String) -> String {
        guard condition.hasPrefix("("), condition.hasSuffix(")") else { return condition }
        var depth = 0
        for (offset, character) in condition.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1; if depth == 0 && offset < condition.count - 1 { return condition } }
        }
        return String(condition.dropFirst().dropLast())
    }

    /// The examples' widget extension: a bundle listing a widget, and a Live Activity it leaves out (marked `↓` for
    /// a triggering example).
    static func napWidgets(marked: Bool) -> String {
        """
        @main struct Widgets: WidgetBundle { var body: some Widget { NotesWidget() } }
        struct NotesWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "com.example.app.notes", provider: NotesProvider()) { entry in NotesView(entry: entry) }
            }
        }
        struct \(marked ? "↓" : "")NapLiveActivity: Widget {
            var body: some WidgetConfiguration {
                ActivityConfiguration(for: NapAttributes.self) { context in Text("\\(context.state.minutes) min") } dynamicIsland: { context in
                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("Nap") } }
                        compactLeading: { Text("N") } compactTrailing: { Text("1") } minimal: { Text("N") }
                }
            }
        }
        """
    }

    /// Whether no code can start an activity of the Live Activity's attributes: no `Activity.request` and no
    /// push-to-start token names them, and every request and token names a type of the project (one that names
    /// none, or a generic parameter, could be any).
    static func nothingStarts(_ activity: LiveActivitySurface, _ model: SurfaceModel) -> Bool {
        let name = TypeName.unqualified(activity.attributes)
        let starts = model.activityRequests.map { ($0.attributes, $0.location.file) }
            + model.apiUses.filter { $0.name == "pushToStartTokenUpdates" || $0.name == "pushToStartToken" }.map { ($0.attributes, $0.location.file) }
        return starts.allSatisfy { attributes, file in
            guard let attributes else { return false }
            return TypeName.unqualified(attributes) != name && model.resolver.primaryDeclaration(of: attributes, from: file) != nil
        }
    }

    func validate(_ context: RuleContext) {
        let model = context.model
        let build = context.resolver.build
        for target in model.targets(ofKind: .widgetExtension) {
            // What the target's shipping build surely compiles; a widget written for other platforms (its families
            // given only under `#if os(watchOS)`) is compiled here, not meant to ship here.
            let compiles = { (type: TypeDecl) in build.compiles(type.conditions, in: target, file: type.location.file) == true }
            // Each with what is still Xcode's template in it (asked only of a surface left out of the bundle).
            let surfaces: [(TypeDecl, String, shippedBy: [Target], template: () -> [String]?)] = model.widgets.filter { widget in
                widget.compiledTargets.contains { $0.id == target.id } && compiles(widget.type) && !widget.isBuiltOnlyForOtherPlatforms(than: target)
            }.map { widget in (widget.type, widget.configuration == .activityConfiguration ? "Live Activity" : "widget", widget.targets, {
                model.templateSignals(of: widget)
                    ?? model.liveActivities.first { $0.widget.type.location == widget.type.location }.flatMap(model.templateSignals(of:))
            }) }
                + model.controls.filter { $0.compiledTargets.contains { $0.id == target.id } && compiles($0.type) }
                .map { control in (control.type, "control", control.targets, { model.templateSignals(of: control) }) }
            guard !surfaces.isEmpty else { continue }
            let mains = model.mainBundles(in: target)
            if let entry = model.compiledOutEntryPoints(in: target).first {
                let condition = entry.conditions.map(Self.withoutOuterParentheses).joined(separator: " && ")
                let compiling = build.configurations(compiling: entry.conditions, in: target, file: entry.location.file) ?? []
                let elsewhere = compiling.isEmpty ? "no configuration of '\(target.name)' compiles it"
                    : "only \(compiling.joined(separator: ", ")) compile\(compiling.count == 1 ? "s" : "") it"
                let names = surfaces.map(\.0.qualifiedName)
                let listed = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
                context.report(entry.location, """
                    @main \(entry.qualifiedName) sits under #if \(condition), which is false in the Release build of \
                    '\(target.name)' (\(elsewhere)), so the extension ships none of the widgets and controls it compiles \
                    (\(listed)). Set the condition for Release, or remove the #if.
                    """, target: target)
                continue
            }
            if mains.count > 1 {
                for bundle in mains.dropFirst() {
                    context.report(bundle.type.location, "target '\(target.name)' has more than one @main WidgetBundle (\(mains.map(\.type.qualifiedName).joined(separator: ", "))); an extension has one entry point. Merge them into one bundle.", target: target)
                }
                continue
            }
            let launched = model.launchedBundles(in: target).map(\.bundle)
            if let opaque = (mains + launched).first(where: { !$0.unresolved.isEmpty }) {
                context.skip("\(opaque.type.qualifiedName).body uses \(opaque.unresolved[0]), which Glance cannot follow; bundle membership not checked", file: context.relativePath(opaque.type.location))
                continue
            }
            guard let bundled = model.bundledTypes(in: target) else {
                // A custom entry point (`@main enum Entry { static func main() { … } }`) that starts no bundle Glance knows.
                let entry = context.resolver.allTypes.first { $0.isMain && context.resolver.targets(of: $0).contains { $0.id == target.id } }
                let reason = entry.map { "target '\(target.name)' starts at @main \($0.qualifiedName), which is neither a WidgetBundle nor a Widget and starts no bundle Glance can see (BundleName.main()), so bundle membership is not checked" }
                    ?? model.unreadSourceThatMayHoldTheBundle(of: target).map { "target '\(target.name)' has no @main WidgetBundle or Widget in the Swift sources Glance read, and it did not read \(context.shownPath($0))" }
                    ?? "target '\(target.name)' has no @main WidgetBundle or Widget in its Swift sources"
                context.skip(reason, file: entry.map { context.relativePath($0.location) })
                continue
            }
            let started = model.launchedWidgets(in: target).map { "\($0.qualifiedName).main()" }
            let mainName = mains.first?.type.qualifiedName ?? (!launched.isEmpty ? launched.map(\.type.qualifiedName).joined(separator: " or ")
                : !started.isEmpty ? "the entry point (which starts \(started.joined(separator: " and ")))" : "the @main widget")
            // Where to list it: the bundle's body, or (an entry point that starts one widget) a bundle to start instead.
            let advice = { (name: String) in
                started.isEmpty || mains.first != nil || !launched.isEmpty ? "add \(name)() to \(mainName).body"
                    : "start a WidgetBundle that lists it from the entry point instead"
            }
            // A bundle that names it under a `#if` that is false here left it out on purpose; so did one whose file
            // names it otherwise (`// ParkedWidget()` commented out of the body) when it is declared elsewhere.
            let bundleFiles = Set((mains + launched).map(\.type.location.file))
            for (type, what, shippedBy, template) in surfaces where !bundled.contains(type.location) && !type.isMain && !model.listsOnlyUnderFalseConditions(type, in: target) {
                // Another extension registers it: its file is compiled here for something else it holds (a shared view).
                if let other = shippedBy.first(where: { $0.id != target.id }) {
                    context.skip("\(what) \(type.qualifiedName) is compiled into '\(target.name)' without being listed there, and '\(other.name)' registers it: its file is shared, not reported",
                                 file: context.relativePath(type.location))
                    continue
                }
                if let file = bundleFiles.sorted().first(where: { $0 != type.location.file && context.resolver.index.mentions(type.name, in: $0) }) {
                    context.skip("\(what) \(type.qualifiedName) is not in \(mainName) but \(context.shownPath(file)) names it (commented out or otherwise): left out on purpose, not reported",
                                 file: context.relativePath(type.location))
                    continue
                }
                // Xcode's template, left out of the bundle when the real surfaces were written: listing it would
                // ship a placeholder.
                if let signals = template() {
                    context.skip("\(what) \(type.qualifiedName) is not in \(mainName), and it is still Xcode's template (\(signals[0])): left out on purpose, not reported",
                                 file: context.relativePath(type.location))
                    continue
                }
                // A control of the app's own that does nothing yet (a stub action, a constant value), which no bundle lists: unfinished;
                // listing it would ship a control that does nothing.
                // (One that another bundle lists was meant to ship: that bundle is the mistake.)
                if let control = model.controls.first(where: { $0.type.location == type.location }),
                   !model.bundles.contains(where: { bundle in bundle.members.contains { $0.name == type.name } }),
                   let signals = model.stubSignals(of: control) {
                    context.skip("control \(type.qualifiedName) is not in \(mainName), and it does nothing yet (\(signals.joined(separator: "; "))): unfinished, not reported",
                                 file: context.relativePath(type.location))
                    continue
                }
                // The bundle's file speaks of Live Activities in prose (`// Live Activity / Dynamic Island removed`): one
                // left out was left out on purpose.
                if model.liveActivities.contains(where: { $0.widget.type.location == type.location }),
                   let file = bundleFiles.sorted().first(where: { file in
                       let index = context.resolver.index
                       return (index.mentions("Live", in: file) && index.mentions("Activity", in: file))
                           || (index.mentions("Dynamic", in: file) && index.mentions("Island", in: file))
                   }) {
                    context.skip("Live Activity \(type.qualifiedName) is not in \(mainName), whose file \(context.shownPath(file)) speaks of Live Activities in a comment: left out on purpose, not reported",
                                 file: context.relativePath(type.location))
                    continue
                }
                // Another Live Activity the bundle lists serves the same attributes: this one is an alternative (one
                // configuration per ActivityAttributes type), and listing it too would be the mistake.
                if let activity = model.liveActivities.first(where: { $0.widget.type.location == type.location }),
                   let served = model.liveActivities.first(where: { other in
                       other.widget.type.location != type.location && bundled.contains(other.widget.type.location)
                           && (other.attributesType.map { $0.location == activity.attributesType?.location } ?? (other.attributes == activity.attributes))
                   }) {
                    context.skip("Live Activity \(type.qualifiedName) is not in \(mainName), which lists \(served.widget.type.qualifiedName) for the same \(activity.attributes): an alternative, not reported",
                                 file: context.relativePath(type.location))
                    continue
                }
                // A Live Activity nothing starts (no request nor push-to-start token for its attributes, and every
                // request's attributes known): unfinished; listing it would still show nothing.
                if let activity = model.liveActivities.first(where: { $0.widget.type.location == type.location }), !activity.isAlarm,
                   Self.nothingStarts(activity, model) {
                    context.skip("Live Activity \(type.qualifiedName) is not in \(mainName), and no code starts an activity of \(activity.attributes) (no Activity.request or push-to-start token for it): unfinished, not reported",
                                 file: context.relativePath(type.location))
                    continue
                }
                context.report(type.location, "\(what) \(type.qualifiedName) is compiled into '\(target.name)' but \(mainName) does not list it, so it never appears; \(advice(type.qualifiedName)), or delete it if it was retired.", target: target)
            }
        }
    }
}
