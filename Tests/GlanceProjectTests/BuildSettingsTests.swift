import Foundation
import Testing
@testable import GlanceProject

struct BuildSettingsTests {
    func settings(_ layers: [[(String, String)]], builtins: [String: String] = [:], sdk: String? = "iphoneos", configuration: String = "Debug") -> BuildSettings {
        BuildSettings(layers: layers.map { layer in
            layer.map { key, value in
                let (name, conditions) = SettingAssignment.parseKey(key)
                return SettingAssignment(name: name, conditions: conditions, value: value, origin: "test")
            }
        }, builtins: builtins, sdk: sdk, configuration: configuration)
    }

    @Test func inheritedReachesTheLayerBelow() {
        let resolved = settings([[("FLAGS", "-a")], [("FLAGS", "$(inherited) -b")], [("FLAGS", "$(inherited) -c")]])
        #expect(resolved.value("FLAGS") == .known("-a -b -c"))
    }

    @Test func selfReferenceMeansTheValueBelow() {
        let resolved = settings([[("MAIN_ID", "com.example.app")], [("MAIN_ID", "$(MAIN_ID)"), ("WATCH_ID", "$(MAIN_ID).watchkitapp")]])
        #expect(resolved.value("WATCH_ID") == .known("com.example.app.watchkitapp"))
    }

    /// A project record keeps settings as JSON: read back, every assignment (conditions too) and every value is the same.
    @Test func settingsReadBackFromARecordAreTheSame() throws {
        let original = settings([[("ID", "com.example"), ("ID[sdk=watchos*][arch=arm64]", "$(inherited).watch"), ("EMPTY", ""), ("A|B", "x y")]],
                                builtins: ["SRCROOT": "/p"], sdk: "watchos", configuration: "Release")
        let decoded = try JSONDecoder().decode(BuildSettings.self, from: JSONEncoder().encode(original))
        #expect(decoded.assignments == original.assignments)
        #expect(decoded.assignments[1].conditions == ["sdk": "watchos*", "arch": "arm64"])
        #expect(decoded.sdk == "watchos" && decoded.configuration == "Release" && decoded.builtins == ["SRCROOT": "/p"])
        for name in ["ID", "EMPTY", "A|B", "SRCROOT", "MISSING"] { #expect(decoded.value(name) == original.value(name), "\(name)") }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(SettingAssignment.self, from: Data("[\"ID\", \"v\", \"o\", \"sdk\"]".utf8)) }
    }

    @Test func inheritedWithNothingBelowIsEmpty() {
        #expect(settings([[("FLAGS", "$(inherited) -b")]]).value("FLAGS") == .known(" -b"))
    }

    @Test func undefinedSettingIsUnknownNotEmpty() {
        let resolved = settings([[("GROUP", "group.$(BASE_ID)")]])
        #expect(resolved.value("GROUP") == .unknown(missing: ["BASE_ID"]))
        #expect(resolved.value("NOT_THERE") == .unknown(missing: ["NOT_THERE"]))
    }

    @Test func referencesAndBracesAndNesting() {
        let resolved = settings([[("BASE", "com.example"), ("KIND", "APP"), ("ID_APP", "${BASE}.app"), ("ID", "$(ID_$(KIND))")]])
        #expect(resolved.value("ID") == .known("com.example.app"))
    }

    @Test func retrievalOperators() {
        let resolved = settings([[("NAME", "My App 2"), ("EMPTY", "")]])
        #expect(resolved.expand("$(NAME:lower)") == .known("my app 2"))
        #expect(resolved.expand("$(NAME:upper)") == .known("MY APP 2"))
        #expect(resolved.expand("$(NAME:rfc1034identifier)") == .known("My-App-2"))
        #expect(resolved.expand("$(NAME:c99extidentifier)") == .known("My_App_2"))
        #expect(resolved.expand("$(EMPTY:default=fallback)") == .known("fallback"))
        #expect(resolved.expand("$(NAME:default=fallback)") == .known("My App 2"))
        #expect(resolved.expand("$(MISSING:default=x)") == .unknown(missing: ["MISSING"]))
    }

    @Test func pathOperators() {
        let resolved = settings([[("FILE", "Sources/App/Info.plist")]])
        #expect(resolved.expand("$(FILE:dir)") == .known("Sources/App/"))
        #expect(resolved.expand("$(FILE:file)") == .known("Info.plist"))
        #expect(resolved.expand("$(FILE:base)") == .known("Info"))
        #expect(resolved.expand("$(FILE:suffix)") == .known(".plist"))
    }

    @Test func conditionsFollowTheSDK() {
        let layers: [[(String, String)]] = [[("ENTITLEMENTS", "App.entitlements"), ("ENTITLEMENTS[sdk=watchos*]", "Watch.entitlements")]]
        #expect(settings(layers, sdk: "iphoneos").value("ENTITLEMENTS") == .known("App.entitlements"))
        #expect(settings(layers, sdk: "watchos").value("ENTITLEMENTS") == .known("Watch.entitlements"))
        #expect(settings([[("X", "a"), ("X[config=Release]", "b")]], configuration: "Release").value("X") == .known("b"))
        #expect(settings([[("X", "a"), ("X[arch=arm64]", "b")]]).value("X") == .known("a"))
    }

    @Test func builtinsAreUsedWhenNothingAssigns() {
        let resolved = settings([[("PRODUCT_BUNDLE_IDENTIFIER", "com.example.$(PRODUCT_NAME:rfc1034identifier)")]],
                                builtins: ["TARGET_NAME": "Timer Widget", "PRODUCT_NAME": "$(TARGET_NAME)"])
        #expect(resolved.value("PRODUCT_BUNDLE_IDENTIFIER") == .known("com.example.Timer-Widget"))
    }

    @Test func cyclesAreUnknown() {
        let resolved = settings([[("A", "$(B)"), ("B", "$(A)")]])
        #expect(resolved.value("A").known == nil)
    }

    @Test func booleans() {
        let resolved = settings([[("YES_SETTING", "YES"), ("NO_SETTING", "NO"), ("ODD", "maybe")]])
        #expect(resolved.bool("YES_SETTING") == true)
        #expect(resolved.bool("NO_SETTING") == false)
        #expect(resolved.bool("ODD") == nil)
        #expect(resolved.bool("ABSENT") == nil)
    }
}

struct XCConfigTests {
    @Test func includesCommentsContinuationsAndConditions() throws {
        let folder = NSTemporaryDirectory() + "xcconfig-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Config", withIntermediateDirectories: true)
        try """
            #include "Shared"
            #include? "Missing.xcconfig"
            URL = https://example.com // Xcode ends the value at //
            LIST = a \\
                b
            TEAM[sdk=iphoneos*] = ABC
            """.write(toFile: folder + "/Config/App.xcconfig", atomically: true, encoding: .utf8)
        try "BASE = com.example\nGROUP = group.$(BASE)\n".write(toFile: folder + "/Config/Shared.xcconfig", atomically: true, encoding: .utf8)
        var notes: [String] = []
        let layers = XCConfig.layers(path: folder + "/Config/App.xcconfig", relativeTo: folder, sourceRoot: folder, fileSystem: FileSystem(), notes: &notes)
        let resolved = BuildSettings(layers: layers, builtins: [:], sdk: "iphoneos", configuration: "Debug")
        #expect(notes.isEmpty)
        #expect(resolved.value("GROUP") == .known("group.com.example"))
        #expect(resolved.value("URL") == .known("https:"))
        #expect(resolved.value("LIST") == .known("a b"))
        #expect(resolved.value("TEAM") == .known("ABC"))
        #expect(layers.first?.first?.origin == "Config/Shared.xcconfig")
    }

    @Test func missingRequiredIncludeIsNoted() throws {
        let folder = NSTemporaryDirectory() + "xcconfig-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "#include \"Gone.xcconfig\"\nA = 1\n".write(toFile: folder + "/A.xcconfig", atomically: true, encoding: .utf8)
        var notes: [String] = []
        _ = XCConfig.layers(path: folder + "/A.xcconfig", relativeTo: folder, sourceRoot: folder, fileSystem: FileSystem(), notes: &notes)
        #expect(notes == ["A.xcconfig: included file Gone.xcconfig does not exist"])
    }
}
