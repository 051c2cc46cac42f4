import SwiftUI
import WidgetKit

/// A Home Screen widget with deep links: one widgetURL for the whole view, Links in the medium size.
struct FocusWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: WidgetKinds.focus, provider: FocusProvider()) { entry in
            FocusWidgetView(entry: entry)
                .containerBackground(Color("AccentTint"), for: .widget)
        }
        .configurationDisplayName("Focus")
        .description("Shows whether the timer is running.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct FocusEntry: TimelineEntry {
    let date: Date
    let isRunning: Bool
}

struct FocusProvider: TimelineProvider {
    func placeholder(in context: Context) -> FocusEntry { FocusEntry(date: Date(), isRunning: false) }

    func getSnapshot(in context: Context, completion: @escaping (FocusEntry) -> Void) {
        completion(FocusEntry(date: Date(), isRunning: TimerState.isRunning))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<FocusEntry>) -> Void) {
        completion(Timeline(entries: [FocusEntry(date: Date(), isRunning: TimerState.isRunning)], policy: .never))
    }
}

struct FocusWidgetView: View {
    @Environment(\.widgetFamily) private var family
    let entry: FocusEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Image("FocusBadge")
                Text(entry.isRunning ? "Focusing" : "Idle").font(.headline)
            }
            if family == .systemMedium {
                HStack {
                    Link(destination: URL(string: "productivitytimer://timer")!) { Text("Timer") }
                    Link(destination: URL(string: "productivitytimer://history")!) { Text("History") }
                }
            }
        }
        .widgetURL(URL(string: "productivitytimer://timer"))
    }
}
