// swift-tools-version:6.2
//
// Glance parses Swift with SwiftSyntax and SwiftParser, taken from one of two places (`GLANCE_SWIFT_SYNTAX`):
//   - `toolchain` (the default on Linux): the shared libraries and module interfaces every Swift 6 toolchain
//     ships in `<toolchain>/usr/lib/swift/host`. Nothing is downloaded. They are reached with unsafe flags
//     (-I, -L, -rpath), which SwiftPM 6.2 and later accept from a dependency pinned by version when that
//     dependency's manifest says tools-version 6.2 or later (hence this file's first line).
//   - `package` (the default on macOS, where Xcode's `swift` is an xcrun shim and its toolchain may not ship a
//     usable copy): the swift-syntax package, its major version matched to the compiler (600 for Swift 6.0 …
//     603 for Swift 6.3), linked statically. No unsafe flags.
// The toolchain's folder is found from the toolchain that evaluates this manifest:
//   1. `GLANCE_SWIFT_HOST_LIBS` — an explicit folder, if set;
//   2. the folder of the PackageDescription library this manifest runs with (Linux: /proc/self/maps), whose
//      toolchain is the one building;
//   3. the `swiftc` next to `SWIFT_EXEC` or `_` (the `swift` the shell ran), then the first `swiftc` on PATH;
//   4. on macOS, `DEVELOPER_DIR`, the `xcode-select` choice, then /Applications/Xcode.app.
// When none has it, the manifest stops with one line saying what to set. `GLANCE_RPATH` replaces the run-time
// search path (`make install` sets `$ORIGIN/../lib/glance`, where it copies the libraries).
//
// Package@swift-6.0.swift is this file with tools-version 6.0, for Swift 6.0 and 6.1 (SwiftPM picks it there);
// `make manifests` rewrites it and a test keeps the two the same.
import Foundation
import PackageDescription

let environment = ProcessInfo.processInfo.environment

func setting(_ name: String) -> String? {
    guard let value = environment[name], !value.isEmpty else { return nil }
    return value
}

func hasSwiftSyntax(_ folder: String) -> Bool {
    FileManager.default.fileExists(atPath: folder + "/SwiftSyntax.swiftmodule")
}

/// `<toolchain>/usr/lib/swift/host` for a compiler path (symbolic links resolved), if it holds SwiftSyntax.
func hostFolder(forCompiler compiler: String) -> String? {
    let resolved = URL(fileURLWithPath: compiler).resolvingSymlinksInPath()
    let folder = resolved.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift/host").path
    return hasSwiftSyntax(folder) ? folder : nil
}

/// The toolchain's SwiftSyntax folder, or nil (see the list above).
func toolchainSyntaxFolder() -> String? {
    if let explicit = setting("GLANCE_SWIFT_HOST_LIBS") { return hasSwiftSyntax(explicit) ? explicit : nil }
    // <toolchain>/usr/lib/swift/pm/ManifestAPI/libPackageDescription.so → <toolchain>/usr/lib/swift/host
    // (Read to the end with FileHandle: String(contentsOfFile:) stops after one page of a /proc file.)
    if let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
       let maps = String(data: data, encoding: .utf8),
       let line = maps.split(separator: "\n").first(where: { $0.contains("/libPackageDescription.") }),
       let slash = line.firstIndex(of: "/") {
        let library = URL(fileURLWithPath: String(line[slash...]))
        let folder = library.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("host").path
        if hasSwiftSyntax(folder) { return folder }
    }
    for candidate in [setting("SWIFT_EXEC"), setting("_")].compactMap({ $0 }) {
        let name = URL(fileURLWithPath: candidate).lastPathComponent
        guard name == "swift" || name == "swiftc" || name.hasPrefix("swift-") else { continue }
        let compiler = URL(fileURLWithPath: candidate).deletingLastPathComponent().appendingPathComponent("swiftc").path
        if let folder = hostFolder(forCompiler: compiler) { return folder }
    }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let compiler = String(directory) + "/swiftc"
        if FileManager.default.isExecutableFile(atPath: compiler), let folder = hostFolder(forCompiler: compiler) {
            return folder
        }
    }
    #if os(macOS)
    let selected = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/var/db/xcode_select_link"))
    for developer in [setting("DEVELOPER_DIR"), selected, "/Applications/Xcode.app/Contents/Developer"].compactMap({ $0 }) {
        let folder = developer + "/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/host"
        if hasSwiftSyntax(folder) { return folder }
    }
    #endif
    return nil
}

#if compiler(>=6.3)
let swiftSyntaxVersions: Range<Version> = "603.0.0"..<"604.0.0"
#elseif compiler(>=6.2)
let swiftSyntaxVersions: Range<Version> = "602.0.0"..<"603.0.0"
#elseif compiler(>=6.1)
let swiftSyntaxVersions: Range<Version> = "601.0.0"..<"602.0.0"
#else
let swiftSyntaxVersions: Range<Version> = "600.0.0"..<"601.0.0"
#endif

#if os(macOS)
let defaultSyntaxSource = "package"
#else
let defaultSyntaxSource = "toolchain"
#endif

let runPath = setting("GLANCE_RPATH")
var packageDependencies: [Package.Dependency] = []
var syntaxDependencies: [Target.Dependency] = []
var syntaxCompile: [SwiftSetting] = []
var syntaxLink: [LinkerSetting] = runPath.map { [.unsafeFlags(["-Xlinker", "-rpath", "-Xlinker", $0])] } ?? []
/// Why the manifest cannot go on: SwiftPM prints it as one line (as the "path" of a target that cannot exist).
var stop: String?

switch setting("GLANCE_SWIFT_SYNTAX") ?? defaultSyntaxSource {
case "package":
    packageDependencies = [.package(url: "https://github.com/swiftlang/swift-syntax.git", swiftSyntaxVersions)]
    syntaxDependencies = [.product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
                          .product(name: "SwiftOperators", package: "swift-syntax"), .product(name: "SwiftIfConfig", package: "swift-syntax")]
    syntaxCompile = [.define("GLANCE_SWIFT_SYNTAX_PACKAGE")]
case "toolchain":
    if let folder = toolchainSyntaxFolder() {
        syntaxCompile = [.unsafeFlags(["-I", folder])]
        syntaxLink = [.unsafeFlags(["-L", folder, "-Xlinker", "-rpath", "-Xlinker", runPath ?? folder]),
                      .linkedLibrary("SwiftSyntax"), .linkedLibrary("SwiftParser"), .linkedLibrary("SwiftOperators"),
                      .linkedLibrary("SwiftIfConfig")]
    } else if let explicit = setting("GLANCE_SWIFT_HOST_LIBS") {
        stop = "GLANCE_SWIFT_HOST_LIBS is '\(explicit)', a folder without SwiftSyntax.swiftmodule; "
            + "set it to <toolchain>/usr/lib/swift/host, or GLANCE_SWIFT_SYNTAX=package to use the swift-syntax package"
    } else {
        stop = "SwiftSyntax was not found in this toolchain (no usr/lib/swift/host/SwiftSyntax.swiftmodule); "
            + "set GLANCE_SWIFT_HOST_LIBS to the folder that holds it, or GLANCE_SWIFT_SYNTAX=package to use the swift-syntax package"
    }
case let other:
    stop = "GLANCE_SWIFT_SYNTAX is '\(other)'; it must be 'toolchain' or 'package'"
}

let package = Package(
    name: "Glance",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "glance", targets: ["glance"]),
        .plugin(name: "GlanceLintPlugin", targets: ["GlanceLintPlugin"]),
    ],
    dependencies: packageDependencies,
    targets: [
        // what the user points Glance at: bounded reads of files, pipes and standard input; how values a user or a
        // server gave are shown in messages (escaped, cut, key material never shown)
        .target(name: "GlanceInput"),
        // Package.swift of local packages, read with SwiftParser (never run)
        .target(name: "GlanceManifest", dependencies: syntaxDependencies, swiftSettings: syntaxCompile, linkerSettings: syntaxLink),
        // project files → project model (pbxproj, build settings, Info.plist, entitlements, assets)
        .target(name: "GlanceProject", dependencies: ["GlanceManifest", "GlanceSourceIndex"], swiftSettings: syntaxCompile),
        // Swift sources → source index (SwiftSyntax)
        .target(name: "GlanceSourceIndex", dependencies: syntaxDependencies, swiftSettings: syntaxCompile, linkerSettings: syntaxLink),
        // project model + source index → surface model (what ships where)
        // (`#if` conditions are evaluated per target and configuration with SwiftIfConfig)
        .target(name: "GlanceSurfaces", dependencies: ["GlanceProject", "GlanceSourceIndex"] + syntaxDependencies, swiftSettings: syntaxCompile,
                linkerSettings: syntaxLink),
        // push bodies and headers → JSON values checked against the app's Swift types (Live Activity payloads)
        .target(name: "GlancePayload", dependencies: ["GlanceSurfaces", "GlanceInput"], swiftSettings: syntaxCompile),
        // OpenSSL's libcrypto (Debian: libssl-dev), for ES256 signatures on Linux; CryptoKit on Apple platforms
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // nghttp2 (Debian: libnghttp2-dev) and OpenSSL's libssl, for the HTTP/2 client of `glance push` on Linux
        .systemLibrary(name: "CNGHTTP2", pkgConfig: "libnghttp2", providers: [.apt(["libnghttp2-dev", "libssl-dev"])]),
        // APNs: provider tokens (ES256 JWT), requests, HTTP/2 client, retries, the reasons APNs answers with
        .target(name: "GlancePush", dependencies: ["GlanceInput", .target(name: "CLibCrypto", condition: .when(platforms: [.linux])),
                                                   .target(name: "CNGHTTP2", condition: .when(platforms: [.linux]))]),
        // per-file results of the source index kept between runs, by content (SHA-256: CryptoKit, or libcrypto on Linux)
        .target(name: "GlanceCache", dependencies: ["GlanceSourceIndex", "GlanceProject", .target(name: "CLibCrypto", condition: .when(platforms: [.linux]))],
                swiftSettings: syntaxCompile),
        // surface model / pushes → violations
        .target(name: "GlanceRules", dependencies: ["GlanceSurfaces", "GlancePayload"], swiftSettings: syntaxCompile),
        // .glance.json, path globs, baseline: which rules run and which violations are reported
        .target(name: "GlanceConfiguration", dependencies: ["GlanceRules", "GlanceProject", "GlanceInput"], swiftSettings: syntaxCompile),
        // violations + project model → edits of the project's files (`glance fix`), checked before they are written
        .target(name: "GlanceFix", dependencies: ["GlanceRules", "GlanceSurfaces", "GlanceProject"] + syntaxDependencies,
                swiftSettings: syntaxCompile, linkerSettings: syntaxLink),
        // violations / surfaces → text
        .target(name: "GlanceReporters", dependencies: ["GlanceRules", "GlancePayload", "GlancePush", "GlanceInput"], swiftSettings: syntaxCompile),
        // command line (its `--version` names the SwiftSyntax it was built with)
        .target(name: "GlanceCLI", dependencies: ["GlanceReporters", "GlancePayload", "GlanceConfiguration", "GlancePush", "GlanceInput", "GlanceCache",
                                                "GlanceFix"] + syntaxDependencies,
                swiftSettings: syntaxCompile),
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
        .testTarget(name: "GlancePushTests", dependencies: ["GlancePush", "GlanceCLI", "GlanceSourceIndex", "GlanceInput"], exclude: ["Fixtures"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlanceRulesTests", dependencies: ["GlanceRules"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlanceConfigurationTests", dependencies: ["GlanceConfiguration", "GlanceProject"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlanceReportersTests", dependencies: ["GlanceReporters"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlanceFixTests", dependencies: ["GlanceFix", "GlanceProject"], swiftSettings: syntaxCompile),
        .testTarget(name: "GlanceCLITests", dependencies: ["GlanceCLI", "GlanceSourceIndex", "GlanceCache", "GlanceProject"], exclude: ["Expected", "Fixtures"], swiftSettings: syntaxCompile),
    ] + (stop.map { [.target(name: "GlanceNeedsSwiftSyntax", path: $0)] } ?? []),
    swiftLanguageModes: [.v6]
)
