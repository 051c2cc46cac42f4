import ActivityKit
import Foundation

/// Mistake: the app requests a Live Activity, but NSSupportsLiveActivities is set only on the widget
/// extension (live_activities_not_enabled).
func trackDelivery() throws {
    let content = ActivityContent(state: DeliveryAttributes.ContentState(minutesAway: 20, driverName: "Sam"), staleDate: nil)
    _ = try Activity<DeliveryAttributes>.request(attributes: DeliveryAttributes(orderNumber: 7, photoURL: URL(string: "https://example.com/d.png")!),
                                                 content: content, pushType: nil)
}
