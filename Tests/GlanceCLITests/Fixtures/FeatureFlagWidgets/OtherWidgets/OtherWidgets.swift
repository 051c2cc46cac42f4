import SwiftUI
import WidgetKit

// OTHER_SWIFT_FLAGS -D OTHER_WIDGETS in every configuration: this bundle ships, and so does its widget, which
// has no container background.
#if OTHER_WIDGETS
@main
struct OtherWidgets: WidgetBundle {
    var body: some Widget {
        ClockWidget()
    }
}
#endif

struct ClockWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.flags.clock", provider: ClockProvider()) { entry in
            Text(entry.date, style: .time).padding()
        }
        .configurationDisplayName("Clock")
        .description("The time.")
    }
}

struct ClockEntry: TimelineEntry { let date: Date }

struct ClockProvider: TimelineProvider {
    func placeholder(in context: Context) -> ClockEntry { ClockEntry(date: .now) }
    func getSnapshot(in context: Context, completion: @escaping (ClockEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<ClockEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}
