import Foundation
import Testing
import GlanceConfiguration

/// Finding `.glance.json` from the linted path upwards, and loading it.
struct ConfigurationFileTests {
    let parser = ConfigurationParser(reporters: ["xcode", "json"])

    func tree() throws -> String {
        let root = (NSTemporaryDirectory() as NSString).standardizingPath + "/glance-config-\(UUID().uuidString)"
        for folder in ["Apps/Timer/Timer.xcodeproj", "Apps/Timer/Widgets", "Apps/Other"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try "{}".write(toFile: root + "/.glance.json", atomically: true, encoding: .utf8)
        try #"{"strict": true}"#.write(toFile: root + "/Apps/Timer/.glance.json", atomically: true, encoding: .utf8)
        try "struct A {}".write(toFile: root + "/Apps/Timer/Widgets/A.swift", atomically: true, encoding: .utf8)
        return root
    }

    @Test func theNearestFileAboveWins() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(ConfigurationFile.find(from: root + "/Apps/Timer") == root + "/Apps/Timer/.glance.json")
        #expect(ConfigurationFile.find(from: root + "/Apps/Timer/Widgets") == root + "/Apps/Timer/.glance.json")
        #expect(ConfigurationFile.find(from: root + "/Apps/Timer/Widgets/A.swift") == root + "/Apps/Timer/.glance.json")
        #expect(ConfigurationFile.find(from: root + "/Apps/Timer/Timer.xcodeproj") == root + "/Apps/Timer/.glance.json")
        #expect(ConfigurationFile.find(from: root + "/Apps/Other") == root + "/.glance.json")
        #expect(ConfigurationFile.find(from: root + "/Apps/Other/") == root + "/.glance.json")
    }

    @Test func anExplicitFileSkipsTheWalk() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = try ConfigurationFile.load(explicit: nil, lintPath: root + "/Apps/Timer", parser: parser)
        #expect(found.strict)
        #expect(found.folder == root + "/Apps/Timer")
        let explicit = try ConfigurationFile.load(explicit: root + "/.glance.json", lintPath: root + "/Apps/Timer", parser: parser)
        #expect(!explicit.strict)
        #expect(explicit.folder == root)
        #expect(explicit.file == root + "/.glance.json")
        #expect(throws: ConfigurationError(file: "nope.json", "no such configuration file")) {
            try ConfigurationFile.load(explicit: "nope.json", lintPath: root, parser: parser)
        }
    }
}
