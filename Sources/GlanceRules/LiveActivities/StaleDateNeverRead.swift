import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// A stale date only helps if the UI shows staleness.
struct StaleDateNeverRead: Rule {
    static let description = RuleDescription(
        identifier: "stale_date_never_read",
        name: "staleDate set but isStale never read",
        group: .liveActivities,
        defaultSeverity: .warning,
        summary: "Activities are given a `staleDate` but no Live Activity view reads `context.isStale`.",
        rationale: """
            When the stale date passes, ActivityKit marks the activity stale — and nothing changes on screen \
            unless a view reads `context.isStale`. An arrival time that stopped updating keeps looking live. \
            Show that the data is old when `isStale` is true.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            Apple, Displaying live data with Live Activities <https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities>; \
            report: stale arrival times look live <https://github.com/OneBusAway/onebusaway-ios/issues/1376>
            """,
        premise: Premise("""
            When the stale date passes, ActivityKit marks the activity stale (`context.isStale`) and Apple leaves \
            showing that to the app's views, so a Live Activity whose views never read `isStale` keeps presenting \
            old data as current.
            """, .inferred),
        triggeringExamples: [
            // An end that keeps the activity on the Lock Screen (.default, .after(date)) can still show it stale.
            RuleExample(files: [
                .app("""
                    func finish(_ activity: Activity<TripAttributes>) async {
                        await activity.end(ActivityContent(state: .init(minutes: 0), staleDate: .now), dismissalPolicy: .after(.now.addingTimeInterval(3600)))
                    }
                    """),
                .widget("""
                    struct TripLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ↓ActivityConfiguration(for: TripAttributes.self) { context in Text("Arrives in \\(context.state.minutes) min") }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Image(systemName: "bus") } compactTrailing: { Text("") } minimal: { Image(systemName: "bus") }
                                }
                        }
                    }
                    """),
            ]),
            RuleExample(files: [
                .app("""
                    func update(_ activity: Activity<TripAttributes>) async {
                        await activity.update(ActivityContent(state: TripAttributes.ContentState(minutes: 3), staleDate: Date().addingTimeInterval(300)))
                    }
                    """),
                .widget("""
                    struct TripLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ↓ActivityConfiguration(for: TripAttributes.self) { context in Text("Arrives in \\(context.state.minutes) min") }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Image(systemName: "bus") } compactTrailing: { Text("") } minimal: { Image(systemName: "bus") }
                                }
                        }
                    }
                    """),
            ]),
            // A caller passes the stale date the function takes.
            RuleExample(files: [
                .app("""
                    enum Trips {
                        static func start(staleAfter stale: Date? = nil) {
                            _ = try? Activity.request(attributes: TripAttributes(), content: ActivityContent(state: .init(minutes: 3), staleDate: stale))
                        }
                        static func startTimed() { start(staleAfter: Date().addingTimeInterval(600)) }
                    }
                    """),
                .widget("""
                    struct TripLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ↓ActivityConfiguration(for: TripAttributes.self) { context in Text("Arrives in \\(context.state.minutes) min") }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Image(systemName: "bus") } compactTrailing: { Text("") } minimal: { Image(systemName: "bus") }
                                }
                        }
                    }
                    """),
            ]),
            // The function is passed on as a value, and called with a date through it.
            RuleExample(files: [
                .app("""
                    enum Trips {
                        static func start(staleAfter stale: Date? = nil) {
                            _ = try? Activity.request(attributes: TripAttributes(), content: ActivityContent(state: .init(minutes: 3), staleDate: stale))
                        }
                        static let starter: (Date?) -> Void = start(staleAfter:)
                        static func startTimed() { starter(Date().addingTimeInterval(600)) }
                    }
                    """),
                .widget("""
                    struct TripLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ↓ActivityConfiguration(for: TripAttributes.self) { context in Text("Arrives in \\(context.state.minutes) min") }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Image(systemName: "bus") } compactTrailing: { Text("") } minimal: { Image(systemName: "bus") }
                                }
                        }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The views count time themselves, or every stale date is seconds ahead (a refresh technique).
            RuleExample(files: [
                .app("""
                    func update(_ activity: Activity<TripAttributes>, eta: Date) async {
                        await activity.update(ActivityContent(state: TripAttributes.ContentState(eta: eta), staleDate: eta.addingTimeInterval(600)))
                    }
                    func refresh(_ activity: Activity<ParkingAttributes>) async {
                        await activity.update(ActivityContent(state: ParkingAttributes.ContentState(spots: 3), staleDate: Date().addingTimeInterval(15)))
                    }
                    """),
                .widget("""
                    struct TripLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: TripAttributes.self) { context in Text(timerInterval: Date()...context.state.eta, countsDown: true) }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text(context.state.eta, style: .timer) } }
                                    compactLeading: { Image(systemName: "bus") } compactTrailing: { Text("") } minimal: { Image(systemName: "bus") }
                                }
                        }
                    }
                    struct ParkingLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: ParkingAttributes.self) { context in Text("\\(context.state.spots) spots") }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Image(systemName: "car") } compactTrailing: { Text("") } minimal: { Image(systemName: "car") }
                                }
                        }
                    }
                    """),
            ]),
            // The stale date is the class's start, and a helper of the views compares it with the clock: drawn again
            // when the activity turns stale, it says the class began.
            RuleExample(files: [
                .app("""
                    func update(_ activity: Activity<ClassAttributes>, next: ClassAttributes.ContentState) async {
                        await activity.update(ActivityContent(state: next, staleDate: next.startDate))
                    }
                    """),
                .widget("""
                    struct ClassLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: ClassAttributes.self) { context in Text(countdown(to: context.state.startDate)) }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text(countdown(to: context.state.startDate)) } }
                                    compactLeading: { Image(systemName: "book") } compactTrailing: { Text("") } minimal: { Image(systemName: "book") }
                                }
                        }
                    }
                    private func countdown(to start: Date) -> String {
                        let interval = start.timeIntervalSince(Date())
                        return interval <= 0 ? "Started" : "\\(Int(interval) / 60) min"
                    }
                    """),
            ]),
            // A stale date given only to end the activity at once (dismissalPolicy .immediate), directly or through a
            // local: the activity is removed, so its stale date never shows.
            RuleExample(files: [
                .app("""
                    func finish(_ activity: Activity<TripAttributes>) async {
                        await activity.end(ActivityContent(state: .init(minutes: 0), staleDate: .now), dismissalPolicy: .immediate)
                        let last = ActivityContent(state: TripAttributes.ContentState(minutes: 0), staleDate: Date())
                        await activity.end(last, dismissalPolicy: .immediate)
                    }
                    """),
                .widget("""
                    struct TripLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: TripAttributes.self) { context in Text("Arrives in \\(context.state.minutes) min") }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Image(systemName: "bus") } compactTrailing: { Text("") } minimal: { Image(systemName: "bus") }
                                }
                        }
                    }
                    """),
            ]),
            // An unlabeled stale date parameter that defaults to nil, never passed.
            RuleExample(files: [
                .app("""
                    enum Trips {
                        static func start(_ stale: Date? = nil) {
                            _ = try? Activity.request(attributes: TripAttributes(), content: ActivityContent(state: .init(minutes: 3), staleDate: stale))
                        }
                        static func restart() { start() }
                    }
                    """),
                .widget("""
                    struct TripLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: TripAttributes.self) { context in Text("Arrives in \\(context.state.minutes) min") }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Image(systemName: "bus") } compactTrailing: { Text("") } minimal: { Image(systemName: "bus") }
                                }
                        }
                    }
                    """),
            ]),
            // The stale date is a parameter that defaults to nil, and no call passes one: never set.
            RuleExample(files: [
                .app("""
                    enum Trips {
                        static func start(staleAfter stale: Date? = nil) {
                            _ = try? Activity.request(attributes: TripAttributes(), content: ActivityContent(state: .init(minutes: 3), staleDate: stale))
                        }
                        static func restart() { start() }
                    }
                    """),
                .widget("""
                    struct TripLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: TripAttributes.self) { context in Text("Arrives in \\(context.state.minutes) min") }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Image(systemName: "bus") } compactTrailing: { Text("") } minimal: { Image(systemName: "bus") }
                                }
                        }
                    }
                    """),
            ]),
            // The views switch when the stale date passes, by comparing it with the clock.
            RuleExample(files: [
                .widget("""
                    struct ClassActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: ClassAttributes.self) { context in
                                if context.state.startTime <= Date() { Text("In class") } else { Text(context.state.startTime, style: .timer) }
                            } dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Text("") } compactTrailing: { Text("") } minimal: { Text("") }
                            }
                        }
                    }
                    """),
                .app("""
                    func start(_ state: ClassAttributes.ContentState) {
                        let content = ActivityContent(state: state, staleDate: state.startTime)
                    }
                    """),
            ]),
            RuleExample(files: [
                .app("""
                    func update(_ activity: Activity<TripAttributes>) async {
                        await activity.update(ActivityContent(state: TripAttributes.ContentState(minutes: 3), staleDate: Date().addingTimeInterval(300)))
                    }
                    """),
                .widget("""
                    struct TripLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: TripAttributes.self) { context in TripView(context: context) }
                                dynamicIsland: { context in
                                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                    compactLeading: { Image(systemName: "bus") } compactTrailing: { Text("") } minimal: { Image(systemName: "bus") }
                                }
                        }
                    }
                    struct TripView: View {
                        let context: ActivityViewContext<TripAttributes>
                        var body: some View { Text(context.isStale ? "Updating…" : "Arrives in \\(context.state.minutes) min") }
                    }
                    """),
            ]),
            // The views read it through a property of the extension's own (`context.isOutdated`).
            RuleExample(files: [
                .app("""
                    func update(_ activity: Activity<TripAttributes>) async {
                        await activity.update(ActivityContent(state: TripAttributes.ContentState(minutes: 3), staleDate: Date().addingTimeInterval(300)))
                    }
                    """),
                .widget("""
                    extension ActivityViewContext {
                        var isOutdated: Bool { isStale }
                    }
                    struct TripLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: TripAttributes.self) { context in
                                Text(context.isOutdated ? "Updating…" : "Arrives in \\(context.state.minutes) min")
                            } dynamicIsland: { context in
                                DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Image(systemName: "bus") } compactTrailing: { Text("") } minimal: { Image(systemName: "bus") }
                            }
                        }
                    }
                    """),
            ]),
        ])

    /// `x.property <= Date()`, `Date.now > x.property`, `x.property < .now` and the like.
    static func comparesWithNow(_ expr: Expr, property: String) -> Bool {
        guard case .operation(let op, let operands, _) = expr, ["<", "<=", ">", ">="].contains(op), operands.count == 2 else { return false }
        func isProperty(_ side: Expr) -> Bool { if case .member(_, property, _) = side { return true } else { return false } }
        func isNow(_ side: Expr) -> Bool {
            switch side {
            case .call(let call): return call.name == "Date" && call.arguments.isEmpty
            case .member(_, "now", _): return true
            default: return false
            }
        }
        return (isProperty(operands[0]) && isNow(operands[1])) || (isNow(operands[0]) && isProperty(operands[1]))
    }

    /// The first member, in the files that hold the activity's views, whose code names `property` (as a member or a
    /// name) and reads the clock: itself (`Date()`, `.now`, `timeIntervalSinceNow`) or through a function or property
    /// of those files that does (`countdown(to: state.startDate)`). Nil when none does.
    static func clockUse(of property: String, in activity: LiveActivitySurface, _ model: SurfaceModel) -> SourceLocation? {
        var files: Set<String> = [activity.location.file]
        for (_, tree) in activity.presentations.all { for (expr, _) in tree.expressions { files.insert(expr.location.file) } }
        let members = files.sorted().compactMap { model.index.file($0) }.flatMap { $0.types.flatMap(\.members) + $0.globals }
            .filter { !$0.name.lowercased().contains("preview") }    // sample states made with `.now`
        func reads(_ member: Member, clockMembers: Set<String>) -> (names: Bool, clock: Bool) {
            var names = false, clock = false
            member.code.walk { expr in
                switch expr {
                case .member(_, property, _), .identifier(property, _): names = true
                case .member(_, "now", _), .member(_, "timeIntervalSinceNow", _): clock = true
                case .call(let call) where call.name == "Date" && call.arguments.isEmpty: clock = true
                case .identifier(let name, _) where clockMembers.contains(name): clock = true
                case .member(_, let name, _) where clockMembers.contains(name): clock = true
                default: break
                }
            }
            return (names, clock)
        }
        let clockMembers = Set(members.filter { reads($0, clockMembers: []).clock }.map(\.name))
        return members.first { member in
            let found = reads(member, clockMembers: clockMembers)
            return found.names && found.clock
        }?.location
    }

    /// A view that updates itself with the clock: `Text(timerInterval:)`, `ProgressView(timerInterval:)`,
    /// `Text(_:style: .timer | .relative | .offset)`.
    static func countsTime(_ call: Call) -> Bool {
        guard call.name == "Text" || call.name == "ProgressView" else { return false }
        if call.argument("timerInterval") != nil { return true }
        guard case .member(nil, let style, _)? = call.argument("style") else { return false }
        return ["timer", "relative", "offset"].contains(style)
    }

    /// `isStale` and the names of members, in files the targets compile, whose code reads `isStale`.
    static func staleReaders(in targets: [Target], _ model: SurfaceModel) -> Set<String> {
        let sources = Set(targets.flatMap(\.sources))
        var names: Set<String> = ["isStale"]
        for path in model.index.paths(mentioningAll: ["isStale"]) where sources.contains(path) {
            guard let file = model.index.file(path) else { continue }
            for type in file.types {
                for member in type.members where member.name != "body" {
                    var reads = false
                    member.code.walk { expr in
                        switch expr {
                        case .member(_, "isStale", _), .identifier("isStale", _): reads = true
                        default: break
                        }
                    }
                    if reads { names.insert(member.name) }
                }
            }
        }
        return names
    }

    func validate(_ context: RuleContext) {
        let model = context.model
        guard !model.staleDateUses.isEmpty else { return }
        let activities = model.liveActivities.filter { !$0.isAlarm }
        for activity in activities {
            let uses = model.staleDateUses.filter { use in
                use.attributes.map { TypeName.base($0) == TypeName.base(activity.attributes) } ?? (activities.count == 1)
            }
            // A stale date seconds away on every use (`Date() + 15`) asks the system to refresh the activity soon,
            // not to show it stale: a background-refresh technique.
            guard let use = uses.first(where: { ($0.secondsFromNow ?? .infinity) >= 60 }) else {
                if let first = uses.first {
                    context.skip("\(activity.attributes): every stale date is set seconds ahead (\(context.place(first.location))), to have the activity refreshed, not shown stale; isStale not needed",
                                 file: context.relativePath(activity.location))
                }
                continue
            }
            // `context.isStale`, or a member of the extension's code that reads it (`context.isOutdated`, from
            // `extension ActivityViewContext { var isOutdated: Bool { isStale } }`).
            let readers = Self.staleReaders(in: activity.targets, model)
            let readsStale = activity.presentations.all.contains { _, tree in
                tree.expressions.contains { expr, _ in
                    if case .member(_, let name, _) = expr { return readers.contains(name) } else { return false }
                }
            }
            guard !readsStale else { continue }
            // The views compare the same date with the clock (`state.startTime <= Date()`): they change when it passes.
            if let property = use.property, activity.presentations.all.contains(where: { _, tree in
                tree.expressions.contains { expr, _ in Self.comparesWithNow(expr, property: property) }
            }) {
                context.skip("\(activity.attributes): the views compare \(property), the stale date, with the current time; isStale not needed", file: context.relativePath(activity.location))
                continue
            }
            // A member of the views' files works out something from that date and the clock
            // (`state.startDate.timeIntervalSince(Date())`, a helper that compares it with `Date()`): drawn again
            // when the activity turns stale, the view shows the time that passed.
            if let property = use.property, let place = Self.clockUse(of: property, in: activity, model) {
                context.skip("\(activity.attributes): \(context.place(place)) works out the views from \(property), the stale date, and the current time; isStale not needed",
                             file: context.relativePath(activity.location))
                continue
            }
            // Views that count time themselves (`Text(timerInterval:)`, `ProgressView(timerInterval:)`, `Text(date,
            // style: .timer)`) stay right after the stale date: nothing looks live that is not.
            if let timer = activity.presentations.all.lazy.compactMap({ _, tree in tree.calls.first(where: { Self.countsTime($0.call) }) }).first {
                context.skip("\(activity.attributes): its views count time themselves (\(timer.call.name) at \(context.place(timer.call.location))), which stays right when the activity turns stale; isStale not needed",
                             file: context.relativePath(activity.location))
                continue
            }
            context.report(activity.location, "\(activity.attributes) activities get a staleDate (\(context.place(use.location))) but no view of this Live Activity reads context.isStale, so stale data looks live (Glance infers this from Apple's documentation). Show staleness when context.isStale is true.", target: activity.targets.first)
        }
    }
}
