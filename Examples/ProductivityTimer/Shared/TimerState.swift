import Foundation

/// The timer's state, stored in the App Group so the app and the controls see the same value.
enum TimerState {
    static let runningKey = "timer.isRunning"
    static let breakStartKey = "timer.breakStart"
    static let focusMinutesKey = "timer.focusMinutes"

    static var isRunning: Bool {
        AppGroup.defaults.bool(forKey: runningKey)
    }

    static func setRunning(_ running: Bool) {
        AppGroup.defaults.set(running, forKey: runningKey)
    }

    static func startBreak(at date: Date) {
        AppGroup.defaults.set(date, forKey: breakStartKey)
    }

    static func focusMinutes(for length: FocusLength) -> Int {
        length.minutes
    }
}
