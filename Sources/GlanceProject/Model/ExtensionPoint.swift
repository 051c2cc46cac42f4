/// App extension points, as an extension's Info.plist names them.
public enum ExtensionPoint {
    /// WidgetKit's point.
    public static let widgetKit = "com.apple.widgetkit-extension"

    /// The extension point a merged Info.plist declares (`NSExtension`, or ExtensionKit's `EXAppExtensionAttributes`).
    public static func declared(in infoPlist: [String: PlistValue]) -> String? {
        infoPlist["NSExtension"]?["NSExtensionPointIdentifier"]?.string
            ?? infoPlist["EXAppExtensionAttributes"]?["EXExtensionPointIdentifier"]?.string
    }

    /// Whether an extension point names one of the system's: any ExtensionKit point (`EXExtensionPointIdentifier`,
    /// which apps may define), an NSExtension point of `com.apple.…` other than a misspelling of WidgetKit's
    /// (`com.apple.WidgetKit-extension`, `com.apple.widgetkit`), or one built from a setting Glance leaves as
    /// written (`$(…)`).
    public static func isSystem(_ point: String, infoPlist: [String: PlistValue]) -> Bool {
        guard infoPlist["NSExtension"]?["NSExtensionPointIdentifier"]?.string == point else { return true }
        if point.contains("$(") || point.contains("${") { return true }
        if point != widgetKit && point.lowercased().hasPrefix("com.apple.widgetkit") { return false }
        return point.hasPrefix("com.apple.")
    }
}
