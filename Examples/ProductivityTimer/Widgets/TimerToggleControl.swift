import AppIntents
import SwiftUI
import WidgetKit

/// On/off control whose state lives in the App Group; the app reloads it after changing the state.
struct TimerToggleControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: WidgetKinds.timerToggle, provider: Provider()) { isRunning in
            ControlWidgetToggle("Productivity Timer", isOn: isRunning, action: ToggleTimerIntent()) { isOn in
                Label(isOn ? "Running" : "Stopped", systemImage: "timer")
            }
        }
        .displayName("Productivity Timer")
        .description("Start and stop a productivity timer.")
    }
}

extension TimerToggleControl {
    struct Provider: ControlValueProvider {
        var previewValue: Bool { false }

        func currentValue() async throws -> Bool {
            TimerState.isRunning
        }
    }
}
