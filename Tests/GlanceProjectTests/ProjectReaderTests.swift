import Foundation
import Testing
@testable import GlanceProject

/// Reading real .xcodeproj layouts: membership (Sources phases and synchronized folders with exception
/// sets), paths, embedding, settings from .xcconfig, entitlements, workspaces.
@Suite(.serialized)
struct ProjectReaderTests {
    /// A project with:
    /// - `Shared/` synchronized, owned by App; its exception set for App removes `Debug/DebugOnly.swift`,
    ///   and its exception set for Widgets (which does not own it) adds `Kinds.swift` to Widgets;
    /// - `Widgets/` a classic group whose file reference spells `timerwidget.swift` in lower case;
    /// - Widgets embedded by App only when installing; an .xcconfig defining the App Group.
    static let pbxproj = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 77;
            objects = {
                P0 = {isa = PBXProject; mainGroup = G0; buildConfigurationList = L0; targets = (TA, TW); projectDirPath = ""; };
                G0 = {isa = PBXGroup; children = (S0, GW, XC); sourceTree = "<group>"; };
                S0 = {isa = PBXFileSystemSynchronizedRootGroup; path = Shared; sourceTree = "<group>"; exceptions = (E1, E2); };
                E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; target = TA; membershipExceptions = (Debug/DebugOnly.swift, ); };
                E2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; target = TW; membershipExceptions = (Kinds.swift, ); };
                GW = {isa = PBXGroup; path = Widgets; sourceTree = "<group>"; children = (FW, FA); };
                FW = {isa = PBXFileReference; path = timerwidget.swift; sourceTree = "<group>"; };
                FA = {isa = PBXFileReference; path = Assets.xcassets; sourceTree = "<group>"; };
                XC = {isa = PBXFileReference; path = Config/Base.xcconfig; sourceTree = SOURCE_ROOT; };
                PA = {isa = PBXFileReference; explicitFileType = wrapper.application; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
                PW = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; path = Widgets.appex; sourceTree = BUILT_PRODUCTS_DIR; };
                TA = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; productReference = PA;
                      buildConfigurationList = LA; buildPhases = (CA); fileSystemSynchronizedGroups = (S0); dependencies = (DA); };
                DA = {isa = PBXTargetDependency; target = TW; };
                CA = {isa = PBXCopyFilesBuildPhase; dstSubfolderSpec = 13; name = "Embed Foundation Extensions"; files = (BE); runOnlyForDeploymentPostprocessing = 1; };
                BE = {isa = PBXBuildFile; fileRef = PW; };
                TW = {isa = PBXNativeTarget; name = Widgets; productType = "com.apple.product-type.app-extension"; productReference = PW;
                      buildConfigurationList = LW; buildPhases = (SW, RW); };
                SW = {isa = PBXSourcesBuildPhase; files = (BW); };
                BW = {isa = PBXBuildFile; fileRef = FW; };
                RW = {isa = PBXResourcesBuildPhase; files = (BA); };
                BA = {isa = PBXBuildFile; fileRef = FA; };
                L0 = {isa = XCConfigurationList; buildConfigurations = (C0D, C0R); defaultConfigurationName = Release; };
                C0D = {isa = XCBuildConfiguration; name = Debug; baseConfigurationReference = XC; buildSettings = {SDKROOT = iphoneos; }; };
                C0R = {isa = XCBuildConfiguration; name = Release; baseConfigurationReference = XC; buildSettings = {SDKROOT = iphoneos; }; };
                LA = {isa = XCConfigurationList; buildConfigurations = (CAD, CAR); defaultConfigurationName = Release; };
                CAD = {isa = XCBuildConfiguration; name = Debug; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = "$(BASE_ID)"; CODE_SIGN_ENTITLEMENTS = App.entitlements; GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_NSSupportsLiveActivities = YES; }; };
                CAR = {isa = XCBuildConfiguration; name = Release; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = "$(BASE_ID)"; CODE_SIGN_ENTITLEMENTS = App.entitlements; GENERATE_INFOPLIST_FILE = YES; }; };
                LW = {isa = XCConfigurationList; buildConfigurations = (CWD, CWR); defaultConfigurationName = Release; };
                CWD = {isa = XCBuildConfiguration; name = Debug; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = "$(BASE_ID).widgets"; INFOPLIST_FILE = Widgets/Info.plist; }; };
                CWR = {isa = XCBuildConfiguration; name = Release; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = "$(BASE_ID).widgets"; INFOPLIST_FILE = Widgets/Info.plist; }; };
            };
            rootObject = P0;
        }
        """

    func makeFixture(pbxproj: String = Self.pbxproj, extraSources: [String] = []) throws -> String {
        let folder = NSTemporaryDirectory() + "reader-\(UUID().uuidString)"
        var files: [String: String] = [
            "App.xcodeproj/project.pbxproj": pbxproj,
            "Shared/Store.swift": "enum Store {}\n",
            "Shared/Kinds.swift": "enum Kinds {}\n",
            "Shared/Debug/DebugOnly.swift": "enum DebugOnly {}\n",
            "Shared/Notes.md": "not a source\n",
            "Widgets/TimerWidget.swift": "struct TimerWidget {}\n",
            "Widgets/Assets.xcassets/Contents.json": "{\"info\": {\"version\": 1}}",
            "Widgets/Info.plist": "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict></plist>",
            "Config/Base.xcconfig": "BASE_ID = com.example.app\nGROUP_ID = group.$(BASE_ID)\n",
            "App.entitlements": "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>com.apple.security.application-groups</key><array><string>$(GROUP_ID)</string></array><key>aps-environment</key><string>development</string></dict></plist>",
        ]
        for path in extraSources { files[path] = "enum Extra {}\n" }
        for (path, text) in files {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func synchronizedFolderMembershipFollowsExceptionSets() throws {
        let folder = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let model = try ProjectLoader().load(path: folder)
        let app = try #require(model.targets.first { $0.name == "App" })
        let widgets = try #require(model.targets.first { $0.name == "Widgets" })
        #expect(app.sources.map(model.relativePath) == ["Shared/Kinds.swift", "Shared/Store.swift"])
        #expect(widgets.sources.map(model.relativePath) == ["Widgets/TimerWidget.swift", "Shared/Kinds.swift"])
        #expect(model.unassignedSources.map(model.relativePath) == ["Shared/Debug/DebugOnly.swift"])
    }

    /// An exception names a file or a folder, with or without a leading or trailing `/`: a folder's files at any
    /// depth; a name that only begins like a folder's (`Deb`) names nothing else.
    @Test func exceptionsNameFoldersWithOrWithoutASlash() throws {
        for (removed, added) in [("Debug", "Extra/"), ("Debug/", "Extra"), ("/Debug", "/Extra/")] {
            let pbxproj = Self.pbxproj
                .replacingOccurrences(of: "membershipExceptions = (Debug/DebugOnly.swift, )", with: "membershipExceptions = (\"\(removed)\", Deb, )")
                .replacingOccurrences(of: "membershipExceptions = (Kinds.swift, )", with: "membershipExceptions = (\"\(added)\", )")
            let folder = try makeFixture(pbxproj: pbxproj, extraSources: ["Shared/Debug/More/Deep.swift", "Shared/Debugger.swift",
                                                                           "Shared/Extra/One.swift", "Shared/Extra/Two/Three.swift"])
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let model = try ProjectLoader().load(path: folder)
            let app = try #require(model.targets.first { $0.name == "App" })
            let widgets = try #require(model.targets.first { $0.name == "Widgets" })
            #expect(app.sources.map(model.relativePath).sorted() == ["Shared/Debugger.swift", "Shared/Extra/One.swift", "Shared/Extra/Two/Three.swift",
                                                                     "Shared/Kinds.swift", "Shared/Store.swift"], "\(removed)")
            #expect(widgets.sources.map(model.relativePath).sorted() == ["Shared/Extra/One.swift", "Shared/Extra/Two/Three.swift",
                                                                         "Widgets/TimerWidget.swift"], "\(added)")
            #expect(model.unassignedSources.map(model.relativePath).sorted() == ["Shared/Debug/DebugOnly.swift", "Shared/Debug/More/Deep.swift"])
        }
    }

    @Test func pathsResolveIgnoringCaseAsOnMacOS() throws {
        let folder = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let model = try ProjectLoader().load(path: folder + "/App.xcodeproj")
        let widgets = try #require(model.targets.first { $0.name == "Widgets" })
        #expect(widgets.sources.first.map(model.relativePath) == "Widgets/TimerWidget.swift")
        #expect(widgets.assetCatalogs.map(model.relativePath) == ["Widgets/Assets.xcassets"])
    }

    /// An extension point that is no system point (a bundle id typed there) leaves the extension's kind to its
    /// code; `com.apple.…` points, ExtensionKit points and `$(…)` values are taken as written.
    @Test func extensionPointsThatNameNoSystemPoint() {
        let type = "com.apple.product-type.app-extension"
        func kind(_ point: String, key: String = "NSExtension", field: String = "NSExtensionPointIdentifier") -> (TargetKind, String) {
            XcodeProjectReader.kind(productType: type, platforms: [.iOS], infoPlist: [key: .dictionary([field: .string(point)])])
        }
        #expect(kind("com.apple.widgetkit-extension").0 == .widgetExtension)
        #expect(kind("com.apple.intents-service") == (.appExtension, "NSExtensionPointIdentifier com.apple.intents-service"))
        #expect(kind("com.example.app.widgets") == (.appExtension, "\(type); extension point unknown (NSExtensionPointIdentifier com.example.app.widgets is no system extension point)"))
        #expect(kind("$(WIDGET_POINT)").1 == "NSExtensionPointIdentifier $(WIDGET_POINT)")
        // Misspellings of WidgetKit's point are no point either.
        #expect(kind("com.apple.WidgetKit-extension").1.hasSuffix("extension point unknown (NSExtensionPointIdentifier com.apple.WidgetKit-extension is no system extension point)"))
        #expect(kind("com.apple.widgetkit").0 == .appExtension)
        #expect(kind("com.apple.widgetkit").1.contains("extension point unknown"))
        #expect(kind("com.example.app.point", key: "EXAppExtensionAttributes", field: "EXExtensionPointIdentifier").1 == "NSExtensionPointIdentifier com.example.app.point")
    }

    @Test func kindsPlatformsAndEmbedding() throws {
        let folder = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let model = try ProjectLoader().load(path: folder)
        let app = try #require(model.targets.first { $0.name == "App" })
        let widgets = try #require(model.targets.first { $0.name == "Widgets" })
        #expect(app.kind == .app)
        #expect(widgets.kind == .widgetExtension)
        #expect(widgets.kindReason == "NSExtensionPointIdentifier com.apple.widgetkit-extension")
        #expect(app.platforms == [.iOS])
        #expect(app.dependencies == [widgets.id])
        let hosts = model.hosts(of: widgets)
        #expect(hosts.map(\.host.name) == ["App"])
        #expect(hosts.first?.embedding.onlyWhenInstalling == true)
    }

    @Test func settingsInfoPlistAndEntitlementsPerConfiguration() throws {
        let folder = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let model = try ProjectLoader().load(path: folder)
        let app = try #require(model.targets.first { $0.name == "App" })
        #expect(app.bundleIdentifier == "com.example.app")
        #expect(app.defaultConfigurationName == "Release")
        let debug = try #require(app.configurations.first { $0.name == "Debug" })
        let release = try #require(app.configurations.first { $0.name == "Release" })
        #expect(debug.infoPlist["NSSupportsLiveActivities"] == .bool(true))
        #expect(release.infoPlist["NSSupportsLiveActivities"] == nil)
        #expect(debug.appGroups == ["group.com.example.app"])
        #expect(debug.apsEnvironment == "development")
        #expect(debug.entitlementsFile == "App.entitlements")
        let widgets = try #require(model.targets.first { $0.name == "Widgets" })
        #expect(widgets.bundleIdentifier == "com.example.app.widgets")
        #expect(widgets.configurations.first?.appGroups == nil)
    }

    @Test func workspaceNamesItsProjectsAndSkipsPods() throws {
        let folder = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/App.xcworkspace", withIntermediateDirectories: true)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App.xcodeproj"></FileRef>
               <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
            </Workspace>
            """.write(toFile: folder + "/App.xcworkspace/contents.xcworkspacedata", atomically: true, encoding: .utf8)
        let model = try ProjectLoader().load(path: folder + "/App.xcworkspace")
        #expect(model.projectFiles == ["App.xcodeproj"])
        #expect(model.notes.contains("Pods/Pods.xcodeproj: CocoaPods project not read"))
    }

    @Test func missingPathIsAnError() {
        #expect(throws: ProjectError.notFound("/no/such/place")) { try ProjectLoader().load(path: "/no/such/place") }
    }
}

struct ImageHeaderTests {
    @Test func pngSize() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 1, 0x2C, 0, 0, 0, 0xC8]   // 300 × 200
        #expect(ImageHeader.size(of: Data(png)) == ImageHeader.Size(width: 300, height: 200, isVector: false))
    }

    @Test func jpegSize() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x78, 0x00, 0xA0, 0x03]
        #expect(ImageHeader.size(of: Data(jpeg)) == ImageHeader.Size(width: 160, height: 120, isVector: false))
    }

    @Test func vectorSizes() {
        #expect(ImageHeader.size(of: Data("%PDF-1.4 /MediaBox [0 0 24 30]".utf8)) == ImageHeader.Size(width: 24, height: 30, isVector: true))
        #expect(ImageHeader.size(of: Data("<svg width=\"48px\" height=\"16\">".utf8), pathExtension: "svg") == ImageHeader.Size(width: 48, height: 16, isVector: true))
        #expect(ImageHeader.size(of: Data("<svg viewBox=\"0 0 10 20\">".utf8), pathExtension: "svg") == ImageHeader.Size(width: 10, height: 20, isVector: true))
    }
}
