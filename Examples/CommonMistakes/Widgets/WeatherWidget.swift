import AppIntents
import SwiftUI
import WidgetKit

struct WeatherWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: Kinds.weather, intent: CityConfiguration.self, provider: WeatherProvider()) { entry in
            WeatherView(entry: entry)
                .containerBackground(.blue.gradient, for: .widget)
        }
        .configurationDisplayName("Weather")
        .description("Today's weather.")
    }
}

/// Mistakes: a perform() that loads data (configuration_intent_perform) and a parameter with no default
/// (configuration_parameter_without_default).
struct CityConfiguration: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "City"
    @Parameter(title: "City") var city: String

    func perform() async throws -> some IntentResult {
        AppGroup.defaults?.set(city, forKey: "lastCity")
        return .result()
    }
}

/// Mistakes: two widgetURLs in one view (widget_url_multiple) and an image only the app has
/// (widget_asset_missing).
struct WeatherView: View {
    let entry: WeatherEntry

    var body: some View {
        VStack {
            Image("Logo")
            Text(entry.city).widgetURL(URL(string: "mistakes://city"))
            Text(entry.summary).widgetURL(URL(string: "mistakes://forecast"))
            Button(intent: OpenPageIntent()) { Text("Open") }
        }
    }
}

extension WeatherEntry {
    /// The city the app last stored, read through CacheStore.
    static var storedCity: String { CacheStore.defaults?.string(forKey: "city") ?? "Cupertino" }
}
