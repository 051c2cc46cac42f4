import ActivityKit
import AppIntents
import SwiftUI

// glance: a quick look at today's numbers lives in the widgets; the app only routes links.
@main
struct ShippedApp: App {
    @State private var joining: URL?

    var body: some Scene {
        WindowGroup {
            ContentView(joining: $joining)
                .onOpenURL { url in
                    // The only route the app accepts.
                    if url.host == "join" { joining = url }
                }
        }
    }
}

struct ContentView: View {
    @Binding var joining: URL?
    var body: some View { Text(joining?.absoluteString ?? "Shipped") }
}

enum Groups {
    static func start(name: String) throws -> Activity<GroupAttributes> {
        try Activity.request(attributes: GroupAttributes(id: name), content: ActivityContent(state: .init(members: 1), staleDate: nil))
    }

    /// Ends at once: the stale date is never shown.
    static func finish(_ activity: Activity<GroupAttributes>) async {
        await activity.end(ActivityContent(state: .init(members: 0), staleDate: .now), dismissalPolicy: .immediate)
    }
}

struct ShippedShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: SummaryConfigurationIntent(), phrases: ["Show my summary in \(.applicationName)"],
                    shortTitle: "Summary", systemImageName: "chart.bar")
    }
}
