// swift-tools-version:6.0
//
// Glance links SwiftSyntax and SwiftParser from the toolchain itself: every Swift 6 toolchain ships them
// (as shared libraries plus module interfaces) in `<toolchain>/usr/lib/swift/host`. No outside package is
// fetched. The folder is found from the toolchain in use:
//   1. `GLANCE_SWIFT_HOST_LIBS` — an explicit folder, if set;
//   2. the `swiftc` next to the `swift` that runs this manifest (`SWIFT_EXEC`, or `_` set by the shell);
//   3. the first `swiftc` on `PATH` (symlinks resolved);
//   4. on macOS, `DEVELOPER_DIR`'s default toolchain.
import Foundation
import PackageDescription

func hostLibraryFolder() -> String? {
    let env = ProcessInfo.processInfo.environment
    let fileManager = FileManager.default
    func hasSwiftSyntax(_ folder: String) -> Bool {
        fileManager.fileExists(atPath: folder + "/SwiftSyntax.swiftmodule")
    }
    func hostFolder(forCompiler compiler: String) -> String? {
        let resolved = URL(fileURLWithPath: compiler).resolvingSymlinksInPath()
        let folder = resolved.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/host").path
        return hasSwiftSyntax(folder) ? folder : nil
    }
    if let explicit = env["GLANCE_SWIFT_HOST_LIBS"], !explicit.isEmpty { return explicit }
    for candidate in [env["SWIFT_EXEC"], env["_"]].compactMap({ $0 }) {
        let name = URL(fileURLWithPath: candidate).lastPathComponent
        guard name == "swift" || name == "swiftc" || name.hasPrefix("swift-") else { continue }
        let compiler = URL(fileURLWithPath: candidate).deletingLastPathComponent().appendingPathComponent("swiftc").path
        if let folder = hostFolder(forCompiler: compiler) { return folder }
    }
    for directory in (env["PATH"] ?? "").split(separator: ":") {
        let compiler = String(directory) + "/swiftc"
        if fileManager.isExecutableFile(atPath: compiler), let folder = hostFolder(forCompiler: compiler) {
            return folder
        }
    }
    if let developer = env["DEVELOPER_DIR"] {
        let folder = developer + "/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/host"
        if hasSwiftSyntax(folder) { return folder }
    }
    return nil
}

let hostFolder = hostLibraryFolder() ?? "SWIFT_HOST_LIBS_NOT_FOUND__set_GLANCE_SWIFT_HOST_LIBS"
let syntaxCompile: [SwiftSetting] = [.unsafeFlags(["-I", hostFolder])]
let syntaxLink: [LinkerSetting] = [
    .unsafeFlags(["-L", hostFolder, "-Xlinker", "-rpath", "-Xlinker", hostFolder]),
    .linkedLibrary("SwiftSyntax"), .linkedLibrary("SwiftParser"),
]

let package = Package(
    name: "Glance",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "glance", targets: ["glance"]),
        .plugin(name: "GlanceLintPlugin", targets: ["GlanceLintPlugin"]),
    ],
    targets: [
        // Package.swift of local packages, read with SwiftParser (never run)
        .target(name: "GlanceManifest", swiftSettings: syntaxCompile, linkerSettings: syntaxLink),
        // project files → project model (pbxproj, build settings, Info.plist, entitlements, assets)
        .target(name: "GlanceProject", dependencies: ["GlanceManifest", "GlanceSourceIndex"], swiftSettings: syntaxCompile),
        // Swift sources → source index (SwiftSyntax)
        .target(name: "GlanceSourceIndex", swiftSettings: syntaxCompile, linkerSettings: syntaxLink),
        // project model + source index → surface model (what ships where)
        .target(name: "GlanceSurfaces", dependencies: ["GlanceProject", "GlanceSourceIndex"], swiftSettings: syntaxCompile),
        // push bodies and headers → JSON values checked against the app's Swift types (Live Activity payloads)
        .target(name: "GlancePayload", dependencies: ["GlanceSurfaces"], swiftSettings: syntaxCompile),
        // surface model / pushes → violations
        .target(name: "GlanceRules", dependencies: ["GlanceSurfaces", "GlancePayload"], swiftSettings: syntaxCompile),
        // .glance.json, path globs, baseline: which rules run and which violations are reported
        .target(name: "GlanceConfiguration", dependencies: ["GlanceRules", "GlanceProject"], swiftSettings: syntaxCompile),
        // violations / surfaces → text
        .target(name: "GlanceReporters", dependencies: ["GlanceRules", "GlancePayload"], swiftSettings: syntaxCompile),
        // command line
        .target(name: "GlanceCLI", dependencies: ["GlanceReporters", "GlancePayload", "GlanceConfiguration"], swiftSettings: syntaxCompile),
        .executableTarget(name: "glance", dependencies: ["GlanceCLI", "GlanceSourceIndex"], swiftSettings: syntaxCompile),
        // `swift package glance-lint [glance lint options]`: runs glance on the package (or Xcode project) folder
        .plugin(name: "GlanceLintPlugin",
                capability: .command(intent: .custom(verb: "glance-lint",
                                                     description: "Lint the package's glanceable surfaces (controls, widgets, Live Activities) with Glance")),
                dependencies: ["glance"]),

        .testTarget(name: "GlanceProjectTests", dependencies: ["GlanceProject"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlanceSourceIndexTests", dependencies: ["GlanceSourceIndex"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlanceSurfacesTests", dependencies: ["GlanceSurfaces"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlancePayloadTests", dependencies: ["GlancePayload", "GlanceProject", "GlanceSurfaces", "GlanceSourceIndex"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlanceRulesTests", dependencies: ["GlanceRules"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlanceConfigurationTests", dependencies: ["GlanceConfiguration", "GlanceProject"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlanceReportersTests", dependencies: ["GlanceReporters"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlanceCLITests", dependencies: ["GlanceCLI", "GlanceSourceIndex"], exclude: ["Expected", "Fixtures"], swiftSettings: syntaxCompile),
    ],
    swiftLanguageModes: [.v6]
)
