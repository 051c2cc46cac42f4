import AppIntents
import SwiftUI
import WidgetKit

struct GlyphWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.mistakes.glyphs", provider: GlyphProvider()) { entry in
            VStack {
                // Mistake: no SF Symbol has this name; the widget draws nothing there (sf_symbol_unknown).
                Image(systemName: "cloud.sun.rain.fil")
                // Mistake: SF Symbols 7.1 (iOS 26.1); the extension deploys to iOS 26.0 (sf_symbol_unavailable).
                Image(systemName: "air.conditioner")
                // Mistake: RunSystemShortcutIntent needs iOS 27; the extension deploys to iOS 26.0 and nothing checks
                // (system_shortcut_unavailable).
                Button("Shortcut", intent: RunSystemShortcutIntent())
            }
            .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Glyphs")
        .description("Today's symbols.")
    }
}

struct GlyphEntry: TimelineEntry { let date: Date }

struct GlyphProvider: TimelineProvider {
    func placeholder(in context: Context) -> GlyphEntry { GlyphEntry(date: .now) }
    func getSnapshot(in context: Context, completion: @escaping (GlyphEntry) -> Void) { completion(GlyphEntry(date: .now)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<GlyphEntry>) -> Void) {
        completion(Timeline(entries: [GlyphEntry(date: .now)], policy: .never))
    }
}
