import ActivityKit
import AlarmKit
import SwiftUI
import WidgetKit

/// Mistake: this extension's IPHONEOS_DEPLOYMENT_TARGET is 26.2, above TickerApp's 26.0, so on iOS 26.0 and 26.1
/// the app installs without these Live Activities (extension_deployment_target_above_app).
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
