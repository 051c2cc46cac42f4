import AppIntents
import SwiftUI
import WidgetKit

struct LampControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: Kinds.lamp, provider: LampValueProvider()) { isOn in
            ControlWidgetToggle("Lamp", isOn: isOn, action: ToggleLampIntent()) { on in
                Label(on ? "On" : "Off", systemImage: "lightbulb")
            }
        }
        .displayName("Lamp")
        .description("Turns the lamp on and off.")
    }
}

struct LampValueProvider: ControlValueProvider {
    var previewValue: Bool { false }
    func currentValue() async throws -> Bool { AppGroup.defaults?.bool(forKey: "lamp") ?? false }
}

/// Mistake: perform() changes `value`, which the system sets (set_value_intent_assigns_value).
struct ToggleLampIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Lamp"
    @Parameter(title: "On") var value: Bool

    func perform() async throws -> some IntentResult {
        value = !(AppGroup.defaults?.bool(forKey: "lamp") ?? false)
        AppGroup.defaults?.set(value, forKey: "lamp")
        return .result()
    }
}
