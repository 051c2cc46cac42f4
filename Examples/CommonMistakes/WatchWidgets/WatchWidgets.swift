import SwiftUI
import WidgetKit

/// The watch app's widgets. It offers no controls of its own, so the watch relays the iPhone's (see
/// Widgets/OpenLampSettingsControl.swift).
@main
struct WatchWidgets: WidgetBundle {
    var body: some Widget {
        PlayerWidget()
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
