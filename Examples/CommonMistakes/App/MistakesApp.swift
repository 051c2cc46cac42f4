import SwiftUI

@main
struct MistakesApp: App {
    @State private var screen = "home"

    var body: some Scene {
        WindowGroup {
            Text(screen)
                .onOpenURL { url in open(url) }
        }
    }

    /// Mistake: the weather widget links to mistakes://forecast, a route this handler never matches
    /// (deep_link_route_unmatched).
    private func open(_ url: URL) {
        switch url.host {
        case "delivery", "city", "workout", "timer", "add":
            screen = url.host ?? "home"
        default:
            screen = "home"
        }
    }
}
