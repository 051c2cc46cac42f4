import AppIntents
import SwiftUI
import WidgetKit

struct TimerControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.mistakes.timer", provider: Provider()) { isRunning in
            ControlWidgetToggle("Timer", isOn: isRunning, action: ToggleTimerIntent()) { on in
                Label(on ? "Running" : "Stopped", systemImage: "timer")
            }
        }
        .displayName("Timer")
        .description("Starts and stops the timer.")
    }

    struct Provider: ControlValueProvider {
        var previewValue: Bool { false }
        func currentValue() async throws -> Bool { TimerService.shared.isRunning }
    }
}

struct ToggleTimerIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Timer"
    @Parameter(title: "Running") var value: Bool

    func perform() async throws -> some IntentResult {
        TimerService.shared.isRunning = value
        return .result()
    }
}

/// Mistake: the control's state lives in this process only (control_state_in_process).
final class TimerService {
    static let shared = TimerService()
    var isRunning = false
}
