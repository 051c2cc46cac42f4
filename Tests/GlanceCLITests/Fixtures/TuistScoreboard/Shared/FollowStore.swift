import Foundation

/// Whether the user follows their team's matches, shared by the app and its control.
enum FollowStore {
    static let key = "follow.team"

    static var defaults: UserDefaults {
        UserDefaults(suiteName: "group.dev.glance.scoreboard") ?? .standard
    }

    static var isFollowing: Bool { defaults.bool(forKey: key) }
}
