import AlarmKit
import Foundation

/// Mistake: a sound name without its file extension (alarm_sound_name).
func wakeConfiguration(schedule: Alarm.Schedule, attributes: AlarmAttributes<FocusMetadata>) -> AlarmManager.AlarmConfiguration<FocusMetadata> {
    AlarmManager.AlarmConfiguration(countdownDuration: nil, schedule: schedule, attributes: attributes, sound: .named("chime"))
}
