import SwiftUI

@main
struct FlagsApp: App {
    var body: some Scene { WindowGroup { Text("Flags").onOpenURL { _ in } } }
}
