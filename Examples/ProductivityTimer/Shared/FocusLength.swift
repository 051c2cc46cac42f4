import AppIntents

/// Configuration of the focus-length control: which length the toggle starts.
struct FocusLengthConfiguration: ControlConfigurationIntent {
    static let title: LocalizedStringResource = "Focus Length"

    @Parameter(title: "Length", default: .pomodoro)
    var length: FocusLength
}

enum FocusLength: String, AppEnum {
    case pomodoro
    case deepWork

    var minutes: Int { self == .pomodoro ? 25 : 90 }

    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Focus length")
    static let caseDisplayRepresentations: [FocusLength: DisplayRepresentation] = [
        .pomodoro: DisplayRepresentation(title: "25 minutes"),
        .deepWork: DisplayRepresentation(title: "90 minutes"),
    ]
}

/// Starts a focus session of the configured length.
struct StartFocusIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Focus"

    @Parameter(title: "Length", default: .pomodoro)
    var length: FocusLength

    @Parameter(title: "Focusing")
    var value: Bool

    init() {}

    init(length: FocusLength) {
        self.length = length
    }

    func perform() async throws -> some IntentResult {
        AppGroup.defaults.set(value ? TimerState.focusMinutes(for: length) : 0, forKey: TimerState.focusMinutesKey)
        return .result()
    }
}
