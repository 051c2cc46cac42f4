import AppIntents
import SwiftUI
import WidgetKit

/// Mistake: no .description(_:) for the gallery (control_missing_display_metadata).
struct RemindersControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.mistakes.reminders", provider: RemindersProvider()) { enabled in
            ControlWidgetToggle("Reminders", isOn: enabled, action: ToggleRemindersIntent()) { on in
                Label(on ? "On" : "Off", systemImage: "bell")
            }
        }
        .displayName("Reminders")
    }
}

struct RemindersProvider: ControlValueProvider {
    var previewValue: Bool { true }
    func currentValue() async throws -> Bool { AppGroup.defaults?.bool(forKey: "reminders") ?? true }
}

/// Mistake: a SetValueIntent without `@Parameter var value` (set_value_intent_missing_value).
struct ToggleRemindersIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Reminders"
    var enabled = false

    func perform() async throws -> some IntentResult {
        AppGroup.defaults?.set(enabled, forKey: "reminders")
        return .result()
    }
}
