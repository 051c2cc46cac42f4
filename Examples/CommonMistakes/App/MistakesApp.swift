import SwiftUI

@main
struct MistakesApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Common Mistakes")
                .onOpenURL { url in print(url) }
        }
    }
}
