import WidgetKit

struct TimerEntry: TimelineEntry {
    var date: Date
    var minutes: Int
}

struct TimerProvider: TimelineProvider {
    func placeholder(in context: Context) -> TimerEntry { TimerEntry(date: .now, minutes: 25) }
    func getSnapshot(in context: Context, completion: @escaping (TimerEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<TimerEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}
