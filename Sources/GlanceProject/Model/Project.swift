import Foundation

/// What a target builds, in the terms rules care about.
public enum TargetKind: String, Sendable, Codable, CaseIterable {
    /// An iOS, iPadOS, macOS or visionOS application (also App Clips).
    case app
    /// A watchOS application (single-target watch app, or the WatchKit app of the older two-part layout).
    case watchApp
    /// A WidgetKit extension (`NSExtensionPointIdentifier` = `com.apple.widgetkit-extension`).
    case widgetExtension
    /// A WatchKit extension of the older two-part watch app layout.
    case watchExtension
    /// Any other app extension (intents, notification service, share, …).
    case appExtension
    case framework
    case library
    case testBundle
    /// Targets Glance cannot classify: aggregate targets, unknown product types, or loose sources without a project.
    case unknown

    public var isApp: Bool { self == .app || self == .watchApp }
    public var isExtension: Bool { self == .widgetExtension || self == .appExtension || self == .watchExtension }
}

/// An Apple platform, named as in SDKROOT.
public enum Platform: String, Sendable, Codable, CaseIterable, Comparable {
    case iOS = "iphoneos"
    case watchOS = "watchos"
    case macOS = "macosx"
    case tvOS = "appletvos"
    case visionOS = "xros"

    public var displayName: String {
        switch self {
        case .iOS: return "iOS"
        case .watchOS: return "watchOS"
        case .macOS: return "macOS"
        case .tvOS: return "tvOS"
        case .visionOS: return "visionOS"
        }
    }

    /// The build setting that holds the deployment target.
    public var deploymentTargetSetting: String {
        switch self {
        case .iOS: return "IPHONEOS_DEPLOYMENT_TARGET"
        case .watchOS: return "WATCHOS_DEPLOYMENT_TARGET"
        case .macOS: return "MACOSX_DEPLOYMENT_TARGET"
        case .tvOS: return "TVOS_DEPLOYMENT_TARGET"
        case .visionOS: return "XROS_DEPLOYMENT_TARGET"
        }
    }

    /// Maps an SDK or platform name (`iphoneos`, `iphonesimulator`, `watchsimulator`, `macosx`, …).
    public init?(sdk: String) {
        let name = sdk.lowercased()
        if name.hasPrefix("iphone") { self = .iOS }
        else if name.hasPrefix("watch") { self = .watchOS }
        else if name.hasPrefix("macos") { self = .macOS }
        else if name.hasPrefix("appletv") { self = .tvOS }
        else if name.hasPrefix("xr") { self = .visionOS }
        else { return nil }
    }

    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A resolved build-setting value: known text, or unknown because it depends on something Glance cannot see.
public enum SettingValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case known(String)
    /// The value depends on settings that are not defined anywhere Glance can read (named in `missing`).
    case unknown(missing: [String])

    public var known: String? { if case .known(let value) = self { return value } else { return nil } }
    public var description: String {
        switch self {
        case .known(let value): return value
        case .unknown(let missing): return "<unknown: \(missing.joined(separator: ", "))>"
        }
    }
}

/// One build configuration (`Debug`, `Release`, …) of one target, fully resolved.
public struct TargetConfiguration: Sendable, Codable {
    public let name: String
    /// Settings as resolved for this target and configuration (see `BuildSettings`).
    public let settings: BuildSettings
    /// The merged Info.plist: the `INFOPLIST_FILE` contents plus generated `INFOPLIST_KEY_*` keys (facts XC-01…05).
    public let infoPlist: [String: PlistValue]
    /// Where the Info.plist came from (for messages): the file, relative to the project folder, if any.
    public let infoPlistFile: String?
    /// The entitlements (`CODE_SIGN_ENTITLEMENTS`), values with build settings expanded.
    public let entitlements: [String: PlistValue]
    public let entitlementsFile: String?
    /// Why this configuration's Info.plist or entitlements are incomplete (a file missing, a setting unknown).
    public let notes: [String]
    /// The `XCBuildConfiguration` object id in project.pbxproj (for locating findings), if any.
    public let objectID: String?
    /// Why the merged Info.plist is incomplete (its file missing or malformed), if it is.
    public let infoPlistProblem: String?
    /// Why the entitlements are unknown (the `CODE_SIGN_ENTITLEMENTS` file missing, unreadable or malformed,
    /// or the setting unresolved), if they are. Rules about entitlements skip such configurations.
    public let entitlementsProblem: String?
    /// `.xcconfig` files (relative to the lint root) whose settings this configuration should have and does not:
    /// a base configuration file, or one it includes, that does not exist (CocoaPods' `Pods-*.xcconfig` not
    /// committed), cannot be read or leads outside the folder. Settings such files may assign (compilation
    /// conditions, say) are then not fully known.
    public let unreadSettingsFiles: [String]

    public init(name: String, settings: BuildSettings, infoPlist: [String: PlistValue], infoPlistFile: String?,
                entitlements: [String: PlistValue], entitlementsFile: String?, notes: [String], objectID: String? = nil,
                infoPlistProblem: String? = nil, entitlementsProblem: String? = nil, unreadSettingsFiles: [String] = []) {
        self.unreadSettingsFiles = unreadSettingsFiles
        self.objectID = objectID
        self.infoPlistProblem = infoPlistProblem
        self.entitlementsProblem = entitlementsProblem
        self.name = name
        self.settings = settings
        self.infoPlist = infoPlist
        self.infoPlistFile = infoPlistFile
        self.entitlements = entitlements
        self.entitlementsFile = entitlementsFile
        self.notes = notes
    }

    /// `com.apple.security.application-groups`, or nil when the entitlements do not have the key.
    public var appGroups: [String]? { entitlements["com.apple.security.application-groups"]?.strings }
    /// `aps-environment` (or the macOS `com.apple.developer.aps-environment`).
    public var apsEnvironment: String? {
        entitlements["aps-environment"]?.string ?? entitlements["com.apple.developer.aps-environment"]?.string
    }
}

/// An embedding of one target's product in another (a copy-files phase of the host).
public struct Embedding: Sendable, Hashable, Codable {
    /// The embedded target's id.
    public let embeddedTargetID: String
    /// The copy phase's `name` (e.g. "Embed Foundation Extensions"), if any.
    public let phaseName: String?
    /// `runOnlyForDeploymentPostprocessing = 1`: copied only when installing.
    public let onlyWhenInstalling: Bool

    public init(embeddedTargetID: String, phaseName: String?, onlyWhenInstalling: Bool) {
        self.embeddedTargetID = embeddedTargetID
        self.phaseName = phaseName
        self.onlyWhenInstalling = onlyWhenInstalling
    }
}

/// A target of the project, with what it builds and how.
public struct Target: Sendable, Codable, Identifiable {
    /// The pbxproj object id (unique within a project; prefixed with the project path when several are read).
    public let id: String
    public let name: String
    /// The `productType` from the project (`com.apple.product-type.app-extension`, …), nil for aggregate targets.
    public let productType: String?
    public let kind: TargetKind
    /// Why `kind` was chosen (e.g. "NSExtensionPointIdentifier com.apple.widgetkit-extension").
    public let kindReason: String
    /// Platforms the target builds for (from SDKROOT / SUPPORTED_PLATFORMS), sorted.
    public let platforms: [Platform]
    /// Swift source files compiled into the target: absolute paths, as on disk.
    public let sources: [String]
    /// Asset catalogs in the target's resources: absolute paths.
    public let assetCatalogs: [String]
    /// Loose image files in the target's resources (`logo.png`): absolute paths.
    public let resourceImages: [String]
    /// Configurations by name, in the project's order.
    public let configurations: [TargetConfiguration]
    /// The configuration Xcode uses by default (`defaultConfigurationName`), or the first.
    public let defaultConfigurationName: String?
    /// Ids of targets this one depends on (`PBXTargetDependency`).
    public let dependencies: [String]
    /// The targets whose products this target copies into itself, with how.
    public let embeds: [Embedding]
    /// The project file this target comes from, relative to the lint root.
    public let projectPath: String?
    /// Objective-C implementation files (`.m`, `.mm`) compiled into the target: absolute paths. Glance does not
    /// read them as code.
    public let objectiveCSources: [String]
    /// Swift packages the target links whose sources Glance does not read: remote packages (by repository name,
    /// `MHPlatform`) and products no local package of the project provides (`WalletCore`, added by a workspace).
    public let unreadPackages: [String]
    /// URL-handling methods the target's Objective-C files implement (`application:openURL:options:`), found by
    /// `ObjectiveCMethods`; set by the loader.
    public internal(set) var objectiveCURLMethods: [ObjectiveCMethod] = []
    /// Where a target read from a generator's manifest is declared (Tuist's `.target(…)` call in
    /// `Project.swift`), for findings about its configuration; nil for targets of an Xcode project.
    public let manifest: ManifestPlace?

    public init(id: String, name: String, productType: String?, kind: TargetKind, kindReason: String,
                platforms: [Platform], sources: [String], assetCatalogs: [String], resourceImages: [String] = [], configurations: [TargetConfiguration],
                defaultConfigurationName: String?, dependencies: [String], embeds: [Embedding], projectPath: String?,
                objectiveCSources: [String] = [], unreadPackages: [String] = [], manifest: ManifestPlace? = nil) {
        self.manifest = manifest
        self.id = id
        self.name = name
        self.productType = productType
        self.kind = kind
        self.kindReason = kindReason
        self.platforms = platforms
        self.sources = sources
        self.assetCatalogs = assetCatalogs
        self.resourceImages = resourceImages
        self.configurations = configurations
        self.defaultConfigurationName = defaultConfigurationName
        self.dependencies = dependencies
        self.embeds = embeds
        self.projectPath = projectPath
        self.objectiveCSources = objectiveCSources
        self.unreadPackages = unreadPackages
    }

    public var defaultConfiguration: TargetConfiguration? {
        configurations.first { $0.name == defaultConfigurationName } ?? configurations.first
    }

    /// The `PRODUCT_BUNDLE_IDENTIFIER` of the default configuration, when known.
    public var bundleIdentifier: String? { defaultConfiguration?.settings.value("PRODUCT_BUNDLE_IDENTIFIER").known }

    /// The deployment target for a platform, e.g. "17.0", when known.
    public func deploymentTarget(for platform: Platform) -> String? {
        defaultConfiguration?.settings.value(platform.deploymentTargetSetting).known
    }
}

/// The lines of a manifest that declare a target: the file (relative to the lint root), its first and last line
/// (1-based) and its first column.
public struct ManifestPlace: Sendable, Hashable, Codable {
    public let file: String
    public let line: Int
    public let endLine: Int
    public let column: Int

    public init(file: String, line: Int, endLine: Int, column: Int) {
        self.file = file
        self.line = line
        self.endLine = endLine
        self.column = column
    }
}

extension Collection where Element == Target {
    /// Whether code compiled into these targets is compiled only into test bundles (so runs in no app or extension):
    /// false for none.
    public var areOnlyTestBundles: Bool { !isEmpty && allSatisfy { $0.kind == .testBundle } }
}

/// A Swift module: the unit of name lookup. A declaration is visible in the files of its own module and in
/// the files that import that module by `name`. Each target builds one module from its own sources; each
/// local package target it links is a module of its own (its files are also in the target's `sources`,
/// because their code ends up in the target's product).
public struct SwiftModule: Sendable, Codable, Identifiable {
    /// A target's own module has the target's id; a package target's is `package:<folder>#<name>`, the
    /// folder relative to the lint root.
    public let id: String
    /// The name code imports it by (`PRODUCT_MODULE_NAME`, or the package target's name).
    public let name: String
    /// Swift files compiled into the module: absolute paths.
    public let sources: [String]
    /// Ids of the modules it links: package targets, and the targets it depends on.
    public let dependencies: [String]

    public init(id: String, name: String, sources: [String], dependencies: [String] = []) {
        self.id = id
        self.name = name
        self.sources = sources
        self.dependencies = dependencies
    }

    /// The module name Xcode derives from a product name (`$(PRODUCT_NAME:c99extidentifier)`): characters
    /// that cannot be in an identifier become `_`, and a leading digit gets a `_` before it.
    public static func moduleName(forTarget name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if result.first?.isNumber == true { result = "_" + result }
        return result.isEmpty ? "_" : result
    }
}

/// What a project model knows beyond the Swift code. A rule declares the facts it needs
/// (`RuleDescription.requires`); the engine runs it only where the model has them, and records a skip
/// otherwise. An Xcode project gives all of them; a folder read from Tuist manifests gives those every
/// manifest states literally (`ProjectModel.knownFacts`); other folders without a project give none.
public struct ProjectFacts: OptionSet, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// What each target builds (app, widget extension, watch app, …), for which platforms, and which files it
    /// compiles.
    public static let targets = ProjectFacts(rawValue: 1 << 0)
    /// Which app embeds which extension or watch app (copy-files phases).
    public static let embedding = ProjectFacts(rawValue: 1 << 1)
    /// Each target's merged Info.plist.
    public static let infoPlist = ProjectFacts(rawValue: 1 << 2)
    /// Each target's entitlements.
    public static let entitlements = ProjectFacts(rawValue: 1 << 3)
    /// Each target's resources: asset catalogs and loose images.
    public static let resources = ProjectFacts(rawValue: 1 << 4)

    public static let all: ProjectFacts = [.targets, .embedding, .infoPlist, .entitlements, .resources]

    /// Each fact's name for messages, in declaration order.
    public static let names: [(ProjectFacts, String)] = [
        (.targets, "target kinds"), (.embedding, "embedding"), (.infoPlist, "Info.plist"),
        (.entitlements, "entitlements"), (.resources, "asset catalogs"),
    ]

    /// Stable identifiers of the facts held, for JSON (`targets`, `embedding`, `infoPlist`, `entitlements`, `resources`).
    public var identifiers: [String] {
        let all: [(ProjectFacts, String)] = [(.targets, "targets"), (.embedding, "embedding"), (.infoPlist, "infoPlist"),
                                            (.entitlements, "entitlements"), (.resources, "resources")]
        return all.filter { contains($0.0) }.map(\.1)
    }

    /// `target kinds, embedding and Info.plist`.
    public var description: String {
        let parts = Self.names.filter { contains($0.0) }.map(\.1)
        guard parts.count > 1 else { return parts.first ?? "nothing" }
        return parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}

/// Facts a model lacks and why: `Project.swift: target `.widget(…)` is built by helper code`.
public struct ProjectFactGap: Sendable, Hashable, Codable {
    public let facts: ProjectFacts
    /// What the manifests do not state literally, naming the file.
    public let reason: String

    public init(facts: ProjectFacts, reason: String) {
        self.facts = facts
        self.reason = reason
    }
}

/// A tool that writes the Xcode project from files of its own (a Tuist manifest, an XcodeGen spec, an Expo
/// app config), found in a folder that holds no `.xcodeproj`: the project exists only after the tool runs.
public struct ProjectGenerator: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case tuist, xcodegen, expo
    }

    public let kind: Kind
    /// The file or folder that shows it (`Project.swift`, `project.yml`, `app.json`, `Tuist/`), relative to
    /// the lint root.
    public let evidence: String

    public init(kind: Kind, evidence: String) {
        self.kind = kind
        self.evidence = evidence
    }

    /// `Tuist`, `XcodeGen`, `Expo`.
    public var name: String {
        switch kind {
        case .tuist: return "Tuist"
        case .xcodegen: return "XcodeGen"
        case .expo: return "Expo"
        }
    }

    /// The command that writes the Xcode project, run in the folder of `evidence`.
    public var command: String {
        switch kind {
        case .tuist: return "tuist generate"
        case .xcodegen: return "xcodegen generate"
        case .expo: return "npx expo prebuild"
        }
    }
}

/// Everything Glance read about the project(s) at the lint root.
public struct ProjectModel: Sendable, Codable {
    /// The folder paths are reported relative to (the folder given, or the folder holding the project).
    public let root: String
    /// Project files read, relative to `root`.
    public let projectFiles: [String]
    public let targets: [Target]
    /// Swift files found under `root` that no target compiles (absolute paths).
    public let unassignedSources: [String]
    /// True when no `.xcodeproj` was found. The Swift files were read as loose sources: one target of unknown
    /// kind, or — where a Tuist manifest or an Expo `targets/` folder says which files make a target — one
    /// target per such target plus one for the files none claims. What else is known is `knownFacts`.
    public let isLooseSources: Bool
    /// What the model knows beyond the code: everything (`.all`) from an Xcode project; from Tuist manifests,
    /// the facts every manifest states literally (`LooseSources`); nothing from other loose sources.
    public let knownFacts: ProjectFacts
    /// Why the facts `knownFacts` lacks are missing, for the skips of rules that need them (empty for an Xcode
    /// project, and for loose sources without manifests: nothing was there to read).
    public let factGaps: [ProjectFactGap]
    /// The generators whose files the folder holds, when it holds no `.xcodeproj` (empty otherwise).
    public let generators: [ProjectGenerator]
    /// Things that could not be read, each naming its file; the run goes on without them.
    public let notes: [String]
    /// Projects found beside others that could not be read at all (an `.xcodeproj` folder with no
    /// `project.pbxproj`, a damaged one), each as its error: `Old.xcodeproj: no project.pbxproj inside`.
    public var unreadProjects: [String] = []
    /// The asset catalogs of all targets, by absolute path.
    public let assetCatalogs: [String: AssetCatalog]
    /// The Swift modules: one per target (same id), plus one per local package target a target links.
    public let modules: [SwiftModule]

    /// `modules` defaults to one module per target, named after it, holding its sources; `knownFacts` to all of
    /// them for a project and none for loose sources.
    public init(root: String, projectFiles: [String], targets: [Target], unassignedSources: [String],
                isLooseSources: Bool, notes: [String], assetCatalogs: [String: AssetCatalog] = [:], modules: [SwiftModule]? = nil,
                generators: [ProjectGenerator] = [], knownFacts: ProjectFacts? = nil, factGaps: [ProjectFactGap] = []) {
        self.knownFacts = knownFacts ?? (isLooseSources ? [] : .all)
        self.factGaps = factGaps
        self.generators = generators
        self.assetCatalogs = assetCatalogs
        self.modules = modules ?? targets.map { SwiftModule(id: $0.id, name: SwiftModule.moduleName(forTarget: $0.name), sources: $0.sources) }
        self.root = root
        self.projectFiles = projectFiles
        self.targets = targets
        self.unassignedSources = unassignedSources
        self.isLooseSources = isLooseSources
        self.notes = notes
    }

    public func target(id: String) -> Target? { targets.first { $0.id == id } }
    public func module(id: String) -> SwiftModule? { modules.first { $0.id == id } }

    /// The asset catalogs in a target's resources.
    public func catalogs(of target: Target) -> [AssetCatalog] { target.assetCatalogs.compactMap { assetCatalogs[$0] } }

    /// The targets that copy the given one into their product, with how.
    public func hosts(of target: Target) -> [(host: Target, embedding: Embedding)] {
        targets.flatMap { host in
            host.embeds.filter { $0.embeddedTargetID == target.id }.map { (host: host, embedding: $0) }
        }
    }

    /// A path relative to `root`, `/`-separated.
    public func relativePath(_ absolute: String) -> String { absolute.relative(to: root) }
}
