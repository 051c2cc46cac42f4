import Foundation

/// Reads one `.xcodeproj` into targets: membership (Sources phases and Xcode 16 synchronized folders with
/// their exception sets), resources, embedding, dependencies, and per-configuration settings, Info.plist
/// and entitlements.
struct XcodeProjectReader {
    let projectPath: String          // absolute path of the .xcodeproj folder
    let root: String                 // lint root (for relative names)
    let fileSystem: FileSystem
    let pbx: PBXProj
    /// SRCROOT: the folder holding the .xcodeproj plus `projectDirPath`.
    let sourceRoot: String
    private(set) var notes: [String] = []
    private var xcconfigs: [String: [[SettingAssignment]]] = [:]   // base configuration files read, by path
    private var xcconfigGaps: [String: [String]] = [:]              // … and those whose includes were not all read
    /// Element id → `resolvedPath(of:)`.
    private var resolvedPaths: [String: (path: String, onDisk: Bool)?] = [:]
    /// Element id → `pbx.fileElement(_:)`, made once (`fileElement(_:)`): the passes over the group tree and the build phases ask for
    /// each element several times (a project of 100,000 files made its elements again at each).
    private var elements: [String: PBXFileElement?] = [:]

    private mutating func fileElement(_ id: String) -> PBXFileElement? {
        if let known = elements[id] { return known }
        let made = pbx.fileElement(id)
        elements[id] = .some(made)
        return made
    }

    /// Where the group tree's elements are on disk.
    private var groupTree: PBXGroupTree

    init(projectPath: String, root: String, fileSystem: FileSystem) throws {
        self.projectPath = projectPath
        self.root = root
        self.fileSystem = fileSystem
        let pbxPath = projectPath.appendingPath("project.pbxproj")
        guard let resolved = fileSystem.resolve(pbxPath) else {
            throw ProjectError.malformed(projectPath, reason: "no project.pbxproj inside")
        }
        do {
            pbx = try PBXProj(path: resolved, fileSystem: fileSystem)
        } catch let error as ProjectError {
            throw error.naming(resolved)
        }
        groupTree = PBXGroupTree(pbx: pbx, projectPath: projectPath)
        sourceRoot = groupTree.sourceRoot
        resolvedPaths.reserveCapacity(pbx.objects.count / 2)
        if let twice = groupTree.listedTwice {
            let label = twice == pbx.project.mainGroup ? "the main group"
                : pbx.fileElement(twice).flatMap { $0.name ?? $0.path }.map { "'\($0)'" } ?? "element \(twice)"
            notes.append("\(projectPath.relative(to: root)): the group tree lists \(label) twice, or inside itself; its first place is used")
        }
        if groupTree.nestedTooDeep != nil {
            notes.append("\(projectPath.relative(to: root)): the group tree nests groups more than \(PBXGroupTree.maximumDepth) deep; the files below that depth are not read")
        }
    }

    /// The absolute on-disk path of a group-tree element, or nil when it does not live on disk.
    mutating func path(of id: String) -> String? { groupTree.path(of: id) }

    /// `path(of:)`, then resolved against the disk (case-insensitively on Linux).
    mutating func diskPath(of id: String) -> String? { resolvedPath(of: id)?.path }

    /// `diskPath(of:)`, and whether the disk has something there; worked out once per element (a project's
    /// elements are looked up by several passes: package folders, build phases).
    private mutating func resolvedPath(of id: String) -> (path: String, onDisk: Bool)? {
        if let known = resolvedPaths[id] { return known }
        let resolved = path(of: id).map { path in fileSystem.resolve(path).map { ($0, true) } ?? (path, false) }
        resolvedPaths[id] = .some(resolved)
        return resolved
    }

    // MARK: - Targets

    /// The targets, and the Swift modules they build and link (one per target, one per local package target).
    mutating func readTargets(prefix: String) -> (targets: [Target], modules: [SwiftModule]) {
        let project = pbx.project
        let projectConfigurations = configurations(listID: project.buildConfigurationList)
        var packageFolders = referencedPackageFolders()
        let synchronized = synchronizedMembership(packageFolders: &packageFolders)
        var packages = LocalPackages(pbx: pbx, projectFolder: projectPath.deletingLastPathComponent, discoveredFolders: packageFolders,
                                     fileSystem: fileSystem, root: root)
        defer { notes += packages.notes }
        var targets: [Target] = []
        var modules: [SwiftModule] = []
        var productToTarget: [String: String] = [:]
        for id in project.targets { if let target = pbx.nativeTarget(id), let product = target.productReference { productToTarget[product] = id } }

        let resolver = ConfigurationResolver(sourceRoot: sourceRoot, root: root, fileSystem: fileSystem)
        for id in project.targets {
            guard let native = pbx.nativeTarget(id) else { continue }
            let targetConfigurations = configurations(listID: native.buildConfigurationList)
            var configs: [TargetConfiguration] = []
            var platforms: [Platform] = []
            let configurationNames = targetConfigurations.map(\.name)
            for configuration in targetConfigurations {
                let projectLevel = projectConfigurations.first { $0.name == configuration.name }
                var layers: [[SettingAssignment]] = []
                var unread: [String] = []
                if let projectLevel {
                    let (projectFile, projectUnread) = xcconfigLayers(projectLevel)
                    layers += projectFile
                    unread += projectUnread
                    layers.append(assignments(projectLevel.buildSettings, origin: "project"))
                }
                let (targetFile, targetUnread) = xcconfigLayers(configuration)
                layers += targetFile
                unread += targetUnread
                layers.append(assignments(configuration.buildSettings, origin: "target \(native.name)"))
                let builtins = ConfigurationResolver.builtinSettings(targetName: native.name, productType: native.productType, projectFile: projectPath,
                                                                     sourceRoot: sourceRoot, configuration: configuration.name)
                let probe = BuildSettings(layers: layers, builtins: builtins, sdk: nil, configuration: configuration.name)
                let targetPlatforms = Self.platforms(probe, productType: native.productType)
                if platforms.isEmpty { platforms = targetPlatforms }
                let settings = BuildSettings(layers: layers, builtins: builtins, sdk: targetPlatforms.first?.rawValue,
                                             configuration: configuration.name)
                configs.append(resolver.configuration(name: configuration.name, settings: settings, objectID: configuration.id,
                                                      unreadSettingsFiles: unread))
            }
            var (sources, catalogs, images, objectiveC) = buildPhaseMembership(native)
            if let fromFolders = synchronized[id] {
                sources += fromFolders.sources
                catalogs += fromFolders.catalogs
                images += fromFolders.images
                objectiveC += fromFolders.objectiveC
            }
            let (linked, unreadPackages) = packages.linkedModules(for: native, pbx: pbx)
            let ownSources = sources.uniqued()
            let dependencyTargets = native.dependencies.compactMap { pbx.targetDependency($0)?.target }.map { prefix + $0 }
            let defaultSettings = configs.first { $0.name == pbx.configurationList(native.buildConfigurationList ?? "")?.defaultConfigurationName }?.settings
                ?? configs.first?.settings
            let moduleName = defaultSettings?.value("PRODUCT_MODULE_NAME").known.flatMap { $0.isEmpty ? nil : $0 }
                ?? SwiftModule.moduleName(forTarget: native.productName ?? native.name)
            modules.append(SwiftModule(id: prefix + id, name: moduleName, sources: ownSources, dependencies: linked + dependencyTargets))
            sources += packages.sources(ofClosure: linked)
            var embeds: [Embedding] = []
            for phaseID in native.buildPhases {
                guard let phase = pbx.buildPhase(phaseID), phase.isa == "PBXCopyFilesBuildPhase" else { continue }
                for fileID in phase.files {
                    guard let file = pbx.buildFile(fileID), let ref = file.fileRef, let embedded = productToTarget[ref] else { continue }
                    embeds.append(Embedding(embeddedTargetID: prefix + embedded, phaseName: phase.name,
                                            onlyWhenInstalling: phase.runOnlyForDeploymentPostprocessing))
                }
            }
            let dependencies = dependencyTargets
            let defaultName = pbx.configurationList(native.buildConfigurationList ?? "")?.defaultConfigurationName
            let (kind, reason) = Self.kind(productType: native.productType, platforms: platforms,
                                           infoPlist: (configs.first { $0.name == defaultName } ?? configs.first)?.infoPlist ?? [:])
            _ = configurationNames
            targets.append(Target(id: prefix + id, name: native.name, productType: native.productType, kind: kind,
                                  kindReason: reason, platforms: platforms,
                                  sources: sources.uniqued(),
                                  assetCatalogs: catalogs.uniqued(),
                                  resourceImages: images,
                                  configurations: configs, defaultConfigurationName: defaultName,
                                  dependencies: dependencies, embeds: embeds,
                                  projectPath: projectPath.relative(to: root),
                                  objectiveCSources: objectiveC.uniqued(),
                                  unreadPackages: unreadPackages))
        }
        modules += packages.modules.values.sorted { $0.id < $1.id }.map { module in
            SwiftModule(id: prefix + module.id, name: module.name, sources: module.sources, dependencies: module.dependencies.map { prefix + $0 })
        }
        return (targets, modules)
    }

    /// Package folders the group tree refers to as files (Xcode 14 and earlier added a local package as a
    /// reference to its folder: `lastKnownFileType = wrapper`, `folder` or `text`), in group-tree order.
    private mutating func referencedPackageFolders() -> [String] {
        var folders: [String] = []
        var stack = [pbx.project.mainGroup].compactMap { $0 }
        var seen: Set<String> = []
        let mainGroup = pbx.project.mainGroup
        // Fields read as they are (no element made): a project's 100,000 file references each pass here, and a
        // source file's reference (`sourcecode.…`) is never a package folder.
        while let id = stack.popLast() {
            guard seen.insert(id).inserted, let fields = pbx.objects[id] else { continue }
            let isa = fields["isa"]?.string ?? ""
            if PBXFileElement.isGroup(isa) || isa == "PBXFileSystemSynchronizedRootGroup" || id == mainGroup {
                stack += (fields["children"]?.strings ?? []).reversed()
            } else if isa == "PBXFileReference",
                      (fields["explicitFileType"] ?? fields["lastKnownFileType"])?.string?.hasPrefix("sourcecode.") != true,
                      let (path, onDisk) = resolvedPath(of: id), onDisk, fileSystem.isDirectory(path),
                      LocalPackages.isPackage(path, fileSystem: fileSystem) {
                folders.append(path)
            }
        }
        return folders
    }

    private func configurations(listID: String?) -> [XCBuildConfiguration] {
        guard let listID, let list = pbx.configurationList(listID) else { return [] }
        return list.buildConfigurations.compactMap { pbx.buildConfiguration($0) }
    }

    private func assignments(_ settings: [String: PlistValue], origin: String) -> [SettingAssignment] {
        settings.keys.sorted().map { key in
            let (name, conditions) = SettingAssignment.parseKey(key)
            return SettingAssignment(name: name, conditions: conditions, value: SettingAssignment.text(of: settings[key]!), origin: origin)
        }
    }

    /// The layers of a configuration's base configuration file (`.xcconfig`, includes inlined), and the files,
    /// relative to the lint root, whose settings are missing from them: the base file or an include that does
    /// not exist, cannot be read or leads outside the folder (`#include?` of a missing file is no gap).
    private mutating func xcconfigLayers(_ configuration: XCBuildConfiguration) -> (layers: [[SettingAssignment]], unread: [String]) {
        var path: String?
        if let reference = configuration.baseConfigurationReference {
            path = diskPath(of: reference)
        } else if let anchor = configuration.baseConfigurationReferenceAnchor,
                  let relative = configuration.baseConfigurationReferenceRelativePath,
                  let folder = diskPath(of: anchor) {
            path = fileSystem.resolve(folder.appendingPath(relative)) ?? folder.appendingPath(relative)
        }
        guard let path else { return ([], []) }
        let relative = path.relative(to: root)
        if let outside = fileSystem.outsideReason(path) {
            notes.append("\(relative): base configuration of \(configuration.name) not read: \(outside)")
            return ([], [relative])
        }
        guard fileSystem.exists(path) else {
            // CocoaPods and Flutter write these; when they are not committed, say it once per project.
            if let generated = GeneratedConfiguration(missing: path) {
                let note = generated.note(missing: path, root: root)
                if !notes.contains(note) { notes.append(note) }
                return ([], [relative])
            }
            notes.append("\(relative): base configuration of \(configuration.name) does not exist")
            return ([], [relative])
        }
        // Configurations of many targets share a file: read and expand it once.
        if let read = xcconfigs[path] { return (read, xcconfigGaps[path] ?? []) }
        var xcconfigNotes: [String] = []
        let layers = XCConfig.layers(path: path, relativeTo: root, sourceRoot: sourceRoot, fileSystem: fileSystem, notes: &xcconfigNotes)
        for note in xcconfigNotes where !notes.contains(note) { notes.append(note) }
        xcconfigs[path] = layers
        // Every note of an include is a file whose settings are missing (a missing `#include?` makes none).
        let gaps = xcconfigNotes.isEmpty ? [] : [relative]
        xcconfigGaps[path] = gaps
        return (layers, gaps)
    }

    // MARK: - Membership

    static let sourceExtensions: Set<String> = ["swift"]
    /// Objective-C implementation files: not read as code, only searched for the URL-handling methods of an app
    /// delegate (`ObjectiveCMethods`).
    static let objectiveCExtensions: Set<String> = ["m", "mm"]

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "pdf", "heic", "svg", "gif"]

    /// What a target's files are for Xcode, by kind: absolute paths.
    private typealias Membership = (sources: [String], catalogs: [String], images: [String], objectiveC: [String])

    private mutating func buildPhaseMembership(_ target: PBXNativeTarget) -> Membership {
        var sources: [String] = []
        var catalogs: [String] = []
        var images: [String] = []
        var objectiveC: [String] = []
        for phaseID in target.buildPhases {
            guard let phase = pbx.buildPhase(phaseID) else { continue }
            for fileID in phase.files {
                // Fields read as they are (no element made): a Sources phase can list 100,000 files.
                guard let ref = pbx.objects[fileID]?["fileRef"]?.string, let fields = pbx.objects[ref] else { continue }
                if phase.isa == "PBXSourcesBuildPhase" {
                    if PBXFileElement.isGroup(fields["isa"]?.string ?? "") {
                        for child in fields["children"]?.strings ?? [] { if let path = diskPath(of: child), path.pathExtension == "swift" { sources.append(path) } }
                    } else if let path = diskPath(of: ref), Self.sourceExtensions.contains(path.pathExtension) {
                        sources.append(path)
                    } else if let path = diskPath(of: ref), Self.objectiveCExtensions.contains(path.pathExtension) {
                        objectiveC.append(path)
                    }
                } else if phase.isa == "PBXResourcesBuildPhase" {
                    if let path = diskPath(of: ref) {
                        if path.pathExtension == "xcassets" { catalogs.append(path) }
                        if Self.imageExtensions.contains(path.pathExtension.lowercased()) { images.append(path) }
                    }
                }
            }
        }
        return (sources, catalogs, images, objectiveC)
    }

    /// Files of synchronized folders per target id, after exception sets:
    /// an exception set of a target that owns the folder removes the listed paths from that target; an exception
    /// set of a target that does not own the folder adds the listed paths to it. A build-phase exception set routes
    /// its files to that phase (a copy or headers phase), so they are not compiled.
    /// Folders holding a `Package.swift` are local packages, not sources: they are not walked, and are added
    /// to `packageFolders`.
    private mutating func synchronizedMembership(packageFolders: inout [String]) -> [String: Membership] {
        var owners: [String: [String]] = [:]
        for id in pbx.project.targets {
            for group in pbx.nativeTarget(id)?.fileSystemSynchronizedGroups ?? [] { owners[group, default: []].append(id) }
        }
        var phaseOwner: [String: String] = [:]
        for id in pbx.project.targets { for phase in pbx.nativeTarget(id)?.buildPhases ?? [] { phaseOwner[phase] = id } }

        var result: [String: Membership] = [:]
        // The ids alone (a filtered copy of every object would cost as much as the rest of the read).
        var groupIDs = Set(owners.keys)
        for (id, fields) in pbx.objects where fields["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" { groupIDs.insert(id) }
        for groupID in groupIDs.sorted() {
            guard let group = fileElement(groupID), group.isSynchronizedRootGroup, let folder = diskPath(of: groupID) else { continue }
            // Outside the folder being linted: the same words whatever is there (nothing tells what exists outside).
            if let outside = fileSystem.outsideReason(folder) {
                if owners[groupID] != nil { notes.append("\(folder.relative(to: root)): synchronized folder not read: \(outside)") }
                continue
            }
            guard fileSystem.isDirectory(folder) else {
                if owners[groupID] != nil {
                    notes.append("\(folder.relative(to: root)): synchronized folder does not exist")
                }
                continue
            }
            let explicitFolders = Set(group.explicitFolders)
            var packagesInside: [String] = []
            let files = fileSystem.walk(folder) { directory in
                let relative = directory.relative(to: folder)
                if LocalPackages.isPackage(directory, fileSystem: fileSystem) { packagesInside.append(directory); return false }
                return !Self.isPackageLike(directory) && !explicitFolders.contains(relative)
            }.filter { !packagesInside.contains($0) }
            packageFolders += packagesInside
            // What each file is for Xcode (a source, a catalog, an image), worked out once for every target.
            let relativeFiles = files.compactMap { file -> (absolute: String, relative: String, kind: MemberKind)? in
                let ext = file.pathExtension
                let kind: MemberKind? = ext == "swift" ? .source : ext == "xcassets" ? .catalog : Self.imageExtensions.contains(ext.lowercased()) ? .image
                    : Self.objectiveCExtensions.contains(ext) ? .objectiveC : nil
                return kind.map { (file, file.relative(to: folder), $0) }
            }
            var removed: [String: [String]] = [:]
            var added: [String: [String]] = [:]
            for exceptionID in group.exceptions {
                guard let exception = pbx.exceptionSet(exceptionID) else { continue }
                // Paths are relative to the folder; Xcode writes some with a leading `/`.
                let paths = exception.membershipExceptions.map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }
                if let target = exception.target {
                    if owners[groupID, default: []].contains(target) { removed[target, default: []] += paths }
                    else { added[target, default: []] += paths }
                } else if let phase = exception.buildPhase, let target = phaseOwner[phase] {
                    removed[target, default: []] += paths
                }
            }
            // An exception names a file or a folder (with or without a trailing `/`): the file, or everything in it.
            func listed(_ relative: String, in paths: Set<String>) -> Bool {
                if paths.contains(relative) { return true }
                var folder = relative[...]
                while let slash = folder.lastIndex(of: "/") {
                    folder = folder[..<slash]
                    if paths.contains(String(folder)) { return true }
                }
                return false
            }
            func listing(_ paths: [String]) -> Set<String> { Set(paths.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }) }
            func collect(for target: String, include: (String) -> Bool) {
                var members = result[target] ?? ([], [], [], [])
                for (absolute, relative, kind) in relativeFiles where include(relative) {
                    switch kind {
                    case .source: members.sources.append(absolute)
                    case .catalog: members.catalogs.append(absolute)
                    case .image: members.images.append(absolute)
                    case .objectiveC: members.objectiveC.append(absolute)
                    }
                }
                result[target] = members
            }
            for target in owners[groupID] ?? [] {
                let exclusions = listing(removed[target] ?? [])
                collect(for: target) { !listed($0, in: exclusions) }
            }
            for (target, paths) in added where !(owners[groupID] ?? []).contains(target) {
                let inclusions = listing(paths)
                collect(for: target) { listed($0, in: inclusions) }
            }
        }
        return result
    }

    private enum MemberKind { case source, catalog, image, objectiveC }

    /// Folders Xcode treats as one resource (bundles, catalogs, models), not walked for sources.
    static func isPackageLike(_ path: String) -> Bool {
        ["xcassets", "bundle", "xcdatamodeld", "xcdatamodel", "framework", "xcframework", "app", "appex", "xcodeproj",
         "xcworkspace", "playground", "docc", "scnassets", "rcproject", "mlpackage", "xcstickers"].contains(path.pathExtension)
    }

    // MARK: - Classification

    static func platforms(_ settings: BuildSettings, productType: String?) -> [Platform] {
        var platforms: [Platform] = []
        if settings.isAssigned("SUPPORTED_PLATFORMS"), let supported = settings.value("SUPPORTED_PLATFORMS").known {
            platforms = supported.split(separator: " ").compactMap { Platform(sdk: String($0)) }
        }
        if platforms.isEmpty, let sdk = settings.value("SDKROOT").known {
            if let platform = Platform(sdk: sdk.lastPathComponent) { platforms = [platform] }
        }
        if platforms.isEmpty {
            switch productType ?? "" {
            case let type where type.contains("watchapp") || type.contains("watchkit"): platforms = [.watchOS]
            default: break
            }
        }
        return Array(Set(platforms)).sorted()
    }

    static func kind(productType: String?, platforms: [Platform], infoPlist: [String: PlistValue]) -> (TargetKind, String) {
        guard let productType else { return (.unknown, "no product type (aggregate or legacy target)") }
        let extensionPoint = ExtensionPoint.declared(in: infoPlist)
        switch productType {
        case "com.apple.product-type.application", "com.apple.product-type.application.on-demand-install-capable",
             "com.apple.product-type.application.messages":
            if platforms == [.watchOS] { return (.watchApp, "application built for watchOS") }
            return (.app, productType)
        case "com.apple.product-type.application.watchapp2", "com.apple.product-type.application.watchapp":
            return (.watchApp, productType)
        case "com.apple.product-type.application.watchapp2-container":
            return (.unknown, "watch-only app container")
        case "com.apple.product-type.watchkit2-extension", "com.apple.product-type.watchkit-extension":
            return (.watchExtension, productType)
        case let type where type.hasPrefix("com.apple.product-type.app-extension") || type == "com.apple.product-type.extensionkit-extension":
            if extensionPoint == ExtensionPoint.widgetKit {
                return (.widgetExtension, "NSExtensionPointIdentifier \(ExtensionPoint.widgetKit)")
            }
            // NSExtension's points are the system's (`com.apple.…`); another name (a bundle id typed there) is no
            // point at all, and the target's code tells what it was meant to be.
            if let extensionPoint, ExtensionPoint.isSystem(extensionPoint, infoPlist: infoPlist) {
                return (.appExtension, "NSExtensionPointIdentifier \(extensionPoint)")
            }
            if let extensionPoint { return (.appExtension, "\(type); extension point unknown (NSExtensionPointIdentifier \(extensionPoint) is no system extension point)") }
            return (.appExtension, "\(type); extension point unknown")
        case "com.apple.product-type.framework", "com.apple.product-type.framework.static":
            return (.framework, productType)
        case "com.apple.product-type.library.static", "com.apple.product-type.library.dynamic":
            return (.library, productType)
        case "com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing":
            return (.testBundle, productType)
        default:
            return (.unknown, productType)
        }
    }
}

extension Array where Element == String {
    /// The strings in order, each at its first place only (what `NSOrderedSet` gave, without bridging every string
    /// to an `NSString`: 100,000 sources took a second there).
    func uniqued() -> [String] {
        var seen = Set<String>(minimumCapacity: count)
        return filter { seen.insert($0).inserted }
    }
}
