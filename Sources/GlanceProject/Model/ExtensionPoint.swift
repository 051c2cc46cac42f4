/// App extension points, as an extension's Info.plist names them.
public enum ExtensionPoint {
    /// Whether an extension point names one of the system's: any ExtensionKit point (`EXExtensionPointIdentifier`,
    /// which apps may define), an NSExtension point of `com.apple.…`, or one built from a setting Glance leaves as
    /// written (`$(…)`).
    public static func isSystem(_ point: String, infoPlist: [String: PlistValue]) -> Bool {
        infoPlist["NSExtension"]?["NSExtensionPointIdentifier"]?.string != point || point.hasPrefix("com.apple.") || point.contains("$(") || point.contains("${")
    }
}
