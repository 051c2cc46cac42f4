import Foundation
import GlanceCache
import GlanceConfiguration
import GlanceProject
import GlanceReporters
import GlanceRules
import GlanceSourceIndex
import GlanceSurfaces

/// The pipeline, for the CLI and for anyone embedding Glance: project files → project model → source
/// index → surface model → rules.
public enum Glance {
    /// Reads the project(s) at `path` and builds the surface model. With a `cache`, files whose text it holds are
    /// not scanned or parsed again, and the project model comes from its record while the project's files are
    /// unchanged (the model is the same); call `model.index.saveCache()` when done. Without the project's record,
    /// the folder's Swift files are read ahead while the project is read (`ScanAhead`), unless `readAhead` is given.
    /// `likelyParsed` names files an earlier run parsed (see `SourceIndex`'s initializer). None of these changes the
    /// model, only when its work is done.
    /// - Throws: `ProjectError` when the path does not exist or a project file cannot be read.
    public static func surfaces(at path: String, parseEverything: Bool = false, cache: (any SourceIndexCache)? = nil,
                                progress: SourceIndex.Progress? = nil, likelyParsed: Set<String> = [], readAhead: ScanAhead? = nil) throws -> SurfaceModel {
        let loader = ProjectLoader()
        DebugTime.mark("start")
        let records = cache as? SourceCache
        // Without the project's record (a cold run), another core reads the folder's Swift files while this one
        // reads the project.
        let ahead = readAhead ?? ((cache == nil || records.map { !$0.hasRecord(projectRecordKey(path, records: $0)) } == true)
            ? ProjectLoader.folderBeingLinted(path).map { ScanAhead(swiftFilesIn: $0) } : nil)
        defer { ahead?.stop() }   // also when the project cannot be read
        let project: ProjectModel
        do { project = try loadProject(path, loader: loader, records: records) } catch let error as ProjectError { throw shown(error, lintPath: path) }
        DebugTime.mark("project read")
        let sources = Array(Set(project.targets.flatMap(\.sources))).sorted()
        let index = SourceIndex(paths: sources, fileSystem: loader.fileSystem, cache: cache, progress: progress, likelyParsed: likelyParsed,
                                readAhead: ahead)
        try FileSystem.checkRunCanRead()
        if parseEverything { index.parseEverything() }
        index.prepareCache()
        let model = SurfaceModel.build(project: project, index: index)
        DebugTime.mark("surfaces built")
        return model
    }

    /// The project model at `path`: from the cache's record when every question its reading asked the disk
    /// gets the same answer today (a Swift file edited since leaves it the same) and the record is of that folder
    /// (`ProjectRecord.isAnchored`), else read by `loader` and recorded. Either way, a run's observers hear the questions (`RunObserver`).
    static func loadProject(_ path: String, loader: ProjectLoader, records: SourceCache?) throws -> ProjectModel {
        guard let records, let key = projectRecordKey(path, records: records) else { return try loader.load(path: path) }
        let record = records.record(key, as: ProjectRecord.self)
        DebugTime.mark("project record read")
        if let record, record.isAnchored, let answered = record.answers.heldToday() {
            for case let observer as RunObserver in FileSystem.observers { observer.hear(answered) }
            loader.fileSystem.confine(to: record.boundary)
            return record.model
        }
        let observer = RunObserver()
        FileSystem.startObserving(observer)
        defer { FileSystem.stopObserving(observer) }
        let project = try loader.load(path: path)
        FileSystem.stopObserving(observer)
        try FileSystem.checkRunCanRead()
        if let answers = observer.answers, let boundary = loader.fileSystem.boundary {
            records.storeRecord(ProjectRecord(answers: answers, model: project, boundary: boundary), key: key)
        }
        return project
    }

    /// The key of the record of the project model at `path`, read from the current folder by this executable.
    static func projectRecordKey(_ path: String, records: SourceCache) -> String? {
        records.recordKey(["project", executableIdentity, FileManager.default.currentDirectoryPath, path])
    }

    /// Lints the project(s) at `path` with the given rules.
    public static func lint(at path: String, rules: [any Rule.Type] = RuleRegistry.all, parseEverything: Bool = false) throws -> (SurfaceModel, LintResult) {
        let model = try surfaces(at: path, parseEverything: parseEverything)
        return (model, Linter(rules: rules).lint(model))
    }

    /// Lints the project(s) at `path` as a configuration says: its rules and severities, then its path
    /// globs (`included`, `excluded`, `excluded_by_rule`) over the reported violations. Inline suppressions
    /// are applied by the linter; the baseline is not (see `LintSettings`).
    /// With a `cache` (see `surfaces(at:parseEverything:cache:progress:)`), what the run worked out is stored in it.
    /// `judgingNeverInstalledExtensions`: see `Linter.judgesNeverInstalledExtensions`.
    public static func lint(at path: String, configuration: Configuration, parseEverything: Bool = false, cache: (any SourceIndexCache)? = nil,
                            progress: SourceIndex.Progress? = nil, likelyParsed: Set<String> = [], readAhead: ScanAhead? = nil,
                            judgingNeverInstalledExtensions: Bool = false) throws -> (SurfaceModel, LintResult) {
        let model = try surfaces(at: path, parseEverything: parseEverything, cache: cache, progress: progress, likelyParsed: likelyParsed,
                                 readAhead: readAhead)
        let result = Linter(rules: configuration.rules(), severities: configuration.severities, optedIn: Set(configuration.optInRules),
                            judgesNeverInstalledExtensions: judgingNeverInstalledExtensions).lint(model)
        DebugTime.mark("rules judged")
        model.index.saveCache()
        DebugTime.mark("cache saved")
        return (model, configuration.filter(result, root: model.project.root))
    }

    /// A project error named the way reporters name files (README, "Paths"): a file below the folder being linted
    /// as the folder typed, then the path below it; any other as it is.
    static func shown(_ error: ProjectError, lintPath path: String) -> ProjectError {
        guard error.file.hasPrefix("/"), let folder = ProjectLoader.folderBeingLinted(path) else { return error }
        let relative = error.file.relative(to: folder)
        guard relative != error.file else { return error }
        return error.naming(MessagePlace.joined(displayRoot(for: path), relative))
    }

    /// What to print before relative paths: the folder as the user typed it (the project's folder when a
    /// project or workspace was given).
    static func displayRoot(for path: String) -> String {
        var root = path
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        let ext = (root as NSString).pathExtension
        if ext == "xcodeproj" || ext == "xcworkspace" || (root as NSString).lastPathComponent == "project.pbxproj" || ext == "swift" {
            root = (root as NSString).deletingLastPathComponent
            if (root as NSString).pathExtension == "xcodeproj" { root = (root as NSString).deletingLastPathComponent }
        }
        return root == "." ? "" : root
    }
}

