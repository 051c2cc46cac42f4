import Foundation

/// A mistyped group: the app is entitled to group.com.example.reader (FC2-18).
public enum Library {
    public static let defaults = UserDefaults(suiteName: "group.com.example.raeder")
}
