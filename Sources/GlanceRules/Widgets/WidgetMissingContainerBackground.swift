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
            content. Each branch of the view that a supported family can reach needs it: one branch's background \
            does not cover another's (a Lock Screen `case` left without it shows the message there). The rule \
            follows the view into project types and modifiers; it stays silent when the view uses types Glance \
            cannot see, for a widget the bundle registers only on earlier systems (in the `else` of `if \
            #available(iOS 17, *)`), for branches that run only there, for a `default:` of a widget whose families it \
            cannot read (a computed `.supportedFamilies` list), and where only the `.accessoryInline` branch \
            lacks it (the system draws an inline widget as a line of text in its own style; Apple does not document \
            the message there).
            """,
        source: """
            Apple, containerBackground(_:for:) <https://developer.apple.com/documentation/swiftui/view/containerbackground(_:for:)>; \
            Apple, Displaying the right widget background <https://developer.apple.com/documentation/widgetkit/displaying-the-right-widget-background>; \
            report: "Please adopt containerBackground API" <https://github.com/wordpress-mobile/WordPress-iOS/issues/21672>; \
            report <https://github.com/ABausG/home_widget/issues/207>
            """,
        premise: Premise("""
            A widget whose background is not declared with `.containerBackground(for: .widget)` gets a warning \
            message over its content: Apple documents it for builds run from Xcode, and developers report the same \
            "Please adopt containerBackground API" in shipped apps built with the iOS 17 SDK or later.
            """, .documented),
        requires: [.targets],
        triggeringExamples: [
            // One branch of the entry view has the background, the Lock Screen branch does not (FC3-11).
            .widget("""
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in StepsView(entry: entry) }
                            .supportedFamilies([.systemSmall, .accessoryRectangular])
                    }
                }
                struct StepsView: View {
                    @Environment(\\.widgetFamily) var family
                    let entry: StepsEntry
                    var body: some View {
                        switch family {
                        case .accessoryRectangular:
                            ↓Text("\\(entry.steps) steps")
                        default:
                            Text("\\(entry.steps)").containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                """),
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
            // The background comes from a helper that checks `#available(iOS 17, *)`, in an extension built for iOS,
            // macOS and visionOS: the check's `*` is true on macOS and visionOS, so the `else` never runs there, and a
            // branch inside the content needs no background of its own.
            RuleExample.widget("""
                struct ChartWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "chart", provider: ChartProvider()) { entry in
                            ChartView(entry: entry).widgetBackground(Color.black)
                        }
                        .supportedFamilies([.systemSmall])
                    }
                }
                struct ChartView: View {
                    let entry: ChartEntry
                    var body: some View {
                        if entry.hasData { Text("Chart") } else { Text("No data") }
                    }
                }
                extension View {
                    func widgetBackground(_ background: some View) -> some View {
                        if #available(iOS 17.0, *) {
                            return containerBackground(for: .widget) { background }
                        } else {
                            return self.background(background)
                        }
                    }
                }
                """).with("Widgets") { $0.additionalPlatforms = [.macOS, .visionOS] },
            // A case written under `#if os(iOS)` in the switch is the supported family's own case; `default` is
            // reached by no family the widget supports.
            .widget("""
                struct MonthView: View {
                    @Environment(\\.widgetFamily) var family
                    var body: some View {
                        switch family {
                        case .systemSmall: Text("S").containerBackground(.fill, for: .widget)
                        #if os(iOS)
                        case .accessoryRectangular: Text("R").containerBackground(.clear, for: .widget)
                        #endif
                        default: Text("other")
                        }
                    }
                }
                struct MonthWidget: Widget {
                    #if os(iOS)
                    let families: [WidgetFamily] = [.systemSmall, .accessoryRectangular]
                    #elseif os(macOS)
                    let families: [WidgetFamily] = [.systemSmall]
                    #endif
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "month", provider: Provider()) { _ in MonthView() }
                            .supportedFamilies(families)
                    }
                }
                """),
            // Every branch a supported family reaches has it: around the switch, in each case, or in a case for a
            // family the widget does not offer; and an availability check that sets it where it is needed.
            .widget("""
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in
                            Group {
                                switch entry.family {
                                case .accessoryRectangular: Text("\\(entry.steps) steps")
                                default: Text("\\(entry.steps)")
                                }
                            }
                            .containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                struct RingWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "ring", provider: StepsProvider()) { entry in RingView(entry: entry) }
                            .supportedFamilies([.systemSmall])
                    }
                }
                struct RingView: View {
                    @Environment(\\.widgetFamily) var family
                    let entry: StepsEntry
                    var body: some View {
                        switch family {
                        case .accessoryCircular: Gauge(value: entry.progress) { Text("") }
                        default: Ring(entry: entry).containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                struct LegacyWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "legacy", provider: StepsProvider()) { entry in
                            if #available(iOS 17, *) {
                                Ring(entry: entry).containerBackground(.fill.tertiary, for: .widget)
                            } else {
                                Ring(entry: entry).background(Color.black)
                            }
                        }
                    }
                }
                struct Ring: View {
                    let entry: StepsEntry
                    var body: some View { Circle() }
                }
                """),
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
            // The families come from a computed list: whether the `default:` is ever drawn is unknown.
            .widget("""
                struct StepsWidget: Widget {
                    static var families: [WidgetFamily] { [.systemSmall, .systemMedium] }
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in StepsView(entry: entry) }
                            .supportedFamilies(Self.families)
                    }
                }
                struct StepsView: View {
                    @Environment(\\.widgetFamily) var family
                    let entry: StepsEntry
                    var body: some View {
                        switch family {
                        case .systemSmall, .systemMedium:
                            Text("\\(entry.steps)").containerBackground(.fill.tertiary, for: .widget)
                        default:
                            EmptyView()
                        }
                    }
                }
                """),
            // Only the inline branch has no background of its own.
            .widget("""
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in StepsView(entry: entry) }
                            .supportedFamilies([.systemSmall, .accessoryInline])
                    }
                }
                struct StepsView: View {
                    @Environment(\\.widgetFamily) var family
                    let entry: StepsEntry
                    var body: some View {
                        switch family {
                        case .accessoryInline:
                            Text("\\(entry.steps) steps")
                        default:
                            Text("\\(entry.steps)").containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                """)
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        for widget in model.widgets where widget.configuration != nil && widget.configuration != .activityConfiguration {
            guard widget.targets.contains(where: model.isWidgetExtension) else { continue }
            let calls = widget.content.calls
            let target = widget.targets.first(where: model.isWidgetExtension)
            if calls.contains(where: Self.isBackground) {
                // Each branch a supported family can reach needs its own (FC3-11).
                // A branch only `.accessoryInline` reaches: the system draws an inline widget as one line of text in
                // its own style, and Apple does not document the message there.
                let inline: Set<String> = ["accessoryInline"]
                guard let target else { continue }
                guard let first = Self.branchWithoutBackground(widget, in: target, resolver: context.resolver, ignoring: inline) else {
                    // (Asked again without ignoring it only where a branch is the inline family's.)
                    if widget.content.placedCalls.contains(where: { $0.caseLabels.contains { $0.contains("accessoryInline") } }),
                       let bare = Self.branchWithoutBackground(widget, in: target, resolver: context.resolver) {
                        context.skip("widget \(widget.typeName): only its .accessoryInline branch has no containerBackground, and Apple does not document what an inline widget shows without one; not reported", file: context.relativePath(bare.call.location))
                    }
                    continue
                }
                // Every bare branch, as one finding (the first, with the others as related places; a single one keeps
                // no cause, so its baseline fingerprint stays what it was).
                var bareBranches = [first]
                var found: Set<[BranchChoice]> = [first.choices]
                while found.count < 16,
                      let bare = Self.branchWithoutBackground(widget, in: target, resolver: context.resolver, ignoring: inline, excluding: found),
                      found.insert(bare.choices).inserted {
                    bareBranches.append(bare)
                }
                for bare in bareBranches {
                    let labels = bare.caseLabels.last.map { $0 == ["default"] ? " (default:)" : " (case " + $0.map { "." + $0 }.joined(separator: ", ") + ")" } ?? ""
                    context.report(bare.call.location, """
                        widget \(widget.typeName) sets .containerBackground(for: .widget) on some branches only; this one\(labels) \
                        has none, so where it is drawn the widget shows "Please adopt containerBackground API". Give every \
                        branch the background, or apply it once around the branches.
                        """, target: target, cause: bareBranches.count > 1 ? widget.type.qualifiedName : nil)
                }
                continue
            }
            if let opaque = widget.content.opaqueCalls.first {
                context.skip("widget \(widget.typeName) uses \(opaque.call.name), which Glance cannot see into; containerBackground not checked", file: context.relativePath(widget.location))
                continue
            }
            guard let root = widget.content.roots.first?.statements.first else { continue }
            if let target, let paths = model.registrations(in: target)?[widget.type.location], !paths.isEmpty,
               paths.allSatisfy({ Self.runsOnlyBeforeContainerBackground($0, platforms: target.platforms) }) { continue }
            // No bundle found, and a file Glance could not read may hold it (and register the widget only on
            // earlier systems).
            if let target, let unread = model.unreadSourceThatMayHoldTheBundle(of: target) {
                context.skip("widget \(widget.typeName): no @main bundle found in '\(target.name)' and Glance did not read \(context.shownPath(unread)); containerBackground not checked", file: context.relativePath(widget.location))
                continue
            }
            let sdk = target?.platforms.contains(.watchOS) == true && target?.platforms.contains(.iOS) != true ? "watchOS 10"
                : target?.platforms.contains(.macOS) == true && target?.platforms.contains(.iOS) != true ? "macOS 14" : "iOS 17"
            context.report(Chains.split(root).root.location, "widget \(widget.typeName) never sets .containerBackground(for: .widget); built with the \(sdk) SDK it shows \"Please adopt containerBackground API\". Move its background into .containerBackground(_:for: .widget).", target: target,
                           subjects: target.map { [ViolationSubject(targetID: $0.id)] } ?? [])
        }
    }

    static func isBackground(_ scoped: ScopedCall) -> Bool {
        scoped.call.name == "containerBackground" || scoped.call.name == "containerBackgroundRemovable"
    }

    /// A view of the widget's content in a branch that has no container background of its own, where a background
    /// exists elsewhere (`switch family { case .accessoryRectangular: Text(…) default: Text(…).containerBackground(…) }`);
    /// nil when every branch that can be drawn has one. A branch counts when a supported family reaches it (its
    /// `case` names one of the widget's families, when they are known), its `#if` conditions are not false for the
    /// target, and it does not run only below the systems that need the background (`else` of `if #available(iOS
    /// 17, *)`). A background under `#available(iOS 17, *)` covers its branch, since only there is it needed.
    /// `ignoring`: families whose branches do not count (`accessoryInline`, whose message Apple does not document).
    /// `excluding`: branches (their choices) already found, which count as covered.
    static func branchWithoutBackground(_ widget: WidgetSurface, in target: Target, resolver: Resolver, ignoring: Set<String> = [],
                                        excluding: Set<[BranchChoice]> = []) -> ScopedCall? {
        let relevant = { (choices: [BranchChoice]) in choices.filter { $0.atLeast.isEmpty || !Self.isAtOrAboveRequired($0, platforms: target.platforms) } }
        // The families given for every platform, or per platform (`#if os(iOS) .supportedFamilies(…)`).
        let perPlatform = target.platforms.map { widget.families(in: target, platform: $0)?.families }
        let families = Set(widget.families ?? (perPlatform.isEmpty || perPlatform.contains { $0 == nil } ? [] : perPlatform.flatMap { $0! }))
        // Given, but not as literals Glance can read (a computed list): which families a `default` reaches is unknown.
        let familiesUnknown = families.isEmpty && widget.modifiers.contains { $0.name == "supportedFamilies" }
        // Views reached from several branches are walked once, under the first, so a branch's views are walked
        // afresh from each of its calls; `visiting` ends cycles and `budget` bounds the work (past it: silent).
        var visiting: Set<SourceLocation> = []
        var budget = 256
        let isFamily = { (label: String) in label.hasPrefix("system") || label.hasPrefix("accessory") }
        /// Whether a clause can be drawn; `named`: the families the other cases of its `switch` name (a `default`
        /// reaches only the families they leave).
        func isDrawn(_ clause: [BranchChoice], calls: [ScopedCall], named: Set<String>) -> Bool {
            if let last = clause.last, runsOnlyBeforeContainerBackground([last], platforms: target.platforms) { return false }
            if calls.allSatisfy({ resolver.build.compiles($0.conditions, in: target, file: $0.call.location.file) == false }) { return false }
            if familiesUnknown, calls.first?.caseLabels.last == ["default"], !named.isEmpty, named.allSatisfy(isFamily) { return false }
            // No families given: a `default:` after cases for every family of the target's platforms is never drawn.
            if families.isEmpty, !familiesUnknown, calls.first?.caseLabels.last == ["default"], !target.platforms.isEmpty,
               target.platforms.allSatisfy({ Self.allFamilies[$0].map { $0.isSubset(of: named) } ?? false }) { return false }
            // A `case` of ignored families only (whether or not the widget's families are known).
            if let labels = calls.first?.caseLabels.last, !labels.isEmpty, labels.allSatisfy(isFamily), Set(labels).isSubset(of: ignoring) { return false }
            guard !families.isEmpty, let labels = calls.first?.caseLabels.last, !labels.isEmpty else { return true }
            if labels.allSatisfy(isFamily) { return !families.subtracting(ignoring).isDisjoint(with: labels) }
            if labels == ["default"], !named.isEmpty, named.allSatisfy(isFamily) { return !families.subtracting(ignoring).isSubset(of: named) }
            return true
        }
        func isCovered(_ tree: ViewTree) -> Bool {
            if tree.calls.contains(where: { isBackground($0) && relevant($0.choices).isEmpty }) { return true }
            return uncovered(tree.placedCalls, in: tree, prefix: []) == nil
        }
        func uncovered(_ placed: [ScopedCall], in tree: ViewTree, prefix: [BranchChoice]) -> ScopedCall? {
            let inside = placed.filter { $0.choices.count >= prefix.count && Array($0.choices.prefix(prefix.count)) == prefix }
            let here = inside.filter { $0.choices.count == prefix.count }
            for call in here where !visiting.contains(call.call.location) && tree.calls.contains(where: isBackground) {
                guard budget > 0 else { return nil }
                budget -= 1
                visiting.insert(call.call.location)
                defer { visiting.remove(call.call.location) }
                let subtree = tree.subtree(at: call)
                if subtree.calls.contains(where: isBackground), isCovered(subtree) { return nil }
            }
            // Branch sets one level down, by where they start: one whose every drawn clause has a background covers.
            let deeper = Dictionary(grouping: inside.filter { $0.choices.count > prefix.count }) { $0.choices[prefix.count].branches }
            var missing: ScopedCall?
            for branches in deeper.keys.sorted() {
                let clauses = Dictionary(grouping: deeper[branches]!) { $0.choices[prefix.count] }
                let named = Set(clauses.values.compactMap { $0.first?.caseLabels.last }.flatMap { $0 }.filter(isFamily))
                var first: ScopedCall?
                for clause in clauses.keys.sorted(by: { $0.clause < $1.clause }) where isDrawn(prefix + [clause], calls: clauses[clause]!, named: named) {
                    if let bare = uncovered(placed, in: tree, prefix: prefix + [clause]) { first = first ?? bare }
                }
                guard let first else { return nil }
                missing = missing ?? first
            }
            return missing ?? (excluding.contains(prefix) ? nil : here.min { $0.call.location < $1.call.location })
        }
        let content = widget.content
        if content.calls.contains(where: { isBackground($0) && relevant($0.choices).isEmpty }) { return nil }
        let found = uncovered(content.placedCalls, in: content, prefix: [])
        return budget > 0 ? found : nil
    }

    /// Every widget family of a platform (what a widget without `.supportedFamilies` may be asked for).
    static let allFamilies: [Platform: Set<String>] = [
        .iOS: ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCircular", "accessoryRectangular", "accessoryInline"],
        .watchOS: ["accessoryCircular", "accessoryRectangular", "accessoryInline", "accessoryCorner"],
        .macOS: ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"],
    ]

    /// Whether a clause runs only at or above the systems that need the background (`if #available(iOS 17, *)`).
    static func isAtOrAboveRequired(_ choice: BranchChoice, platforms: [Platform]) -> Bool {
        !platforms.isEmpty && platforms.allSatisfy { platform in
            // visionOS has had the background since its first widgets: any clause that runs there is at or above;
            // a platform the check does not name is its `*`, true everywhere there.
            guard let (name, version) = required[platform], let atLeast = choice.atLeast[name] else { return true }
            return !BranchChoice.numbers(atLeast).lexicographicallyPrecedes(version)
        }
    }

    /// The systems whose SDKs require the container background, by `#available` platform name.
    static let required: [Platform: (name: String, version: [Int])] = [.iOS: ("iOS", [17]), .watchOS: ("watchOS", [10]), .macOS: ("macOS", [14])]

    /// Whether code registered in these branches runs only on systems before the container background: a clause
    /// below `#available`'s versions for each of the target's platforms (a platform the check does not name is
    /// covered by its `*`, where the `else` never runs).
    static func runsOnlyBeforeContainerBackground(_ choices: [BranchChoice], platforms: [Platform]) -> Bool {
        guard !platforms.isEmpty else { return false }
        return choices.contains { choice in
            !choice.below.isEmpty && platforms.allSatisfy { platform in
                // visionOS: a clause below a visionOS version may run there; one below another platform's never does.
                guard let requirement = required[platform] else { return choice.below[Availability.name(of: platform)] == nil }
                guard let below = choice.below[requirement.name] else { return true }
                let version = BranchChoice.numbers(below)
                return !version.isEmpty && version.lexicographicallyPrecedes(requirement.version + [1])
            }
        }
    }
}
