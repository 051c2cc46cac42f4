import SwiftUI
import WidgetKit

@main
struct PhoneApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Phone")
                .onAppear {
                    UserDefaults(suiteName: AppGroup.id)?.set("ready", forKey: "status")
                    WidgetCenter.shared.reloadTimelines(ofKind: "com.example.twin.phone.status")
                }
        }
    }
}

enum AppGroup {
    static let id = "group.com.example.twin.phone"
}
