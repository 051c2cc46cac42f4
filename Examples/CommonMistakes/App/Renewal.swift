import ActivityKit
import BackgroundTasks
import Foundation

/// Mistake: starting a Live Activity from a background task fails with "visibility"
/// (activity_request_in_background).
final class DeliveryRenewal {
    func handleBackgroundRefresh(_ task: BGAppRefreshTask) {
        let content = ActivityContent(state: DeliveryAttributes.ContentState(minutesAway: 10, driverName: "Sam"), staleDate: nil)
        _ = try? Activity<DeliveryAttributes>.request(attributes: DeliveryAttributes(orderNumber: 8, photoURL: URL(string: "https://example.com/d.png")!), content: content)
        task.setTaskCompleted(success: true)
    }
}
