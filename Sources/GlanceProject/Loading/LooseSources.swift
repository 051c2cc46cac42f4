import Foundation

/// A folder without an `.xcodeproj`: its Swift sources, the manifests that are not sources, the generators
/// whose files it holds, and the targets that can be told from files alone.
///
/// - Manifests (`Package.swift`, Tuist's `Project.swift`, `Workspace.swift`, `Tuist.swift`, helpers under a
///   `Tuist/` folder, `Project+Templates.swift`) describe a project; they are never sources.
/// - Tuist: each target of each `Project.swift` (read with SwiftParser, never run) becomes a target and a
///   module holding the files its `sources:` globs and `buildableFolders:` match; `dependencies:
///   [.target(name:)]` and `.project(target:path:)` link the modules. Its configurations, Info.plist,
///   entitlements, resources and embedding are built from what the manifest states literally (`TuistProject`).
/// - Expo (`@bacons/apple-targets`): each `targets/<name>/` folder with an `expo-target.config.*` becomes a
///   target and a module of the Swift files below it.
/// - The files no target claims are one target of unknown kind (all files, when there is no manifest).
///
/// The model stays loose (`ProjectModel.isLooseSources`); what it knows beyond the code is `knownFacts`: for
/// Tuist manifests, the facts every target states literally; for Expo targets (a `type:` gives their kind, but
/// no Info.plist, entitlements, embedding or resources are known) and plain folders, none. Rules that need a
/// fact the model lacks do not run.
struct LooseSources {
    let fileSystem: FileSystem
    let root: String
    /// Every file under the root the walk reached (ignored folders left out), absolute.
    let files: [String]

    private(set) var notes: [String] = []
    private(set) var targets: [Target] = []
    private(set) var modules: [SwiftModule] = []
    private(set) var generators: [ProjectGenerator] = []
    /// What the manifests state literally for every target (see `TuistProject`), and why the rest is missing.
    private(set) var knownFacts: ProjectFacts = []
    private(set) var factGaps: [ProjectFactGap] = []
    /// Swift files that are not manifests.
    let sources: [String]
    let manifests: [String]

    init(root: String, files: [String], fileSystem: FileSystem) {
        self.root = root
        self.files = files
        self.fileSystem = fileSystem
        let swift = files.filter { $0.pathExtension == "swift" }
        var manifests: [String] = []
        var sources: [String] = []
        for file in swift {
            if Self.isManifest(file, root: root, fileSystem: fileSystem) { manifests.append(file) } else { sources.append(file) }
        }
        self.manifests = manifests
        self.sources = sources
        generators = detectGenerators()
    }

    // MARK: Manifests

    /// File names of manifests: SwiftPM's and Tuist's.
    static let manifestNames: Set<String> = [
        "Package.swift", "Project.swift", "Workspace.swift", "Tuist.swift", "Config.swift", "Dependencies.swift", "Plugin.swift",
    ]
    /// The modules only manifests import.
    static let manifestModules: Set<String> = ["PackageDescription", "ProjectDescription", "ProjectDescriptionHelpers"]

    /// Whether a Swift file describes a project instead of being compiled into one: any Swift file inside a
    /// `Tuist` folder (helpers, templates, `Tuist/Package.swift`), and a file with a manifest's name
    /// (`Project.swift`, `Package.swift`, `Package@swift-5.9.swift`, `…+Templates.swift`) that imports
    /// `ProjectDescription`, `ProjectDescriptionHelpers` or `PackageDescription`. An app's own `Project.swift`
    /// model type stays a source.
    static func isManifest(_ path: String, root: String, fileSystem: FileSystem) -> Bool {
        let relative = path.relative(to: root)
        let folders = relative.split(separator: "/").dropLast()
        if folders.contains("Tuist") { return true }
        let name = path.lastPathComponent
        guard manifestNames.contains(name) || (name.hasPrefix("Package@swift") && name.hasSuffix(".swift")) || name.hasSuffix("+Templates.swift") else {
            return false
        }
        guard let text = try? fileSystem.readText(path, limit: .swiftSource) else { return false }
        return importedModules(text).contains { manifestModules.contains($0) }
    }

    /// The top-level modules a Swift file imports, from its `import` lines (attributes and import kinds allowed).
    static func importedModules(_ text: String) -> [String] {
        var result: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let position = words.firstIndex(of: "import"),
                  words[..<position].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" || $0 == "private" || $0 == "fileprivate" || $0 == "package" })
            else { continue }
            var rest = words[(position + 1)...]
            if let kind = rest.first, ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(kind) { rest = rest.dropFirst() }
            if let module = rest.first?.split(separator: ".").first { result.append(String(module)) }
        }
        return result
    }

    // MARK: Generators

    private func detectGenerators() -> [ProjectGenerator] {
        var result: [ProjectGenerator] = []
        let byDepth = { (paths: [String]) in
            paths.map { $0.relative(to: root) }.sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        }
        // Tuist: its manifests, its root file, or its folder; the shallowest (where `tuist generate` runs),
        // a Project.swift first.
        let names = ["Project.swift", "Workspace.swift", "Tuist.swift"]
        var tuist = manifests.filter { names.contains($0.lastPathComponent) }.map { $0.relative(to: root) }
        if fileSystem.isDirectory(root.appendingPath("Tuist")) { tuist.append("Tuist/") }
        let rank = { (path: String) in (path.split(separator: "/").count, names.firstIndex(of: path.lastPathComponent) ?? names.count, path) }
        if let evidence = tuist.min(by: { rank($0) < rank($1) }) { result.append(ProjectGenerator(kind: .tuist, evidence: evidence)) }
        // XcodeGen: a spec with targets.
        let specs = byDepth(files.filter { ["project.yml", "project.yaml"].contains($0.lastPathComponent) }).filter { relative in
            guard let text = try? fileSystem.readText(root.appendingPath(relative), limit: .projectJSON) else { return false }
            return text.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("targets:") }
        }
        if let spec = specs.first { result.append(ProjectGenerator(kind: .xcodegen, evidence: spec)) }
        // Expo: an app config next to a package.json, or apple-targets' target folders.
        let appConfigs = byDepth(files.filter { path in
            let name = path.lastPathComponent
            let isConfig = name == "app.json" || (name.hasPrefix("app.config.") && ["js", "ts", "mjs", "cjs", "json"].contains(name.pathExtension))
            return isConfig && fileSystem.exists(path.deletingLastPathComponent.appendingPath("package.json"))
        })
        if let evidence = (appConfigs + byDepth(expoTargetConfigs)).first { result.append(ProjectGenerator(kind: .expo, evidence: evidence)) }
        return result
    }

    /// `targets/<name>/expo-target.config.*` files.
    private var expoTargetConfigs: [String] {
        files.filter { path in
            path.lastPathComponent.hasPrefix("expo-target.config.") && path.deletingLastPathComponent.deletingLastPathComponent.lastPathComponent == "targets"
        }
    }

    // MARK: Targets

    /// Reads the targets the manifests describe, then puts the files none claims into one target.
    mutating func readTargets() {
        var tuist = TuistProject(root: root, fileSystem: fileSystem, sources: sources, files: files)
        let projects = manifests.filter { $0.lastPathComponent == "Project.swift" }
        tuist.read(projects)
        targets = tuist.targets
        modules = tuist.modules
        notes += tuist.notes
        var claimed = tuist.claimed
        let expoConfigs = expoTargetConfigs.sorted()
        for config in expoConfigs {
            readExpoTarget(config, claimed: &claimed)
        }
        knownFacts = Self.facts(tuistTargets: tuist.targets.count, gaps: tuist.gaps, expoTargets: expoConfigs.count)
        factGaps = tuist.gaps
        let rest = sources.filter { !claimed.contains($0) }
        guard !rest.isEmpty else { return }
        let reason = targets.isEmpty ? "no .xcodeproj found; Swift files read as one target" : "no .xcodeproj found; Swift files no target of the manifests claims"
        let target = Target(id: "sources", name: root.lastPathComponent, productType: nil, kind: .unknown, kindReason: reason, platforms: [],
                            sources: rest, assetCatalogs: [], configurations: [], defaultConfigurationName: nil,
                            dependencies: [], embeds: [], projectPath: nil)
        targets.append(target)
        modules.append(SwiftModule(id: target.id, name: SwiftModule.moduleName(forTarget: target.name), sources: rest))
    }

    /// What the folder's manifests state for every target: nothing without a target read from a Tuist
    /// manifest, or where Expo targets (whose Info.plist and entitlements its config plugin writes) are present;
    /// else every fact no gap takes away.
    static func facts(tuistTargets: Int, gaps: [ProjectFactGap], expoTargets: Int) -> ProjectFacts {
        guard tuistTargets > 0, expoTargets == 0 else { return [] }
        return gaps.reduce(ProjectFacts.all) { $0.subtracting($1.facts) }
    }

    private mutating func readExpoTarget(_ config: String, claimed: inout Set<String>) {
        let folder = config.deletingLastPathComponent
        let files = sources.filter { $0.hasPrefix(folder + "/") }
        claimed.formUnion(files)
        let type = Self.expoTargetType(config, fileSystem: fileSystem)
        let kind: TargetKind
        switch type {
        case "widget": kind = .widgetExtension
        case "clip": kind = .app
        case "watch": kind = .watchApp
        case nil: kind = .unknown
        default: kind = .appExtension
        }
        let reason = "Expo target \(folder.relative(to: root))/ of type \(type.map { "\"\($0)\"" } ?? "?")" + (kind == .appExtension ? "; extension point unknown" : "")
        let id = "expo:\(folder.relative(to: root))"
        let name = folder.lastPathComponent
        targets.append(Target(id: id, name: name, productType: nil, kind: kind, kindReason: reason,
                              platforms: kind == .watchApp ? [.watchOS] : [.iOS], sources: files, assetCatalogs: [], configurations: [],
                              defaultConfigurationName: nil, dependencies: [], embeds: [], projectPath: nil))
        modules.append(SwiftModule(id: id, name: SwiftModule.moduleName(forTarget: name), sources: files))
    }

    /// The `type` of an apple-targets config: the JSON key, or a literal `type: "…"` in a JavaScript or
    /// TypeScript config (the file is not run).
    static func expoTargetType(_ config: String, fileSystem: FileSystem) -> String? {
        guard let text = try? fileSystem.readText(config, limit: .projectJSON) else { return nil }
        if config.pathExtension == "json" {
            return (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["type"] as? String
        }
        guard let expression = try? NSRegularExpression(pattern: #"\btype\s*:\s*["']([A-Za-z0-9_-]+)["']"#),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }
}
