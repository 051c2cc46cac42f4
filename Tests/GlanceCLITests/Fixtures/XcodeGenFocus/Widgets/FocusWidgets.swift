import AlarmKit
import SwiftUI
import WidgetKit

@main
struct FocusWidgets: WidgetBundle {
    var body: some Widget {
        FocusAlarmActivity()
    }
}

struct FocusAlarmActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: AlarmAttributes<FocusMetadata>.self) { context in
            Text("Focus")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("Focus") }
            } compactLeading: {
                Image(systemName: "brain.head.profile")
            } compactTrailing: {
                Image(systemName: "timer")
            } minimal: {
                Image(systemName: "timer")
            }
        }
    }
}
