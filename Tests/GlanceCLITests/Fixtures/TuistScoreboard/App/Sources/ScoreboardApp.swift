import SwiftUI

@main
struct ScoreboardApp: App {
    @State private var matchID: String?

    var body: some Scene {
        WindowGroup {
            Text(matchID ?? "No match")
                .onOpenURL { url in
                    // scoreboard://match/<id>
                    guard url.scheme == "scoreboard", url.host == "match" else { return }
                    matchID = url.lastPathComponent
                }
                .task { try? MatchTracker().follow(matchID: "today", home: "Home", away: "Away") }
        }
    }
}
