import AlarmKit

/// App data for the countdown alarm's Live Activity.
struct TimerMetadata: AlarmMetadata {
    var focusMinutes: Int
}
