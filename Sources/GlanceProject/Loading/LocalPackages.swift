import Foundation
import GlanceManifest
import GlanceSourceIndex

/// The local Swift packages a project's targets link, as modules. Each manifest is read with SwiftParser;
/// a linked product's targets, and the targets they depend on (also in other local packages), are modules
/// of their own, and their Swift files end up in the Xcode target's product.
///
/// A project names a local package in one of three ways, all read:
/// - an `XCLocalSwiftPackageReference` (Xcode 15+), which a product dependency names as its `package`;
/// - a file reference to the package folder in the group tree (Xcode 14 and earlier: `lastKnownFileType`
///   `wrapper`, `folder` or `text`), with product dependencies that name no package;
/// - a package folder inside a synchronized folder (Xcode 16), likewise.
/// A product dependency without a package is matched by product name against the packages of the second
/// and third kind, then the first. What cannot be followed — computed paths, remote packages, a product no
/// local package provides — is noted, not guessed.
///
/// Nothing outside the folder being linted is read: a package folder, a target's `path:` or a `.package(path:)`
/// that leads out of it (to `/`, or far above the repository) is noted and not followed. Manifests are read
/// within `InputLimit.manifest` and checked by `ParseGuard` before SwiftParser sees them.
struct LocalPackages {
    let fileSystem: FileSystem
    let root: String
    /// Local package folders by the pbxproj reference id.
    let referenceFolders: [String: String]
    /// Package folders the group tree or a synchronized folder holds, in project order.
    let discoveredFolders: [String]
    private(set) var notes: [String] = []
    /// Every package-target module read so far, by id.
    private(set) var modules: [String: SwiftModule] = [:]
    private var manifests: [String: PackageManifest?] = [:]
    private var remoteNoted: Set<String> = []

    init(pbx: PBXProj, projectFolder: String, discoveredFolders: [String], fileSystem: FileSystem, root: String) {
        self.fileSystem = fileSystem
        self.root = root
        var folders: [String: String] = [:]
        var outside: [String] = []
        for id in pbx.project.packageReferences {
            guard let reference = pbx.packageReference(id), reference.isLocal, let path = reference.relativePath else { continue }
            let folder = path.hasPrefix("/") ? path.standardizedPath : projectFolder.appendingPath(path).standardizedPath
            guard fileSystem.isInside(folder) else {
                outside.append("local package \(path) (\(folder)): outside the folder being linted; not read")
                continue
            }
            folders[id] = fileSystem.resolve(folder) ?? folder
        }
        notes = outside
        referenceFolders = folders
        var seen: Set<String> = []
        self.discoveredFolders = discoveredFolders.filter { seen.insert($0).inserted }
    }

    /// Whether a folder holds a `Package.swift`.
    static func isPackage(_ folder: String, fileSystem: FileSystem) -> Bool {
        fileSystem.exists(folder.appendingPath("Package.swift")) && !fileSystem.isDirectory(folder.appendingPath("Package.swift"))
    }

    /// The package-target modules a target links directly (ids), after reading their manifests (every module
    /// they depend on is in `modules` too), and the packages it links whose sources are not read: remote packages
    /// (by repository name) and products no local package of the project provides (by product name).
    mutating func linkedModules(for target: PBXNativeTarget, pbx: PBXProj) -> (modules: [String], unread: [String]) {
        var dependencyIDs = target.packageProductDependencies
        for phaseID in target.buildPhases {
            for fileID in pbx.buildPhase(phaseID)?.files ?? [] {
                if let product = pbx.buildFile(fileID)?.productRef, !dependencyIDs.contains(product) { dependencyIDs.append(product) }
            }
        }
        for dependencyID in target.dependencies {
            if let product = pbx.targetDependency(dependencyID)?.productRef, !dependencyIDs.contains(product) { dependencyIDs.append(product) }
        }
        var result: [String] = []
        var unread: [String] = []
        for id in dependencyIDs {
            guard let dependency = pbx.packageProductDependency(id) else { continue }
            let product = dependency.productName.hasPrefix("plugin:") ? "" : dependency.productName
            guard !product.isEmpty else { continue }
            if let packageID = dependency.package {
                if let folder = referenceFolders[packageID] {
                    result += productModules(product, in: folder)
                } else if let reference = pbx.packageReference(packageID), !reference.isLocal {
                    let name = noteRemote(reference.repositoryURL.map { ($0 as NSString).lastPathComponent } ?? product)
                    if !unread.contains(name) { unread.append(name) }
                }
            } else if let folder = (discoveredFolders + referenceFolders.values.sorted()).first(where: { folder in
                manifest(at: folder)?.products.contains { $0.name == product } ?? false
            }) {
                result += productModules(product, in: folder)
            } else {
                if !unread.contains(product) { unread.append(product) }
                // (When a local package could not be read, that note already says why its products are missing.)
                if !manifests.values.contains(where: { $0 == nil }) {
                    notes.append("package product \(product) (linked by target \(target.name)): no local package of the project provides it; its sources are not read")
                }
            }
        }
        var seen: Set<String> = []
        return (result.filter { seen.insert($0).inserted }, unread)
    }

    /// The sources of the given modules and of every module they depend on, in order, each file once.
    func sources(ofClosure ids: [String]) -> [String] {
        var files: [String] = []
        var seenFiles: Set<String> = []
        var seen: Set<String> = []
        var pending = ids
        while !pending.isEmpty {
            let id = pending.removeFirst()
            guard seen.insert(id).inserted, let module = modules[id] else { continue }
            for file in module.sources where seenFiles.insert(file).inserted { files.append(file) }
            pending += module.dependencies
        }
        return files
    }

    /// Notes a remote package once; returns its name (`MHPlatform` for `…/MHPlatform.git`).
    @discardableResult
    private mutating func noteRemote(_ identity: String) -> String {
        let name = identity.hasSuffix(".git") ? String(identity.dropLast(4)) : identity
        if remoteNoted.insert(name).inserted { notes.append("remote package \(name): its sources are not read") }
        return name
    }

    private mutating func manifest(at folder: String) -> PackageManifest? {
        if let cached = manifests[folder] { return cached }
        var manifest: PackageManifest?
        let file = folder.appendingPath("Package.swift")
        if !fileSystem.isInside(folder) {
            notes.append("\(folder): a local package outside the folder being linted; not read")
        } else if !fileSystem.exists(file) {
            notes.append("\(folder.relative(to: root)): the project names a local package here, but there is no Package.swift; its sources are not read")
        } else {
            do {
                let text = try fileSystem.readText(file, limit: .manifest)
                if let refusal = ParseGuard(limits: ParseGuard.currentLimits).refusal(text) {
                    notes.append("\(file.relative(to: root)): \(refusal); the package's sources are not read")
                } else {
                    manifest = PackageManifest.parse(text)
                    for problem in manifest?.unreadable ?? [] {
                        notes.append("\(file.relative(to: root)): \(problem); those sources are not read")
                    }
                }
            } catch let error as ProjectError {
                notes.append("\(file.relative(to: root)): \(error.reasonText); the package's sources are not read")
            } catch {
                notes.append("\(file.relative(to: root)): cannot be read; the package's sources are not read")
            }
        }
        manifests[folder] = manifest
        return manifest
    }

    private func moduleID(_ target: String, in folder: String) -> String { "package:\(folder.relative(to: root))#\(target)" }

    /// The modules of a product's targets (ids), reading them and the modules they depend on.
    private mutating func productModules(_ product: String, in folder: String) -> [String] {
        guard let manifest = manifest(at: folder) else { return [] }
        let names = manifest.products.first { $0.name == product }?.targets ?? [product]
        return names.compactMap { targetModule($0, in: folder, manifest: manifest) }
    }

    /// Reads one package target as a module (and, first, the modules it depends on); nil when the package has
    /// no such target or it builds no Swift module (tests, plugins, binaries).
    private mutating func targetModule(_ name: String, in folder: String, manifest: PackageManifest) -> String? {
        let id = moduleID(name, in: folder)
        if modules[id] != nil { return id }
        guard let target = manifest.targets.first(where: { $0.name == name }) else { return nil }
        switch target.kind {
        case .regular, .executable: break
        default: return nil
        }
        // Placeholder first: dependency cycles end here.
        modules[id] = SwiftModule(id: id, name: name, sources: [])
        var dependencies: [String] = []
        for dependency in target.targetDependencies {
            if let module = targetModule(dependency, in: folder, manifest: manifest) { dependencies.append(module) }
        }
        for dependency in target.productDependencies {
            if let path = manifest.localDependencies[dependency.package] {
                let other = path.hasPrefix("/") ? path.standardizedPath : folder.appendingPath(path).standardizedPath
                dependencies += productModules(dependency.name, in: fileSystem.resolve(other) ?? other)
            } else {
                noteRemote(dependency.package)
            }
        }
        let onlyTarget = manifest.targets.filter { $0.kind != .test }.count == 1
        modules[id] = SwiftModule(id: id, name: name, sources: targetSources(target, packageFolder: folder, onlyTarget: onlyTarget),
                                  dependencies: dependencies)
        return id
    }

    /// The Swift files of a package target: under its `path:`, else `Sources/<name>` (or `Source`, `src`, `srcs`),
    /// else — for a package with one target besides its tests (`onlyTarget`) — the predefined folder itself
    /// (`Sources/*.swift`), as SwiftPM's PackageBuilder allows.
    private func targetSources(_ target: PackageManifest.Target, packageFolder: String, onlyTarget: Bool) -> [String] {
        var directory: String?
        if let path = target.path {
            directory = packageFolder.appendingPath(path).standardizedPath
        } else {
            directory = PackageManifest.conventionalFolders.map { packageFolder.appendingPath($0).appendingPath(target.name) }
                .first { fileSystem.isDirectory($0) }
            if directory == nil, onlyTarget {
                directory = PackageManifest.conventionalFolders.map { packageFolder.appendingPath($0) }.first { fileSystem.isDirectory($0) }
            }
        }
        guard let directory, fileSystem.exists(directory) else { return [] }
        let roots = (target.sources.map { $0.map { directory.appendingPath($0).standardizedPath } } ?? [directory]).filter { root in
            guard fileSystem.isInside(root) else {
                fileSystem.record("\(root): path of package target \(target.name), outside the folder being linted; not read")
                return false
            }
            return true
        }
        let excluded = target.exclude.map { directory.appendingPath($0).standardizedPath }
        return roots.flatMap { root -> [String] in
            fileSystem.isDirectory(root) ? fileSystem.walk(root) : [root]
        }.filter { path in
            path.pathExtension == "swift" && !excluded.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
    }
}
