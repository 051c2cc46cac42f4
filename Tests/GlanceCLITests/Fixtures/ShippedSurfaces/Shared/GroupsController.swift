import ActivityKit

/// Compiled into the app and the widget extension; the app refreshes its activities with it too.
final class GroupsController {
    static let shared = GroupsController()

    func refresh() async {
        for activity in Activity<GroupAttributes>.activities {
            await activity.update(ActivityContent(state: .init(members: activity.content.state.members), staleDate: nil))
        }
    }
}
