import SwiftUI
import WidgetKit

// Only Debug sets FEATURE_WIDGETS: the Release build, which archives use, compiles no entry point.
#if FEATURE_WIDGETS
@main
struct FlagWidgets: WidgetBundle {
    var body: some Widget {
        CountdownWidget()
    }
}
#endif

struct CountdownWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.flags.countdown", provider: CountdownProvider()) { entry in
            Text(entry.date, style: .timer)
        }
        .configurationDisplayName("Countdown")
        .description("Time left.")
    }
}

struct CountdownEntry: TimelineEntry { let date: Date }

struct CountdownProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountdownEntry { CountdownEntry(date: .now) }
    func getSnapshot(in context: Context, completion: @escaping (CountdownEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CountdownEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}
