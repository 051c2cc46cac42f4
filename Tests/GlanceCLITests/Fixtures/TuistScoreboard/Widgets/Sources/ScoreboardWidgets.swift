import SwiftUI
import WidgetKit

@main
struct ScoreboardWidgets: WidgetBundle {
    var body: some Widget {
        MatchLiveActivity()
        FollowTeamControl()
    }
}
