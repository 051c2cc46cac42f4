import AlarmKit

/// What the app attaches to each countdown it schedules.
struct TimerMetadata: AlarmMetadata {
    var label: String
}
