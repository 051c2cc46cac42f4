import SwiftUI
import WidgetKit

struct NoteEntry: TimelineEntry {
    let date: Date
    let title: String
}

struct NoteProvider: TimelineProvider {
    func placeholder(in context: Context) -> NoteEntry { NoteEntry(date: .now, title: "Note") }
    func getSnapshot(in context: Context, completion: @escaping (NoteEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<NoteEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

struct NoteWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.notes.note", provider: NoteProvider()) { entry in
            Text(entry.title)
                .widgetURL(URL(string: "notes://note/1"))
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Note")
        .description("The note you pinned.")
        #if os(watchOS)
        .supportedFamilies([.accessoryCorner])
        #endif
    }
}
