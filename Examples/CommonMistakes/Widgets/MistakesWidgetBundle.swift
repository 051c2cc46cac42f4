import SwiftUI
import WidgetKit

@main
struct MistakesWidgetBundle: WidgetBundle {
    var body: some Widget {
        WeatherWidget()
        DuplicateKindWidget()
        NoBackgroundWidget()
        DeliveryLiveActivity()
        WorkoutLiveActivity()
        NoFamilyWidget()
        HeaderWidget()
        LampControl()
        TimerControl()
        RemindersControl()
        OpenLampSettingsControl()
        MeterWidget()
        EndDeliveriesControl()
        StarterControl()
        GlyphWidget()
    }
}

/// Mistake: controls in a separate bundle never appear in the gallery (widget_not_in_bundle).
struct ControlsBundle: WidgetBundle {
    var body: some Widget {
        ForgottenControl()
    }
}

struct ForgottenControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.mistakes.forgotten") {
            ControlWidgetButton(action: RefreshIntent()) { Label("Refresh", systemImage: "arrow.clockwise") }
        }
        .displayName("Refresh")
        .description("Refreshes the weather.")
    }
}

struct RefreshIntent: AppIntent {
    static let title: LocalizedStringResource = "Refresh"
    func perform() async throws -> some IntentResult { .result() }
}
