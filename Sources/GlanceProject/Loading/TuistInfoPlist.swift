import Foundation

/// The Info.plist Tuist writes for a target whose `infoPlist:` is `.default` (or absent) or
/// `.extendingDefault(with:)` (whose keys then replace these), before build settings are expanded. Facts from
/// Tuist's InfoPlistContentProvider
/// (<https://github.com/tuist/tuist/blob/main/cli/Sources/TuistGenerator/Generator/InfoPlistContentProvider.swift>)
/// and its documentation (<https://docs.tuist.dev/en/references/project-description/enums/infoplist>):
///
/// - every bundle: development region, identifier, name, version `1.0` (build `1`), dictionary version, package
///   type by product, and the executable (but for a resource bundle);
/// - an iOS app: `LSRequiresIPhoneOS`, `UIRequiredDeviceCapabilities`, the supported orientations (iPad's too when
///   it runs on iPad) and a scene manifest without scenes;
/// - a macOS app: icon file, minimum system version, main storyboard, principal class; any macOS target: a
///   copyright line;
/// - a watchOS app (`watch2App`) or WatchKit extension (`watch2Extension`): its display name and WatchKit keys,
///   with the bundle id of the target that depends on it (its host);
/// - static and dynamic libraries: no Info.plist (nil).
enum TuistInfoPlist {
    /// The default keys for a target.
    /// - Parameters:
    ///   - product: Tuist's `product:` case.
    ///   - destinations: the `destinations:` cases as written (`iOS`, `iPhone`, `iPad`, `mac`, …).
    ///   - platforms: the platforms they run on.
    ///   - hostBundleID: the bundle id of the target that depends on this one, when literal.
    static func defaults(product: String, destinations: [String], platforms: [Platform], name: String,
                         hostBundleID: String?) -> [String: PlistValue]? {
        guard product != "staticLibrary" && product != "dynamicLibrary" else { return nil }
        var plist: [String: PlistValue] = [
            "CFBundleDevelopmentRegion": .string("$(DEVELOPMENT_LANGUAGE)"),
            "CFBundleIdentifier": .string("$(PRODUCT_BUNDLE_IDENTIFIER)"),
            "CFBundleInfoDictionaryVersion": .string("6.0"),
            "CFBundleName": .string("$(PRODUCT_NAME)"),
            "CFBundleShortVersionString": .string("1.0"),
            "CFBundleVersion": .string("1"),
        ]
        if let type = packageType(product) { plist["CFBundlePackageType"] = .string(type) }
        let macOS = destinations.contains { $0 == "mac" || $0 == "macOS" }
        if product != "bundle" || (platforms == [.macOS] && macOS) { plist["CFBundleExecutable"] = .string("$(EXECUTABLE_NAME)") }
        let orientations = { (names: [String]) in PlistValue.array(names.map { .string("UIInterfaceOrientation" + $0) }) }
        if product == "app" && platforms.contains(.iOS) {
            plist["LSRequiresIPhoneOS"] = .bool(true)
            plist["UIRequiredDeviceCapabilities"] = .array([.string("armv7")])
            plist["UISupportedInterfaceOrientations"] = orientations(["Portrait", "LandscapeLeft", "LandscapeRight"])
            plist["UIApplicationSceneManifest"] = .dictionary(["UIApplicationSupportsMultipleScenes": .bool(false), "UISceneConfigurations": .dictionary([:])])
            if destinations.contains(where: { $0 == "iPad" || $0 == "iOS" }) {
                plist["UISupportedInterfaceOrientations~ipad"] = orientations(["Portrait", "PortraitUpsideDown", "LandscapeLeft", "LandscapeRight"])
            }
        }
        if product == "app" && macOS {
            plist["CFBundleIconFile"] = .string("")
            plist["LSMinimumSystemVersion"] = .string("$(MACOSX_DEPLOYMENT_TARGET)")
            plist["NSMainStoryboardFile"] = .string("Main")
            plist["NSPrincipalClass"] = .string("NSApplication")
        }
        if macOS { plist["NSHumanReadableCopyright"] = .string("Copyright ©. All rights reserved.") }
        if product == "watch2App" {
            plist["CFBundleDisplayName"] = .string(name)
            plist["WKWatchKitApp"] = .bool(true)
            plist["UISupportedInterfaceOrientations"] = orientations(["Portrait", "PortraitUpsideDown"])
            if let hostBundleID { plist["WKCompanionAppBundleIdentifier"] = .string(hostBundleID) }
        }
        if product == "watch2Extension" {
            plist["CFBundleDisplayName"] = .string(name)
            plist["NSExtension"] = .dictionary([
                "NSExtensionAttributes": .dictionary(hostBundleID.map { ["WKAppBundleIdentifier": .string($0)] } ?? [:]),
                "NSExtensionPointIdentifier": .string("com.apple.watchkit"),
            ])
            plist["WKExtensionDelegateClassName"] = .string("$(PRODUCT_MODULE_NAME).ExtensionDelegate")
        }
        return plist
    }

    /// `CFBundlePackageType` by product; nil where Tuist writes none.
    static func packageType(_ product: String) -> String? {
        switch product {
        case "app", "appClip": return "APPL"
        case "unitTests", "uiTests", "bundle": return "BNDL"
        case "framework", "staticFramework": return "FMWK"
        case "watch2App", "watch2AppContainer", "watch2Extension", "tvTopShelfExtension": return "$(PRODUCT_BUNDLE_PACKAGE_TYPE)"
        case "appExtension", "stickerPackExtension", "messagesExtension", "xpc", "extensionKitExtension": return "XPC!"
        case "systemExtension": return "SYSX"
        default: return nil
        }
    }
}
