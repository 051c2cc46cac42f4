import ActivityKit
import Foundation

/// An order being delivered. Every member has a bounded encoding, so the activity stays far below 4 KB.
struct OrderAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var status: OrderStatus
        var estimatedArrival: Date
        var stopsAway: Int
    }

    var orderNumber: Int
    var restaurant: Restaurant
}

enum OrderStatus: String, Codable, Hashable {
    case preparing
    case onTheWay
    case delivered
}

enum Restaurant: String, Codable, Hashable {
    case pizzeria
    case noodleBar
}
