import ActivityKit
import SwiftUI

@main
struct PadApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Pad")
                .onContinueUserActivity(NSUserActivityTypeLiveActivity) { _ in }
        }
    }
}

struct SessionAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var pages: Int
    }
}

enum Sessions {
    /// Callers may give the session an end; none does yet.
    static func begin(until end: Date? = nil) {
        let content = ActivityContent(state: SessionAttributes.ContentState(pages: 0), staleDate: end)
        _ = try? Activity.request(attributes: SessionAttributes(), content: content)
    }

    static func resume() { begin() }
}
