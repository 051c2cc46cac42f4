import Foundation
import GlancePayload
import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// A small project a rule is run on: Swift files with their target membership, and the targets' Info.plist,
/// entitlements and asset catalogs. Triggering examples mark where each violation must be reported with
/// `↓` (the violation is at the character after it), or list the places in `expectedPlaces`.
///
/// The default targets form a correct app: `App` (iOS app, `com.example.app`) embeds the `Widgets` widget
/// extension and the `Watch` app, which embeds `WatchWidgets`. An example only states what differs.
public struct RuleExample: Sendable {
    public var files: [ExampleFile]
    public var targets: [ExampleTarget]
    /// `path:line:column` of each expected violation, when they are not in Swift files (Info.plist, the project).
    public var expectedPlaces: [String]?
    public var note: String?
    /// For payload rules: the push checked against the example's Swift types.
    public var payload: PayloadExample?
    /// Whether every file sees Apple's frameworks as if it imported them (examples leave `import`s out). An
    /// example about imports and shadowing (an app's own `AlarmManager`) turns this off and writes its imports.
    public var importsFrameworks = true
    /// For a triggering example whose violations the rule reports at another severity than its default.
    public var severity: Severity?
    /// Whether the example runs the rule as the configuration's `opt_in_rules` names it (`RuleContext.isOptedIn`).
    public var isOptedIn = false

    public init(files: [ExampleFile], targets: [ExampleTarget] = ExampleTarget.defaults, expectedPlaces: [String]? = nil, note: String? = nil) {
        self.files = files
        self.targets = targets
        self.expectedPlaces = expectedPlaces
        self.note = note
    }

    /// One file in the widget extension.
    public static func widget(_ source: String) -> RuleExample { RuleExample(files: [.widget(source)]) }
    /// One file in the app.
    public static func app(_ source: String) -> RuleExample { RuleExample(files: [.app(source)]) }
    /// One file in both the app and the widget extension.
    public static func shared(_ source: String) -> RuleExample { RuleExample(files: [.shared(source)]) }
    /// One file in the watchOS widget extension.
    public static func watchWidget(_ source: String) -> RuleExample { RuleExample(files: [.watchWidget(source)]) }
    /// One file in the watchOS app.
    public static func watch(_ source: String) -> RuleExample { RuleExample(files: [.watch(source)]) }

    /// Changes one target.
    public func with(_ name: String, _ change: (inout ExampleTarget) -> Void) -> RuleExample {
        var copy = self
        if let index = copy.targets.firstIndex(where: { $0.name == name }) { change(&copy.targets[index]) }
        return copy
    }

    /// A triggering example reported at `severity` rather than the rule's default.
    public func reported(as severity: Severity) -> RuleExample {
        var copy = self
        copy.severity = severity
        return copy
    }

    /// The example with the rule named in `opt_in_rules` (see `RuleDescription.optInScope`).
    public func optedIn() -> RuleExample {
        var copy = self
        copy.isOptedIn = true
        return copy
    }

    /// The example with its files' own `import`s only (see `importsFrameworks`).
    public func withoutImplicitImports() -> RuleExample {
        var copy = self
        copy.importsFrameworks = false
        return copy
    }

    public func expecting(_ places: [String]) -> RuleExample {
        var copy = self
        copy.expectedPlaces = places
        return copy
    }

    /// A push, checked against `PayloadExample.types` (or other Swift files compiled into the app).
    public static func payload(_ body: String, headers: String? = nil, broadcast: Bool = false, attributes: String? = nil,
                               types: String = PayloadExample.types) -> RuleExample {
        var example = RuleExample(files: [ExampleFile(path: "Shared/DeliveryAttributes.swift", targets: ["App", "Widgets"], contents: types)])
        example.payload = PayloadExample(body: body, headers: headers, broadcast: broadcast, attributes: attributes)
        return example
    }

    /// The code of all files, for documentation (for payload examples: the body, and headers when given).
    public var code: String {
        if let payload {
            return (payload.headers.map { $0 + "\n" } ?? "") + payload.body
        }
        return files.map { file in files.count == 1 ? file.contents : "// \(file.path) (\(file.targets.joined(separator: ", ")))\n\(file.contents)" }
            .joined(separator: "\n\n")
    }
}

/// A push in a payload rule's example. `↓` in the body or headers marks where a violation is reported.
public struct PayloadExample: Sendable {
    public var body: String
    /// `name: value` lines.
    public var headers: String?
    public var broadcast: Bool
    /// `--attributes`.
    public var attributes: String?

    /// The Swift types payload examples are checked against, compiled into the app and its widget extension.
    public static let types = """
        import ActivityKit

        struct DeliveryAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                enum Stage: String, Codable { case preparing, onTheWay, delivered }
                var stage: Stage
                var eta: Date
                var driverName: String?
            }
            var orderNumber: String
        }
        """
}

public struct ExampleFile: Sendable {
    public var path: String
    public var targets: [String]
    public var contents: String

    public init(path: String, targets: [String], contents: String) {
        self.path = path
        self.targets = targets
        self.contents = contents
    }

    public static func widget(_ source: String, name: String = "Example.swift") -> ExampleFile { ExampleFile(path: "Widgets/" + name, targets: ["Widgets"], contents: source) }
    public static func app(_ source: String, name: String = "App.swift") -> ExampleFile { ExampleFile(path: "App/" + name, targets: ["App"], contents: source) }
    public static func shared(_ source: String, name: String = "Shared.swift") -> ExampleFile { ExampleFile(path: "Shared/" + name, targets: ["App", "Widgets"], contents: source) }
    public static func watch(_ source: String, name: String = "WatchApp.swift") -> ExampleFile { ExampleFile(path: "Watch/" + name, targets: ["Watch"], contents: source) }
    public static func watchWidget(_ source: String, name: String = "WatchWidget.swift") -> ExampleFile { ExampleFile(path: "WatchWidgets/" + name, targets: ["WatchWidgets"], contents: source) }
}

/// A target of an example project.
public struct ExampleTarget: Sendable {
    public var name: String
    public var kind: TargetKind
    public var platform: Platform
    /// Other platforms the target builds for (`SUPPORTED_PLATFORMS` with several SDKs).
    public var additionalPlatforms: [Platform] = []
    public var bundleIdentifier: String
    /// Merged Info.plist per configuration (`Debug`, `Release`); the same for both unless changed.
    public var infoPlist: [String: [String: PlistValue]]
    public var entitlements: [String: [String: PlistValue]]
    public var embeds: [String]
    /// Embedded only when installing (`runOnlyForDeploymentPostprocessing = 1`).
    public var embedsOnlyWhenInstalling: [String] = []
    /// Image sets of its asset catalog: name → (pixel width, height, scale).
    public var images: [String: (width: Double, height: Double, scale: Double)]
    public var colors: [String]
    /// Symbol sets (custom symbols) of its asset catalog, by name.
    public var symbols: [String] = []
    /// Build settings of every configuration besides `PRODUCT_BUNDLE_IDENTIFIER` (`IPHONEOS_DEPLOYMENT_TARGET`, …).
    public var settings: [String: String] = [:]
    /// Why the merged Info.plist is incomplete (`TargetConfiguration.infoPlistProblem`), in every configuration.
    public var infoPlistProblem: String?
    /// Packages the target links whose sources are not read (`Target.unreadPackages`).
    public var unreadPackages: [String] = []
    /// `.xcconfig` files its configurations include that cannot be read (`TargetConfiguration.unreadSettingsFiles`):
    /// its custom compilation conditions are then not all known.
    public var unreadSettingsFiles: [String] = []
    /// Targets it depends on (frameworks it links), by name.
    public var dependencies: [String] = []

    public init(name: String, kind: TargetKind, platform: Platform, bundleIdentifier: String, embeds: [String] = [],
                infoPlist: [String: PlistValue] = [:], entitlements: [String: PlistValue] = [:]) {
        self.name = name
        self.kind = kind
        self.platform = platform
        self.bundleIdentifier = bundleIdentifier
        self.embeds = embeds
        self.infoPlist = ["Debug": infoPlist, "Release": infoPlist]
        self.entitlements = ["Debug": entitlements, "Release": entitlements]
        self.images = [:]
        self.colors = []
    }

    /// Sets an Info.plist key in every configuration.
    public mutating func set(info key: String, _ value: PlistValue) { for name in infoPlist.keys { infoPlist[name]?[key] = value } }
    /// Sets an entitlement in every configuration.
    public mutating func set(entitlement key: String, _ value: PlistValue) { for name in entitlements.keys { entitlements[name]?[key] = value } }
    /// Sets the App Groups entitlement in every configuration.
    public mutating func set(appGroups: [String]) { set(entitlement: "com.apple.security.application-groups", .array(appGroups.map(PlistValue.string))) }

    public static let defaults: [ExampleTarget] = [
        ExampleTarget(name: "App", kind: .app, platform: .iOS, bundleIdentifier: "com.example.app", embeds: ["Widgets", "Watch"]),
        ExampleTarget(name: "Widgets", kind: .widgetExtension, platform: .iOS, bundleIdentifier: "com.example.app.widgets",
                      infoPlist: ["NSExtension": .dictionary(["NSExtensionPointIdentifier": .string("com.apple.widgetkit-extension")])]),
        ExampleTarget(name: "Watch", kind: .watchApp, platform: .watchOS, bundleIdentifier: "com.example.app.watchkitapp", embeds: ["WatchWidgets"]),
        ExampleTarget(name: "WatchWidgets", kind: .widgetExtension, platform: .watchOS, bundleIdentifier: "com.example.app.watchkitapp.widgets",
                      infoPlist: ["NSExtension": .dictionary(["NSExtensionPointIdentifier": .string("com.apple.widgetkit-extension")])]),
    ]
}

/// Runs rules on examples: builds the example's project model in memory and finds the expected places.
public enum ExampleRunner {
    static let root = "/example"

    /// The example's files with the `↓` markers removed, and the marker places (`path:line:column`).
    public static func prepare(_ example: RuleExample) -> (sources: [String: String], places: [String]) {
        var sources: [String: String] = [:]
        var places: [String] = []
        for file in example.files {
            var cleaned = ""
            var line = 1, column = 1
            for character in file.contents {
                if character == "↓" { places.append("\(file.path):\(line):\(column)"); continue }
                cleaned.append(character)
                if character == "\n" { line += 1; column = 1 } else { column += character.utf8.count }
            }
            sources[root + "/" + file.path] = cleaned
        }
        return (sources, example.expectedPlaces ?? places)
    }

    /// The surface model of an example.
    public static func model(for example: RuleExample) -> SurfaceModel {
        var (sources, _) = prepare(example)
        var implicitImports: [String: String] = [:]
        if example.importsFrameworks {
            for target in example.targets {
                let path = "\(root)/.implicit-imports/\(target.name).swift"
                implicitImports[target.name] = path
                sources[path] = frameworks.map { "@_exported import \($0)\n" }.joined()
            }
        }
        var catalogs: [String: AssetCatalog] = [:]
        let targets = example.targets.map { spec -> Target in
            let configurations = ["Debug", "Release"].map { name in
                let assignments = [SettingAssignment(name: "PRODUCT_BUNDLE_IDENTIFIER", value: spec.bundleIdentifier, origin: "example")]
                    + spec.settings.sorted { $0.key < $1.key }.map { SettingAssignment(name: $0.key, value: $0.value, origin: "example") }
                return TargetConfiguration(name: name,
                                           settings: BuildSettings(layers: [assignments], builtins: [:], sdk: spec.platform.rawValue, configuration: name),
                                           infoPlist: spec.infoPlist[name] ?? [:], infoPlistFile: nil,
                                           entitlements: spec.entitlements[name] ?? [:],
                                           entitlementsFile: (spec.entitlements[name] ?? [:]).isEmpty ? nil : "\(spec.name)/\(spec.name).entitlements",
                                           notes: spec.infoPlistProblem.map { [$0] } ?? [], infoPlistProblem: spec.infoPlistProblem,
                                           unreadSettingsFiles: spec.unreadSettingsFiles)
            }
            var catalogPaths: [String] = []
            if !spec.images.isEmpty || !spec.colors.isEmpty || !spec.symbols.isEmpty {
                let path = "\(root)/\(spec.name)/Assets.xcassets"
                catalogPaths = [path]
                let images = spec.images.sorted { $0.key < $1.key }.map { name, size in
                    ImageAsset(name: name, folder: "\(path)/\(name).imageset", isSymbol: false, representations: [
                        ImageRepresentation(filename: "\(name).png", scale: size.scale, idiom: "universal",
                                            size: ImageHeader.Size(width: size.width, height: size.height, isVector: false), preservesVector: false),
                    ])
                }
                let symbols = spec.symbols.sorted().map { ImageAsset(name: $0, folder: "\(path)/\($0).symbolset", isSymbol: true, representations: []) }
                catalogs[path] = AssetCatalog(path: path, images: images + symbols, colors: Set(spec.colors))
            }
            let embeds = spec.embeds.map { Embedding(embeddedTargetID: $0, phaseName: "Embed", onlyWhenInstalling: spec.embedsOnlyWhenInstalling.contains($0)) }
            return Target(id: spec.name, name: spec.name, productType: nil, kind: spec.kind, kindReason: "example", platforms: ([spec.platform] + spec.additionalPlatforms).sorted(),
                          sources: (example.files.filter { $0.targets.contains(spec.name) }.map { root + "/" + $0.path }
                                    + (implicitImports[spec.name].map { [$0] } ?? [])).sorted(),
                          assetCatalogs: catalogPaths, configurations: configurations, defaultConfigurationName: "Debug",
                          dependencies: spec.dependencies, embeds: embeds, projectPath: nil, unreadPackages: spec.unreadPackages)
        }
        let project = ProjectModel(root: root, projectFiles: [], targets: targets, unassignedSources: [], isLooseSources: false,
                                   notes: [], assetCatalogs: catalogs)
        return SurfaceModel.build(project: project, index: SourceIndex(sources: sources))
    }

    /// What an example's files import when it does not say (`RuleExample.importsFrameworks`).
    static let frameworks = ["Foundation", "SwiftUI", "UIKit", "WidgetKit", "AppIntents", "ActivityKit", "AlarmKit", "SwiftData"]

    /// The violations one rule reports on an example. `unused_suppression` is judged with every rule
    /// running, since it is about their violations.
    public static func violations(of rule: any Rule.Type, in example: RuleExample) -> [Violation] {
        let model = model(for: example)
        let identifier = rule.description.identifier
        let rules = identifier == UnusedSuppression.description.identifier ? RuleRegistry.all : [rule]
        return Linter(rules: rules, optedIn: example.isOptedIn ? [identifier] : []).lint(model).violations.filter { $0.rule == identifier }
    }

    /// The body and headers of a payload example without markers, and the marker places (`payload.json:line:column`,
    /// `headers.txt:line:column`).
    public static func preparePayload(_ payload: PayloadExample) -> (body: String, headers: String?, places: [String]) {
        var places: [String] = []
        func strip(_ text: String, name: String) -> String {
            var cleaned = ""
            var line = 1, column = 1
            for character in text {
                if character == "↓" { places.append("\(name):\(line):\(column)"); continue }
                cleaned.append(character)
                if character == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            return cleaned
        }
        let body = strip(payload.body, name: "payload.json")
        let headers = payload.headers.map { strip($0, name: "headers.txt") }
        return (body, headers, places)
    }

    /// The time payload examples are judged at: 2026-11-29T10:00:00Z.
    public static let payloadNow = Date(timeIntervalSince1970: 1_795_946_400)

    /// The violations one payload rule reports on an example.
    public static func violations(of rule: any PayloadRule.Type, in example: RuleExample) -> [Violation] {
        guard let payload = example.payload else { return [] }
        let (body, headersText, _) = preparePayload(payload)
        let headers = headersText.flatMap { try? APNsHeaders(name: "headers.txt", text: $0) }
        let push = Push(body: PayloadDocument(name: "payload.json", data: Data(body.utf8)), headers: headers, broadcast: payload.broadcast)
        let catalog = ActivityTypeCatalog(model: model(for: example))
        return PayloadChecker(rules: [rule]).check(push, catalog: catalog, attributes: payload.attributes, now: payloadNow).violations
    }
}
