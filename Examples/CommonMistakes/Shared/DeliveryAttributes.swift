import ActivityKit
import Foundation

/// Mistake: a list of every stop makes the payload open-ended (live_activity_payload_budget).
struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var minutesAway: Int
        var driverName: String
        var remainingStops: [String]
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
