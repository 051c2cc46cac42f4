import AppIntents

/// Opens the app on a screen. Compiled into the app and the widget extension (Shared/), as OpenIntent requires.
struct OpenTimerIntent: OpenIntent {
    static let title: LocalizedStringResource = "Open Productivity Timer"

    @Parameter(title: "Screen", default: .timer)
    var target: TimerScreen
}

enum TimerScreen: String, AppEnum {
    case timer
    case history

    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Productivity Timer screen")
    static let caseDisplayRepresentations: [TimerScreen: DisplayRepresentation] = [
        .timer: DisplayRepresentation(title: "Timer"),
        .history: DisplayRepresentation(title: "History"),
    ]
}
