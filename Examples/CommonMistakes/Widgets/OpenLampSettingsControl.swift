import SwiftUI
import WidgetKit

/// Mistake: an iPhone control that opens the app while the watch app offers no controls of its own; the
/// watch relays iPhone controls and leaves this one out (control_opens_app_on_watch).
struct OpenLampSettingsControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.mistakes.lamp-settings") {
            ControlWidgetButton(action: OpenLampSettingsIntent()) { Label("Lamp Settings", systemImage: "gear") }
        }
        .displayName("Lamp Settings")
        .description("Opens the lamp settings.")
    }
}
