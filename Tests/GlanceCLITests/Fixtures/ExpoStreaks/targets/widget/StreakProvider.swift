import WidgetKit

struct StreakEntry: TimelineEntry {
    var date: Date
    var days: Int
}

struct StreakProvider: TimelineProvider {
    func placeholder(in context: Context) -> StreakEntry { StreakEntry(date: .now, days: 3) }
    func getSnapshot(in context: Context, completion: @escaping (StreakEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<StreakEntry>) -> Void) {
        let days = UserDefaults(suiteName: "group.dev.glance.streaks")?.integer(forKey: "days") ?? 0
        completion(Timeline(entries: [StreakEntry(date: .now, days: days)], policy: .never))
    }
}
