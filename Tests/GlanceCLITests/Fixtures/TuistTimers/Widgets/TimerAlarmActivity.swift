import AlarmKit
import SwiftUI
import WidgetKit

/// Draws the countdown and paused states of the timers the app schedules.
struct TimerAlarmActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: AlarmAttributes<TimerMetadata>.self) { context in
            Text(context.attributes.metadata?.label ?? "Timer")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("Timer") }
            } compactLeading: {
                Image(systemName: "timer")
            } compactTrailing: {
                Image(systemName: "hourglass")
            } minimal: {
                Image(systemName: "timer")
            }
        }
    }
}
