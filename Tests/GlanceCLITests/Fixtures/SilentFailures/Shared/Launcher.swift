import AppIntents
import SwiftUI
import WidgetKit

// Compiled by the iOS and the watch widget extensions.
struct LauncherEntry: TimelineEntry {
    let date: Date
}

struct LauncherProvider: TimelineProvider {
    func placeholder(in context: Context) -> LauncherEntry { LauncherEntry(date: .now) }
    func getSnapshot(in context: Context, completion: @escaping (LauncherEntry) -> Void) { completion(LauncherEntry(date: .now)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<LauncherEntry>) -> Void) {
        completion(Timeline(entries: [LauncherEntry(date: .now)], policy: .never))
    }
}

struct LauncherWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.brew.launcher", provider: LauncherProvider()) { entry in
            LauncherView()
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Launcher")
        .description("Runs your shortcut.")
    }
}

struct LauncherView: View {
    var body: some View {
        VStack {
            // iOS 27 only, iPhone and iPad only.
            Button("Run", intent: RunSystemShortcutIntent())
            if #available(iOS 27, *) {
                Button("Run again", intent: RunSystemShortcutIntent())
            }
        }
    }
}
