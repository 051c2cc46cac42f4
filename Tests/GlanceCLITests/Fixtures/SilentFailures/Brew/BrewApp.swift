import ActivityKit
import SwiftUI

@main
struct BrewApp: App {
    var body: some Scene {
        WindowGroup { SettingsView() }
    }
}

struct SettingsView: View {
    var body: some View {
        // App code: judged only with sf_symbol_unknown in opt_in_rules.
        Label("Steep time", systemImage: "hourglass.tophalf.filled.fill")
            .task { try? startBrewActivity() }
    }

    func startBrewActivity() throws {
        let state = BrewAttributes.ContentState(emoji: "🍵")
        _ = try Activity<BrewAttributes>.request(attributes: BrewAttributes(name: "Tea"), content: .init(state: state, staleDate: nil))
    }
}
