import Foundation

/// Mistake: a group the extension's entitlements do not list (app_group_not_entitled).
enum CacheStore {
    static let defaults = UserDefaults(suiteName: "group.com.example.mistakes.cache")
}
