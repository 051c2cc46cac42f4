import SwiftUI
import WidgetKit

/// Opens the app on the timer screen. iPhone only: controls that foreground the app are not offered on the watch.
struct OpenTimerControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: WidgetKinds.openTimer) {
            ControlWidgetButton(action: OpenTimerIntent()) {
                Label("Open Timer", systemImage: "arrow.up.forward.app")
            }
        }
        .displayName("Open Timer")
        .description("Opens Productivity Timer.")
    }
}
