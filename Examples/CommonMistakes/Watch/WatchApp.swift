import SwiftUI

@main
struct MistakesWatchApp: App {
    var body: some Scene {
        WindowGroup { PlayerControls() }
    }
}

/// Mistake: two primary actions in one body (primary_action_duplicate).
struct PlayerControls: View {
    var body: some View {
        VStack {
            Button("Play") { WatchStore.defaults?.set(true, forKey: "playing") }
                .handGestureShortcut(.primaryAction)
            Button("Skip") { WatchStore.defaults?.set(false, forKey: "playing") }
                .handGestureShortcut(.primaryAction)
            TimerFace()
        }
    }
}

/// Mistake: Double Tap bound to text, with no tap equivalent (primary_action_not_tappable).
struct TimerFace: View {
    var body: some View {
        Text("12:00")
            .handGestureShortcut(.primaryAction)
    }
}

enum WatchStore {
    static var defaults: UserDefaults? { UserDefaults(suiteName: "group.com.example.mistakes.watch") }
}
