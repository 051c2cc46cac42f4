import ActivityKit
import Foundation

/// Sets a stale date for the workout activity, whose views never read context.isStale (stale_date_never_read).
func updateWorkout(_ activity: Activity<WorkoutAttributes>, minutes: Int) async {
    await activity.update(ActivityContent(state: WorkoutAttributes.ContentState(minutes: minutes), staleDate: Date().addingTimeInterval(600)))
}
