import ActivityKit
import SwiftUI

@main
struct CafeApp: App {
    var body: some Scene {
        WindowGroup {
            Button("Brew") { try? Brewing.start() }
                .onOpenURL { url in Brewing.open(url) }
        }
    }
}

enum Brewing {
    /// The group id comes from the Info.plist, one per configuration (App/Info.plist: AppGroup = $(APP_GROUP)).
    static let group = Bundle.main.object(forInfoDictionaryKey: "AppGroup") as! String

    /// Mistakes: NSSupportsLiveActivities is NO (live_activities_not_enabled); neither configuration's entitlements list
    /// its group (app_group_not_entitled).
    static func start() throws {
        UserDefaults(suiteName: group)?.set(Date.now, forKey: "brewing")
        _ = try Activity<BrewAttributes>.request(attributes: BrewAttributes(cup: 1), content: .init(state: .init(step: "Grinding"), staleDate: nil))
    }

    static func open(_ url: URL) {}
}
