import SwiftUI
import WidgetKit

@main
struct WatchControls: WidgetBundle {
    var body: some Widget {
        OpenWatchAppControl()
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
