import ActivityKit

/// Mistake: the app starts activities of a type that no widget extension draws (activity_type_not_configured).
struct FollowAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var score: Int
    }

    var match: Int
}

func followMatch(_ match: Int) throws {
    let content = ActivityContent(state: FollowAttributes.ContentState(score: 0), staleDate: nil)
    _ = try Activity<FollowAttributes>.request(attributes: FollowAttributes(match: match), content: content)
}
