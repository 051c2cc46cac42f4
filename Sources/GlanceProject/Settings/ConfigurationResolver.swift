import Foundation

/// Turns one target's build settings in one configuration into a `TargetConfiguration`: the merged Info.plist
/// (`InfoPlistMerger`), the entitlements of `CODE_SIGN_ENTITLEMENTS` with build settings expanded as Xcode
/// expands them, and notes on what could not be known. Used for Xcode projects and for targets read from a
/// generator's manifests (which may give the Info.plist and entitlements contents the generator writes).
struct ConfigurationResolver {
    /// SRCROOT: relative `INFOPLIST_FILE` and `CODE_SIGN_ENTITLEMENTS` paths start here.
    let sourceRoot: String
    /// The lint root, for relative names in notes.
    let root: String
    let fileSystem: FileSystem

    /// The values Xcode gives settings no one assigns, for one target and configuration.
    static func builtinSettings(targetName: String, productType: String?, projectFile: String, sourceRoot: String,
                                configuration: String) -> [String: String] {
        let projectName = (projectFile.lastPathComponent as NSString).deletingPathExtension
        var builtins: [String: String] = [
            "TARGET_NAME": targetName,
            "PROJECT_NAME": projectName,
            "PROJECT_FILE_PATH": projectFile,
            "SRCROOT": sourceRoot,
            "SOURCE_ROOT": sourceRoot,
            "PROJECT_DIR": sourceRoot,
            "CONFIGURATION": configuration,
            "PRODUCT_NAME": "$(TARGET_NAME)",
            "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
            "EXECUTABLE_NAME": "$(PRODUCT_NAME)",
            "PLATFORM_NAME": "$(SDKROOT)",
            "TeamIdentifierPrefix": "$(DEVELOPMENT_TEAM).",
            "AppIdentifierPrefix": "$(DEVELOPMENT_TEAM).",
            "GENERATE_INFOPLIST_FILE": "NO",
            "INFOPLIST_EXPAND_BUILD_SETTINGS": "YES",
            "DEVELOPMENT_LANGUAGE": "en",
            // Settings whose default is empty: unset means "none", not "unknown".
            "INFOPLIST_FILE": "",
            "CODE_SIGN_ENTITLEMENTS": "",
            "SUPPORTED_PLATFORMS": "",
        ]
        switch productType ?? "" {
        case let type where type.hasPrefix("com.apple.product-type.application"): builtins["PRODUCT_BUNDLE_PACKAGE_TYPE"] = "APPL"
        case let type where type.contains("extension"): builtins["PRODUCT_BUNDLE_PACKAGE_TYPE"] = "XPC!"
        case "com.apple.product-type.framework": builtins["PRODUCT_BUNDLE_PACKAGE_TYPE"] = "FMWK"
        default: break
        }
        return builtins
    }

    /// The configuration `name` with these settings.
    /// - Parameters:
    ///   - generatedInfoPlist: the Info.plist a project generator writes for the target (before build settings are
    ///     expanded), used unless the settings assign `INFOPLIST_FILE`.
    ///   - generatedEntitlements: likewise, the entitlements it writes, used unless the settings assign
    ///     `CODE_SIGN_ENTITLEMENTS`.
    func configuration(name: String, settings: BuildSettings, objectID: String?, unreadSettingsFiles: [String],
                       generatedInfoPlist: [String: PlistValue]? = nil, generatedEntitlements: [String: PlistValue]? = nil) -> TargetConfiguration {
        var configurationNotes: [String] = []
        let info = InfoPlistMerger.merge(settings: settings, projectFolder: sourceRoot, relativeTo: root, fileSystem: fileSystem,
                                         generated: generatedInfoPlist)
        configurationNotes += info.notes
        var entitlements: [String: PlistValue] = [:]
        var entitlementsFile: String?
        var entitlementsProblem: String?
        // Xcode expands entitlements with the build settings and the bundle's own id (`group.$(CFBundleIdentifier)`,
        // `iCloud.$(CFBundleIdentifier)`).
        func expanded(_ dictionary: [String: PlistValue]) -> [String: PlistValue] {
            let bundleID = info.plist["CFBundleIdentifier"]?.string.flatMap { $0.contains("$") ? nil : $0 } ?? "$(PRODUCT_BUNDLE_IDENTIFIER)"
            let expanding = BuildSettings(layers: [settings.assignments], builtins: settings.builtins.merging(["CFBundleIdentifier": bundleID]) { own, _ in own },
                                          sdk: settings.sdk, configuration: settings.configuration)
            return dictionary.mapValues { InfoPlistMerger.expandMacros($0, settings: expanding) }
        }
        if let generatedEntitlements, !settings.isAssigned("CODE_SIGN_ENTITLEMENTS") {
            entitlements = expanded(generatedEntitlements)
        } else {
            switch settings.value("CODE_SIGN_ENTITLEMENTS") {
            case .known(let path) where !path.isEmpty:
                let absolute = path.hasPrefix("/") ? path : sourceRoot.appendingPath(path)
                if let outside = fileSystem.outsideReason(absolute) {
                    entitlementsProblem = "\(absolute.relative(to: root)): entitlements cannot be read (not read: \(outside))"
                } else if let resolved = fileSystem.resolve(absolute) {
                    entitlementsFile = resolved.relative(to: root)
                    do {
                        let value = try PlistReader.read(resolved, fileSystem: fileSystem)
                        if let dictionary = value.dictionary {
                            entitlements = expanded(dictionary)
                        } else {
                            entitlementsProblem = "\(resolved.relative(to: root)): entitlements are not a dictionary"
                        }
                    } catch let error as ProjectError {
                        entitlementsProblem = "\(resolved.relative(to: root)): entitlements cannot be read (\(error.reasonText))"
                    } catch {
                        entitlementsProblem = "\(resolved.relative(to: root)): entitlements cannot be read"
                    }
                } else {
                    entitlementsProblem = "\(absolute.relative(to: root)): CODE_SIGN_ENTITLEMENTS file does not exist"
                }
            case .unknown(let missing):
                entitlementsProblem = "CODE_SIGN_ENTITLEMENTS depends on unknown settings (\(missing.joined(separator: ", ")))"
            default:
                break
            }
        }
        if let entitlementsProblem { configurationNotes.append(entitlementsProblem) }
        // Settings past the expansion limits are unknown, like undefined ones; say which and why, once.
        let overflowing = settings.assignedNames.compactMap { name -> (String, String)? in
            guard case .unknown(let missing) = settings.value(name), let reason = missing.first(where: { $0.contains("Glance's limit") }) else { return nil }
            return (name, reason)
        }
        if let (name, reason) = overflowing.first {
            let others = overflowing.count - 1
            let subject = others == 0 ? "build setting \(name) is" : "build settings \(name) and \(others) other\(others == 1 ? "" : "s") are"
            configurationNotes.append("\(subject) unknown: \(reason)")
        }
        return TargetConfiguration(name: name, settings: settings, infoPlist: info.plist, infoPlistFile: info.file,
                                   entitlements: entitlements, entitlementsFile: entitlementsFile, notes: configurationNotes,
                                   objectID: objectID, infoPlistProblem: info.problem, entitlementsProblem: entitlementsProblem,
                                   unreadSettingsFiles: unreadSettingsFiles)
    }
}
