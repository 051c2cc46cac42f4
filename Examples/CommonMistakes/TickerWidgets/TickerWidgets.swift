import ActivityKit
import AlarmKit
import SwiftUI
import WidgetKit

@main
struct TickerWidgets: WidgetBundle {
    var body: some Widget {
        TickerLiveActivity()
        TickerAlarmLiveActivity()
    }
}

struct TickerLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: TickerAttributes.self) { context in
            Text("\(context.state.price)")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("\(context.state.price)") }
            } compactLeading: {
                Image(systemName: "chart.line.uptrend.xyaxis")
            } compactTrailing: {
                Text("\(context.state.price)")
            } minimal: {
                Image(systemName: "chart.line.uptrend.xyaxis")
            }
        }
    }
}

struct LegacyTickerMetadata: AlarmMetadata {}

struct TickerAlarmLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: AlarmAttributes<LegacyTickerMetadata>.self) { context in
            Text("Alarm")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("Alarm") }
            } compactLeading: {
                Image(systemName: "alarm")
            } compactTrailing: {
                Image(systemName: "alarm")
            } minimal: {
                Image(systemName: "alarm")
            }
        }
    }
}
