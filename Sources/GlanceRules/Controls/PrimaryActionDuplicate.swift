import GlanceSourceIndex
import GlanceSurfaces

/// Only one view per screen may be the Double Tap primary action.
struct PrimaryActionDuplicate: Rule {
    static let description = RuleDescription(
        identifier: "primary_action_duplicate",
        name: "More than one Double Tap primary action",
        group: .controls,
        defaultSeverity: .warning,
        summary: "More than one `.handGestureShortcut(.primaryAction)` in one view body.",
        rationale: """
            Double Tap on Apple Watch triggers the scene's single primary action. With two views marked \
            `.handGestureShortcut(.primaryAction)` in one body, which one runs is not defined. Mark one.
            """,
        source: """
            Apple, Enabling double tap <https://developer.apple.com/documentation/watchos-apps/enabling-double-tap>; \
            report <https://github.com/TortugaPower/BookPlayer/pull/1427>
            """,
        premise: Premise("""
            Apple allows one Double Tap primary action per scene; with two views marked, people on Apple Watch \
            cannot know which action a double tap performs.
            """, .documented),
        triggeringExamples: [
            .watch("""
                struct PlayerControls: View {
                    var body: some View {
                        HStack {
                            Button("Play", action: play).handGestureShortcut(.primaryAction)
                            Button("Skip", action: skip).↓handGestureShortcut(.primaryAction)
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .watch("""
                struct PlayerControls: View {
                    var body: some View {
                        HStack {
                            Button("Play", action: play).handGestureShortcut(.primaryAction)
                            Button("Skip", action: skip)
                        }
                    }
                }
                """),
            // One per branch: only one is on screen.
            .watch("""
                struct PlayerControls: View {
                    var isPlaying: Bool
                    var body: some View {
                        if isPlaying {
                            Button("Pause", action: pause).handGestureShortcut(.primaryAction)
                        } else {
                            Button("Play", action: play).handGestureShortcut(.primaryAction)
                        }
                    }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        var bodies: Set<String> = []
        for use in context.model.primaryActions {
            guard let owner = use.context, let member = use.member, bodies.insert(owner + "#" + member).inserted else { continue }
            let code = context.resolver.declarations(of: owner, from: use.call.location.file).flatMap { $0.members(named: member) }.map(\.code)
            let tree = ViewTree(roots: code, context: owner, resolver: context.resolver, followsTypes: false)
            let isPrimary: (Call) -> Bool = { call in
                if call.name == "handGestureShortcut", case .member(_, "primaryAction", _)? = call.unlabeled.first { return true }
                return false
            }
            guard tree.maxCount(where: isPrimary) >= 2 else { continue }
            let uses = tree.calls.filter { isPrimary($0.call) }.map(\.call.location).sorted()
            guard uses.count >= 2 else { continue }
            context.report(uses[1], "\(owner).\(member) marks more than one view with .handGestureShortcut(.primaryAction); Double Tap has one primary action per screen. Keep one.", target: use.targets.first)
        }
    }
}
