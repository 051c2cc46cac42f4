import ActivityKit
import Foundation

/// Follows a match on the Lock Screen while it is played.
struct MatchTracker {
    func follow(matchID: String, home: String, away: String) throws {
        let attributes = MatchAttributes(matchID: matchID, home: home, away: away)
        let state = MatchAttributes.ContentState(homeScore: 0, awayScore: 0, minute: 0)
        _ = try Activity<MatchAttributes>.request(attributes: attributes, content: ActivityContent(state: state, staleDate: nil))
    }
}
