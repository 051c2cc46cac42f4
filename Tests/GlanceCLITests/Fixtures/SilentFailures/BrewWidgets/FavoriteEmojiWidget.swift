import AppIntents
import SwiftUI
import WidgetKit

// Xcode's widget template with its configuration intent, unchanged (FC3-20).
struct ConfigurationAppIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Configuration" }
    static var description: IntentDescription { "This is an example widget." }

    @Parameter(title: "Favorite Emoji", default: "😃")
    var favoriteEmoji: String
}

struct EmojiEntry: TimelineEntry {
    let date: Date
    let configuration: ConfigurationAppIntent
}

struct EmojiProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> EmojiEntry { EmojiEntry(date: .now, configuration: ConfigurationAppIntent()) }
    func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> EmojiEntry { EmojiEntry(date: .now, configuration: configuration) }
    func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<EmojiEntry> {
        Timeline(entries: [EmojiEntry(date: .now, configuration: configuration)], policy: .atEnd)
    }
}

struct EmojiEntryView: View {
    var entry: EmojiProvider.Entry

    var body: some View {
        VStack {
            Text("Time:")
            Text(entry.date, style: .time)
            Text("Favorite Emoji:")
            Text(entry.configuration.favoriteEmoji)
        }
    }
}

struct FavoriteEmojiWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "FavoriteEmojiWidget", intent: ConfigurationAppIntent.self, provider: EmojiProvider()) { entry in
            EmojiEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
    }
}

// The same template left in the project, which no bundle lists: silent.
struct LeftoverEmojiWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "LeftoverEmojiWidget", intent: ConfigurationAppIntent.self, provider: EmojiProvider()) { entry in
            EmojiEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
    }
}
