import SwiftUI
import WidgetKit

@main
struct NotesWatchBundle: WidgetBundle {
    var body: some Widget {
        WordCountWidget()
    }
}

struct WordCountWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.notes.watch.words", provider: WordProvider()) { entry in
            Text("\(entry.words)")
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Words")
        .description("Words written today.")
        .supportedFamilies([.accessoryCircular])
    }
}

struct WordEntry: TimelineEntry {
    let date: Date
    let words: Int
}

struct WordProvider: TimelineProvider {
    func placeholder(in context: Context) -> WordEntry { WordEntry(date: .now, words: 0) }
    func getSnapshot(in context: Context, completion: @escaping (WordEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<WordEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}
