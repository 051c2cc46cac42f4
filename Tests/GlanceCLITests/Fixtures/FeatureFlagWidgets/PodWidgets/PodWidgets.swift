import SwiftUI
import WidgetKit

// CocoaPods' xcconfig (not committed) may set COCOAPODS: whether this bundle ships is unknown, so nothing is
// judged as if it did not.
#if COCOAPODS
@main
struct PodWidgets: WidgetBundle {
    var body: some Widget {
        PodWidget()
    }
}
#endif

struct PodWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.flags.pod", provider: PodProvider()) { entry in
            Text(entry.date, style: .time).containerBackground(.fill, for: .widget)
        }
        .configurationDisplayName("Pod")
        .description("A pod.")
    }
}

struct PodEntry: TimelineEntry { let date: Date }

struct PodProvider: TimelineProvider {
    func placeholder(in context: Context) -> PodEntry { PodEntry(date: .now) }
    func getSnapshot(in context: Context, completion: @escaping (PodEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<PodEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}
