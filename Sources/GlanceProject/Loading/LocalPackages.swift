import Foundation
import GlanceManifest

/// Sources of local Swift packages that targets link as package products (`XCLocalSwiftPackageReference` +
/// `XCSwiftPackageProductDependency`). Each manifest is read with SwiftParser; the product's targets and the
/// targets they depend on (also in other local packages) give the Swift files the Xcode target compiles.
/// What cannot be followed — computed paths, remote packages — is noted, not guessed.
struct LocalPackages {
    let fileSystem: FileSystem
    let root: String
    /// Local package folders by the pbxproj reference id.
    let referenceFolders: [String: String]
    private(set) var notes: [String] = []
    private var manifests: [String: PackageManifest?] = [:]
    private var remoteNoted: Set<String> = []

    init(pbx: PBXProj, projectFolder: String, fileSystem: FileSystem, root: String) {
        self.fileSystem = fileSystem
        self.root = root
        var folders: [String: String] = [:]
        for id in pbx.project.packageReferences {
            guard let reference = pbx.packageReference(id), reference.isLocal, let path = reference.relativePath else { continue }
            let folder = path.hasPrefix("/") ? path : projectFolder.appendingPath(path).standardizedPath
            folders[id] = fileSystem.resolve(folder) ?? folder
        }
        referenceFolders = folders
    }

    /// Swift files a target gets from the package products it links.
    mutating func sources(for target: PBXNativeTarget, pbx: PBXProj) -> [String] {
        var dependencyIDs = target.packageProductDependencies
        for phaseID in target.buildPhases {
            for fileID in pbx.buildPhase(phaseID)?.files ?? [] {
                if let product = pbx.buildFile(fileID)?.productRef, !dependencyIDs.contains(product) { dependencyIDs.append(product) }
            }
        }
        var files: [String] = []
        var visited: Set<String> = []
        for id in dependencyIDs {
            guard let dependency = pbx.packageProductDependency(id) else { continue }
            if let packageID = dependency.package {
                if let folder = referenceFolders[packageID] {
                    files += productSources(dependency.productName, in: folder, visited: &visited)
                } else if let reference = pbx.packageReference(packageID), !reference.isLocal {
                    noteRemote(reference.repositoryURL.map { ($0 as NSString).lastPathComponent } ?? dependency.productName)
                }
            } else if let folder = referenceFolders.values.sorted().first(where: { folder in
                manifest(at: folder)?.products.contains { $0.name == dependency.productName } ?? false
            }) {
                files += productSources(dependency.productName, in: folder, visited: &visited)
            }
        }
        return files
    }

    private mutating func noteRemote(_ identity: String) {
        let name = identity.hasSuffix(".git") ? String(identity.dropLast(4)) : identity
        if remoteNoted.insert(name).inserted { notes.append("remote package \(name): its sources are not read") }
    }

    private mutating func manifest(at folder: String) -> PackageManifest? {
        if let cached = manifests[folder] { return cached }
        var manifest: PackageManifest?
        do {
            manifest = try PackageManifest.read(folder: folder)
            for problem in manifest?.unreadable ?? [] {
                notes.append("\(folder.appendingPath("Package.swift").relative(to: root)): \(problem); those sources are not read")
            }
        } catch {
            notes.append("\(folder.appendingPath("Package.swift").relative(to: root)): cannot be read; the package's sources are not read")
        }
        manifests[folder] = manifest
        return manifest
    }

    private mutating func productSources(_ product: String, in folder: String, visited: inout Set<String>) -> [String] {
        guard visited.insert(folder + "#" + product).inserted, let manifest = manifest(at: folder) else { return [] }
        var files: [String] = []
        for target in manifest.targetClosure(ofProduct: product) {
            switch target.kind {
            case .regular, .executable: break
            default: continue
            }
            files += targetSources(target, packageFolder: folder)
            for dependency in target.productDependencies {
                if let path = manifest.localDependencies[dependency.package] {
                    let other = path.hasPrefix("/") ? path : folder.appendingPath(path).standardizedPath
                    files += productSources(dependency.name, in: fileSystem.resolve(other) ?? other, visited: &visited)
                } else {
                    noteRemote(dependency.package)
                }
            }
        }
        return files
    }

    private func targetSources(_ target: PackageManifest.Target, packageFolder: String) -> [String] {
        var directory: String?
        if let path = target.path {
            directory = packageFolder.appendingPath(path)
        } else {
            directory = PackageManifest.conventionalFolders.map { packageFolder.appendingPath($0).appendingPath(target.name) }
                .first { fileSystem.isDirectory($0) }
        }
        guard let directory, fileSystem.exists(directory) else { return [] }
        let roots = target.sources.map { $0.map { directory.appendingPath($0) } } ?? [directory]
        let excluded = target.exclude.map { directory.appendingPath($0) }
        return roots.flatMap { root -> [String] in
            fileSystem.isDirectory(root) ? fileSystem.walk(root) : [root]
        }.filter { path in
            path.pathExtension == "swift" && !excluded.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
    }
}
