import ActivityKit
import SwiftUI
import WidgetKit

struct MatchLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: MatchAttributes.self) { context in
            HStack {
                Text(context.attributes.home)
                Text("\(context.state.homeScore) – \(context.state.awayScore)")
                Text(context.attributes.away)
            }
            .padding()
            .widgetURL(URL(string: "scoreboard://match/\(context.attributes.matchID)"))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) {
                    Text("\(context.attributes.home) \(context.state.homeScore) – \(context.state.awayScore) \(context.attributes.away)")
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text("\(context.state.minute)′")
                }
            } compactLeading: {
                Text("\(context.state.homeScore)")
            } compactTrailing: {
                Text("\(context.state.awayScore)")
            } minimal: {
                Image(systemName: "sportscourt")
            }
            .widgetURL(URL(string: "scoreboard://match/\(context.attributes.matchID)"))
        }
    }
}
