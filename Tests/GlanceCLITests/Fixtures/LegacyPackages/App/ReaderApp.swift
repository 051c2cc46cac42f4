import ReaderKit
import SwiftUI
import SyncKit

@main
struct ReaderApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Reader").onAppear { Sync.start(); Library.defaults?.set(true, forKey: "opened") }
        }
    }
}

/// The group comes from the Info.plist, whose value the build expands per configuration.
enum AppGroup {
    static let id = Bundle.main.object(forInfoDictionaryKey: "AppGroup") as! String
}

let settings = UserDefaults(suiteName: AppGroup.id)
