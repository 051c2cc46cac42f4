import AlarmKit
import SwiftUI
import WidgetKit

/// Draws AlarmKit's countdown and paused states for the focus alarm.
struct AlarmLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: AlarmAttributes<TimerMetadata>.self) { context in
            HStack {
                Image(systemName: "timer")
                Text(context.attributes.presentation.alert.title)
                    .font(.headline)
                Spacer()
            }
            .padding()
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) {
                    Text(context.attributes.presentation.alert.title)
                }
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
