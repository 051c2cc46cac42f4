import Foundation

/// Mistake: the extension's entitlements do not list the group the app shares (app_group_not_entitled,
/// app_group_not_shared).
enum MenuStore {
    static var special: String { UserDefaults(suiteName: "group.com.example.diner")?.string(forKey: "special") ?? "" }
}
