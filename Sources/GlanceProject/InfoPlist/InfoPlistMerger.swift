import Foundation

/// Builds a target's Info.plist for one configuration the way the build system does (facts XC-01…XC-05):
///
/// 1. the `INFOPLIST_FILE` contents (or, for a target whose project a generator writes, the contents it writes
///    there), with `$(VAR)` references expanded unless `INFOPLIST_EXPAND_BUILD_SETTINGS = NO` (a reference
///    Glance cannot resolve keeps its text);
/// 2. when `GENERATE_INFOPLIST_FILE = YES` (and expansion is on), the keys generated from `INFOPLIST_KEY_<Key>` settings — only
///    for the keys the build system generates (`GeneratedInfoPlistKeys`), and only when the setting is
///    assigned. A generated scalar replaces the file's value; a generated array is appended to the file's
///    array without duplicates.
///
/// `INFOPLIST_KEY_NSAlarmKitUsageDescription`, for example, produces nothing (XC-03).
public enum InfoPlistMerger {
    public struct Result: Sendable {
        public var plist: [String: PlistValue]
        public var file: String?
        public var notes: [String]
        /// Set when INFOPLIST_FILE names a file that could not be read, or depends on unknown settings:
        /// the merged plist is then incomplete.
        public var problem: String?
    }

    /// - Parameter generated: the contents a project generator writes to the Info.plist (Tuist's derived
    ///   Info.plist, whose file exists only once it runs): used instead of `INFOPLIST_FILE`, unless the settings
    ///   assign `INFOPLIST_FILE` themselves.
    public static func merge(settings: BuildSettings, projectFolder: String, relativeTo root: String,
                             fileSystem: FileSystem, generated: [String: PlistValue]? = nil) -> Result {
        var plist: [String: PlistValue] = [:]
        var file: String?
        var notes: [String] = []
        var problem: String?

        let expandsSettings = settings.bool("INFOPLIST_EXPAND_BUILD_SETTINGS") ?? true
        if let generated, !settings.isAssigned("INFOPLIST_FILE") {
            plist = expandsSettings ? generated.mapValues { expandMacros($0, settings: settings) } : generated
        } else {
            let infoPlistSetting = settings.value("INFOPLIST_FILE")
            switch infoPlistSetting {
            case .known(let path) where !path.isEmpty:
                let absolute = path.hasPrefix("/") ? path : projectFolder.appendingPath(path)
                if let outside = fileSystem.outsideReason(absolute) {
                    problem = "\(absolute.relative(to: root)): INFOPLIST_FILE not read: \(outside)"
                } else if let resolved = fileSystem.resolve(absolute) {
                    file = resolved.relative(to: root)
                    do {
                        let value = try PlistReader.read(resolved, fileSystem: fileSystem)
                        if let dictionary = value.dictionary {
                            plist = expandsSettings ? dictionary.mapValues { expandMacros($0, settings: settings) } : dictionary
                        } else {
                            problem = "\(resolved.relative(to: root)): Info.plist top level is not a dictionary"
                        }
                    } catch let error as ProjectError {
                        problem = ProjectError.malformed(resolved.relative(to: root), reason: reason(of: error)).description
                    } catch {
                        problem = "\(resolved.relative(to: root)): \(error)"
                    }
                } else {
                    problem = "\(absolute.relative(to: root)): INFOPLIST_FILE does not exist"
                }
            case .unknown(let missing):
                problem = "INFOPLIST_FILE depends on unknown settings (\(missing.joined(separator: ", ")))"
            default:
                break
            }
        }

        if settings.bool("GENERATE_INFOPLIST_FILE") == true && expandsSettings {
            for key in GeneratedInfoPlistKeys.all.keys.sorted() {
                let setting = GeneratedInfoPlistKeys.settingName(for: key)
                guard settings.isAssigned(setting) else { continue }
                guard let generated = generatedValue(key: key, setting: setting, settings: settings) else {
                    notes.append("\(setting) depends on unknown settings; Info.plist key \(key) not known")
                    continue
                }
                switch (plist[key], generated) {
                case (.array(let existing)?, .array(let added)):
                    plist[key] = .array(existing + added.filter { !existing.contains($0) })
                default:
                    plist[key] = generated
                }
            }
        }
        if let problem { notes.insert(problem, at: 0) }
        return Result(plist: plist, file: file, notes: notes, problem: problem)
    }

    private static func reason(of error: ProjectError) -> String {
        switch error {
        case .malformed(_, let reason), .unreadable(_, let reason), .nothingToLint(_, let reason): return reason
        case .notRead(_, let reason): return "not read: " + reason
        case .notFound: return "not found"
        }
    }

    static func generatedValue(key: String, setting: String, settings: BuildSettings) -> PlistValue? {
        guard let text = settings.value(setting).known else { return nil }
        switch GeneratedInfoPlistKeys.all[key] ?? .string {
        case .boolean:
            // swift-build's String.boolValue: true when the first character is y, Y, t, T or 1-9.
            let first = text.trimmingCharacters(in: .whitespaces).first
            return .bool(first.map { "yYtT123456789".contains($0) } ?? false)
        case .stringList:
            return .array(splitList(text).map(PlistValue.string))
        case .string:
            return .string(text)
        }
    }

    /// Splits a list-typed setting on white space, honouring double quotes.
    public static func splitList(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var quoted = false
        var hasItem = false
        for character in text {
            if character == "\"" { quoted.toggle(); hasItem = true; continue }
            if character.isWhitespace && !quoted {
                if hasItem { items.append(current); current = ""; hasItem = false }
                continue
            }
            current.append(character); hasItem = true
        }
        if hasItem { items.append(current) }
        return items
    }

    /// Expands `$(VAR)` in every string of a plist value; a value whose macros are unknown keeps its text.
    public static func expandMacros(_ value: PlistValue, settings: BuildSettings) -> PlistValue {
        switch value {
        case .string(let text):
            guard text.contains("$") else { return value }
            return .string(settings.expand(text).known ?? text)
        case .array(let items): return .array(items.map { expandMacros($0, settings: settings) })
        case .dictionary(let items): return .dictionary(items.mapValues { expandMacros($0, settings: settings) })
        default: return value
        }
    }
}
