import ActivityKit
import Foundation

/// Mistake: free-length strings and URLs make the payload open-ended (live_activity_payload_budget).
struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var minutesAway: Int
        var driverName: String
    }

    var orderNumber: Int
    var photoURL: URL
}

struct WorkoutAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var minutes: Int
    }

    var kind: WorkoutKind
}

enum WorkoutKind: String, Codable, Hashable {
    case run, ride
}
