import Foundation
import Testing
import GlanceManifest
@testable import GlanceProject

/// Folders without an Xcode project: Tuist manifests read with SwiftParser, manifests told from sources,
/// generators detected, one target and module per Tuist target or Expo target folder.
@Suite(.serialized)
struct LooseSourcesTests {
    @Test func tuistManifestLiteralForms() {
        let manifest = TuistManifest.parse("""
            import ProjectDescription

            let shared: SourceFilesList = ["Shared/**"]
            let watch = Target.target(name: "Watch", destinations: [.appleWatch], product: .watch2App, bundleId: "a.watch",
                                      buildableFolders: ["Watch/Sources", .folder("Watch/More")])

            let project = Project(
                name: "Demo",
                targets: [
                    .target(name: "App", destinations: [.iPhone, .iPad], product: .app, bundleId: "a", productName: "DemoApp",
                            sources: ["App/{Sources,Generated}/**"], dependencies: [.target(name: "Widgets"), .project(target: "Core", path: "../Core"), .external(name: "X")]),
                    Target(name: "Widgets", platform: .iOS, product: .appExtension, bundleId: "a.w",
                           sources: .paths(["Widgets/**"])),
                    .target(name: "Tests", destinations: .iOS, product: .unitTests, bundleId: "a.t",
                            sources: [.glob("Tests/**", excluding: ["Tests/Fixtures/**"]), "Shared/**"]),
                    .target(name: "Shared", destinations: .iOS, product: .framework, bundleId: "a.s", sources: shared),
                    watch,
                    .featureTarget("Settings"),
                ]
            )
            """)
        #expect(manifest.name == "Demo")
        #expect(manifest.targets.map(\.name) == ["App", "Widgets", "Tests", "Shared", "Watch"])
        #expect(manifest.targets.map(\.product) == ["app", "appExtension", "unitTests", "framework", "watch2App"])
        #expect(manifest.targets[0].platforms == ["iPhone", "iPad"])
        #expect(manifest.targets[1].platforms == ["iOS"])
        #expect(manifest.targets[0].productName == "DemoApp")
        #expect(manifest.targets[0].sources == [.init(pattern: "App/{Sources,Generated}/**")])
        #expect(manifest.targets[0].dependencies == [.init(target: "Widgets"), .init(target: "Core", projectPath: "../Core")])
        #expect(manifest.targets[1].sources == [.init(pattern: "Widgets/**")])
        #expect(manifest.targets[2].sources == [.init(pattern: "Tests/**", excluding: ["Tests/Fixtures/**"]), .init(pattern: "Shared/**")])
        #expect(manifest.targets[3].sources == [.init(pattern: "Shared/**")])
        #expect(manifest.targets[4].buildableFolders == ["Watch/Sources", "Watch/More"])
        #expect(manifest.unreadable == ["target `.featureTarget(\"Settings\")` is built by helper code"])
    }

    /// A target named with interpolation is still read; its name shows the computed part.
    @Test func tuistTargetNamedWithInterpolation() {
        let manifest = TuistManifest.parse("""
            import ProjectDescription
            let env = Environment()
            let project = Project(name: "Lunch", targets: [
                .target(name: "\\(env.name)Widget", destinations: .iOS, product: .appExtension, bundleId: "com.example.widget",
                        sources: ["Widget/Sources/**"]),
            ])
            """)
        #expect(manifest.targets.map(\.name) == ["<env.name>Widget"])
        #expect(manifest.targets.first?.product == "appExtension")
        #expect(manifest.unreadable.isEmpty)
    }

    @Test func tuistProjectBuiltByHelpersIsUnreadable() {
        let manifest = TuistManifest.parse("""
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.app(name: "Demo", targets: ["Widgets"])
            """)
        #expect(manifest.targets.isEmpty)
        #expect(manifest.unreadable == ["no literal Project(…) call; the project is built by helper code"])
    }

    @Test func manifestsAreToldFromSources() throws {
        let folder = NSTemporaryDirectory() + "glance-loose-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files: [String: String] = [
            "Project.swift": "import ProjectDescription\nlet project = Project(name: \"A\", targets: [])\n",
            "Package.swift": "// swift-tools-version:6.0\n@preconcurrency import PackageDescription\n",
            "Package@swift-5.9.swift": "import PackageDescription\n",
            "Tuist/Config.swift": "import ProjectDescription\n",
            "Tuist/ProjectDescriptionHelpers/Target+Feature.swift": "import ProjectDescription\n",
            "Helpers/Project+Templates.swift": "import ProjectDescription\n",
            "App/Project.swift": "import SwiftUI\nstruct Project {}\n",
            "App/Workspace.swift": "struct Workspace {}\n",
            "App/Main.swift": "import SwiftUI\n",
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: (folder + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        let fileSystem = FileSystem()
        let loose = LooseSources(root: folder, files: fileSystem.walk(folder), fileSystem: fileSystem)
        #expect(loose.manifests.map { $0.relative(to: folder) }.sorted() == [
            "Helpers/Project+Templates.swift", "Package.swift", "Package@swift-5.9.swift", "Project.swift",
            "Tuist/Config.swift", "Tuist/ProjectDescriptionHelpers/Target+Feature.swift",
        ])
        #expect(loose.sources.map { $0.relative(to: folder) } == ["App/Main.swift", "App/Project.swift", "App/Workspace.swift"])
        #expect(loose.generators == [ProjectGenerator(kind: .tuist, evidence: "Project.swift")])
    }

    @Test func generatorsFromTheirFiles() throws {
        let folder = NSTemporaryDirectory() + "glance-generators-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files: [String: String] = [
            "ios/project.yml": "name: App\ntargets:\n  App:\n    type: application\n",
            "other/project.yml": "steps: []\n",
            "mobile/app.config.ts": "export default {};\n",
            "mobile/package.json": "{}\n",
            "docs/app.json": "{}\n",
            "Tuist/Package.swift": "import PackageDescription\n",
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: (folder + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        let fileSystem = FileSystem()
        let loose = LooseSources(root: folder, files: fileSystem.walk(folder), fileSystem: fileSystem)
        #expect(loose.generators == [
            ProjectGenerator(kind: .tuist, evidence: "Tuist/"),
            ProjectGenerator(kind: .xcodegen, evidence: "ios/project.yml"),
            ProjectGenerator(kind: .expo, evidence: "mobile/app.config.ts"),
        ])
        #expect(loose.generators.map(\.command) == ["tuist generate", "xcodegen generate", "npx expo prebuild"])
    }

    /// Each Tuist target is a target and a module of the files its globs match; the globs' excluded files,
    /// and files no glob matches, are one loose target; the project stays loose (no facts for rules).
    @Test func tuistTargetsBecomeModules() throws {
        let project = try ProjectLoader().load(path: repositoryRoot + "/Tests/GlanceCLITests/Fixtures/TuistTimers")
        #expect(project.isLooseSources)
        #expect(project.knownFacts.isEmpty)
        #expect(project.generators == [ProjectGenerator(kind: .tuist, evidence: "Project.swift")])
        #expect(project.targets.map(\.name) == ["Timers", "TimerWidgets", "WatchTimerWidgets", "TimersTests", "TuistTimers"])
        #expect(project.targets.map(\.kind) == [.app, .widgetExtension, .widgetExtension, .testBundle, .unknown])
        #expect(project.targets.map(\.platforms) == [[.iOS], [.iOS], [.watchOS], [.iOS], []])
        #expect(project.modules.map(\.id) == project.targets.map(\.id))
        #expect(project.modules.map(\.name) == ["Timers", "TimerWidgets", "WatchTimerWidgets", "TimersTests", "TuistTimers"])
        let sources = Dictionary(uniqueKeysWithValues: project.targets.map { ($0.name, $0.sources.map(project.relativePath)) })
        #expect(sources["TimerWidgets"] == ["Shared/TimerMetadata.swift", "Widgets/TimerAlarmActivity.swift", "Widgets/TimerProvider.swift",
                                            "Widgets/TimerWidget.swift", "Widgets/TimerWidgetsBundle.swift"])
        #expect(sources["TuistTimers"] == ["Features/Settings/Sources/SettingsView.swift", "Widgets/Previews/TimerWidgetPreviews.swift"])
        #expect(project.modules.first { $0.name == "Timers" }?.dependencies == ["tuist:Project.swift#TimerWidgets"])
        #expect(project.modules.first { $0.name == "TimersTests" }?.dependencies == ["tuist:Project.swift#Timers"])
    }

    @Test func expoTargetFolders() throws {
        let project = try ProjectLoader().load(path: repositoryRoot + "/Tests/GlanceCLITests/Fixtures/ExpoStreaks")
        #expect(project.generators == [ProjectGenerator(kind: .expo, evidence: "app.json")])
        #expect(project.targets.map(\.id) == ["expo:targets/widget"])
        #expect(project.targets.map(\.kind) == [.widgetExtension])
        #expect(project.targets[0].sources.map(project.relativePath) == ["targets/widget/StreakProvider.swift", "targets/widget/StreakWidget.swift"])
    }

    @Test func bracesExpand() {
        #expect(TuistProject.expandingBraces("A/{B,C}/**/*.{swift,m}") == ["A/B/**/*.swift", "A/B/**/*.m", "A/C/**/*.swift", "A/C/**/*.m"])
        #expect(TuistProject.expandingBraces("Sources/**") == ["Sources/**"])
    }
}

/// The repository root, found from this file's path.
private let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
