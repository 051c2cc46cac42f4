/// Build-setting files a tool writes and projects often leave uncommitted: CocoaPods' `Pods/Target Support
/// Files/…/*.xcconfig`, Flutter's `Flutter/Generated.xcconfig`. A missing one is one note per project that
/// names the tool to run, not one note per target and configuration.
enum GeneratedConfiguration {
    case cocoaPods
    case flutter

    /// The tool that writes the missing file at `path`, if Glance knows it.
    init?(missing path: String) {
        if path.contains("Pods/Target Support Files/") || path.lastPathComponent.hasPrefix("Pods-") {
            self = .cocoaPods
        } else if path.lastPathComponent == "Generated.xcconfig" || path.hasSuffix("Flutter/ephemeral/Flutter-Generated.xcconfig") {
            self = .flutter
        } else {
            return nil
        }
    }

    /// The note for a missing file at `path` (absolute or relative), named by the folder the tool writes into
    /// relative to `root`, so every reference to the tool's files gives the same note:
    /// `ios/Flutter: Flutter's Generated.xcconfig is missing (…). Run `flutter pub get` for a full check.`
    func note(missing path: String, root: String) -> String {
        switch self {
        case .cocoaPods:
            let folder = path.range(of: "Pods/").map { String(path[..<$0.upperBound].dropLast()) } ?? path.deletingLastPathComponent
            return "\(folder.relative(to: root)): CocoaPods' .xcconfig files are missing (Pods/ is not committed); settings they define are unknown. Run `pod install` for a full check."
        case .flutter:
            return "\(path.deletingLastPathComponent.relative(to: root)): Flutter's Generated.xcconfig is missing (Flutter writes it); settings it defines are unknown. Run `flutter pub get` (or `flutter build ios --config-only`) for a full check."
        }
    }
}
