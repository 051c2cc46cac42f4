import ActivityKit
import SwiftUI
import WidgetKit

struct BrewActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: BrewAttributes.self) { context in
            HStack {
                Text(context.state.step)
                Button(intent: SkipStepIntent()) { Text("Skip") }
            }
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text(context.state.step) }
            } compactLeading: {
                Text("Cup")
            } compactTrailing: {
                Text(context.state.step)
            } minimal: {
                Text("\(context.attributes.cup)")
            }
        }
    }
}
