import ActivityKit

// Xcode's Live Activity template, unchanged: an emoji and a name.
struct BrewAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        var emoji: String
    }

    var name: String
}
