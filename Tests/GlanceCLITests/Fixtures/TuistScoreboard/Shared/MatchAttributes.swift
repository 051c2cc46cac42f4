import ActivityKit
import Foundation

struct MatchAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var homeScore: Int
        var awayScore: Int
        var minute: Int
    }

    var matchID: String
    var home: String
    var away: String
}
