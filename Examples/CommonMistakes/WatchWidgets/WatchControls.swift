import SwiftUI
import WidgetKit

@main
struct WatchControls: WidgetBundle {
    var body: some Widget {
        OpenWatchAppControl()
        PlayerWidget()
    }
}

/// Mistake: a watch control that foregrounds the app; watchOS leaves it out of Control Center
/// (control_opens_app_on_watch).
struct OpenWatchAppControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.mistakes.watch.open") {
            ControlWidgetButton(action: OpenWatchAppIntent()) { Label("Open", systemImage: "applewatch") }
        }
        .displayName("Open Mistakes")
        .description("Opens the app.")
    }
}

/// Mistake: the watch app and this extension are entitled to different groups (app_group_not_shared).
enum WatchWidgetStore {
    static var defaults: UserDefaults? { UserDefaults(suiteName: "group.com.example.mistakes.watchwidgets") }
}

/// Mistake: the watch app has no URL handler for this link (deep_link_unhandled).
struct PlayerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.mistakes.watch.player", provider: PlayerProvider()) { entry in
            Text(entry.title)
                .widgetURL(URL(string: "mistakes://player"))
                .containerBackground(.fill, for: .widget)
        }
        .configurationDisplayName("Player")
        .description("What is playing.")
        .supportedFamilies([.accessoryRectangular])
    }
}
