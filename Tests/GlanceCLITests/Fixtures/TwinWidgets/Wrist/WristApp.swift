import SwiftUI
import WidgetKit

@main
struct WristApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Wrist")
                .onAppear {
                    UserDefaults(suiteName: AppGroup.id)?.set("ready", forKey: "status")
                    WidgetCenter.shared.reloadTimelines(ofKind: "com.example.twin.wrist.status")
                }
        }
    }
}

enum AppGroup {
    static let id = "group.com.example.twin.wrist"
}
