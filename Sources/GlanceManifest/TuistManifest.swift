internal import SwiftSyntax
internal import SwiftParser
import Foundation

/// What Glance needs from a Tuist `Project.swift`, read with SwiftParser — never compiled or run: each
/// target's name, product, platforms, source globs, dependencies, bundle id, deployment targets, Info.plist,
/// entitlements, resources and build settings, and the project's own settings. Only literal forms are
/// understood, also through a top-level `let` that names them (`let widget = Target.target(…)`); a target
/// built by helper code (`Project.app(…)`, `.featureTarget(…)`) is listed in `unreadable`, and a target's
/// computed arguments in its `computed`, so callers know what is not known.
///
/// Tuist's types: <https://docs.tuist.dev/en/references/project-description/structs/target>.
public struct TuistManifest: Sendable, Equatable {
    /// A `sources:` or `resources:` glob, relative to the manifest's folder, with the globs it excludes.
    public struct Glob: Sendable, Equatable {
        public let pattern: String
        public let excluding: [String]

        public init(pattern: String, excluding: [String] = []) {
            self.pattern = pattern
            self.excluding = excluding
        }
    }

    /// A dependency on another target: of this manifest (`.target(name:)`), or of the manifest in the folder
    /// `projectPath` (`.project(target:path:)`, relative to this manifest's folder).
    public struct Dependency: Sendable, Equatable {
        public let target: String
        public let projectPath: String?

        public init(target: String, projectPath: String? = nil) {
            self.target = target
            self.projectPath = projectPath
        }
    }

    /// A property-list value written literally: Swift literals (`"a"`, `true`, `3`, `1.5`, `[…]`, `[…: …]`)
    /// or Tuist's `Plist.Value` cases (`.string(…)`, `.boolean(…)`, `.integer(…)`, `.real(…)`, `.array(…)`,
    /// `.dictionary(…)`).
    public indirect enum PlistLiteral: Sendable, Equatable {
        case string(String)
        case boolean(Bool)
        case integer(Int)
        case real(Double)
        case array([PlistLiteral])
        case dictionary([String: PlistLiteral])
    }

    /// A target's `infoPlist:`.
    public enum InfoPlist: Sendable, Equatable {
        /// Absent, or `.default`: Tuist writes its default Info.plist for the product.
        case `default`
        /// `.extendingDefault(with: […])`: the default Info.plist, these keys replacing its own.
        case extendingDefault([String: PlistLiteral])
        /// `.dictionary([…])`: Tuist writes exactly these keys.
        case dictionary([String: PlistLiteral])
        /// `.file(path:)` or a string: a file, relative to the manifest's folder.
        case file(String)
        /// `.variable("$(NAME)")` or a string that starts with `$(`: `INFOPLIST_FILE` is set to it.
        case variable(String)
    }

    /// A target's `entitlements:`.
    public enum Entitlements: Sendable, Equatable {
        /// `.file(path:)` or a string: a file, relative to the manifest's folder.
        case file(String)
        /// `.dictionary([…])`: Tuist writes exactly these entitlements.
        case dictionary([String: PlistLiteral])
        /// `.variable("$(NAME)")` or a string that starts with `$(`: `CODE_SIGN_ENTITLEMENTS` is set to it.
        case variable(String)
    }

    /// A build setting's value: a string (`true`/`false` become `YES`/`NO`, as Tuist's `SettingValue` does),
    /// or a list of strings.
    public enum SettingLiteral: Sendable, Equatable {
        case string(String)
        case array([String])
    }

    /// `settings:` of a project or a target (`.settings(base:debug:release:…)`,
    /// `.settings(base:configurations:…)`), as far as literal.
    public struct Settings: Sendable, Equatable {
        /// One `.debug(name:settings:xcconfig:)` or `.release(…)` configuration.
        public struct Configuration: Sendable, Equatable {
            public let name: String
            /// A `.debug(…)` configuration (Tuist's debug variant), not a `.release(…)` one.
            public let isDebug: Bool
            public let settings: [String: SettingLiteral]
            /// The `.xcconfig` file, relative to the manifest's folder.
            public let xcconfig: String?

            public init(name: String, isDebug: Bool, settings: [String: SettingLiteral] = [:], xcconfig: String? = nil) {
                self.name = name
                self.isDebug = isDebug
                self.settings = settings
                self.xcconfig = xcconfig
            }
        }

        public let base: [String: SettingLiteral]
        /// The configurations, in the order written; `.settings(base:debug:release:)` gives `Debug` and `Release`.
        public let configurations: [Configuration]
        /// `defaultSettings:` (`recommended`, `essential` or `none`), when given.
        public let defaultSettings: String?
        /// `defaultConfiguration:`, when given.
        public let defaultConfiguration: String?

        public init(base: [String: SettingLiteral] = [:], configurations: [Configuration] = [], defaultSettings: String? = nil,
                    defaultConfiguration: String? = nil) {
            self.base = base
            self.configurations = configurations
            self.defaultSettings = defaultSettings
            self.defaultConfiguration = defaultConfiguration
        }
    }

    /// An argument of a target that is written but not literal.
    public enum Field: String, Sendable, Equatable, CaseIterable {
        case product, destinations, sources, buildableFolders, dependencies
        case bundleId, deploymentTargets, infoPlist, entitlements, resources, settings

        /// Whether the argument's name is a plural (`sources are`, `infoPlist is`).
        public var isPlural: Bool { ![.product, .bundleId, .infoPlist].contains(self) }
    }

    public struct Target: Sendable, Equatable {
        public let name: String
        /// `productName:`, when given literally (the module name derives from it).
        public let productName: String?
        /// The `product:` case (`app`, `appExtension`, `watch2App`, `framework`, …), nil when not literal.
        public let product: String?
        /// The `destinations:` or `platform:` cases as written (`iOS`, `iPhone`, `watchOS`, `mac`, …).
        public let platforms: [String]
        /// `sources:` globs.
        public let sources: [Glob]
        /// `buildableFolders:` paths (Xcode 16 synchronized folders): every file below them.
        public let buildableFolders: [String]
        public let dependencies: [Dependency]
        /// Products of packages the target links (`.external(name:)`, `.package(product:)`), whose sources are
        /// not read.
        public let packageProducts: [String]
        /// `bundleId:`, when literal.
        public let bundleId: String?
        /// `deploymentTargets:` (or Tuist 3's `deploymentTarget:`) by platform (`iOS`, `macOS`, `watchOS`,
        /// `tvOS`, `visionOS`) → version.
        public let deploymentTargets: [String: String]
        /// `infoPlist:`; `.default` when absent (Tuist's default); nil when computed.
        public let infoPlist: InfoPlist?
        /// `entitlements:`; nil when absent or computed (`computed` tells which).
        public let entitlements: Entitlements?
        /// `resources:` globs (`.folderReference(path:)` as its path).
        public let resources: [Glob]
        /// `settings:`, when given and literal.
        public let settings: Settings?
        /// Arguments written but not literal, each with its expression as written (shortened, in backquotes):
        /// what they set is not known.
        public let computed: [Field: String]
        /// Where the target's call is in the manifest: its first and last line (1-based) and first column.
        public let line: Int
        public let endLine: Int
        public let column: Int

        public init(name: String, productName: String? = nil, product: String?, platforms: [String], sources: [Glob] = [],
                    buildableFolders: [String] = [], dependencies: [Dependency] = [], packageProducts: [String] = [], bundleId: String? = nil,
                    deploymentTargets: [String: String] = [:], infoPlist: InfoPlist? = .default, entitlements: Entitlements? = nil,
                    resources: [Glob] = [], settings: Settings? = nil, computed: [Field: String] = [:], line: Int = 1, endLine: Int = 1, column: Int = 1) {
            self.name = name
            self.productName = productName
            self.product = product
            self.platforms = platforms
            self.sources = sources
            self.buildableFolders = buildableFolders
            self.dependencies = dependencies
            self.packageProducts = packageProducts
            self.bundleId = bundleId
            self.deploymentTargets = deploymentTargets
            self.infoPlist = infoPlist
            self.entitlements = entitlements
            self.resources = resources
            self.settings = settings
            self.computed = computed
            self.line = line
            self.endLine = endLine
            self.column = column
        }

        /// Whether what the target builds, from what and with what, is all literal: its product, platforms,
        /// files and dependencies (so its kind and what embeds it are known).
        public var isLiteral: Bool {
            product != nil && [Field.product, .destinations, .sources, .buildableFolders, .dependencies].allSatisfy { computed[$0] == nil }
        }
    }

    /// The `Project(name:)`, when literal.
    public let name: String?
    public let targets: [Target]
    /// The project's `settings:`, when given and literal.
    public let settings: Settings?
    /// The project's `settings:` as written (shortened, in backquotes) when they are not literal.
    public let computedSettings: String?
    /// What keeps targets from being read, each saying what: no literal `Project(…)`, `targets:` not an array
    /// literal, a target built by helper code or named by a computed name. (A read target's computed arguments
    /// are in its `computed`.)
    public let unreadable: [String]

    /// Whether every target the manifest describes was read.
    public var allTargetsRead: Bool { unreadable.isEmpty }

    /// Reads a manifest's text. The caller reads the file within Glance's limits and checks the text with
    /// `ParseGuard` first (see `LooseSources`).
    public static func parse(_ text: String) -> TuistManifest {
        let tree = Parser.parse(source: text)
        var reader = TuistReader(tree: tree)
        reader.read()
        return TuistManifest(name: reader.name, targets: reader.targets, settings: reader.settings,
                             computedSettings: reader.computedSettings, unreadable: reader.unreadable)
    }
}
