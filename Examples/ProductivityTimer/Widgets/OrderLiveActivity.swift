import ActivityKit
import SwiftUI
import WidgetKit

/// The order-tracking Live Activity: Lock Screen, every Dynamic Island presentation, and a watch layout.
struct OrderLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: OrderAttributes.self) { context in
            OrderLockScreenView(context: context)
                .widgetURL(URL(string: "productivitytimer://order"))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Image("OrderIcon")
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text(context.state.estimatedArrival, style: .timer)
                        .monospacedDigit()
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Link(destination: URL(string: "productivitytimer://order")!) {
                        Text("Order \(context.attributes.orderNumber)")
                    }
                }
            } compactLeading: {
                Image("OrderIcon")
            } compactTrailing: {
                Text(context.state.estimatedArrival, style: .timer)
                    .monospacedDigit()
                    .frame(width: 44)
            } minimal: {
                Image(systemName: "bag.fill")
            }
            .widgetURL(URL(string: "productivitytimer://order"))
        }
        .supplementalActivityFamilies([.small])
    }
}

struct OrderLockScreenView: View {
    @Environment(\.activityFamily) private var activityFamily
    let context: ActivityViewContext<OrderAttributes>

    var body: some View {
        HStack {
            Image("OrderIcon")
            VStack(alignment: .leading) {
                Text(context.isStale ? "Updating…" : context.state.status.rawValue)
                    .font(activityFamily == .small ? .caption : .headline)
                Text(context.state.estimatedArrival, style: .relative)
            }
        }
        .padding()
    }
}
