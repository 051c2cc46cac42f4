import SwiftUI
import WidgetKit

/// Mistake: the same kind as WeatherWidget (duplicate_kind).
struct DuplicateKindWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.mistakes.weather", provider: ForecastProvider()) { entry in
            Text(entry.summary)
                .containerBackground(.fill, for: .widget)
        }
        .configurationDisplayName("Forecast")
        .description("The week's forecast.")
    }
}
