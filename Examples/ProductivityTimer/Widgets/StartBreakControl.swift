import SwiftUI
import WidgetKit

/// A button control: runs StartBreakIntent without opening the app.
struct StartBreakControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: WidgetKinds.startBreak) {
            ControlWidgetButton(action: StartBreakIntent()) {
                Label("Start a Break", systemImage: "cup.and.saucer")
            }
        }
        .displayName("Start a Break")
        .description("Records the start of a break.")
    }
}
