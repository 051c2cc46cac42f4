import ActivityKit

struct GroupAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var members: Int
    }
    var id: String
}
