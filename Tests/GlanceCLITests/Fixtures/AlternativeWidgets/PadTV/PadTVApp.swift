import SwiftUI

@main
struct PadTVApp: App {
    /// Settings of this device; the tvOS app shares them with nothing.
    let settings = UserDefaults(suiteName: "group.com.example.pad")

    var body: some Scene {
        WindowGroup { Text("Pad") }
    }
}
