import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Finds and reads the project(s) at a path: a folder, an `.xcodeproj`, an `.xcworkspace` (its
/// `contents.xcworkspacedata` names the projects), or a `project.pbxproj`. A folder is searched for every
/// `.xcodeproj` below it (CocoaPods' `Pods.xcodeproj` and folders such as `node_modules`, `.build`,
/// `DerivedData` excepted). With no project at all, the Swift files under the folder are read as loose
/// sources (`ProjectModel.isLooseSources`, see `LooseSources`): per target where a Tuist manifest or an Expo
/// `targets/` folder says which files make one, else as one target of unknown kind; the generator that writes
/// the project is named, and rules that need facts the manifests do not state literally do not run. A folder with neither a project nor a
/// Swift source is an error. Manifests (`Package.swift`, Tuist's `Project.swift`, …) are never sources.
public struct ProjectLoader {
    public let fileSystem: FileSystem

    public init(fileSystem: FileSystem = FileSystem()) {
        self.fileSystem = fileSystem
    }

    /// How deeply a workspace's elements may nest (each nested group lengthens the path the next one is
    /// relative to); deeper stops the read with an error.
    public static let maximumWorkspaceDepth = 64

    /// Folders never searched for projects or loose sources.
    public static let ignoredFolders: Set<String> = [
        "node_modules", "Pods", "Carthage", ".build", "DerivedData", ".git", ".swiftpm", "build", "vendor", ".gradle",
    ]

    /// Loads the model.
    /// - Throws: `ProjectError` naming the file when the path does not exist, a project file is malformed, or
    ///   the folder holds no project and no Swift source (`nothingToLint`).
    public func load(path: String) throws -> ProjectModel {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let entry = fileSystem.status(absolute) else {
            if fileSystem.isSymbolicLink(absolute) { throw ProjectError.unreadable(path, reason: "broken symbolic link or link loop") }
            throw ProjectError.notFound(path)
        }
        if entry.kind != .directory && entry.kind != .file {
            throw ProjectError.notRead(path, reason: "it is \(entry.kind.description), not a folder or a project file")
        }
        // Nothing outside the folder being linted is read from here on (see `FileSystem`).
        fileSystem.confine(to: Self.root(of: absolute, isDirectory: entry.kind == .directory))
        let (root, projects, notes) = try locate(absolute, given: path)
        return try read(root: root, projects: projects, notes: notes, given: path)
    }

    /// Whether a search of the folder being linted (for projects, or for Swift files to read ahead) goes into
    /// `folder`: not one of `ignoredFolders`, nor a bundle-like folder.
    static func searchesInside(_ folder: String) -> Bool {
        !ignoredFolders.contains(folder.lastPathComponent) && !XcodeProjectReader.isPackageLike(folder)
    }

    /// The folder `load(path:)` lints for a path as given (see `root(of:isDirectory:)`); nil when nothing is there.
    public static func folderBeingLinted(_ path: String) -> String? {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder) else { return nil }
        return root(of: absolute, isDirectory: isFolder.boolValue)
    }

    /// The folder being linted for a path: a folder itself; the folder holding a given `.xcodeproj`,
    /// `.xcworkspace` or Swift file; the folder holding the `.xcodeproj` of a `project.pbxproj`.
    static func root(of absolute: String, isDirectory: Bool) -> String {
        if absolute.lastPathComponent == "project.pbxproj" { return absolute.deletingLastPathComponent.deletingLastPathComponent }
        if ["xcodeproj", "xcworkspace"].contains(absolute.pathExtension) || !isDirectory { return absolute.deletingLastPathComponent }
        return absolute
    }

    func locate(_ absolute: String, given: String) throws -> (root: String, projects: [String], notes: [String]) {
        var notes: [String] = []
        let name = absolute.lastPathComponent
        if name == "project.pbxproj" {
            let project = absolute.deletingLastPathComponent
            return (project.deletingLastPathComponent, [project], notes)
        }
        if absolute.pathExtension == "xcodeproj" { return (absolute.deletingLastPathComponent, [absolute], notes) }
        if absolute.pathExtension == "xcworkspace" {
            let root = absolute.deletingLastPathComponent
            return (root, try workspaceProjects(absolute, root: root, notes: &notes), notes)
        }
        guard fileSystem.isDirectory(absolute) else {
            if absolute.pathExtension == "swift" { return (absolute.deletingLastPathComponent, [], notes) }
            throw ProjectError.malformed(given, reason: "not a folder, .xcodeproj, .xcworkspace or project.pbxproj")
        }
        guard FilePathBytes.withCString(absolute, { access($0, R_OK | X_OK) }) == 0 else {
            throw ProjectError.unreadable(given, reason: "permission denied")
        }
        var projects: [String] = []
        for path in fileSystem.walk(absolute, descend: Self.searchesInside) where path.pathExtension == "xcodeproj" && fileSystem.isDirectory(path) {
            if path.lastPathComponent == "Pods.xcodeproj" { continue }
            projects.append(path)
        }
        // The same project reached through a symbolic link is read once.
        var seen: Set<String> = []
        projects = projects.filter { seen.insert(FileSystem.realPath($0)).inserted }
        return (absolute, projects, notes)
    }

    /// The projects a workspace names, in order (nested groups followed; `Pods.xcodeproj` left out). The
    /// file is read with `XMLParser` alone (an event parser that reports errors without printing them and
    /// builds no tree); a project outside the folder being linted is noted, not read. Errors name the file by its
    /// absolute path (the CLI prints it the way reporters print files).
    func workspaceProjects(_ workspace: String, root: String, notes: inout [String]) throws -> [String] {
        let contents = workspace.appendingPath("contents.xcworkspacedata")
        let data: Data
        do { data = try fileSystem.read(contents, limit: .workspace) } catch let error as ProjectError {
            if case .unreadable(_, let reason) = error, reason == "no such file" {
                throw ProjectError.unreadable(contents, reason: "the workspace has no contents.xcworkspacedata")
            }
            throw error.naming(contents)
        }
        // FoundationXML's XMLParser stops the process on an element or attribute name that is not UTF-8 (it
        // force-unwraps the decoded name), so the bytes are checked first: Xcode writes this file in UTF-8.
        if let problem = Self.notUTF8XML(data) {
            throw ProjectError.malformed(contents, reason: "not valid workspace XML (\(problem))")
        }
        let reader = WorkspaceReader(folder: workspace.deletingLastPathComponent)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse() && parser.parserError == nil
        if reader.tooDeep {
            throw ProjectError.malformed(contents,
                                         reason: "not valid workspace XML (groups nested more than \(WorkspaceReader.maximumDepth) deep, line \(max(parser.lineNumber, 1)))")
        }
        guard parsed, reader.sawWorkspace else {
            let place = !parsed ? "line \(max(parser.lineNumber, 1))" : "no <Workspace> element"
            throw ProjectError.malformed(contents, reason: "not valid workspace XML (\(place))")
        }
        var projects: [String] = []
        for path in reader.projects {
            if path.lastPathComponent == "Pods.xcodeproj" {
                notes.append("\(path.relative(to: root)): CocoaPods project not read")
            } else if !fileSystem.isInside(path) {
                notes.append("\(path): named by the workspace, outside the folder being linted; not read")
            } else if let resolved = fileSystem.resolve(path) {
                projects.append(resolved)
            } else {
                notes.append("\(path.relative(to: root)): named by the workspace but missing")
            }
        }
        if projects.isEmpty {
            let missing = notes.filter { $0.hasSuffix("named by the workspace but missing") }
            throw ProjectError.malformed(contents, reason: missing.isEmpty
                ? "the workspace names no .xcodeproj" : "every project the workspace names is missing (\(missing.map { String($0.prefix { $0 != ":" }) }.joined(separator: ", ")))")
        }
        return projects
    }

    /// Why XML bytes are not UTF-8 text (`not UTF-8 at line 3`, `declares encoding ISO-8859-1; Xcode writes
    /// UTF-8`), or nil.
    static func notUTF8XML(_ data: Data) -> String? {
        guard String(validating: data, as: UTF8.self) == nil else {
            if data.starts(with: Array("<?xml".utf8)), let end = data.firstRange(of: Data("?>".utf8)) {
                let declaration = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self)
                if let range = declaration.range(of: #"encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression) {
                    let value = declaration[range].split(whereSeparator: { $0 == "\"" || $0 == "'" }).dropFirst().first.map(String.init) ?? ""
                    if value.lowercased() != "utf-8" { return "declares encoding \(value); Xcode writes UTF-8" }
                }
            }
            return nil
        }
        var valid = 0
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        scan: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): valid += scalar.count
            case .emptyInput, .error: break scan
            }
        }
        let line = data.prefix(valid).filter { $0 == 0x0A }.count + 1
        return "not UTF-8 at line \(line)"
    }

    func read(root: String, projects: [String], notes initialNotes: [String], given: String) throws -> ProjectModel {
        var notes = initialNotes
        var targets: [Target] = []
        var modules: [SwiftModule] = []
        // Among several projects, one that cannot be read (an empty or damaged `.xcodeproj` left beside the real
        // one) is a note, not the end of the run: the run stops only when none of them can be read.
        var unreadable: [Error] = []
        var read: [String] = []
        for project in projects {
            var reader: XcodeProjectReader
            do {
                reader = try XcodeProjectReader(projectPath: project, root: root, fileSystem: fileSystem)
            } catch {
                guard projects.count > 1 else { throw error }
                // Named below the folder being linted, as the CLI prints notes (the error itself names the file by
                // its absolute path, for the CLI to print as it prints files).
                let named = (error as? ProjectError).map { $0.naming($0.file.relative(to: root)) } ?? error
                unreadable.append(named)
                notes.append("\(named); this project is not read, the others are")
                continue
            }
            read.append(project)
            let prefix = projects.count > 1 ? project.relative(to: root) + ":" : ""
            let found = reader.readTargets(prefix: prefix)
            targets += found.targets
            modules += found.modules
            notes += reader.notes
        }
        if read.isEmpty, let first = unreadable.first { throw first }
        let allFiles = fileSystem.walk(root, descend: { folder in
            !Self.ignoredFolders.contains(folder.lastPathComponent) && !XcodeProjectReader.isPackageLike(folder)
        })
        if projects.isEmpty { return try readLoose(root: root, files: allFiles, notes: notes, given: given) }
        searchObjectiveCURLMethods(in: &targets, root: root, notes: &notes)
        let assigned = Set(targets.flatMap(\.sources))
        let unassigned = allFiles.filter { $0.pathExtension == "swift" && !assigned.contains($0) }
            .filter { !LooseSources.isManifest($0, root: root, fileSystem: fileSystem) }
        // The catalogs first: reading them may record problems.
        let assetCatalogs = catalogs(of: targets)
        var model = ProjectModel(root: root, projectFiles: read.map { $0.relative(to: root) }, targets: targets,
                                 unassignedSources: unassigned, isLooseSources: false, notes: notes + fileSystem.problems,
                                 assetCatalogs: assetCatalogs, modules: modules)
        model.unreadProjects = unreadable.map { "\($0)" }
        return model
    }

    /// An app delegate written in Objective-C: its URL-handling methods, for the rules that look for a handler.
    /// A file that cannot be searched (too large, unreadable) may hold a handler: it counts as one whose code is
    /// not read, and a note says why.
    func searchObjectiveCURLMethods(in targets: inout [Target], root: String, notes: inout [String]) {
        var searched: [String: [ObjectiveCMethod]] = [:]
        for index in targets.indices where targets[index].kind.isApp {
            targets[index].objectiveCURLMethods = targets[index].objectiveCSources.flatMap { path -> [ObjectiveCMethod] in
                if let known = searched[path] { return known }
                // A file the project lists but the folder lacks (a generated `GeneratedPluginRegistrant.m`) holds nothing.
                guard fileSystem.exists(path) else { return [] }
                let methods: [ObjectiveCMethod]
                do {
                    let text = try fileSystem.readText(path, limit: .objectiveCSource)
                    methods = ObjectiveCMethods.implementations(in: text, file: path, among: ObjectiveCMethods.urlHandlingSelectors)
                } catch {
                    let reason = (error as? ProjectError)?.reasonText ?? "\(error)"
                    notes.append("\(path.relative(to: root)): not searched for URL-handling methods (\(reason)); it may hold one")
                    methods = [ObjectiveCMethod(selector: ObjectiveCMethods.unsearched, file: path, line: 1)]
                }
                searched[path] = methods
                return methods
            }
        }
    }

    /// The asset catalogs of the targets' resources, read.
    func catalogs(of targets: [Target]) -> [String: AssetCatalog] {
        var catalogs: [String: AssetCatalog] = [:]
        for path in Set(targets.flatMap(\.assetCatalogs)) where fileSystem.isDirectory(path) {
            catalogs[path] = AssetCatalog.read(path, fileSystem: fileSystem)
        }
        return catalogs
    }

    /// A folder without any `.xcodeproj`: its sources as `LooseSources` reads them.
    /// - Throws: `ProjectError.nothingToLint` when it holds no Swift source.
    func readLoose(root: String, files: [String], notes initialNotes: [String], given: String) throws -> ProjectModel {
        var loose = LooseSources(root: root, files: files, fileSystem: fileSystem)
        guard !loose.sources.isEmpty else {
            let generated = loose.generators.map { "\($0.name) generates the project from \($0.evidence): run `\($0.command)` first" }
            let reason: String
            if !generated.isEmpty {
                reason = "no .xcodeproj and no Swift source in the folder; " + generated.joined(separator: "; ")
            } else if fileSystem.contents(of: root).isEmpty {
                reason = "the folder is empty; nothing to lint"
            } else {
                reason = "no .xcodeproj and no Swift source in the folder; nothing to lint"
            }
            throw ProjectError.nothingToLint(given, reason: reason)
        }
        loose.readTargets()
        var notes = initialNotes
        for generator in loose.generators {
            notes.append("no .xcodeproj found: \(generator.name) generates it from \(generator.evidence); run `\(generator.command)`, then lint again for a full check")
        }
        let placed = loose.targets.filter { $0.id != "sources" }
        let rest = loose.targets.first { $0.id == "sources" }?.sources.count ?? 0
        var reading: String
        if placed.isEmpty {
            reading = "Swift files read as one target of unknown kind"
        } else {
            let origins = Set(placed.map { $0.id.hasPrefix("expo:") ? "the Expo targets/ folders" : "the Tuist manifests" }).sorted()
            reading = "Swift files read per target of \(origins.joined(separator: " and ")) (\(placed.count) target\(placed.count == 1 ? "" : "s"))"
            if rest > 0 { reading += ", \(rest) other file\(rest == 1 ? "" : "s") as one target of unknown kind" }
        }
        let prefix = loose.generators.isEmpty ? "no .xcodeproj found: " : ""
        let known = loose.knownFacts
        if known.isEmpty {
            reading += "; rules that need an Xcode project are not run"
        } else {
            reading += "; \(known) read from them"
            if known != .all { reading += ", rules that need \(ProjectFacts.all.subtracting(known)) are not run" }
        }
        notes.append(prefix + reading)
        notes += loose.notes
        var targets = loose.targets
        searchObjectiveCURLMethods(in: &targets, root: root, notes: &notes)
        let assetCatalogs = catalogs(of: targets)
        return ProjectModel(root: root, projectFiles: [], targets: targets, unassignedSources: [], isLooseSources: true,
                            notes: notes + fileSystem.problems, assetCatalogs: assetCatalogs, modules: loose.modules,
                            generators: loose.generators, knownFacts: known, factGaps: loose.factGaps)
    }
}

/// Collects the `.xcodeproj` paths of a workspace's `FileRef`s, following `Group` locations, as `XMLParser`
/// reports the elements. `location` is `group:` (relative to the enclosing group), `container:` (relative to
/// the workspace's folder) or `absolute:`.
final class WorkspaceReader: NSObject, XMLParserDelegate {
    static let maximumDepth = ProjectLoader.maximumWorkspaceDepth
    let folder: String
    private(set) var projects: [String] = []
    private(set) var sawWorkspace = false
    private(set) var tooDeep = false
    private var depth = 0
    /// The base folder of each open `Group` (or other element), innermost last.
    private var bases: [String]

    init(folder: String) {
        self.folder = folder
        bases = [folder]
    }

    private func location(_ value: String?, base: String) -> String? {
        guard let value, let colon = value.firstIndex(of: ":") else { return nil }
        let kind = value[..<colon], path = String(value[value.index(after: colon)...])
        switch kind {
        case "group": return base.appendingPath(path).standardizedPath
        case "container": return folder.appendingPath(path).standardizedPath
        case "absolute": return path.standardizedPath
        default: return nil
        }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        defer { depth += 1 }
        guard depth < Self.maximumDepth else {
            tooDeep = true
            parser.abortParsing()
            bases.append(folder)
            return
        }
        let base = bases.last ?? folder
        if depth == 0 {
            sawWorkspace = elementName == "Workspace"
            bases.append(base)
            return
        }
        guard sawWorkspace else { bases.append(base); return }
        switch elementName {
        case "FileRef":
            if let path = location(attributes["location"], base: base), path.pathExtension == "xcodeproj" { projects.append(path) }
            bases.append(base)
        case "Group":
            bases.append(location(attributes["location"], base: base) ?? base)
        default:
            bases.append(base)
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        if bases.count > 1 { bases.removeLast() }
    }
}
