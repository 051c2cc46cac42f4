import Foundation

/// The same mistyped group in two more places: one cause, one finding (FC2-20).
public enum Sync {
    public static func start() {
        UserDefaults(suiteName: "group.com.example.raeder")?.set(Date(), forKey: "lastSync")
    }

    public static var lastSync: Date? {
        UserDefaults(suiteName: "group.com.example.raeder")?.object(forKey: "lastSync") as? Date
    }
}
