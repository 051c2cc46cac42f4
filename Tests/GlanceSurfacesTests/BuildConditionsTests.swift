import Testing
import GlanceProject
@testable import GlanceSurfaces

/// A target with Debug and Release configurations, each with its own settings.
private func target(_ platforms: [Platform] = [.iOS], debug: [String: String] = [:], release: [String: String] = [:],
                    unread: [String] = [], id: String = "T") -> Target {
    let configurations = [("Debug", debug), ("Release", release)].map { name, values -> TargetConfiguration in
        let assignments = values.sorted { $0.key < $1.key }.map { SettingAssignment(name: $0.key, value: $0.value, origin: "test") }
        return TargetConfiguration(name: name, settings: BuildSettings(layers: [assignments], builtins: [:], sdk: platforms.first?.rawValue, configuration: name),
                                   infoPlist: [:], infoPlistFile: nil, entitlements: [:], entitlementsFile: nil, notes: [],
                                   unreadSettingsFiles: unread)
    }
    return Target(id: id, name: id, productType: nil, kind: .widgetExtension, kindReason: "test", platforms: platforms, sources: [],
                  assetCatalogs: [], configurations: configurations, defaultConfigurationName: "Debug", dependencies: [], embeds: [], projectPath: nil)
}

private func conditions(for targets: [Target]) -> BuildConditions {
    BuildConditions(project: ProjectModel(root: "/p", projectFiles: [], targets: targets, unassignedSources: [], isLooseSources: false, notes: []))
}

struct BuildConditionsTests {
    @Test func platformsDecideOSChecks() {
        let watch = target([.watchOS])
        let build = conditions(for: [watch])
        #expect(build.compiles(["os(watchOS)"], in: watch) == true)
        #expect(build.compiles(["!(os(watchOS))"], in: watch) == false)
        #expect(build.compiles(["os(iOS) || os(macOS)"], in: watch) == false)
        #expect(build.compiles(["os(iOS)", "os(watchOS)"], in: watch) == false)
        // A target built for two platforms compiles code that one of them compiles.
        let both = target([.iOS, .macOS])
        #expect(conditions(for: [both]).compiles(["os(macOS)"], in: both) == true)
        #expect(conditions(for: [both]).compiles(["os(macOS)"], in: both, platform: .iOS) == false)
    }

    /// FC3-10: custom conditions come from the configuration's settings; what Release does not set is false there.
    @Test func customConditionsPerConfiguration() {
        let widgets = target(debug: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG $(inherited)", "OTHER_SWIFT_FLAGS": "-D FEATURE_WIDGETS -DBETA"])
        let build = conditions(for: [widgets])
        #expect(build.compiles(["DEBUG"], in: widgets) == false)                       // the shipping build is Release
        #expect(build.compiles(["DEBUG"], in: widgets, configuration: "Debug") == true)
        #expect(build.compiles(["FEATURE_WIDGETS"], in: widgets) == false)
        #expect(build.compiles(["BETA && FEATURE_WIDGETS"], in: widgets, configuration: "Debug") == true)
        #expect(build.configurations(compiling: ["FEATURE_WIDGETS"], in: widgets) == ["Debug"])
        #expect(build.compiles(["!DEBUG"], in: widgets) == true)
    }

    /// A configuration file that was not read (CocoaPods' xcconfig, not committed) may set any condition: what the
    /// settings do set is true, anything else unknown, never false.
    @Test func unreadSettingsLeaveOtherConditionsUnknown() {
        let app = target(release: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "RELEASE"], unread: ["Pods/Target Support Files/Pods-App.release.xcconfig"])
        let build = conditions(for: [app])
        #expect(build.compiles(["RELEASE"], in: app) == true)
        #expect(build.compiles(["COCOAPODS"], in: app) == nil)
        #expect(build.compiles(["!COCOAPODS"], in: app) == nil)
        #expect(build.compiles(["COCOAPODS || os(iOS)"], in: app) == true)
        #expect(build.compiles(["COCOAPODS && os(watchOS)"], in: app) == false)
        // A setting that depends on a setting defined nowhere is unknown too.
        let unknown = target(release: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "$(FLAGS_FROM_CI)"])
        #expect(conditions(for: [unknown]).compiles(["FEATURE"], in: unknown) == nil)
    }

    /// Unknowns are answered every way: a condition is decided only where all answers agree, also when one
    /// unknown appears twice with opposite signs, or two unknowns are combined.
    @Test func unknownsStayUnknown() {
        let phone = target()
        let build = conditions(for: [phone])
        #expect(build.compiles(["canImport(FirebaseCore)"], in: phone) == nil)
        #expect(build.compiles(["canImport(FirebaseCore) || !canImport(FirebaseCore)"], in: phone) == true)
        #expect(build.compiles(["canImport(A) || !canImport(B)"], in: phone) == nil)
        #expect(build.compiles(["arch(arm64)"], in: phone) == nil)
        #expect(build.compiles(["hasFeature(StrictConcurrency)"], in: phone) == nil)
        #expect(build.compiles(["targetEnvironment(simulator)"], in: phone) == false)
        #expect(build.compiles(["moreThan32EarlierClauses"], in: phone) == nil)
        // Not a condition Swift accepts: unknown.
        #expect(build.compiles(["DEBUG == 1"], in: phone) == nil)
    }

    @Test func frameworksByPlatform() {
        let phone = target(), watch = target([.watchOS], id: "W"), vision = target([.visionOS], id: "V")
        let build = conditions(for: [phone, watch, vision])
        #expect(build.compiles(["canImport(ActivityKit)"], in: phone) == true)
        #expect(build.compiles(["canImport(ActivityKit) && !os(macOS)"], in: watch) == false)
        #expect(build.compiles(["canImport(ActivityKit)"], in: vision) == nil)
        #expect(build.compiles(["canImport(AppKit)"], in: phone) == false)
        #expect(build.compiles(["canImport(UIKit)"], in: watch) == true)
        #expect(build.compiles(["canImport(PZBaseKit)"], in: phone) == nil)
        // An iOS target that also builds for Mac Catalyst: AppKit and ActivityKit are not decided.
        let catalyst = target(release: ["SUPPORTS_MACCATALYST": "YES"], id: "C")
        let withCatalyst = conditions(for: [catalyst])
        #expect(withCatalyst.compiles(["targetEnvironment(macCatalyst)"], in: catalyst) == nil)
        #expect(withCatalyst.compiles(["canImport(UIKit)"], in: catalyst) == true)
        #expect(withCatalyst.compiles(["canImport(ActivityKit)"], in: catalyst) == nil)
        #expect(build.compiles(["targetEnvironment(macCatalyst)"], in: phone) == false)
    }

    /// The compiler is at least Swift 6.0; above that its version is unknown. The language mode follows SWIFT_VERSION.
    @Test func compilerAndLanguageVersions() {
        let five = target(release: ["SWIFT_VERSION": "5.0"]), six = target(release: ["SWIFT_VERSION": "6.0"], id: "S")
        let build = conditions(for: [five, six])
        #expect(build.compiles(["compiler(>=5.9)"], in: five) == true)
        #expect(build.compiles(["compiler(>=6.2)"], in: five) == nil)
        #expect(build.compiles(["compiler(>=6.1) && !compiler(>=6.2)"], in: five) == nil)
        #expect(build.compiles(["compiler(<6.0)"], in: five) == false)
        #expect(build.compiles(["swift(>=6.0)"], in: five) == false)
        #expect(build.compiles(["swift(>=5.9)"], in: five) == true)
        #expect(build.compiles(["swift(>=6.0)"], in: six) == true)
        #expect(build.compiles(["swift(>=6.2)"], in: six) == nil)
    }

    /// Code of a Swift package a target links: the package's manifest sets its conditions, so they are unknown.
    @Test func packageCodeHasItsOwnConditions() {
        let app = target(debug: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG"])
        let module = SwiftModule(id: "package:Kit#Kit", name: "Kit", sources: ["/p/Kit/Sources/Kit/A.swift"])
        let project = ProjectModel(root: "/p", projectFiles: [], targets: [app], unassignedSources: [], isLooseSources: false, notes: [],
                                   modules: [SwiftModule(id: "T", name: "T", sources: [], dependencies: [module.id]), module])
        let build = BuildConditions(project: project)
        #expect(build.compiles(["DEBUG"], in: app) == false)
        #expect(build.compiles(["DEBUG"], in: app, file: "/p/Kit/Sources/Kit/A.swift") == nil)
        #expect(build.compiles(["canImport(Kit)"], in: app) == true)
    }

    @Test func otherSwiftFlagsDefines() {
        let settings = BuildSettings(layers: [[
            SettingAssignment(name: "OTHER_SWIFT_FLAGS", value: "-Xfrontend -warn-long-function-bodies=100 -D A -DB \"-DC\" -DD=1", origin: "t"),
            SettingAssignment(name: "SWIFT_ACTIVE_COMPILATION_CONDITIONS", value: "E  F", origin: "t"),
        ]], builtins: [:], sdk: "iphoneos", configuration: "Release")
        #expect(CompilationFacts.customConditions(in: settings) == ["A", "B", "C", "D", "E", "F"])
    }
}

/// Strings worked out the way the code computes them when it runs, per target (App Group ids).
struct StringEvaluatorTests {
    func evaluate(_ sources: [String: String], _ expression: String, bundle: String?, info: [String: PlistValue] = [:]) -> String? {
        var all = sources
        all["/p/Probe.swift"] = "let probe = \(expression)"
        let surfaces = model(all)
        guard let probe = surfaces.index.file("/p/Probe.swift")?.globals.first(where: { $0.name == "probe" })?.initializer else { return nil }
        return StringEvaluator(resolver: surfaces.resolver).value(of: probe, context: nil, in: StringEnvironment(bundleIdentifier: bundle, infoPlist: info))
    }

    @Test func bundleIdentifierAndInfoPlist() {
        #expect(evaluate([:], #""group." + Bundle.main.bundleIdentifier!"#, bundle: "com.example.app.widgets") == "group.com.example.app.widgets")
        #expect(evaluate([:], #""group.\(Bundle.main.bundleIdentifier ?? "x")""#, bundle: "com.example.app") == "group.com.example.app")
        #expect(evaluate([:], #""group." + Bundle.main.bundleIdentifier!"#, bundle: nil) == nil)
        // A left side Glance cannot work out (a package's property) may hold a value: not the fallback, unknown.
        #expect(evaluate([:], #""group.\(Bundle.main.mainBundleIdentifier ?? Bundle.main.bundleIdentifier!)""#, bundle: "com.example.app.widgets") == nil)
        #expect(evaluate([:], #"Bundle.main.object(forInfoDictionaryKey: "GroupPrefix") as? String"#, bundle: nil,
                         info: ["GroupPrefix": .string("group.com.example")]) == "group.com.example")
    }

    /// A computed property that strips suffixes from the bundle id step by step, and a constant built by a closure
    /// that reads the Info.plist (the shapes of two large public apps).
    @Test func computedPropertiesAndClosures() {
        let constants = """
            enum AppConstants {
                static var bundleID: String {
                    let base = Bundle.main.bundleIdentifier!
                    var stripped = base.replacingOccurrences(of: ".Widgets", with: "")
                    stripped = stripped.replacingOccurrences(of: ".watchkitapp", with: "")
                    return stripped
                }
                static var groupID: String { "group." + bundleID.lowercased() }
            }
            struct Global {
                static let prefix: String = {
                    let key = "GroupPrefix"
                    guard let prefix = Bundle.main.object(forInfoDictionaryKey: key) as? String else { fatalError("no prefix") }
                    return prefix
                }()
                static let bookmarks = "\\(Global.prefix).bookmarks"
            }
            """
        #expect(evaluate(["/p/Constants.swift": constants], "AppConstants.groupID", bundle: "io.Example.App.Widgets") == "group.io.example.app")
        #expect(evaluate(["/p/Constants.swift": constants], "Global.bookmarks", bundle: nil, info: ["GroupPrefix": .string("group.com.ddg")])
                == "group.com.ddg.bookmarks")
        // A branch that chooses, or a parameter: unknown.
        let branching = "enum Pick { static var id: String { if Bool.random() { return \"a\" }; return \"b\" } }"
        #expect(evaluate(["/p/Pick.swift": branching], "Pick.id", bundle: "x") == nil)
    }
}
