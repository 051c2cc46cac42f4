import SwiftUI
import WidgetKit

/// Mistake: the app registers the URL scheme "mistakes" but not "meter", so this link cannot reach it
/// (url_scheme_not_registered).
struct MeterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.mistakes.meter", provider: ForecastProvider()) { entry in
            Text(entry.summary)
                .widgetURL(URL(string: "meter://timer"))
                .containerBackground(.fill, for: .widget)
        }
        .configurationDisplayName("Meter")
        .description("Today's usage.")
    }
}
