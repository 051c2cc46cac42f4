import Foundation
import GlanceCache
import GlanceConfiguration
import GlanceInput
import GlanceProject
import GlanceReporters
import GlanceRules
import GlanceSourceIndex
import GlanceSurfaces

/// `glance lint [PATH] | FILE...`: a folder or project, or files linted in their project's context.
extension CommandLineTool {
    func lint(_ raw: [String], output: inout Output) throws {
        if raw.contains("--help") || raw.contains("-h") { output.standardOutput += Help.command("lint")!; return }
        let started = clock()
        let arguments = try Arguments(raw, spec: .init(flags: ["--strict", "--explain-skips", "--parse-all", "--quiet", "-q", "--absolute-paths",
                                                               "--no-cache", "--progress"],
                                                       options: ["--reporter", "--config", "--baseline", "--write-baseline", "--cache-path"],
                                                       maxPositionals: .max), command: "lint")
        let quiet = arguments.flag("--quiet") || arguments.flag("-q")
        var cache = try sourceCache(arguments)
        if let requested = cache, let refusal = Self.cacheRefusal(requested, paths: arguments.positionals) {
            output.standardError += OutputText.escaped(String(refusal.dropLast())) + "\n"
            cache = nil
        }
        let request = try LintRequest(arguments.positionals)
        // A run that did this before, in this folder, reading the same: print what it printed.
        let recordKey = cache.flatMap { cache in runRecordKey(raw, request: request, arguments: arguments).flatMap { cache.recordKey($0) } }
        DebugTime.mark("arguments read")
        let runRecord = cache.flatMap { cache in recordKey.flatMap { cache.record($0, as: RunRecord.self) } }
        DebugTime.mark("run record read")
        var changed: FileQuestion?
        if let record = runRecord, record.answers.heldToday(changed: &changed) != nil {
            output.standardOutput += record.standardOutput
            output.standardError += record.standardError
            output.exitCode = record.exitCode
            if let errors = record.errors, let warnings = record.warnings, let files = record.files {
                output.standardError += "glance: " + Self.summary(errors: errors, warnings: warnings, files: files, seconds: clock() - started) + "\n"
            }
            return
        }
        DebugTime.mark("run record checked")
        // A file the recorded run parsed, edited since: parsed on another core while the project is read.
        var readAhead: ScanAhead?
        if case .read(let file, _, _, _)? = changed, runRecord?.parsedFiles?.contains(file) == true, case .project(let path) = request,
           let folder = ProjectLoader.folderBeingLinted(path) {
            readAhead = ScanAhead(parsing: [file], in: folder)
        }
        let observer = recordKey == nil ? nil : RunObserver()
        if let observer { FileSystem.startObserving(observer) }
        defer { if let observer { FileSystem.stopObserving(observer) } }
        let errorBefore = output.standardError
        let progress = arguments.flag("--progress") ? ProgressLine.start(started: started, clock: clock) : nil
        defer { progress?.stop() }
        let report: LintReport
        switch request {
        case .project(let path):
            report = try lintProject(path, arguments: arguments, quiet: quiet, cache: cache, progress: progress?.index,
                                     likelyParsed: Set(runRecord?.parsedFiles ?? []), readAhead: readAhead, output: &output)
        case .files(let files): report = try lintFiles(files, arguments: arguments, quiet: quiet, cache: cache, progress: progress?.index, output: &output)
        }
        progress?.stop()
        let options = ReportOptions(displayRoot: report.displayRoot, explainSkips: arguments.flag("--explain-skips"), toolVersion: Glance.version)
        output.standardOutput += ViolationReporter.render(report.result, as: report.reporter, options: options)
        output.standardOutputEncoding = report.reporter.encoding
        output.exitCode = report.failing ? 1 : 0
        DebugTime.mark("output rendered")
        if let observer { FileSystem.stopObserving(observer) }
        let errors = report.result.violations.filter { $0.severity == .error }.count
        let warnings = report.result.violations.count - errors
        if let cache, let recordKey, let answers = observer?.answers {
            cache.storeRecord(RunRecord(answers: answers, standardOutput: output.standardOutput,
                                           standardError: String(output.standardError.dropFirst(errorBefore.count)), exitCode: output.exitCode,
                                           errors: quiet ? nil : errors, warnings: quiet ? nil : warnings, files: quiet ? nil : report.fileCount,
                                           parsedFiles: report.parsedFiles), key: recordKey)
            cache.finish()
            DebugTime.mark("run recorded")
        }
        if !quiet {
            output.standardError += "glance: " + Self.summary(errors: errors, warnings: warnings, files: report.fileCount, seconds: clock() - started) + "\n"
        }
    }

    /// What a run's record is found by: this Glance executable, the arguments as given, the current folder and
    /// what else decides the output (Xcode's build-phase variable). Nil when the run is not recorded: one that
    /// writes a baseline, or lints files given one by one (whose project is searched for outside `FileSystem`),
    /// or logs its parses (`GLANCE_DEBUG_PARSE`).
    func runRecordKey(_ raw: [String], request: LintRequest, arguments: Arguments) -> [String]? {
        guard case .project = request, arguments.option("--write-baseline") == nil, !SourceIndex.logsParses else { return nil }
        return ["run", Glance.executableIdentity, FileManager.default.currentDirectoryPath, environment["XCODE_VERSION_ACTUAL"] ?? ""] + raw
    }

    /// What `lint` prints, once the project(s) are linted.
    struct LintReport {
        var result: LintResult
        var reporter: ReporterKind
        var displayRoot: String
        var failing: Bool
        var fileCount: Int
        /// The files the run parsed (for the run's record).
        var parsedFiles: [String] = []
    }

    /// True when Glance runs in an Xcode build phase (Xcode sets `XCODE_VERSION_ACTUAL` there): Xcode matches
    /// issues to files by absolute path.
    var runsInXcodeBuildPhase: Bool { !(environment["XCODE_VERSION_ACTUAL"] ?? "").isEmpty }

    func absolutePaths(_ arguments: Arguments, reporter: ReporterKind) -> Bool {
        arguments.flag("--absolute-paths") || (reporter == .xcode && runsInXcodeBuildPhase)
    }


    /// The folder a lint path is linted as (`ProjectLoader.folderBeingLinted`: the path's own folder, or the folder
    /// that holds the project, the `.xcodeproj` of a `project.pbxproj`, or the file); for a path that is not there,
    /// the folder that would hold it.
    static func lintFolder(_ path: String) -> String {
        ProjectLoader.folderBeingLinted(path) ?? (URL(fileURLWithPath: path).standardizedFileURL.path as NSString).deletingLastPathComponent
    }

    /// Why the cache is not used for these lint paths: it lies inside one of them, where the repository being
    /// linted could plant entries (and hide findings) or links; nil when it may be used.
    static func cacheRefusal(_ cache: SourceCache, paths: [String]) -> String? {
        let folder = FileSystem.realPath(cache.folder)
        for path in paths.isEmpty ? ["."] : paths {
            let root = FileSystem.realPath(lintFolder(path))
            if folder == root || root == "/" || folder.hasPrefix(root + "/") {
                return "glance: warning: cache folder \(Shown.name(cache.folder)) is inside the folder being linted, where a repository could plant entries; not used (give --cache-path a folder outside it)\n"
            }
        }
        return nil
    }

    /// The cache `--cache-path`, `--no-cache` and the environment ask for (nil: none).
    /// - Throws: `CLIError.usage` for both flags at once, or a `--cache-path` that is empty or not a folder.
    func sourceCache(_ arguments: Arguments) throws -> SourceCache? {
        let given = arguments.option("--cache-path")
        if arguments.flag("--no-cache") {
            if given != nil { throw CLIError.usage("--no-cache and --cache-path cannot be used together", command: "lint") }
            return nil
        }
        if let given {
            guard !given.isEmpty else { throw CLIError.usage("--cache-path needs a folder", command: "lint") }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: given, isDirectory: &isFolder), !isFolder.boolValue {
                throw CLIError.usage("--cache-path \(Shown.quoted(given)) is a file, not a folder", command: "lint")
            }
            return SourceCache(folder: URL(fileURLWithPath: given).standardizedFileURL.path, identity: Glance.cacheIdentity)
        }
        return SourceCache.defaultFolder(environment: environment).map { SourceCache(folder: $0, identity: Glance.cacheIdentity) }
    }

    private func lintProject(_ path: String, arguments: Arguments, quiet: Bool, cache: SourceCache?, progress: SourceIndex.Progress?,
                             likelyParsed: Set<String>, readAhead: ScanAhead?, output: inout Output) throws -> LintReport {
        defer { readAhead?.stop() }
        let settings = try LintSettings(arguments: arguments, path: path)
        let (model, linted) = try Glance.lint(at: path, configuration: settings.configuration, parseEverything: arguments.flag("--parse-all"),
                                              cache: cache, progress: progress, likelyParsed: likelyParsed, readAhead: readAhead)
        let result = try settings.applyBaseline(linted, root: model.project.root, quiet: quiet, output: &output)
        if !quiet, let note = Self.generatedProjectNote(model.project, rules: settings.configuration.rules(), path: path) {
            output.standardError += OutputText.escaped(String(note.dropLast())) + "\n"
        }
        let displayRoot = absolutePaths(arguments, reporter: settings.reporter) ? model.project.root : Glance.displayRoot(for: path)
        return LintReport(result: result, reporter: settings.reporter, displayRoot: displayRoot,
                          failing: result.violations.contains { $0.severity == .error || settings.strict },
                          fileCount: model.index.paths.count, parsedFiles: model.index.parsedPaths)
    }

    /// Lints each file's project once, and keeps the findings in the files given. Violations carry the file as
    /// it is printed (as typed, or absolute), so files from several projects can share one report.
    private func lintFiles(_ files: [String], arguments: Arguments, quiet: Bool, cache: SourceCache?, progress: SourceIndex.Progress?,
                           output: inout Output) throws -> LintReport {
        if arguments.option("--write-baseline") != nil {
            throw CLIError.usage("--write-baseline records a whole project; give a folder or project, not files", command: "lint")
        }
        var groups: [(root: String, files: [(typed: String, absolute: String)])] = []
        var seen: Set<String> = []
        for typed in files {
            let absolute = URL(fileURLWithPath: typed).standardizedFileURL.path
            guard seen.insert(absolute).inserted else { continue }
            let root = LintRequest.projectRoot(containing: absolute)
            if let index = groups.firstIndex(where: { $0.root == root }) { groups[index].files.append((typed, absolute)) }
            else { groups.append((root, [(typed, absolute)])) }
        }
        var violations: [Violation] = []
        var skips: [Skip] = []
        var reporter: ReporterKind?
        var failing = false
        for group in groups {
            let settings = try LintSettings(arguments: arguments, path: group.root)
            let (model, linted) = try Glance.lint(at: group.root, configuration: settings.configuration, parseEverything: arguments.flag("--parse-all"),
                                                  cache: cache, progress: progress)
            let result = try settings.applyBaseline(linted, root: model.project.root, quiet: quiet, output: &output)
            reporter = reporter ?? settings.reporter
            let absolute = absolutePaths(arguments, reporter: reporter!)
            var printed: [String: String] = [:]
            for file in group.files { printed[file.absolute.relative(to: model.project.root)] = absolute ? file.absolute : file.typed }
            for violation in result.violations {
                guard let file = printed[violation.file] else { continue }
                violations.append(Violation(rule: violation.rule, severity: violation.severity, file: file, line: violation.line,
                                            column: violation.column, message: violation.message, target: violation.target,
                                            related: violation.related))
                if violation.severity == .error || settings.strict { failing = true }
            }
            for skip in result.skips {
                guard let relative = skip.file else { skips.append(skip); continue }
                if let file = printed[relative] { skips.append(Skip(rule: skip.rule, file: file, reason: skip.reason)) }
            }
        }
        return LintReport(result: LintResult(violations: violations.sorted(by: Violation.ordered), skips: skips),
                          reporter: reporter ?? .xcode, displayRoot: "", failing: failing, fileCount: seen.count)
    }

    /// `N errors, N warnings in N files (T s)`: the violations reported, the Swift files read (the files given,
    /// for FILE...), the wall-clock time to one decimal.
    static func summary(errors: Int, warnings: Int, files: Int, seconds: Double) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(errors, "error")), \(count(warnings, "warning")) in \(count(files, "file")) (\(String(format: "%.1f", max(0, seconds))) s)"
    }
}

/// What `glance lint` was asked to lint.
enum LintRequest: Equatable {
    /// A folder, `.xcodeproj`, `.xcworkspace` or `project.pbxproj` (the default `.`).
    case project(String)
    /// Files, each linted in its project's context (`projectRoot(containing:)`).
    case files([String])

    /// The kinds of file findings can be in, by extension: sources, property lists, settings, asset catalogs'
    /// contents and images.
    static let lintableExtensions: Set<String> = ["swift", "plist", "entitlements", "xcconfig", "json", "strings", "xcstrings",
                                                  "png", "jpg", "jpeg", "heic", "pdf", "svg"]

    /// One positional that is a folder or a project (a `project.pbxproj` too): `.project`; files: `.files`.
    /// Among several files, a `project.pbxproj` is a file like the others: its findings are reported.
    /// - Throws: `ProjectError.notFound` for a missing file among several; `ProjectError.malformed` for a file
    ///   of a kind Glance does not read; `CLIError.usage` when several paths include a folder.
    init(_ positionals: [String]) throws {
        func isFile(_ path: String) -> Bool? {
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &folder) else { return nil }
            return !folder.boolValue
        }
        func checkKind(_ path: String) throws {
            guard Self.lintableExtensions.contains((path as NSString).pathExtension.lowercased())
                    || (path as NSString).lastPathComponent == "project.pbxproj" else {
                throw ProjectError.malformed(path, reason: "not a folder, .xcodeproj, .xcworkspace or project.pbxproj, nor a file findings can be in (.swift, .plist, .entitlements, .xcconfig, .json, .strings, images)")
            }
        }
        guard positionals.count > 1 else {
            let path = positionals.first ?? "."
            // A missing single path stays a project: ProjectLoader names it (or the broken link) in its error.
            guard isFile(path) == true, (path as NSString).lastPathComponent != "project.pbxproj" else { self = .project(path); return }
            try checkKind(path)
            self = .files([path])
            return
        }
        for path in positionals {
            switch isFile(path) {
            case nil: throw ProjectError.notFound(path)
            case false?: throw CLIError.usage("'\(path)' is a folder; lint takes one folder or project, or any number of files", command: "lint")
            case true?: try checkKind(path)
            }
        }
        self = .files(positionals)
    }

    /// The folder to lint for a file (absolute). Walking up from the file's folder to the git repository's root
    /// (a folder holding `.git`) or the filesystem's: the nearest folder with an `.xcodeproj` (not CocoaPods')
    /// or `.xcworkspace`; else the nearest with a `Package.swift`; else, when the repository holds an Xcode
    /// project further down (a project may compile files from folders beside its own, such as `Shared/`), the
    /// repository's root; else the file's own folder (never a whole repository of loose files, which may be a
    /// home folder).
    static func projectRoot(containing file: String) -> String {
        let fileManager = FileManager.default
        var folder = (file as NSString).deletingLastPathComponent
        var package: String?
        var repository: String?
        while true {
            let entries = (try? fileManager.contentsOfDirectory(atPath: folder)) ?? []
            if entries.contains(where: isXcodeProject) { return folder }
            if package == nil && entries.contains("Package.swift") { package = folder }
            if entries.contains(".git") { repository = folder; break }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        if let package { return package }
        if let repository, holdsXcodeProject(repository) { return repository }
        return (file as NSString).deletingLastPathComponent
    }

    static func isXcodeProject(_ name: String) -> Bool {
        (name.hasSuffix(".xcodeproj") && name != "Pods.xcodeproj") || name.hasSuffix(".xcworkspace")
    }

    /// Whether an `.xcodeproj` or `.xcworkspace` lies below `folder`, outside the folders project search skips.
    static func holdsXcodeProject(_ folder: String) -> Bool {
        guard let walk = FileManager.default.enumerator(atPath: folder) else { return false }
        while let path = walk.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if isXcodeProject(name) { return true }
            if ProjectLoader.ignoredFolders.contains(name) || name.hasPrefix(".") { walk.skipDescendants() }
        }
        return false
    }
}
