import ActivityKit
import SwiftUI
import WidgetKit

struct DeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            Text("\(context.state.minutesAway) min")
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
                Image(systemName: "box.truck")
            }
            .widgetURL(URL(string: "mistakes://delivery"))
        }
    }
}
