import WidgetKit

struct WatchTimerEntry: TimelineEntry {
    var date: Date
    var minutes: Int
}

struct WatchTimerProvider: TimelineProvider {
    func placeholder(in context: Context) -> WatchTimerEntry { WatchTimerEntry(date: .now, minutes: 10) }
    func getSnapshot(in context: Context, completion: @escaping (WatchTimerEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<WatchTimerEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}
