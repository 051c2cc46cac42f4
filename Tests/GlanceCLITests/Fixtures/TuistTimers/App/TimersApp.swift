import SwiftUI

@main
struct TimersApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Timers")
        }
    }
}
