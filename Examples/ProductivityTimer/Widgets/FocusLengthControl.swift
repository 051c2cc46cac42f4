import AppIntents
import SwiftUI
import WidgetKit

/// A configurable control: people pick the focus length when they add it.
struct FocusLengthControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        AppIntentControlConfiguration(kind: WidgetKinds.focusLength, provider: Provider()) { value in
            ControlWidgetToggle("Focus", isOn: value.isFocusing, action: StartFocusIntent(length: value.length)) { _ in
                Label("Focus", systemImage: "brain.head.profile")
            }
        }
        .displayName("Focus Session")
        .description("Starts a focus session of the length you choose.")
        .promptsForUserConfiguration()
    }
}

extension FocusLengthControl {
    struct Value {
        var length: FocusLength
        var isFocusing: Bool
    }

    struct Provider: AppIntentControlValueProvider {
        func previewValue(configuration: FocusLengthConfiguration) -> Value {
            Value(length: configuration.length, isFocusing: false)
        }

        func currentValue(configuration: FocusLengthConfiguration) async throws -> Value {
            Value(length: configuration.length, isFocusing: AppGroup.defaults.integer(forKey: TimerState.focusMinutesKey) > 0)
        }
    }
}
