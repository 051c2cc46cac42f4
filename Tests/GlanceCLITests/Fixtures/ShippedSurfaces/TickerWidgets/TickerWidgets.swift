import SwiftUI
import WidgetKit

@main
struct TickerWidgets: WidgetBundle {
    var body: some Widget {
        QuoteWidget()
        MoversWidget()
    }
}

struct QuoteWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.ticker.quote", provider: QuoteProvider()) { entry in
            Text(entry.symbol).widgetURL(URL(string: "ticker://quote/\(entry.symbol)")).containerBackground(.fill, for: .widget)
        }
        .configurationDisplayName("Quote")
        .description("One symbol.")
    }
}

struct MoversWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.ticker.movers", provider: QuoteProvider()) { entry in
            Text("Movers").widgetURL(URL(string: "ticker://movers")).containerBackground(.fill, for: .widget)
        }
        .configurationDisplayName("Movers")
        .description("Today's movers.")
    }
}

struct QuoteEntry: TimelineEntry {
    let date: Date
    let symbol: String
}

struct QuoteProvider: TimelineProvider {
    func placeholder(in context: Context) -> QuoteEntry { QuoteEntry(date: .now, symbol: "AAPL") }
    func getSnapshot(in context: Context, completion: @escaping (QuoteEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<QuoteEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}
