import ActivityKit
import SwiftUI
import WidgetKit

struct DeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            HStack {
                DriverPhoto(url: context.attributes.photoURL)
                Text("\(context.state.minutesAway) min")
            }
            .widgetURL(URL(string: "mistakes://delivery"))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("\(context.state.minutesAway) min") }
            } compactLeading: {
                // Mistake: a Link where the whole view is one tap target (link_in_unsupported_family).
                Link(destination: URL(string: "mistakes://delivery")!) { Image(systemName: "box.truck") }
            } compactTrailing: {
                Text("\(context.state.minutesAway)m")
            } minimal: {
                // Mistake: a 300×300 pt image in the 45×36.67 pt minimal presentation (live_activity_image_too_large).
                Image("CourierBadge")
            }
            .widgetURL(URL(string: "mistakes://delivery"))
        }
    }
}

/// Mistake: Live Activity views have no network access (live_activity_view_network_access).
struct DriverPhoto: View {
    let url: URL
    var body: some View {
        AsyncImage(url: url)
            .frame(width: 40, height: 40)
    }
}
