import SwiftUI

@main
struct BrewWatchApp: App {
    var body: some Scene {
        WindowGroup { Text("Brew") }
    }
}
