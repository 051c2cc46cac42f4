import SwiftUI

@main
struct ShippedWatchApp: App {
    var body: some Scene { WindowGroup { Text("Shipped") } }
}
