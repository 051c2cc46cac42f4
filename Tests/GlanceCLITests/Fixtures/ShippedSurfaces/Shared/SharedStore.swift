import Foundation

/// Each target opens the App Group named after its own bundle id: group.com.example.shipped in the app,
/// group.com.example.shipped.widgets in the widget extension.
enum SharedStore {
    static let suite = "group." + Bundle.main.bundleIdentifier!
    static var defaults: UserDefaults? { UserDefaults(suiteName: suite) }
}
