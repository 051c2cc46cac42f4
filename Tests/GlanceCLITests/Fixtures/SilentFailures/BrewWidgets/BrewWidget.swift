import SwiftUI
import WidgetKit

struct BrewEntry: TimelineEntry {
    let date: Date
    let steeped: Bool
}

struct BrewProvider: TimelineProvider {
    func placeholder(in context: Context) -> BrewEntry { BrewEntry(date: .now, steeped: false) }
    func getSnapshot(in context: Context, completion: @escaping (BrewEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<BrewEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

struct BrewWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.brew.steep", provider: BrewProvider()) { entry in
            BrewView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Steeping")
        .description("How far the tea is.")
    }
}

struct BrewView: View {
    let entry: BrewEntry

    var body: some View {
        VStack {
            // No SF Symbol has this name (FC3-21).
            Image(systemName: entry.steeped ? "mug.fill" : "mug.fil")
            // A custom symbol of the extension's asset catalog, loaded as a system one.
            Image(systemName: "kettle.brew")
            // SF Symbols 6 (iOS 18); the extension deploys to iOS 17.
            Label("Hot", systemImage: "cup.and.heat.waves")
            if #available(iOS 18, *) {
                Image(systemName: "cup.and.heat.waves.fill")
            }
        }
    }
}
