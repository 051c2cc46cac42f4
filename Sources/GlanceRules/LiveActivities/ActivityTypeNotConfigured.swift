import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// An activity is drawn only by a widget extension that configures its attributes type.
struct ActivityTypeNotConfigured: Rule {
    static let description = RuleDescription(
        identifier: "activity_type_not_configured",
        name: "Live Activity type nobody draws",
        group: .liveActivities,
        defaultSeverity: .error,
        summary: "The app requests an activity of an attributes type (`Activity<T>.request`, or push-to-start through `Activity<T>.pushToStartTokenUpdates`) that no `ActivityConfiguration(for: T.self)` in the `@main` bundle of a widget extension it embeds draws.",
        rationale: """
            ActivityKit shows an activity through the widget extension's `ActivityConfiguration` for its attributes \
            type, matched by the type's name. Without one, `request` succeeds and pushes are accepted, but nothing \
            ever appears on the Lock Screen or in the Dynamic Island. Add a Live Activity widget for the type to the \
            extension's `@main` WidgetBundle.
            """,
        source: """
            Apple, Displaying live data with Live Activities <https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities>; \
            Apple, ActivityConfiguration <https://developer.apple.com/documentation/widgetkit/activityconfiguration>
            """,
        premise: Premise("""
            A Live Activity's UI is the widget extension's `ActivityConfiguration` for its attributes type, listed \
            in the widget bundle; without one the activity starts, but nothing appears on the Lock Screen or in the \
            Dynamic Island.
            """, .documented),
        requires: [.targets, .embedding],
        triggeringExamples: [
            // FC2-03: the bundle has a widget, but nothing draws FollowAttributes.
            RuleExample(files: [
                .shared(Self.followAttributes),
                .app("""
                    func follow() throws {
                        _ = try Activity<FollowAttributes>.↓request(attributes: FollowAttributes(), content: content, pushType: .token)
                    }
                    """),
                .widget("""
                    @main struct Widgets: WidgetBundle { var body: some Widget { ScoreWidget() } }
                    struct ScoreWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "score", provider: Provider()) { entry in Text(entry.score) }
                        }
                    }
                    """),
            ]),
            // The same screen, shown by the app's root view: it listens for tokens of a type nothing draws.
            RuleExample(files: [
                .shared(Self.followAttributes),
                .app("""
                    struct ActivityTestView: View {
                        var body: some View {
                            Button("Listen") { Task { for await token in Activity<FollowAttributes>.↓pushToStartTokenUpdates { print(token) } } }
                        }
                    }
                    """, name: "ActivityTestView.swift"),
                .app("struct RootView: View { var body: some View { ActivityTestView() } }"),
                .widget("""
                    @main struct Widgets: WidgetBundle { var body: some Widget { ScoreWidget() } }
                    struct ScoreWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "score", provider: Provider()) { entry in Text(entry.score) }
                        }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The widget extension has a file Glance does not parse (brackets nested past its limits): the Live
            // Activity may be registered there.
            RuleExample(files: [
                .shared(Self.followAttributes),
                .app("""
                    func follow() throws {
                        _ = try Activity<FollowAttributes>.request(attributes: FollowAttributes(), content: content, pushType: .token)
                    }
                    """),
                .widget("""
                    @main struct Widgets: WidgetBundle { var body: some Widget { ScoreWidget() } }
                    struct ScoreWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "score", provider: Provider()) { entry in Text(entry.score) }
                        }
                    }
                    """),
                .widget("let grid = [[[[[[[[[[[[[[1]]]]]]]]]]]]]]", name: "Grid.swift"),
            ]),
            // A test screen no other file names (no view shows it): its code never runs.
            RuleExample(files: [
                .shared(Self.followAttributes),
                .app("""
                    struct ActivityTestView: View {
                        var body: some View {
                            Button("Listen") { Task { for await token in Activity<FollowAttributes>.pushToStartTokenUpdates { print(token) } } }
                        }
                    }
                    struct ActivityTestView_Previews: PreviewProvider {
                        static var previews: some View { ActivityTestView() }
                    }
                    """, name: "ActivityTestView.swift"),
                .widget("""
                    @main struct Widgets: WidgetBundle { var body: some Widget { ScoreWidget() } }
                    struct ScoreWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "score", provider: Provider()) { entry in Text(entry.score) }
                        }
                    }
                    """),
            ]),
            RuleExample(files: [
                .shared(Self.followAttributes),
                .app("""
                    func follow() throws {
                        _ = try Activity<FollowAttributes>.request(attributes: FollowAttributes(), content: content, pushType: .token)
                    }
                    """),
                .widget("""
                    @main struct Widgets: WidgetBundle { var body: some Widget { FollowActivity() } }
                    struct FollowActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: FollowAttributes.self) { context in Text("") } dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                            }
                        }
                    }
                    """),
            ]),
            // A bundle Glance cannot read completely: not judged.
            RuleExample(files: [
                .shared(Self.followAttributes),
                .app("""
                    func follow() throws {
                        _ = try Activity<FollowAttributes>.request(attributes: FollowAttributes(), content: content)
                    }
                    """),
                .widget("""
                    @main struct Widgets: WidgetBundle { var body: some Widget { makeWidgets() } }
                    """),
            ]),
        ])

    static let followAttributes = """
        struct FollowAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var score: String }
        }
        """

    func validate(_ context: RuleContext) {
        let model = context.model
        var uses: [(attributes: String, location: SourceLocation, targets: [Target], context: String?)] = model.activityRequests.compactMap { request in
            request.attributes.map { ($0, request.location, request.targets, request.context) }
        }
        uses += model.apiUses.filter { $0.name == "pushToStartTokenUpdates" }.compactMap { use in use.attributes.map { ($0, use.location, use.targets, use.context) } }
        for use in uses {
            let name = TypeName.unqualified(use.attributes)
            // A generic parameter (`Activity<T>` in a generic helper) names no type.
            guard model.resolver.primaryDeclaration(of: use.attributes, from: use.location.file) != nil else { continue }
            for app in Set(use.targets.filter { model.kind(of: $0) == .app }.map(\.id)).compactMap(model.project.target(id:)) {
                // Code of a type nothing else in the app names (a test screen no view shows) never runs.
                guard model.mayRun(codeOf: use.context, declaredIn: use.location.file, in: app) else {
                    context.skip("Activity<\(use.attributes)> is used in \(use.context ?? "code"), which no other file of '\(app.name)' names; not reported", file: context.relativePath(use.location))
                    continue
                }
                // The app's own platform draws its activities (a watch extension shows the iPhone's through its own app).
                let extensions = model.targets(ofKind: .widgetExtension).filter { candidate in
                    model.hostApps(of: candidate).contains { $0.id == app.id } && !Set(candidate.platforms).isDisjoint(with: app.platforms)
                }
                guard !extensions.isEmpty else {
                    context.skip("app '\(app.name)' requests Activity<\(use.attributes)> but embeds no widget extension Glance can see", file: context.relativePath(use.location))
                    continue
                }
                if let unreadable = extensions.flatMap(model.mainBundles(in:)).first(where: { !$0.unresolved.isEmpty }) {
                    context.skip("\(unreadable.type.qualifiedName).body uses \(unreadable.unresolved[0]), which Glance cannot follow; Activity<\(use.attributes)> not checked", file: context.relativePath(use.location))
                    continue
                }
                if let unread = model.unreadSource(in: extensions) {
                    context.skip("Glance did not read \(context.shownPath(unread)), which may register the Live Activity of \(use.attributes); not checked", file: context.relativePath(use.location))
                    continue
                }
                let drawn = model.liveActivities.contains { activity in
                    TypeName.unqualified(activity.attributes) == name && activity.targets.contains { target in
                        extensions.contains { $0.id == target.id }
                    }
                }
                guard !drawn else { continue }
                context.report(use.location, """
                    the app starts Live Activities of \(use.attributes), but no widget extension of '\(app.name)' \
                    (\(quotedList(extensions.map(\.name)))) registers ActivityConfiguration(for: \(name).self) in its @main bundle; \
                    the activity is created and never shown. Add a Live Activity widget for \(name) to the bundle.
                    """, target: app, cause: app.id + "|" + name)
            }
        }
    }
}
