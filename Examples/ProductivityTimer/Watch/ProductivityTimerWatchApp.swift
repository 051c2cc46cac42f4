import SwiftUI

@main
struct ProductivityTimerWatchApp: App {
    var body: some Scene {
        WindowGroup {
            TimerFaceView()
        }
    }
}

/// The watch face of the timer. Double Tap starts a break; a tap on the button does the same.
struct TimerFaceView: View {
    @State private var breakStarted = WatchStore.defaults.object(forKey: WatchStore.breakStartKey) as? Date

    var body: some View {
        VStack {
            Text(breakStarted.map { "Break since \($0.formatted(date: .omitted, time: .shortened))" } ?? "Working")
            Button("Start Break") {
                let now = Date()
                WatchStore.defaults.set(now, forKey: WatchStore.breakStartKey)
                breakStarted = now
            }
            .handGestureShortcut(.primaryAction)
        }
    }
}

/// The App Group the watch app shares with its widget extension.
enum WatchStore {
    static let breakStartKey = "watch.breakStart"
    static var defaults: UserDefaults { UserDefaults(suiteName: "group.com.example.productivitytimer.watch") ?? .standard }
}
