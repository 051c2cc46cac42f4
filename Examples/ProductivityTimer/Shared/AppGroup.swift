import Foundation

/// The App Group the app and its widget extension share (entitled as $(APP_GROUP_IDENTIFIER)).
enum AppGroup {
    static let identifier = "group.com.example.productivitytimer"

    static var defaults: UserDefaults {
        UserDefaults(suiteName: identifier) ?? .standard
    }
}
