import SwiftUI
import WidgetKit

/// In both widget extensions' folder; only the iOS bundle registers it.
struct HomeScreenWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.shipped.home", provider: SummaryProvider()) { entry in
            Text("\(entry.total)")
                .widgetURL(URL(string: "shipped://join/home"))
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Home")
        .description("Today's total.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct SummaryEntry: TimelineEntry {
    let date: Date
    let total: Int
}

struct SummaryProvider: TimelineProvider {
    func placeholder(in context: Context) -> SummaryEntry { SummaryEntry(date: .now, total: 0) }
    func getSnapshot(in context: Context, completion: @escaping (SummaryEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<SummaryEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}
