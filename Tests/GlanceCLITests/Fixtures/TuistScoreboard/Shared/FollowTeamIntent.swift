import AppIntents

/// The control's action: the system sets `value`, perform() stores it.
struct FollowTeamIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Follow Team"

    @Parameter(title: "Following")
    var value: Bool

    func perform() async throws -> some IntentResult {
        FollowStore.defaults.set(value, forKey: FollowStore.key)
        return .result()
    }
}
