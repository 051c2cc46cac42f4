import Foundation
import GlanceManifest
import GlanceSourceIndex

/// The targets of a folder's Tuist manifests (`Project.swift`, read by `TuistManifest`), built the way
/// `tuist generate` would build them, from what the manifests state literally:
///
/// - configurations (the project's, else `Debug` and `Release`), each with the build settings Tuist writes:
///   `PRODUCT_BUNDLE_IDENTIFIER`, `PRODUCT_NAME`, `SDKROOT` (and `SUPPORTED_PLATFORMS` for several platforms),
///   the deployment targets, `INFOPLIST_FILE` and `CODE_SIGN_ENTITLEMENTS` for files, `DEBUG` as a compilation
///   condition of debug configurations, then the literal `settings:` of the project and the target and their
///   `.xcconfig` files (Tuist's ConfigGenerator: <https://github.com/tuist/tuist/blob/main/cli/Sources/TuistGenerator/Generator/ConfigGenerator.swift>);
/// - the Info.plist: Tuist's default for the product extended with `.extendingDefault(with:)` (`TuistInfoPlist`),
///   a `.dictionary` as written, or the file; build settings expanded as Xcode expands them;
/// - the entitlements: the file, or a `.dictionary` as written;
/// - asset catalogs and images that `resources:` globs match or that sit in `buildableFolders:`; Objective-C
///   files the `sources:` globs match (searched for URL handlers, as in an Xcode project);
/// - the kind, from the product and the Info.plist, as for an Xcode project;
/// - embedding as Tuist's BuildPhaseGenerator writes it
///   (<https://github.com/tuist/tuist/blob/main/cli/Sources/TuistGenerator/Generator/BuildPhaseGenerator.swift>): a
///   target embeds the app extensions it depends on directly (`Embed Foundation Extensions`), and ExtensionKit
///   extensions; an iOS app embeds the watchOS apps (`Embed Watch Content`) and the App Clip it depends on.
///
/// What a manifest does not state literally is a note and a `ProjectFactGap`: the facts it keeps from being known.
struct TuistProject {
    typealias Manifest = TuistManifest

    let root: String
    let fileSystem: FileSystem
    /// Swift files that are not manifests, absolute.
    let sources: [String]
    /// The files under the root that are Objective-C sources, and those that are resources Glance reads (asset
    /// catalogs, images), absolute.
    let objectiveCFiles: [String]
    let resourceFiles: [String]

    private(set) var notes: [String] = []
    private(set) var gaps: [ProjectFactGap] = []
    private(set) var targets: [Target] = []
    private(set) var modules: [SwiftModule] = []
    /// Swift files some target compiles.
    private(set) var claimed: Set<String> = []
    /// Manifests whose targets were not all read (a gap says so already), absolute.
    private var partlyRead: Set<String> = []

    /// - Parameter files: every file under the root the walk reached; folders it does not enter (asset
    ///   catalogs) as entries.
    init(root: String, fileSystem: FileSystem, sources: [String], files: [String]) {
        self.root = root
        self.fileSystem = fileSystem
        self.sources = sources
        objectiveCFiles = files.filter { XcodeProjectReader.objectiveCExtensions.contains($0.pathExtension) }
        resourceFiles = files.filter { $0.pathExtension == "xcassets" || XcodeProjectReader.imageExtensions.contains($0.pathExtension.lowercased()) }
    }

    /// One target of one manifest.
    private struct Entry {
        /// The manifest, absolute.
        let manifest: String
        let project: Manifest
        let target: Manifest.Target
        let id: String
        var folder: String { manifest.deletingLastPathComponent }
    }

    /// The id of a Tuist target: `tuist:<manifest relative to the root>#<target>`.
    private func id(_ manifest: String, _ target: String) -> String { "tuist:\(manifest.relative(to: root))#\(target)" }

    // MARK: Reading

    /// Reads the manifests, then builds their targets.
    mutating func read(_ manifests: [String]) {
        var entries: [Entry] = []
        for manifest in manifests {
            let project = parse(manifest)
            if project?.allTargetsRead != true { partlyRead.insert(manifest) }
            guard let project else { continue }
            entries += project.targets.map { Entry(manifest: manifest, project: project, target: $0, id: id(manifest, $0.name)) }
        }
        let byID = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in entries { build(entry, entries: byID) }
    }

    private mutating func gap(_ facts: ProjectFacts, _ reason: String) { gaps.append(ProjectFactGap(facts: facts, reason: reason)) }

    /// The manifest read, with a note and a gap for each part that keeps targets or facts from being known;
    /// nil when it cannot be read at all.
    private mutating func parse(_ manifest: String) -> Manifest? {
        let relative = manifest.relative(to: root)
        let parsed: Manifest
        do {
            let text = try fileSystem.readText(manifest, limit: .manifest)
            if let refusal = ParseGuard(limits: ParseGuard.currentLimits).refusal(text) {
                notes.append("\(relative): \(refusal); its targets' files are read as loose sources")
                gap(.all, "\(relative): \(refusal)")
                return nil
            }
            parsed = Manifest.parse(text)
        } catch {
            let reason = (error as? ProjectError)?.reasonText ?? "cannot be read"
            notes.append("\(relative): \(reason); its targets' files are read as loose sources")
            gap(.all, "\(relative): \(reason)")
            return nil
        }
        for problem in parsed.unreadable {
            notes.append("\(relative): \(problem); its files are read as loose sources")
            gap(.all, "\(relative): \(problem)")
        }
        if let settings = parsed.computedSettings {
            notes.append("\(relative): project settings \(settings) are computed; Info.plist keys, entitlements and compilation conditions they may set are not known")
            gap([.infoPlist, .entitlements], "\(relative): project settings \(settings) are computed")
        }
        for target in parsed.targets {
            for field in Manifest.Field.allCases {
                guard let written = target.computed[field] else { continue }
                let (facts, consequence) = Self.consequence(of: field)
                let what = "target \(target.name): \(field.rawValue) \(written) \(field.isPlural ? "are" : "is") computed"
                notes.append("\(relative): \(what); \(consequence)")
                if !facts.isEmpty { gap(facts, "\(relative): \(what)") }
            }
        }
        return parsed
    }

    /// What a computed argument keeps from being known: the facts, and the words for the note.
    static func consequence(of field: Manifest.Field) -> (ProjectFacts, String) {
        switch field {
        case .product: return ([.targets, .embedding, .infoPlist], "its kind is not known")
        case .destinations: return ([.targets, .embedding, .infoPlist], "its platforms are not known")
        case .sources: return ([.targets], "its files are read as loose sources")
        case .buildableFolders: return ([.targets, .resources], "its files are read as loose sources")
        case .dependencies: return ([.targets, .embedding], "what it links and embeds is not known")
        case .bundleId: return ([], "its bundle id is not known")
        case .deploymentTargets: return ([], "its deployment targets are not known")
        case .infoPlist: return ([.infoPlist], "its Info.plist is not known")
        case .entitlements: return ([.entitlements], "its entitlements are not known")
        case .resources: return ([.resources], "its asset catalogs are not known")
        case .settings: return ([.infoPlist, .entitlements], "Info.plist keys, entitlements and compilation conditions they may set are not known")
        }
    }

    // MARK: Targets

    private mutating func build(_ entry: Entry, entries: [String: Entry]) {
        let tuist = entry.target
        let folder = entry.folder
        let relativeManifest = entry.manifest.relative(to: root)

        // Files: the `sources:` globs and the buildable folders.
        let compiled = Self.matcher(tuist.sources, folders: tuist.buildableFolders, in: folder)
        let files = sources.filter(compiled)
        claimed.formUnion(files)
        let objectiveC = objectiveCFiles.filter(compiled)

        let manifests = tuist.dependencies.map { dependency -> String in
            guard let path = dependency.projectPath else { return entry.manifest }
            let other = folder.appendingPath(path).standardizedPath.appendingPath("Project.swift")
            return fileSystem.resolve(other) ?? other
        }
        let dependencies = zip(manifests, tuist.dependencies).map { id($0, $1.target) }
        // A target its manifest does not declare literally is a gap of that manifest already.
        for (index, written) in tuist.dependencies.enumerated() where entries[dependencies[index]] == nil && !partlyRead.contains(manifests[index]) {
            let place = written.projectPath.map { " in \($0)" } ?? ""
            notes.append("\(relativeManifest): target \(tuist.name) depends on \(written.target)\(place), which no manifest read declares; what it embeds is not known")
            gap([.targets, .embedding], "\(relativeManifest): target \(tuist.name) depends on \(written.target)\(place), which no manifest read declares")
        }

        let platforms = Self.platforms(ofTuistDestinations: tuist.platforms)
        let (defaultKind, productType) = Self.kind(ofTuistProduct: tuist.product)
        let configurations = self.configurations(of: entry, platforms: platforms, productType: productType, entries: entries)
        let defaultName = Self.defaultConfigurationName(of: entry.project.settings, among: configurations)
        let defaultPlist = (configurations.first { $0.name == defaultName } ?? configurations.first)?.infoPlist ?? [:]
        var (kind, reason) = productType == nil ? (defaultKind, "") : XcodeProjectReader.kind(productType: productType, platforms: platforms, infoPlist: defaultPlist)
        if kind == .unknown { kind = defaultKind }
        // The Xcode reader's reason without the product type it starts with (the Tuist product says it).
        let detail = productType.map { reason == $0 ? "" : reason.hasPrefix($0 + "; ") ? String(reason.dropFirst($0.count + 2)) : reason } ?? ""
        let kindReason = "Tuist product .\(tuist.product ?? "?") in \(relativeManifest)" + (detail.isEmpty ? "" : "; \(detail)")

        let (catalogs, images) = resources(of: tuist, folder: folder)
        targets.append(Target(id: entry.id, name: tuist.name, productType: productType, kind: kind, kindReason: kindReason,
                              platforms: platforms, sources: files, assetCatalogs: catalogs, resourceImages: images,
                              configurations: configurations, defaultConfigurationName: defaultName, dependencies: dependencies,
                              embeds: embeds(of: entry, dependencies: dependencies, entries: entries), projectPath: relativeManifest,
                              objectiveCSources: objectiveC, unreadPackages: tuist.packageProducts,
                              manifest: ManifestPlace(file: relativeManifest, line: tuist.line, endLine: tuist.endLine, column: tuist.column)))
        modules.append(SwiftModule(id: entry.id, name: SwiftModule.moduleName(forTarget: tuist.productName ?? tuist.name), sources: files,
                                   dependencies: dependencies))
    }

    /// The configuration Tuist makes the default: the project's `defaultConfiguration:`, else its release
    /// configuration (`Release` first), else the first.
    static func defaultConfigurationName(of settings: Manifest.Settings?, among configurations: [TargetConfiguration]) -> String? {
        if let named = settings?.defaultConfiguration, configurations.contains(where: { $0.name == named }) { return named }
        let release = settings?.configurations.filter { !$0.isDebug }.map(\.name) ?? ["Release"]
        return (release.contains("Release") ? "Release" : release.first) ?? configurations.first?.name
    }

    // MARK: Embedding

    /// Where Tuist copies each of the target's direct dependencies into its product, if it does.
    private func embeds(of entry: Entry, dependencies: [String], entries: [String: Entry]) -> [Embedding] {
        let host = entry.target
        let hostPlatforms = Self.platforms(ofTuistDestinations: host.platforms)
        return dependencies.compactMap { id -> Embedding? in
            guard let embedded = entries[id]?.target, let product = embedded.product else { return nil }
            let platforms = Self.platforms(ofTuistDestinations: embedded.platforms)
            let phase: String
            switch product {
            case "appExtension", "stickerPackExtension", "watch2Extension", "tvTopShelfExtension", "messagesExtension":
                phase = "Embed Foundation Extensions"
            case "extensionKitExtension":
                phase = "Embed ExtensionKit Extensions"
            case "watch2App", "app":
                guard host.product == "app" && hostPlatforms.contains(.iOS) && platforms == [.watchOS] else { return nil }
                phase = "Embed Watch Content"
            case "appClip" where host.product == "app":
                phase = "Embed App Clips"
            default:
                return nil
            }
            return Embedding(embeddedTargetID: id, phaseName: phase, onlyWhenInstalling: false)
        }
    }

    // MARK: Resources

    /// The asset catalogs and images the `resources:` globs match, and those inside the buildable folders.
    private func resources(of target: Manifest.Target, folder: String) -> (catalogs: [String], images: [String]) {
        let matches = Self.matcher(target.resources, folders: target.buildableFolders, in: folder)
        var catalogs: [String] = [], images: [String] = []
        for path in resourceFiles where matches(path) {
            if path.pathExtension == "xcassets" { catalogs.append(path) } else { images.append(path) }
        }
        return (catalogs, images)
    }

    /// Whether an absolute path is one the globs (relative to `folder`, braces expanded, minus what they exclude)
    /// or the buildable folders take.
    static func matcher(_ globs: [Manifest.Glob], folders: [String], in folder: String) -> (String) -> Bool {
        let includes = globs.flatMap { glob in expandingBraces(glob.pattern).map(PathPattern.init) } + folders.map { PathPattern($0) }
        let excludes = globs.flatMap { glob in glob.excluding.flatMap(expandingBraces).map(PathPattern.init) }
        return { path in
            guard path.hasPrefix(folder + "/") else { return false }
            let inside = path.relative(to: folder)
            return includes.contains { $0.matches(inside) } && !excludes.contains { $0.matches(inside) }
        }
    }

    // MARK: Tuist's names

    /// A Tuist `product:` as a target kind, with the Xcode product type it generates.
    static func kind(ofTuistProduct product: String?) -> (TargetKind, String?) {
        switch product {
        case "app": return (.app, "com.apple.product-type.application")
        case "appClip": return (.app, "com.apple.product-type.application.on-demand-install-capable")
        case "watch2App": return (.watchApp, "com.apple.product-type.application.watchapp2")
        case "watch2Extension": return (.watchExtension, "com.apple.product-type.watchkit2-extension")
        case "appExtension": return (.appExtension, "com.apple.product-type.app-extension")
        case "extensionKitExtension": return (.appExtension, "com.apple.product-type.extensionkit-extension")
        case "messagesExtension": return (.appExtension, "com.apple.product-type.app-extension.messages")
        case "stickerPackExtension": return (.appExtension, "com.apple.product-type.app-extension.messages-sticker-pack")
        case "tvTopShelfExtension": return (.appExtension, "com.apple.product-type.tv-app-extension")
        case "framework", "staticFramework": return (.framework, "com.apple.product-type.framework")
        case "staticLibrary": return (.library, "com.apple.product-type.library.static")
        case "dynamicLibrary": return (.library, "com.apple.product-type.library.dynamic")
        case "unitTests": return (.testBundle, "com.apple.product-type.bundle.unit-test")
        case "uiTests": return (.testBundle, "com.apple.product-type.bundle.ui-testing")
        default: return (.unknown, nil)
        }
    }

    /// Tuist `destinations:` / `platform:` cases as platforms, sorted.
    static func platforms(ofTuistDestinations names: [String]) -> [Platform] {
        let platforms = names.compactMap { name -> Platform? in
            switch name {
            case "iOS", "iPhone", "iPad", "macWithiPadDesign", "appleVisionWithiPadDesign": return .iOS
            case "macOS", "mac", "macCatalyst": return .macOS
            case "watchOS", "appleWatch": return .watchOS
            case "tvOS", "appleTv": return .tvOS
            case "visionOS", "appleVision": return .visionOS
            default: return nil
            }
        }
        return Array(Set(platforms)).sorted()
    }

    /// `A/{B,C}/**` → `A/B/**`, `A/C/**` (Tuist globs allow one level of alternatives per brace pair). At most
    /// `PathPattern.maximumExpansions` patterns come out (brace pairs multiply); a glob past that expands to
    /// none, and the manifest's files stay loose.
    static func expandingBraces(_ pattern: String) -> [String] {
        var done: [String] = []
        var pending = [pattern]
        while let next = pending.popLast() {
            guard let open = next.firstIndex(of: "{"), let close = next[open...].firstIndex(of: "}") else {
                done.append(next)
                continue
            }
            let head = next[..<open], tail = next[next.index(after: close)...]
            for alternative in next[next.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false).reversed() {
                pending.append(String(head) + alternative + tail)
            }
            if done.count + pending.count > PathPattern.maximumExpansions { return [] }
        }
        return done
    }


    // MARK: Configurations

    /// The target's configurations, in Tuist's order (debug ones first), resolved.
    private func configurations(of entry: Entry, platforms: [Platform], productType: String?, entries: [String: Entry]) -> [TargetConfiguration] {
        let tuist = entry.target
        let projectSettings = entry.project.settings
        var names: [(name: String, isDebug: Bool)] = (projectSettings?.configurations ?? [.init(name: "Debug", isDebug: true), .init(name: "Release", isDebug: false)])
            .map { ($0.name, $0.isDebug) }
        for extra in tuist.settings?.configurations ?? [] where !names.contains(where: { $0.name == extra.name }) { names.append((extra.name, extra.isDebug)) }
        names = names.filter(\.isDebug) + names.filter { !$0.isDebug }

        let folder = entry.folder
        let resolver = ConfigurationResolver(sourceRoot: folder, root: root, fileSystem: fileSystem)
        let projectFile = folder.appendingPath((entry.project.name ?? folder.lastPathComponent) + ".xcodeproj")
        let generatedPlist = generatedInfoPlist(of: entry, platforms: platforms, entries: entries)
        let generatedEntitlements: [String: PlistValue]?
        if case .dictionary(let contents)? = tuist.entitlements { generatedEntitlements = contents.mapValues(Self.plistValue) } else { generatedEntitlements = nil }
        // What the manifest leaves unknown: the settings Tuist would write from computed code.
        let settingsComputed = tuist.computed[.settings] ?? entry.project.computedSettings
        let manifest = entry.manifest.relative(to: root)

        return names.map { name, isDebug in
            var layers: [[SettingAssignment]] = []
            var unread: [String] = []
            let projectConfiguration = projectSettings?.configurations.first { $0.name == name }
            let targetConfiguration = tuist.settings?.configurations.first { $0.name == name }
            if let xcconfig = projectConfiguration?.xcconfig { layers += xcconfigLayers(xcconfig, folder: folder, unread: &unread) }
            var projectLevel: [String: String] = [:]
            Self.extend(&projectLevel, with: projectSettings?.base ?? [:])
            Self.extend(&projectLevel, with: projectConfiguration?.settings ?? [:])
            layers.append(Self.assignments(projectLevel, origin: "\(manifest) (project)"))
            if let xcconfig = targetConfiguration?.xcconfig { layers += xcconfigLayers(xcconfig, folder: folder, unread: &unread) }
            var targetLevel: [String: String] = [:]
            if isDebug && (tuist.settings?.defaultSettings ?? projectSettings?.defaultSettings) != "none" {
                targetLevel["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] = "$(inherited) DEBUG"
            }
            for (setting, value) in derivedSettings(of: tuist, platforms: platforms) { targetLevel[setting] = value }
            Self.extend(&targetLevel, with: tuist.settings?.base ?? [:])
            Self.extend(&targetLevel, with: targetConfiguration?.settings ?? [:])
            layers.append(Self.assignments(targetLevel, origin: "\(manifest) (target \(tuist.name))"))
            if settingsComputed != nil { unread.append(manifest) }
            let builtins = ConfigurationResolver.builtinSettings(targetName: tuist.name, productType: productType, projectFile: projectFile,
                                                                 sourceRoot: folder, configuration: name)
            let settings = BuildSettings(layers: layers, builtins: builtins, sdk: platforms.first?.rawValue, configuration: name)
            let resolved = resolver.configuration(name: name, settings: settings, objectID: nil, unreadSettingsFiles: unread,
                                                  generatedInfoPlist: generatedPlist, generatedEntitlements: generatedEntitlements)
            return withManifestProblems(resolved, of: tuist, manifest: manifest, settingsComputed: settingsComputed)
        }
    }

    /// A configuration whose Info.plist or entitlements the manifest computes: marked incomplete, so rules skip it.
    private func withManifestProblems(_ configuration: TargetConfiguration, of target: Manifest.Target, manifest: String,
                                      settingsComputed: String?) -> TargetConfiguration {
        var infoPlistProblem = configuration.infoPlistProblem
        var entitlementsProblem = configuration.entitlementsProblem
        if let written = target.computed[.infoPlist] { infoPlistProblem = infoPlistProblem ?? "\(manifest): the Info.plist of \(target.name) is computed (\(written))" }
        if let written = target.computed[.entitlements] { entitlementsProblem = entitlementsProblem ?? "\(manifest): the entitlements of \(target.name) are computed (\(written))" }
        if let settingsComputed {
            infoPlistProblem = infoPlistProblem ?? "\(manifest): the settings of \(target.name) are computed (\(settingsComputed)); they may set Info.plist keys"
            entitlementsProblem = entitlementsProblem ?? "\(manifest): the settings of \(target.name) are computed (\(settingsComputed)); they may set CODE_SIGN_ENTITLEMENTS"
        }
        guard infoPlistProblem != configuration.infoPlistProblem || entitlementsProblem != configuration.entitlementsProblem else { return configuration }
        return TargetConfiguration(name: configuration.name, settings: configuration.settings, infoPlist: configuration.infoPlist,
                                   infoPlistFile: configuration.infoPlistFile, entitlements: configuration.entitlements,
                                   entitlementsFile: configuration.entitlementsFile, notes: configuration.notes, objectID: nil,
                                   infoPlistProblem: infoPlistProblem, entitlementsProblem: entitlementsProblem,
                                   unreadSettingsFiles: configuration.unreadSettingsFiles)
    }

    /// The settings Tuist derives from a target's arguments (ConfigGenerator's `updateTargetDerived`).
    private func derivedSettings(of target: Manifest.Target, platforms: [Platform]) -> [String: String] {
        var settings: [String: String] = ["PRODUCT_NAME": target.productName ?? target.name]
        if let bundleId = target.bundleId { settings["PRODUCT_BUNDLE_IDENTIFIER"] = bundleId }
        switch target.infoPlist {
        case .file(let path)?, .variable(let path)?: settings["INFOPLIST_FILE"] = path
        default: break
        }
        switch target.entitlements {
        case .file(let path)?, .variable(let path)?: settings["CODE_SIGN_ENTITLEMENTS"] = path
        default: break
        }
        settings["SDKROOT"] = platforms.count == 1 ? platforms[0].rawValue : "auto"
        if platforms.count > 1 {
            settings["SUPPORTED_PLATFORMS"] = platforms.flatMap { [$0.rawValue, Self.simulatorSDK[$0] ?? $0.rawValue] }.sorted().joined(separator: " ")
        }
        let platformNames: [String: Platform] = ["iOS": .iOS, "macOS": .macOS, "watchOS": .watchOS, "tvOS": .tvOS, "visionOS": .visionOS]
        for (name, version) in target.deploymentTargets {
            if let platform = platformNames[name] { settings[platform.deploymentTargetSetting] = version }
        }
        return settings
    }

    static let simulatorSDK: [Platform: String] = [.iOS: "iphonesimulator", .watchOS: "watchsimulator", .tvOS: "appletvsimulator", .visionOS: "xrsimulator"]

    /// Tuist's `SettingsHelper.extend`: a value replaces the one before it, except that a string with
    /// `$(inherited)` is appended to it.
    static func extend(_ settings: inout [String: String], with other: [String: Manifest.SettingLiteral]) {
        for (name, literal) in other {
            let value: String
            switch literal {
            case .string(let text): value = text
            case .array(let items): value = SettingAssignment.text(of: .array(items.map(PlistValue.string)))
            }
            if let previous = settings[name], case .string = literal, value.contains("$(inherited)") {
                settings[name] = previous + " " + value
            } else {
                settings[name] = value
            }
        }
    }

    /// One layer of assignments, sorted by key (so `NAME[sdk=…]` comes after `NAME`), as a pbxproj block is.
    static func assignments(_ settings: [String: String], origin: String) -> [SettingAssignment] {
        settings.keys.sorted().map { key in
            let (name, conditions) = SettingAssignment.parseKey(key)
            return SettingAssignment(name: name, conditions: conditions, value: settings[key]!, origin: origin)
        }
    }

    private func xcconfigLayers(_ path: String, folder: String, unread: inout [String]) -> [[SettingAssignment]] {
        let absolute = folder.appendingPath(path).standardizedPath
        let relative = absolute.relative(to: root)
        guard fileSystem.outsideReason(absolute) == nil, let resolved = fileSystem.resolve(absolute) else {
            unread.append(relative)
            return []
        }
        var xcconfigNotes: [String] = []
        let layers = XCConfig.layers(path: resolved, relativeTo: root, sourceRoot: folder, fileSystem: fileSystem, notes: &xcconfigNotes)
        if !xcconfigNotes.isEmpty { unread.append(relative) }
        return layers
    }

    // MARK: Info.plist

    /// The Info.plist Tuist writes for the target (nil when it names a file, or when computed).
    private func generatedInfoPlist(of entry: Entry, platforms: [Platform], entries: [String: Entry]) -> [String: PlistValue]? {
        let target = entry.target
        switch target.infoPlist {
        case .dictionary(let contents)?:
            return contents.mapValues(Self.plistValue)
        case .default?, .extendingDefault?:
            // The host of a watch app or extension: a target of the same manifest that depends on it.
            let host = entry.project.targets.first { $0.dependencies.contains(.init(target: target.name)) }
            var plist = TuistInfoPlist.defaults(product: target.product ?? "", destinations: target.platforms, platforms: platforms,
                                                name: target.name, hostBundleID: host?.bundleId) ?? [:]
            if case .extendingDefault(let extra)? = target.infoPlist {
                for (key, value) in extra { plist[key] = Self.plistValue(value) }
            }
            return plist
        case .file?, .variable?, nil:
            return nil
        }
    }

    static func plistValue(_ literal: Manifest.PlistLiteral) -> PlistValue {
        switch literal {
        case .string(let text): return .string(text)
        case .boolean(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .array(let items): return .array(items.map(plistValue))
        case .dictionary(let entries): return .dictionary(entries.mapValues(plistValue))
        }
    }
}
