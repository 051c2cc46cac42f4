import SwiftUI
import WidgetKit

/// Mistake: no .containerBackground(for: .widget); the widget shows "Please adopt containerBackground API"
/// (widget_missing_container_background).
struct NoBackgroundWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.mistakes.summary", provider: ForecastProvider()) { entry in
            Text(entry.summary)
                .background(Color.blue)
        }
        .configurationDisplayName("Summary")
        .description("A summary.")
    }
}
