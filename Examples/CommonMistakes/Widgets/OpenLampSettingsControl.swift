import SwiftUI
import WidgetKit

struct OpenLampSettingsControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.mistakes.lamp-settings") {
            ControlWidgetButton(action: OpenLampSettingsIntent()) { Label("Lamp Settings", systemImage: "gear") }
        }
        .displayName("Lamp Settings")
        .description("Opens the lamp settings.")
    }
}
