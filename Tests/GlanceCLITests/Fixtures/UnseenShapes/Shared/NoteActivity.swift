#if canImport(ActivityKit)
import ActivityKit
import SwiftUI
import WidgetKit

struct NoteAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var words: Int
    }
    var title: String
}

struct NoteActivityWidget: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: NoteAttributes.self) { context in
            Text("\(context.attributes.title): \(context.state.words) words")
                .widgetURL(URL(string: "notes://note/current"))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text(context.attributes.title) }
            } compactLeading: {
                Text("\(context.state.words)")
            } compactTrailing: {
                Image("notes.logo")
            } minimal: {
                Image(systemName: "doc.text")
            }
            .widgetURL(URL(string: "notes://note/current"))
        }
    }
}
#endif
