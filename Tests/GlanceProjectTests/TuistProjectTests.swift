import Foundation
import Testing
@testable import GlanceProject

/// Tuist targets built from what the manifest states literally (FC3-15): configurations and build settings,
/// the Info.plist Tuist writes or the file, entitlements, asset catalogs, kinds and embedding; and the facts a
/// computed argument keeps unknown.
@Suite(.serialized)
struct TuistProjectTests {
    /// Writes a folder of files and loads it.
    func load(_ files: [String: String]) throws -> (ProjectModel, String) {
        let folder = NSTemporaryDirectory() + "glance-tuist-\(UUID().uuidString)"
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: (folder + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        return (try ProjectLoader().load(path: folder), folder)
    }

    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """
    }

    @Test func scoreboardFixtureStatesEveryFact() throws {
        let project = try ProjectLoader().load(path: repositoryRoot + "/Tests/GlanceCLITests/Fixtures/TuistScoreboard")
        #expect(project.isLooseSources)
        #expect(project.knownFacts == .all)
        #expect(project.factGaps == [])
        #expect(project.targets.map(\.name) == ["Scoreboard", "ScoreboardWidgets"])
        let app = project.targets[0], widgets = project.targets[1]
        #expect(app.kind == .app)
        #expect(widgets.kind == .widgetExtension)
        #expect(widgets.kindReason == "Tuist product .appExtension in Project.swift; NSExtensionPointIdentifier com.apple.widgetkit-extension")
        #expect(app.embeds == [Embedding(embeddedTargetID: widgets.id, phaseName: "Embed Foundation Extensions", onlyWhenInstalling: false)])
        #expect(project.hosts(of: widgets).map(\.host.name) == ["Scoreboard"])
        #expect(app.configurations.map(\.name) == ["Debug", "Release"])
        #expect(app.defaultConfigurationName == "Release")
        #expect(app.bundleIdentifier == "dev.glance.scoreboard")
        #expect(widgets.bundleIdentifier == "dev.glance.scoreboard.widgets")
        #expect(app.deploymentTarget(for: .iOS) == "18.0")
        #expect(app.platforms == [.iOS])
        #expect(app.manifest == ManifestPlace(file: "Project.swift", line: 8, endLine: 18, column: 9))
        // The app's Info.plist is its file, expanded; the extension's is Tuist's default with the keys it adds.
        let appRelease = try #require(app.defaultConfiguration)
        #expect(appRelease.infoPlistFile == "App/Info.plist")
        #expect(appRelease.infoPlist["CFBundleIdentifier"] == .string("dev.glance.scoreboard"))
        #expect(appRelease.infoPlist["NSSupportsLiveActivities"] == nil)
        let widgetsRelease = try #require(widgets.defaultConfiguration)
        #expect(widgetsRelease.infoPlistFile == nil)
        #expect(widgetsRelease.infoPlist["CFBundleIdentifier"] == .string("dev.glance.scoreboard.widgets"))
        #expect(widgetsRelease.infoPlist["CFBundleDisplayName"] == .string("Scoreboard"))
        #expect(widgetsRelease.infoPlist["CFBundlePackageType"] == .string("XPC!"))
        #expect(widgetsRelease.infoPlist["CFBundleExecutable"] == .string("ScoreboardWidgets"))
        // Entitlements from a string path and from `.file(path:)`.
        #expect(appRelease.entitlementsFile == "App/Scoreboard.entitlements")
        #expect(appRelease.appGroups == ["group.dev.glance.scoreboard"])
        #expect(widgetsRelease.entitlementsFile == "Widgets/ScoreboardWidgets.entitlements")
        #expect(widgetsRelease.appGroups == ["group.dev.glance.scores"])
        // Resources and literal settings: the project's, the target's, and Tuist's DEBUG condition.
        #expect(widgets.assetCatalogs.map(project.relativePath) == ["Widgets/Resources/Assets.xcassets"])
        #expect(project.assetCatalogs.keys.map(project.relativePath) == ["Widgets/Resources/Assets.xcassets"])
        #expect(app.assetCatalogs == [])
        #expect(widgetsRelease.settings.value("SWIFT_VERSION").known == "6.0")
        let conditions = { (configuration: TargetConfiguration) -> [String]? in
            guard configuration.settings.isAssigned("SWIFT_ACTIVE_COMPILATION_CONDITIONS") else { return [] }
            return configuration.settings.value("SWIFT_ACTIVE_COMPILATION_CONDITIONS").known?.split(separator: " ").map(String.init)
        }
        #expect(conditions(widgetsRelease) == ["WIDGETS"])
        #expect(conditions(widgets.configurations[0]) == ["DEBUG", "WIDGETS"])
        #expect(conditions(appRelease) == [])
        #expect(appRelease.unreadSettingsFiles == [])
    }

    /// Tuist embeds direct dependencies by product: app extensions in any target, watchOS apps and App Clips in
    /// an iOS app; a framework is linked, not embedded. Default Info.plists carry the product's keys, the watch
    /// app's its host's bundle id; entitlements written as a dictionary are expanded like a file's.
    @Test func productsEmbedAsTuistEmbedsThem() throws {
        let (project, folder) = try load([
            "Project.swift": """
                import ProjectDescription

                let project = Project(name: "Trips", targets: [
                    .target(name: "Trips", destinations: [.iPhone, .iPad], product: .app, bundleId: "dev.glance.trips", sources: ["App/**"],
                            entitlements: .dictionary(["com.apple.security.application-groups": ["group.$(PRODUCT_BUNDLE_IDENTIFIER)"]]),
                            dependencies: [.target(name: "TripWidgets"), .target(name: "TripsWatch"), .target(name: "TripsClip"), .target(name: "Core")]),
                    .target(name: "TripWidgets", destinations: .iOS, product: .appExtension, bundleId: "dev.glance.trips.widgets",
                            infoPlist: .extendingDefault(with: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]),
                            sources: ["Widgets/**"]),
                    .target(name: "TripsWatch", destinations: .watchOS, product: .app, bundleId: "dev.glance.trips.watchkitapp",
                            sources: ["Watch/**"], dependencies: [.target(name: "WatchWidgets")]),
                    .target(name: "WatchWidgets", destinations: .watchOS, product: .appExtension, bundleId: "dev.glance.trips.watchkitapp.widgets",
                            infoPlist: .extendingDefault(with: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]),
                            sources: ["WatchWidgets/**"]),
                    .target(name: "TripsClip", destinations: .iOS, product: .appClip, bundleId: "dev.glance.trips.clip", sources: ["Clip/**"]),
                    .target(name: "Core", destinations: .iOS, product: .framework, bundleId: "dev.glance.trips.core", sources: ["Core/**"]),
                    .target(name: "LegacyWatch", destinations: .watchOS, product: .watch2App, bundleId: "dev.glance.trips.legacy"),
                    .target(name: "Host", destinations: .iOS, product: .app, bundleId: "dev.glance.host", dependencies: [.target(name: "LegacyWatch")]),
                ])
                """,
            "App/TripsApp.swift": "import SwiftUI\n",
            "App/AppDelegate.m": "@implementation AppDelegate\n@end\n",
            "Widgets/TripWidgets.swift": "import WidgetKit\n",
            "Watch/TripsWatchApp.swift": "import SwiftUI\n",
            "WatchWidgets/WatchWidgets.swift": "import WidgetKit\n",
            "Clip/TripsClip.swift": "import SwiftUI\n",
            "Core/Core.swift": "import Foundation\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(project.knownFacts == .all)
        let byName = Dictionary(uniqueKeysWithValues: project.targets.map { ($0.name, $0) })
        #expect(project.targets.map(\.kind) == [.app, .widgetExtension, .watchApp, .widgetExtension, .app, .framework, .watchApp, .app])
        let trips = try #require(byName["Trips"])
        #expect(trips.embeds.map { "\(project.target(id: $0.embeddedTargetID)!.name): \($0.phaseName!)" }
                == ["TripWidgets: Embed Foundation Extensions", "TripsWatch: Embed Watch Content", "TripsClip: Embed App Clips"])
        #expect(byName["TripsWatch"]?.embeds.map(\.phaseName) == ["Embed Foundation Extensions"])
        #expect(byName["Host"]?.embeds.map(\.phaseName) == ["Embed Watch Content"])
        #expect(trips.objectiveCSources.map(project.relativePath) == ["App/AppDelegate.m"])
        let release = try #require(trips.defaultConfiguration)
        #expect(release.appGroups == ["group.dev.glance.trips"])
        #expect(release.entitlementsFile == nil)
        #expect(release.infoPlist["LSRequiresIPhoneOS"] == .bool(true))
        #expect(release.infoPlist["UISupportedInterfaceOrientations~ipad"] != nil)
        #expect(release.infoPlist["CFBundlePackageType"] == .string("APPL"))
        let legacy = try #require(byName["LegacyWatch"]?.defaultConfiguration)
        #expect(legacy.infoPlist["WKCompanionAppBundleIdentifier"] == .string("dev.glance.host"))
        #expect(legacy.infoPlist["WKWatchKitApp"] == .bool(true))
        #expect(byName["TripsWatch"]?.platforms == [.watchOS])
        #expect(byName["TripsWatch"]?.defaultConfiguration?.settings.value("SDKROOT").known == "watchos")
    }

    /// Literal settings are the build's: generated Info.plist keys, an `INFOPLIST_FILE` that replaces Tuist's
    /// Info.plist, per-configuration entitlements, `.xcconfig` files.
    @Test func literalSettingsShapeTheConfigurations() throws {
        let (project, folder) = try load([
            "Project.swift": """
                import ProjectDescription

                let project = Project(
                    name: "Lamp",
                    settings: .settings(configurations: [.debug(name: .debug), .release(name: "Beta"), .release(name: .release)]),
                    targets: [
                        .target(name: "Lamp", destinations: .iOS, product: .app, bundleId: "dev.glance.lamp", sources: ["App/**"],
                                settings: .settings(base: ["GENERATE_INFOPLIST_FILE": true, "INFOPLIST_KEY_NSSupportsLiveActivities": "YES"],
                                                    configurations: [
                                                        .debug(name: .debug, settings: ["CODE_SIGN_ENTITLEMENTS": "App/Debug.entitlements"]),
                                                        .release(name: "Beta", xcconfig: "Configs/Beta.xcconfig"),
                                                        .release(name: .release, settings: ["CODE_SIGN_ENTITLEMENTS": "App/Release.entitlements"]),
                                                    ])),
                        .target(name: "Widgets", destinations: .iOS, product: .appExtension, bundleId: "dev.glance.lamp.widgets",
                                infoPlist: .default, sources: ["Widgets/**"],
                                settings: .settings(base: ["INFOPLIST_FILE": "Widgets/Info.plist"])),
                    ]
                )
                """,
            "App/LampApp.swift": "import SwiftUI\n",
            "App/Debug.entitlements": Self.plist("<key>aps-environment</key><string>development</string>"),
            "App/Release.entitlements": Self.plist("<key>aps-environment</key><string>production</string>"),
            "Configs/Beta.xcconfig": "CODE_SIGN_ENTITLEMENTS = App/Release.entitlements\nPRODUCT_BUNDLE_IDENTIFIER = dev.glance.lamp.beta\n",
            "Widgets/Info.plist": Self.plist("<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict>"),
            "Widgets/Widgets.swift": "import WidgetKit\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(project.knownFacts == .all)
        let lamp = project.targets[0], widgets = project.targets[1]
        #expect(lamp.configurations.map(\.name) == ["Debug", "Beta", "Release"])
        #expect(lamp.defaultConfigurationName == "Release")
        #expect(lamp.configurations.map { $0.infoPlist["NSSupportsLiveActivities"] } == [.bool(true), .bool(true), .bool(true)])
        #expect(lamp.configurations.map(\.apsEnvironment) == ["development", "production", "production"])
        // The target's own settings come after its .xcconfig: Tuist's bundle id wins over the file's.
        #expect(lamp.configurations.map(\.settings).map { $0.value("PRODUCT_BUNDLE_IDENTIFIER").known } == ["dev.glance.lamp", "dev.glance.lamp", "dev.glance.lamp"])
        #expect(widgets.kind == .widgetExtension)
        #expect(widgets.defaultConfiguration?.infoPlistFile == "Widgets/Info.plist")
        #expect(widgets.defaultConfiguration?.infoPlist["CFBundlePackageType"] == nil)
    }

    /// What a manifest computes stays unknown: each computed argument takes away the facts it could change, the
    /// gap names it, and the configurations say their Info.plist or entitlements are incomplete.
    @Test func computedArgumentsKeepTheirFactsUnknown() throws {
        let (project, folder) = try load([
            "Project.swift": """
                import ProjectDescription
                import ProjectDescriptionHelpers

                let project = Project(name: "Lamp", targets: [
                    .target(name: "Lamp", destinations: .iOS, product: .app, bundleId: "dev.glance.lamp", infoPlist: .extendingDefault(with: .lampKeys),
                            sources: ["App/**"], dependencies: [.project(target: "Core", path: "../Core")]),
                    .target(name: "Widgets", destinations: .iOS, product: .appExtension, bundleId: "dev.glance.lamp.widgets", sources: ["Widgets/**"],
                            resources: .widgetResources, settings: .widgetSettings),
                ])
                """,
            "App/LampApp.swift": "import SwiftUI\n",
            "Widgets/Widgets.swift": "import WidgetKit\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(project.knownFacts == [])
        #expect(project.factGaps == [
            ProjectFactGap(facts: [.infoPlist], reason: "Project.swift: target Lamp: infoPlist `.extendingDefault(with: .lampKeys)` is computed"),
            ProjectFactGap(facts: [.resources], reason: "Project.swift: target Widgets: resources `.widgetResources` are computed"),
            ProjectFactGap(facts: [.infoPlist, .entitlements], reason: "Project.swift: target Widgets: settings `.widgetSettings` are computed"),
            ProjectFactGap(facts: [.targets, .embedding], reason: "Project.swift: target Lamp depends on Core in ../Core, which no manifest read declares"),
        ])
        #expect(project.notes.contains("Project.swift: target Widgets: settings `.widgetSettings` are computed; Info.plist keys, entitlements and compilation conditions they may set are not known"))
        let lamp = project.targets[0], widgets = project.targets[1]
        #expect(lamp.defaultConfiguration?.infoPlistProblem == "Project.swift: the Info.plist of Lamp is computed (`.extendingDefault(with: .lampKeys)`)")
        #expect(lamp.defaultConfiguration?.entitlementsProblem == nil)
        #expect(lamp.kind == .app)
        // Without its Info.plist the extension's point is unknown, as in an Xcode project without one.
        #expect(widgets.kindReason == "Tuist product .appExtension in Project.swift; extension point unknown")
        #expect(widgets.defaultConfiguration?.entitlementsProblem == "Project.swift: the settings of Widgets are computed (`.widgetSettings`); they may set CODE_SIGN_ENTITLEMENTS")
        #expect(widgets.defaultConfiguration?.unreadSettingsFiles == ["Project.swift"])
    }
}

/// The repository root, found from this file's path.
private let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
