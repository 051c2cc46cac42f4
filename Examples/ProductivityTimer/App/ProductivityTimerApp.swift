import ActivityKit
import SwiftUI
import WidgetKit

@main
struct ProductivityTimerApp: App {
    @State private var screen: TimerScreen = .timer

    var body: some Scene {
        WindowGroup {
            ContentView(screen: $screen)
                .onOpenURL { url in
                    open(url)
                }
                .onContinueUserActivity(NSUserActivityTypeLiveActivity) { _ in
                    screen = .history
                }
        }
    }

    /// Routes: productivitytimer://timer, productivitytimer://history, productivitytimer://order.
    private func open(_ url: URL) {
        guard url.scheme == "productivitytimer" else { return }
        switch url.host {
        case "timer":
            screen = .timer
        case "history", "order":
            screen = .history
        default:
            break
        }
    }
}
