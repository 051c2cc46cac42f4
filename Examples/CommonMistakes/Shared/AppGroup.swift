import Foundation

/// The App Group shared by the app and its widget extension.
enum AppGroup {
    static let identifier = "group.com.example.mistakes"
    static var defaults: UserDefaults? { UserDefaults(suiteName: identifier) }
}

enum Kinds {
    static let weather = "com.example.mistakes.weather"
    static let lamp = "com.example.mistakes.lamp"
}
