import AppIntents
import SwiftUI
import WidgetKit

/// Not a mistake: the app does not register the URL scheme "meter", but WidgetKit hands a widget's own link to
/// the app whatever its scheme.
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

/// Mistake: OpenURLIntent opens its URL like any other, and the app registers "mistakes" but not "meter", so
/// this cannot reach it (url_scheme_not_registered; open_url_intent_custom_scheme too).
struct OpenMeterIntent: AppIntent {
    static let title: LocalizedStringResource = "Open meter"

    func perform() async throws -> some IntentResult & OpensIntent {
        .result(opensIntent: OpenURLIntent(URL(string: "meter://timer")!))
    }
}
