import Foundation
import Testing
@testable import GlanceProject

/// Facts XC-01…XC-05: which INFOPLIST_KEY_ settings generate keys, and how they merge with the file.
struct InfoPlistTests {
    func merge(_ assignments: [(String, String)], file: String? = nil) throws -> InfoPlistMerger.Result {
        let folder = NSTemporaryDirectory() + "plist-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var all = assignments
        if let file {
            try file.write(toFile: folder + "/Info.plist", atomically: true, encoding: .utf8)
            all.append(("INFOPLIST_FILE", "Info.plist"))
        }
        let settings = BuildSettings(layers: [all.map { SettingAssignment(name: $0.0, value: $0.1, origin: "test") }],
                                     builtins: ["GENERATE_INFOPLIST_FILE": "NO", "INFOPLIST_EXPAND_BUILD_SETTINGS": "YES", "INFOPLIST_FILE": ""],
                                     sdk: "iphoneos", configuration: "Debug")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return InfoPlistMerger.merge(settings: settings, projectFolder: folder, relativeTo: folder, fileSystem: FileSystem())
    }

    static let plistHeader = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>"

    @Test func generatedBooleanKey() throws {
        let result = try merge([("GENERATE_INFOPLIST_FILE", "YES"), ("INFOPLIST_KEY_NSSupportsLiveActivities", "YES")])
        #expect(result.plist["NSSupportsLiveActivities"] == .bool(true))
    }

    @Test func keysOutsideTheWhitelistAreNotGenerated() throws {
        let result = try merge([("GENERATE_INFOPLIST_FILE", "YES"), ("INFOPLIST_KEY_NSAlarmKitUsageDescription", "Alarms")])
        #expect(result.plist["NSAlarmKitUsageDescription"] == nil)
    }

    @Test func nothingIsGeneratedWithoutGenerateInfoPlistFile() throws {
        let result = try merge([("INFOPLIST_KEY_NSSupportsLiveActivities", "YES")])
        #expect(result.plist["NSSupportsLiveActivities"] == nil)
    }

    @Test func nothingIsGeneratedWhenExpansionIsOff() throws {
        let result = try merge([("GENERATE_INFOPLIST_FILE", "YES"), ("INFOPLIST_EXPAND_BUILD_SETTINGS", "NO"),
                                ("INFOPLIST_KEY_NSSupportsLiveActivities", "YES")])
        #expect(result.plist["NSSupportsLiveActivities"] == nil)
    }

    @Test func settingOverridesTheFilesScalar() throws {
        let result = try merge([("GENERATE_INFOPLIST_FILE", "YES"), ("INFOPLIST_KEY_NSSupportsLiveActivities", "NO")],
                               file: Self.plistHeader + "<key>NSSupportsLiveActivities</key><true/></dict></plist>")
        #expect(result.plist["NSSupportsLiveActivities"] == .bool(false))
    }

    @Test func listSettingsAppendToTheFilesArray() throws {
        let result = try merge([("GENERATE_INFOPLIST_FILE", "YES"), ("INFOPLIST_KEY_WKSupportsLiveActivityLaunchAttributeTypes", "OrderAttributes \"Trip Attributes\"")],
                               file: Self.plistHeader + "<key>WKSupportsLiveActivityLaunchAttributeTypes</key><array><string>OrderAttributes</string></array></dict></plist>")
        #expect(result.plist["WKSupportsLiveActivityLaunchAttributeTypes"] == .array([.string("OrderAttributes"), .string("Trip Attributes")]))
    }

    @Test func emptyListSettingGivesAnEmptyArray() throws {
        let result = try merge([("GENERATE_INFOPLIST_FILE", "YES"), ("INFOPLIST_KEY_WKSupportsLiveActivityLaunchAttributeTypes", "")])
        #expect(result.plist["WKSupportsLiveActivityLaunchAttributeTypes"] == .array([]))
    }

    @Test func fileValuesAreExpanded() throws {
        let result = try merge([("PRODUCT_BUNDLE_IDENTIFIER", "com.example.app")],
                               file: Self.plistHeader + "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string><key>Other</key><string>$(UNKNOWN)</string></dict></plist>")
        #expect(result.plist["CFBundleIdentifier"] == .string("com.example.app"))
        #expect(result.plist["Other"] == .string("$(UNKNOWN)"))
    }

    @Test func missingFileIsNoted() throws {
        let folder = NSTemporaryDirectory() + "plist-missing-\(UUID().uuidString)"
        let settings = BuildSettings(layers: [[SettingAssignment(name: "INFOPLIST_FILE", value: "Nope/Info.plist", origin: "test")]],
                                     builtins: [:], sdk: "iphoneos", configuration: "Debug")
        let result = InfoPlistMerger.merge(settings: settings, projectFolder: folder, relativeTo: folder, fileSystem: FileSystem())
        #expect(result.notes == ["Nope/Info.plist: INFOPLIST_FILE does not exist"])
    }

    @Test func whitelistMatchesTheFacts() {
        #expect(GeneratedInfoPlistKeys.general.count == 38)
        #expect(GeneratedInfoPlistKeys.usageDescriptions.count == 55)
        #expect(GeneratedInfoPlistKeys.all["NSSupportsLiveActivitiesFrequentUpdates"] == .boolean)
        #expect(GeneratedInfoPlistKeys.settingName(for: "UISupportedInterfaceOrientations~ipad") == "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad")
    }
}
