import AppIntents
import SwiftUI
import WidgetKit

@main
struct WatchWidgetBundle: WidgetBundle {
    var body: some Widget {
        WatchStartBreakControl()
    }
}

/// The watch's own control: it runs in the background, so the watch offers it in Control Center and the Smart Stack.
struct WatchStartBreakControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.productivitytimer.watch.start-break") {
            ControlWidgetButton(action: WatchStartBreakIntent()) {
                Label("Start a Break", systemImage: "cup.and.saucer")
            }
        }
        .displayName("Start a Break")
        .description("Records the start of a break on your watch.")
    }
}

struct WatchStartBreakIntent: AppIntent {
    static let title: LocalizedStringResource = "Start a Break"

    func perform() async throws -> some IntentResult {
        UserDefaults(suiteName: "group.com.example.productivitytimer.watch")?.set(Date(), forKey: "watch.breakStart")
        return .result()
    }
}
