import ActivityKit
import SwiftUI
import WidgetKit

struct WorkoutLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: WorkoutAttributes.self) { context in
            // Mistake: the Dynamic Island links into the app, the Lock Screen view does not
            // (live_activity_lock_screen_without_link).
            Text("\(context.state.minutes) min")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.bottom) {
                    Button(intent: PauseWorkoutIntent()) { Text("Pause") }
                }
            } compactLeading: {
                Image(systemName: "figure.run").widgetURL(URL(string: "mistakes://workout"))
            } compactTrailing: {
                // Mistake: the other half of the compact view links elsewhere (compact_presentations_link_differ).
                Text("\(context.state.minutes)m").widgetURL(URL(string: "mistakes://timer"))
            } minimal: {
                // Mistake: nothing to show on the watch or next to another activity (live_activity_minimal_presentation).
                EmptyView()
            }
        }
    }
}
