import Foundation
import GlanceProject
import GlanceSurfaces

/// The files of one fix run as the fixes so far leave them (a value: a fix that gives up leaves no trace, its
/// copy is dropped), with the project-file edits fixes share: targets' build settings, membership, embedding,
/// new Info.plist and entitlements files.
struct Workspace {
    let model: SurfaceModel
    private let fileSystem: FileSystem
    private var originals: [String: String?] = [:]
    private var order: [String] = []
    private var projects: [String: PBXEditor] = [:]
    private var trees: [String: PBXGroupTree] = [:]
    private var plists: [String: PlistEditor] = [:]
    private var sources: [String: String] = [:]
    /// New Info.plist or entitlements files made for a target, by kind and target id.
    private var made: [String: String] = [:]

    init(model: SurfaceModel) {
        self.model = model
        fileSystem = FileSystem(confinedTo: model.project.root)
    }

    func relative(_ path: String) -> String { path.relative(to: model.project.root) }

    private mutating func original(_ path: String) throws -> String? {
        if let known = originals[path] { return known }
        let text: String?
        if fileSystem.exists(path) {
            let data: Data
            let limit: InputLimit = path.hasSuffix(".pbxproj") ? .projectFile : path.hasSuffix(".swift") ? .swiftSource : .propertyList
            do { data = try fileSystem.read(path, limit: limit) }
            catch let error as ProjectError { throw Fixer.NotCertain(reason: error.description) }
            // Only text that is UTF-8 through and through is edited: what is written back must be the same bytes
            // but for the edit.
            guard let decoded = String(data: data, encoding: .utf8), Data(decoded.utf8) == data else {
                throw Fixer.NotCertain(reason: "\(relative(path)) is not UTF-8 text")
            }
            text = decoded
        } else {
            text = nil
        }
        originals[path] = text
        order.append(path)
        return text
    }

    // MARK: Project files

    private func projectFile(of target: Target) throws -> String {
        guard let project = target.projectPath else { throw Fixer.NotCertain(reason: "'\(target.name)' comes from no Xcode project") }
        return model.project.root.appendingPath(project).appendingPath("project.pbxproj")
    }

    static func objectID(of target: Target) -> String { String(target.id.split(separator: ":").last ?? Substring(target.id)) }

    /// Runs `body` on the project file's editor (read on first use).
    private mutating func withProject<T>(of target: Target, _ body: (inout PBXEditor, inout PBXGroupTree) throws -> T) throws -> T {
        let path = try projectFile(of: target)
        if projects[path] == nil {
            guard let text = try original(path) else { throw Fixer.Failure(description: "\(relative(path)): not found") }
            let pbx: PBXProj
            do { pbx = try PBXProj(data: Data(text.utf8), file: relative(path)) }
            catch let error as ProjectError { throw Fixer.Failure(description: error.description) }
            projects[path] = PBXEditor(text: text, pbx: pbx)
            trees[path] = PBXGroupTree(pbx: pbx, projectPath: path.deletingLastPathComponent)
        }
        var editor = projects[path]!
        var tree = trees[path]!
        defer { projects[path] = editor; trees[path] = tree }
        do { return try body(&editor, &tree) }
        catch let error as PBXEditor.Failure {
            guard case .layout(let reason) = error else { throw error }
            throw Fixer.NotCertain(reason: "\(relative(path)) is not laid out as Xcode writes it (\(reason))")
        }
    }

    mutating func setBuildSetting(_ key: String, to value: String, target: Target, configuration: TargetConfiguration) throws {
        guard let id = configuration.objectID else { throw Fixer.NotCertain(reason: "configuration \(configuration.name) of '\(target.name)' is not in the project file") }
        try withProject(of: target) { editor, _ in try editor.setBuildSetting(key, to: value, configuration: id) }
    }

    // MARK: Text files

    mutating func editPlist(_ path: String, _ body: (inout PlistEditor) throws -> Void) throws {
        if plists[path] == nil {
            guard let text = try original(path) else { throw Fixer.Failure(description: "\(relative(path)): not found") }
            let value: PlistValue
            do { value = try PlistReader.parse(Data(text.utf8), file: relative(path)) }
            catch let error as ProjectError { throw Fixer.NotCertain(reason: error.description) }
            guard let dictionary = value.dictionary else { throw Fixer.NotCertain(reason: "\(relative(path)) is not a dictionary") }
            do { plists[path] = try PlistEditor(text: text, value: dictionary) }
            catch PlistEditor.Failure.layout(let reason) { throw Fixer.NotCertain(reason: "\(relative(path)): \(reason)") }
        }
        var editor = plists[path]!
        do { try body(&editor) }
        catch PlistEditor.Failure.layout(let reason) { throw Fixer.NotCertain(reason: "\(relative(path)): \(reason)") }
        plists[path] = editor
    }

    mutating func editSwift(_ path: String, _ body: (String) throws -> String) throws {
        if sources[path] == nil {
            guard let text = try original(path) else { throw Fixer.Failure(description: "\(relative(path)): not found") }
            sources[path] = text
        }
        do { sources[path] = try body(sources[path]!) }
        catch SwiftEditor.Failure.notFound(let reason) { throw Fixer.NotCertain(reason: "\(relative(path)): \(reason)") }
    }

    // MARK: Info.plist and entitlements files

    enum PropertyListKind {
        case infoPlist, entitlements
        var setting: String { self == .infoPlist ? "INFOPLIST_FILE" : "CODE_SIGN_ENTITLEMENTS" }
        func fileName(_ target: Target) -> String { self == .infoPlist ? "Info.plist" : "\(target.name).entitlements" }
        var fileType: String { self == .infoPlist ? "text.plist.xml" : "text.plist.entitlements" }
    }

    /// The property-list files the configurations use (absolute), each with the configurations using it. When no
    /// configuration of the target has one, a new file is made beside the target's sources (empty dictionary),
    /// the setting is set in each of these configurations, and the project refers to the file as Xcode does; when
    /// only some have one, which to use is not certain.
    mutating func propertyListFiles(_ kind: PropertyListKind, of target: Target, configurations names: [String]) throws -> [(String, [String])] {
        let root = model.project.root
        var files: [String: [String]] = [:]
        var without: [TargetConfiguration] = []
        for name in names {
            guard let configuration = target.configurations.first(where: { $0.name == name }) else { continue }
            let file = kind == .infoPlist ? configuration.infoPlistFile : configuration.entitlementsFile
            if let file { files[root.appendingPath(file), default: []].append(name) } else { without.append(configuration) }
        }
        if !without.isEmpty {
            let anyHas = target.configurations.contains { (kind == .infoPlist ? $0.infoPlistFile : $0.entitlementsFile) != nil }
            if anyHas || without.contains(where: { $0.settings.isAssigned(kind.setting) && !($0.settings.value(kind.setting).known ?? "").isEmpty }) {
                throw Fixer.NotCertain(reason: "\(without.map(\.name).joined(separator: " and ")) of '\(target.name)' \(without.count == 1 ? "has" : "have") no \(kind.setting) file while others do")
            }
            let file = try newPropertyListFile(kind, for: target, configurations: without)
            files[file, default: []] += without.map(\.name)
        }
        return files.keys.sorted().map { ($0, files[$0]!) }
    }

    private mutating func newPropertyListFile(_ kind: PropertyListKind, for target: Target, configurations: [TargetConfiguration]) throws -> String {
        let key = "\(kind.setting)\u{0}\(target.id)"
        if let made = made[key] { return made }
        let pbxID = Self.objectID(of: target)
        let fileName = kind.fileName(target)
        let (model, fileSystem, known) = (self.model, self.fileSystem, originals)
        let root = model.project.root
        let path: String = try withProject(of: target) { editor, tree in
            guard editor.objects[pbxID] != nil else { throw Fixer.NotCertain(reason: "'\(target.name)' is not in its project file") }
            let synchronized = try Self.ownFolder(of: target, pbxID: pbxID, editor: editor, tree: &tree, fileSystem: fileSystem, model: model)
            let folder: String
            var group: String?
            if let own = synchronized {
                folder = own.folder
            } else {
                let own = model.project.module(id: target.id)?.sources ?? []
                guard let common = Self.commonFolder(own.map(\.deletingLastPathComponent)) else {
                    throw Fixer.NotCertain(reason: "'\(target.name)' has no folder of its own for a new \(fileName)")
                }
                folder = common
                group = editor.objects.keys.sorted().first { id in
                    editor.objects[id]?["isa"]?.string == "PBXGroup" && tree.path(of: id) == common
                }
            }
            guard folder.hasPrefix(tree.sourceRoot + "/") || folder == tree.sourceRoot else {
                throw Fixer.NotCertain(reason: "the folder of '\(target.name)' is outside the project's folder")
            }
            let path = folder.appendingPath(fileName)
            guard !fileSystem.exists(path), known[path] == nil else {
                throw Fixer.NotCertain(reason: "\(path.relative(to: root)) exists, but '\(target.name)' does not use it")
            }
            if let own = synchronized {
                // A file in the target's own synchronized folder would be copied as a resource: Xcode excludes it.
                try Self.excludeOrInclude(fileName, in: own.group, for: pbxID, targetName: target.name, editor: &editor, tree: &tree)
            } else if let group, !editor.objects.keys.contains(where: { id in
                // (A reference the group tree already has to that path — the file deleted since — is kept.)
                editor.objects[id]?["isa"]?.string == "PBXFileReference" && tree.path(of: id) == path
            }) {
                let reference = editor.newID("file\u{0}\(path.relative(to: root))")
                try editor.addObject(reference, isa: "PBXFileReference", fields: [
                    ("lastKnownFileType", .string(kind.fileType)), ("path", .string(fileName)), ("sourceTree", .string("<group>")),
                ], comment: fileName)
                try editor.append(.reference(reference), toList: "children", of: group)
            }
            let value = path.relative(to: tree.sourceRoot)
            for configuration in configurations {
                guard let id = configuration.objectID else { throw Fixer.NotCertain(reason: "configuration \(configuration.name) of '\(target.name)' is not in the project file") }
                try editor.setBuildSetting(kind.setting, to: value, configuration: id)
            }
            return path
        }
        originals[path] = .some(nil)
        order.append(path)
        do { plists[path] = try PlistEditor(text: PlistEditor.newFile([]).replacingOccurrences(of: "<dict>\n</dict>", with: "<dict/>"), value: [:]) }
        catch { throw Fixer.Failure(description: "\(relative(path)): cannot be made") }
        made[key] = path
        return path
    }

    /// The synchronized folder a new file of the target goes in: of those it builds from, the ones no other target
    /// builds from, and of these the one that holds most of its Swift files. Nil for a target without synchronized
    /// folders; not certain when it has only shared ones.
    private static func ownFolder(of target: Target, pbxID: String, editor: PBXEditor, tree: inout PBXGroupTree, fileSystem: FileSystem,
                                  model: SurfaceModel) throws -> (group: String, folder: String)? {
        let groups = editor.objects[pbxID]?["fileSystemSynchronizedGroups"]?.strings ?? []
        guard !groups.isEmpty else { return nil }
        let others = editor.objects.filter { $0.key != pbxID && $0.value["isa"]?.string == "PBXNativeTarget" }
            .flatMap { $0.value["fileSystemSynchronizedGroups"]?.strings ?? [] }
        let own = groups.filter { !others.contains($0) }.compactMap { group in tree.path(of: group).map { (group, fileSystem.resolve($0) ?? $0) } }
        let sources = model.project.module(id: target.id)?.sources ?? target.sources
        guard let best = own.max(by: { lhs, rhs in
            sources.filter { $0.hasPrefix(lhs.1 + "/") }.count < sources.filter { $0.hasPrefix(rhs.1 + "/") }.count
        }) else {
            throw Fixer.NotCertain(reason: "every synchronized folder of '\(target.name)' is shared with another target: where its new file goes is a choice")
        }
        return (best.0, best.1)
    }

    static func commonFolder(_ folders: [String]) -> String? {
        guard var common = folders.first else { return nil }
        for folder in folders.dropFirst() {
            while common != "/" && !(folder == common || folder.hasPrefix(common + "/")) { common = common.deletingLastPathComponent }
        }
        return common == "/" ? nil : common
    }

    /// The Xcode 16 way of changing one file's membership in a synchronized folder: the target's exception set
    /// for that folder lists it (made when missing, named as Xcode names it). For a target that owns the folder
    /// the listed files are left out of it; for one that does not, they are added to it.
    private static func excludeOrInclude(_ relativePath: String, in group: String, for target: String, targetName: String,
                                  editor: inout PBXEditor, tree: inout PBXGroupTree) throws {
        let sets = (editor.objects[group]?["exceptions"]?.strings ?? []).filter {
            editor.objects[$0]?["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet" && editor.objects[$0]?["target"]?.string == target
        }
        if let set = sets.first {
            if !(editor.objects[set]?["membershipExceptions"]?.strings ?? []).contains(relativePath) {
                try editor.append(.string(relativePath), toList: "membershipExceptions", of: set, sorted: true)
            }
            return
        }
        let folderName = editor.objects[group]?["name"]?.string ?? editor.objects[group]?["path"]?.string ?? "?"
        let id = editor.newID("exceptions\u{0}\(group)\u{0}\(target)")
        // Early Xcode 16 builds named these sets by their isa; later ones by folder and target: follow the file.
        let comment = editor.lines.contains { $0.contains("/* PBXFileSystemSynchronizedBuildFileExceptionSet */ = {") }
            ? "PBXFileSystemSynchronizedBuildFileExceptionSet" : "Exceptions for \"\(folderName)\" folder in \"\(targetName)\" target"
        try editor.addObject(id, isa: "PBXFileSystemSynchronizedBuildFileExceptionSet", fields: [
            ("membershipExceptions", .list([.string(relativePath)])), ("target", .reference(target)),
        ], comment: comment)
        try editor.append(.reference(id), toList: "exceptions", of: group)
    }

    // MARK: Membership

    /// Makes a Swift file a member of a target: in a synchronized folder, through the target's exception set
    /// (an exclusion removed, or an inclusion added); in classic groups, as a build file in its Sources phase.
    mutating func addMembership(of file: String, to target: Target) throws {
        let pbxID = Self.objectID(of: target)
        let root = model.project.root
        let fileSystem = self.fileSystem
        try withProject(of: target) { editor, tree in
            guard let native = editor.objects[pbxID] else { throw Fixer.NotCertain(reason: "'\(target.name)' is not in its project file") }
            let groups = editor.objects.keys.filter { editor.objects[$0]?["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" }.sorted()
            let folders = groups.compactMap { id in tree.path(of: id).map { (id, fileSystem.resolve($0) ?? $0) } }
            if let (group, folder) = folders.filter({ file.hasPrefix($0.1 + "/") }).max(by: { $0.1.count < $1.1.count }) {
                let relativePath = file.relative(to: folder)
                let owned = (native["fileSystemSynchronizedGroups"]?.strings ?? []).contains(group)
                if owned {
                    let sets = (editor.objects[group]?["exceptions"]?.strings ?? []).filter { set in
                        let fields = editor.objects[set] ?? [:]
                        return fields["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet" && fields["target"]?.string == pbxID
                            && (fields["membershipExceptions"]?.strings ?? []).map(Self.trimmedException).contains(relativePath)
                    }
                    guard !sets.isEmpty else {
                        throw Fixer.NotCertain(reason: "\(file.relative(to: root)) is left out of '\(target.name)' by a folder exception or a build-phase exception; which files to add back is a choice")
                    }
                    for set in sets {
                        let listed = (editor.objects[set]?["membershipExceptions"]?.strings ?? []).first { Self.trimmedException($0) == relativePath }!
                        try editor.remove(listed, fromList: "membershipExceptions", of: set)
                        if editor.objects[set]?["membershipExceptions"]?.array?.isEmpty == true {
                            // Xcode drops an emptied exception set, and leaves the folder's list (`exceptions = ( );`).
                            try editor.remove(set, fromList: "exceptions", of: group)
                            try editor.removeObject(set)
                        }
                    }
                } else {
                    try Self.excludeOrInclude(relativePath, in: group, for: pbxID, targetName: target.name, editor: &editor, tree: &tree)
                }
                return
            }
            // Classic groups: the file's reference, a build file for it, in the target's Sources phase.
            let references = editor.objects.keys.sorted().filter { id in
                editor.objects[id]?["isa"]?.string == "PBXFileReference" && tree.path(of: id).map { fileSystem.resolve($0) ?? $0 } == file
            }
            guard let reference = references.first else { throw Fixer.NotCertain(reason: "\(file.relative(to: root)) has no file reference in the project") }
            let phases = (native["buildPhases"]?.strings ?? []).filter { editor.objects[$0]?["isa"]?.string == "PBXSourcesBuildPhase" }
            guard phases.count == 1, let phase = phases.first else { throw Fixer.NotCertain(reason: "'\(target.name)' has \(phases.isEmpty ? "no" : "several") Sources phases") }
            let name = editor.comment(of: reference) ?? file.lastPathComponent
            let phaseName = editor.comment(of: phase) ?? "Sources"
            let buildFile = editor.newID("buildfile\u{0}\(reference)\u{0}\(phase)")
            try editor.addObject(buildFile, isa: "PBXBuildFile", fields: [("fileRef", .reference(reference))], comment: "\(name) in \(phaseName)")
            try editor.append(.reference(buildFile), toList: "files", of: phase)
        }
    }

    /// Membership exceptions name paths relative to the folder; Xcode writes some with a leading `/`.
    private static func trimmedException(_ path: String) -> String { path.hasPrefix("/") ? String(path.dropFirst()) : path }

    // MARK: Embedding

    /// Embeds a widget extension that no app embeds in the app it belongs to (its bundle id is the app's plus a
    /// suffix, or it is the project's only app on its platform), as Xcode does when it makes the extension: a build
    /// file in the app's "Embed Foundation Extensions" copy phase (made when missing) and a target dependency with its
    /// container item proxy. An extension embedded only when installing gets its copy phases cleared of that.
    mutating func embed(_ extensionTarget: Target) throws {
        let hosts = model.project.hosts(of: extensionTarget)
        let extensionID = Self.objectID(of: extensionTarget)
        if !hosts.isEmpty {
            guard hosts.allSatisfy({ $0.embedding.onlyWhenInstalling }) else { return }
            for (host, _) in hosts {
                try withProject(of: host) { editor, _ in
                    let product = editor.objects[extensionID]?["productReference"]?.string
                    for phase in editor.objects[Self.objectID(of: host)]?["buildPhases"]?.strings ?? [] {
                        let fields = editor.objects[phase] ?? [:]
                        guard fields["isa"]?.string == "PBXCopyFilesBuildPhase", fields["runOnlyForDeploymentPostprocessing"]?.string == "1",
                              (fields["files"]?.strings ?? []).contains(where: { editor.objects[$0]?["fileRef"]?.string == product }) else { continue }
                        try editor.set("runOnlyForDeploymentPostprocessing", to: "0", of: phase)
                    }
                }
            }
            return
        }
        let app = try hostApp(for: extensionTarget)
        let appID = Self.objectID(of: app)
        try withProject(of: app) { editor, _ in
            guard let product = editor.objects[extensionID]?["productReference"]?.string, editor.objects[product] != nil else {
                throw Fixer.NotCertain(reason: "'\(extensionTarget.name)' has no product in the project file")
            }
            let phases = (editor.objects[appID]?["buildPhases"]?.strings ?? []).filter { id in
                let fields = editor.objects[id] ?? [:]
                return fields["isa"]?.string == "PBXCopyFilesBuildPhase" && fields["dstSubfolderSpec"]?.string == "13"
                    && (fields["dstPath"]?.string ?? "").isEmpty && fields["runOnlyForDeploymentPostprocessing"]?.string != "1"
            }
            let phase: String
            if let existing = phases.first {
                phase = existing
            } else {
                phase = editor.newID("embed\u{0}\(appID)")
                try editor.addObject(phase, isa: "PBXCopyFilesBuildPhase", fields: [
                    ("buildActionMask", .string("2147483647")), ("dstPath", .string("")), ("dstSubfolderSpec", .string("13")),
                    ("files", .list([])), ("name", .string("Embed Foundation Extensions")), ("runOnlyForDeploymentPostprocessing", .string("0")),
                ], comment: "Embed Foundation Extensions")
                // Right after Copy Bundle Resources, before any script phase: an embed phase after Flutter's or
                // CocoaPods' scripts makes Xcode 15 report a dependency cycle (Xcode itself appends it last).
                let resources = (editor.objects[appID]?["buildPhases"]?.strings ?? []).last { editor.objects[$0]?["isa"]?.string == "PBXResourcesBuildPhase" }
                try editor.append(.reference(phase), toList: "buildPhases", of: appID, after: resources)
            }
            let productName = editor.comment(of: product) ?? editor.objects[product]?["path"]?.string ?? extensionTarget.name
            let buildFile = editor.newID("embedfile\u{0}\(product)\u{0}\(phase)")
            try editor.addObject(buildFile, isa: "PBXBuildFile", fields: [
                ("fileRef", .reference(product)), ("settings", .dictionary([("ATTRIBUTES", .list([.string("RemoveHeadersOnCopy")]))])),
            ], comment: "\(productName) in \(editor.comment(of: phase) ?? "Embed Foundation Extensions")")
            try editor.append(.reference(buildFile), toList: "files", of: phase)
            let depends = (editor.objects[appID]?["dependencies"]?.strings ?? []).contains { editor.objects[$0]?["target"]?.string == extensionID }
            if !depends {
                let proxy = editor.newID("proxy\u{0}\(appID)\u{0}\(extensionID)")
                try editor.addObject(proxy, isa: "PBXContainerItemProxy", fields: [
                    ("containerPortal", .reference(editor.rootObject)), ("proxyType", .string("1")),
                    ("remoteGlobalIDString", .string(extensionID)), ("remoteInfo", .string(extensionTarget.name)),
                ], comment: "PBXContainerItemProxy")
                let dependency = editor.newID("dependency\u{0}\(appID)\u{0}\(extensionID)")
                try editor.addObject(dependency, isa: "PBXTargetDependency", fields: [
                    ("target", .reference(extensionID)), ("targetProxy", .reference(proxy)),
                ], comment: "PBXTargetDependency")
                try editor.append(.reference(dependency), toList: "dependencies", of: appID)
            }
        }
    }

    /// The app of the extension's project that should embed it: the one whose bundle id its own starts with (plus
    /// a dot), else the only app for its platform there.
    private func hostApp(for extensionTarget: Target) throws -> Target {
        let candidates = model.project.targets.filter { candidate in
            let kind = model.kind(of: candidate)
            return kind.isApp && candidate.projectPath == extensionTarget.projectPath && candidate.platforms.first == extensionTarget.platforms.first
        }
        if let bundle = extensionTarget.bundleIdentifier {
            let owners = candidates.filter { candidate in candidate.bundleIdentifier.map { bundle.hasPrefix($0 + ".") } ?? false }
            if owners.count == 1 { return owners[0] }
            if owners.count > 1 {
                let longest = owners.max { ($0.bundleIdentifier ?? "").count < ($1.bundleIdentifier ?? "").count }!
                if owners.filter({ $0.bundleIdentifier == longest.bundleIdentifier }).count == 1 { return longest }
            }
        }
        guard candidates.count == 1 else {
            throw Fixer.NotCertain(reason: candidates.isEmpty ? "no app of its project runs on its platform"
                : "which app should embed '\(extensionTarget.name)' is a choice (\(candidates.map { "'\($0.name)'" }.joined(separator: ", ")))")
        }
        return candidates[0]
    }

    // MARK: The result

    /// Every changed file, in the order first touched, each checked: a project.pbxproj and a property list must read
    /// back as exactly the model their edits describe.
    /// - Throws: `Fixer.Failure` naming the file that does not.
    func checkedChanges() throws -> [FileChange] {
        var changes: [FileChange] = []
        for path in order {
            let original = originals[path] ?? nil
            let text: String
            if let editor = projects[path] {
                text = editor.text
                let reread: PBXProj
                do { reread = try PBXProj(data: Data(text.utf8), file: relative(path)) }
                catch { throw Fixer.Failure(description: "\(relative(path)): the edited file would not read back (\(error)); nothing was written") }
                guard reread.objects == editor.objects, reread.rootObject == editor.rootObject else {
                    throw Fixer.Failure(description: "\(relative(path)): the edited file would not read back as planned; nothing was written")
                }
            } else if let editor = plists[path] {
                text = editor.text
                let reread = try? PlistReader.parse(Data(text.utf8), file: relative(path))
                guard reread?.dictionary == editor.value else {
                    throw Fixer.Failure(description: "\(relative(path)): the edited file would not read back as planned; nothing was written")
                }
            } else if let source = sources[path] {
                text = source
            } else {
                continue
            }
            if text != original { changes.append(FileChange(path: path, relativePath: relative(path), original: original, text: text)) }
        }
        return changes
    }
}
