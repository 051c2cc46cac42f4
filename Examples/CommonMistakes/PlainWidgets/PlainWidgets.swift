import SwiftUI
import WidgetKit

/// Mistake: this widget extension's Info.plist has no NSExtension dictionary with
/// NSExtensionPointIdentifier = com.apple.widgetkit-extension, so the system never registers it
/// (widget_extension_point_missing).
@main
struct PlainWidgets: WidgetBundle {
    var body: some Widget {
        ClockWidget()
    }
}

struct ClockWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.mistakes.clock", provider: ClockProvider()) { entry in
            Text(entry.date, style: .time)
                .containerBackground(.fill, for: .widget)
        }
        .configurationDisplayName("Clock")
        .description("The time.")
    }
}
