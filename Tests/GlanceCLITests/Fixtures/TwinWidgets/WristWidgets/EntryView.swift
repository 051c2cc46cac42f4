import SwiftUI
import WidgetKit

struct EntryView: View {
    let entry: StatusEntry

    var body: some View {
        VStack {
            Image("WristLogo")
            Text(entry.status)
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

struct StatusEntry: TimelineEntry {
    let date: Date
    let status: String
}

struct StatusProvider: TimelineProvider {
    func placeholder(in context: Context) -> StatusEntry { StatusEntry(date: .now, status: "—") }
    func getSnapshot(in context: Context, completion: @escaping (StatusEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<StatusEntry>) -> Void) {
        let defaults = UserDefaults(suiteName: AppGroup.id)
        completion(Timeline(entries: [StatusEntry(date: .now, status: defaults?.string(forKey: "status") ?? "—")], policy: .never))
    }
}

enum AppGroup {
    static let id = "group.com.example.twin.wrist"
}
