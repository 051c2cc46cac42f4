import ActivityKit
import SwiftUI
import WidgetKit

struct OrderAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var course: String
    }
    var table: Int
}

struct OrderActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: OrderAttributes.self) { context in
            HStack {
                Text(context.state.course)
                Button(intent: ReorderIntent()) { Text("Again") }
            }
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text(context.state.course) }
            } compactLeading: {
                Text("T\(context.attributes.table)")
            } compactTrailing: {
                Text(context.state.course)
            } minimal: {
                Text("\(context.attributes.table)")
            }
        }
    }
}
