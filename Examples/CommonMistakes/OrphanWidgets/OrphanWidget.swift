import SwiftUI
import WidgetKit

/// Mistake: this extension target is not embedded in the app (extension_not_embedded).
@main
struct OrphanWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.mistakes.orphan", provider: ForecastProvider()) { entry in
            Text(entry.summary)
                .containerBackground(.fill, for: .widget)
        }
        .configurationDisplayName("Orphan")
        .description("Never installed.")
    }
}
