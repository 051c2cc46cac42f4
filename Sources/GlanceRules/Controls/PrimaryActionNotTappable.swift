import GlanceSourceIndex
import GlanceSurfaces

/// The Double Tap primary action must be a Button or Toggle, so a normal tap does the same.
struct PrimaryActionNotTappable: Rule {
    static let description = RuleDescription(
        identifier: "primary_action_not_tappable",
        name: "Double Tap primary action on a non-button",
        group: .controls,
        defaultSeverity: .warning,
        summary: "`.handGestureShortcut(.primaryAction)` is attached to something that is not a Button or Toggle.",
        rationale: """
            Double Tap is an accelerator: people who turned it off, or whose watch lacks it, must reach the same \
            action with a tap. Attach `.handGestureShortcut(.primaryAction)` to the Button or Toggle that \
            performs the action. The rule stays silent for containers and for views Glance cannot see into.
            """,
        source: """
            Apple, Enabling double tap <https://developer.apple.com/documentation/watchos-apps/enabling-double-tap>
            """,
        premise: Premise("""
            Double Tap is a shortcut for a button's or toggle's action; marked on a view that is neither, the action \
            has no tap equivalent, so people whose watch lacks Double Tap or who turned it off cannot perform it.
            """, .inferred),
        triggeringExamples: [
            .watch("""
                struct TimerFace: View {
                    var body: some View {
                        Text("12:00").↓handGestureShortcut(.primaryAction)
                    }
                }
                """),
            .watch("""
                struct Badge: View {
                    var body: some View { Image(systemName: "star") }
                }
                struct Screen: View {
                    var body: some View {
                        Badge().↓handGestureShortcut(.primaryAction)
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .watch("""
                struct TimerFace: View {
                    var body: some View {
                        Button("Start", action: start).buttonStyle(.borderedProminent).handGestureShortcut(.primaryAction)
                    }
                }
                """),
            .watch("""
                struct PlayButton: View {
                    var body: some View { Button("Play") { player.play() } }
                }
                struct Screen: View {
                    var body: some View { PlayButton().handGestureShortcut(.primaryAction) }
                }
                """),
            // Unknown view (from a package): silent.
            .watch("""
                struct Screen: View {
                    var body: some View { FancyButton(title: "Go").handGestureShortcut(.primaryAction) }
                }
                """),
        ])

    static let tappable: Set<String> = ["Button", "Toggle", "ControlWidgetButton", "ControlWidgetToggle"]
    static let notTappable: Set<String> = ["Text", "Image", "Label", "Circle", "Rectangle", "RoundedRectangle", "Capsule", "Ellipse",
                                           "Color", "ProgressView", "Gauge", "Spacer", "Divider", "AsyncImage", "Canvas", "Shape"]

    func validate(_ context: RuleContext) {
        for use in context.model.primaryActions {
            guard let name = use.attachedTo, let verdict = resolve(name, context: use.context, file: use.call.location.file, resolver: context.resolver, depth: 0),
                  !verdict else { continue }
            context.report(use.call.location, "\(name) is not a Button or Toggle, so .handGestureShortcut(.primaryAction) gives Double Tap no tap equivalent (Glance infers this from Apple's documentation); attach it to the Button or Toggle that performs the action.", target: use.targets.first)
        }
    }

    /// true: tappable; false: surely not; nil: unknown (containers, views from elsewhere).
    private func resolve(_ name: String, context: String?, file: String, resolver: Resolver, depth: Int) -> Bool? {
        let type = depth < 4 ? resolver.primaryDeclaration(of: name, context: context, from: file) : nil
        if type == nil, Self.tappable.contains(name) { return true }
        if type == nil, Self.notTappable.contains(name) { return false }
        guard let type, let body = resolver.declarations(of: type).flatMap({ $0.members(named: "body") }).first?.body,
              body.statements.count == 1 else { return nil }
        var expr = body.statements[0]
        if case .returnStatement(let value?, _) = expr { expr = value }
        guard let root = Chains.rootName(expr) else { return nil }
        return resolve(root, context: type.qualifiedName, file: type.location.file, resolver: resolver, depth: depth + 1)
    }
}
