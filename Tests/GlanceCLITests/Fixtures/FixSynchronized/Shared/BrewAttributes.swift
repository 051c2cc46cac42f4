import ActivityKit

struct BrewAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var step: String
    }
    var cup: Int
}
