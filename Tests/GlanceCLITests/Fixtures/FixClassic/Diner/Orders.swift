import ActivityKit
import SwiftUI

struct OrdersView: View {
    var body: some View {
        Button("Track") { try? startTracking() }
    }

    /// Mistake: the app has no NSSupportsLiveActivities (live_activities_not_enabled).
    func startTracking() throws {
        UserDefaults(suiteName: "group.com.example.diner")?.set(true, forKey: "tracking")
        _ = try Activity<OrderAttributes>.request(attributes: OrderAttributes(table: 4),
                                                  content: .init(state: .init(course: "Starters"), staleDate: nil))
    }
}
