import ActivityKit
import AppIntents
import SwiftUI
import WidgetKit

struct GroupActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: GroupAttributes.self) { context in
            VStack {
                Text("\(context.state.members) members")
                Button(intent: RefreshGroupsIntent()) { Text("Refresh") }
            }
            .widgetURL(URL(string: "shippedgroups://group/\(context.attributes.id)"))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("\(context.state.members)") }
            } compactLeading: {
                Text("G")
            } compactTrailing: {
                Text("\(context.state.members)")
            } minimal: {
                Text("G")
            }
        }
    }
}

/// A plain AppIntent: a Live Activity button runs it in the widget extension.
struct RefreshGroupsIntent: AppIntent {
    static let title: LocalizedStringResource = "Refresh"

    func perform() async throws -> some IntentResult {
        await GroupsController.shared.refresh()
        return .result()
    }
}
