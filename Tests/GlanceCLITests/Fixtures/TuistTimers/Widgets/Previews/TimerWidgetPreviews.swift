import SwiftUI
import WidgetKit

// Excluded from TimerWidgets by its sources glob: previews only.
struct TimerWidgetPreview: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "timer-preview", provider: TimerProvider()) { entry in
            Text("Preview")
        }
    }
}
