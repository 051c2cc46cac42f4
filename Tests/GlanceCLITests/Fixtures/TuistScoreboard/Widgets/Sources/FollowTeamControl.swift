import AppIntents
import SwiftUI
import WidgetKit

/// Follow or unfollow the team from Control Center.
struct FollowTeamControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "dev.glance.scoreboard.follow", provider: Provider()) { isFollowing in
            ControlWidgetToggle("Follow Team", isOn: isFollowing, action: FollowTeamIntent()) { isOn in
                Label(isOn ? "Following" : "Not following", systemImage: "star")
            }
        }
        .displayName("Follow Team")
        .description("Get the team's matches on the Lock Screen.")
    }
}

extension FollowTeamControl {
    struct Provider: ControlValueProvider {
        var previewValue: Bool { false }

        func currentValue() async throws -> Bool { FollowStore.isFollowing }
    }
}
