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
        let request = try LintRequest(arguments.positionals)
        if let requested = cache, let refusal = Self.cacheRefusal(requested, request: request) ?? Self.cacheOwnershipRefusal(requested) {
            output.standardError += OutputText.escaped(String(refusal.dropLast())) + "\n"
            cache = nil
        }
        // A run that did this before, in this folder, reading the same: print what it found.
        let recordKey = cache.flatMap { cache in runRecordKey(raw, request: request, arguments: arguments).flatMap { cache.recordKey($0) } }
        DebugTime.mark("arguments read")
        let runRecord = cache.flatMap { cache in recordKey.flatMap { cache.record($0, as: RunRecord<RecordedLint>.self) } }
        DebugTime.mark("run record read")
        var changed: FileQuestion?
        if let cache, let record = runRecord, let recorded = record.report.report, Self.mayReplay(recorded, arguments: arguments), !record.answers.isEmpty,
           record.answers.heldToday(changed: &changed) != nil, case .project(let path) = request,
           let project = Glance.projectRecordKey(path, records: cache).flatMap({ cache.record($0, as: ProjectRecord.self) }),
           record.answers.cover(project) {
            printReport(recorded, arguments: arguments, quiet: quiet, started: started, output: &output)
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
        if let observer { FileSystem.stopObserving(observer) }
        try FileSystem.checkRunCanRead()
        if let cache, let recordKey, let answers = observer?.answers {
            cache.storeRecord(RunRecord(answers: answers, report: RecordedLint(report), parsedFiles: report.parsedFiles), key: recordKey)
            cache.finish()
            DebugTime.mark("run recorded")
        }
        // A folder the user named that cannot be written is said once (a default one only makes runs slower).
        if let cache, arguments.option("--cache-path") != nil, let problem = cache.writeProblem {
            output.standardError += "glance: warning: --cache-path \(Shown.name(cache.folder)) cannot be written (\(problem)); the next run redoes the work this one could not keep\n"
        }
        printReport(report, arguments: arguments, quiet: quiet, started: started, output: &output)
    }

    /// Whether a recorded report may be printed for these arguments: with the reporter `--reporter` names, when
    /// it names one; and never as workflow commands (the one format printed as it is: `github-actions`) unless the
    /// command line asks for them, so that a record written by someone else cannot make the run print commands.
    static func mayReplay(_ report: LintReport, arguments: Arguments) -> Bool {
        let asked = arguments.option("--reporter")
        if let asked, asked != report.reporter.rawValue { return false }
        return report.reporter != .githubActions || asked == ReporterKind.githubActions.rawValue
    }

    /// Prints a run's report, fresh or from its record, the same way: the reporter's output, the notes, the
    /// summary line (unless `quiet`), and the exit code.
    private func printReport(_ report: LintReport, arguments: Arguments, quiet: Bool, started: Double, output: inout Output) {
        let options = ReportOptions(displayRoot: report.displayRoot, explainSkips: arguments.flag("--explain-skips"), toolVersion: Glance.version)
        output.standardOutput += ViolationReporter.render(report.result, as: report.reporter, options: options)
        output.standardOutputEncoding = report.reporter.encoding
        output.exitCode = report.failing ? 1 : 0
        DebugTime.mark("output rendered")
        for note in report.notes { output.standardError += OutputText.escaped(note) + "\n" }
        if !quiet {
            let errors = report.result.violations.filter { $0.severity == .error }.count
            output.standardError += "glance: " + Self.summary(errors: errors, warnings: report.result.violations.count - errors, files: report.fileCount,
                                                              seconds: clock() - started) + "\n"
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
        /// Whether the run exits 1: an error, or with `--strict` any violation.
        var strict: Bool
        var fileCount: Int
        /// Lines for standard error before the summary (the note that a folder's project is generated), as text
        /// to escape.
        var notes: [String] = []
        /// The files the run parsed (for the run's record).
        var parsedFiles: [String] = []

        var failing: Bool { result.violations.contains { $0.severity == .error || strict } }
    }

    /// A run's report as its record keeps it (`RunRecord`): findings, skips and notes, never the bytes printed.
    struct RecordedLint: Codable, Sendable {
        struct RecordedSkip: Codable, Sendable {
            let rule: String?
            let file: String?
            let reason: String
        }
        let violations: [Violation]
        /// Each violation's cause (`Violation.cause`, which its coding leaves out): SARIF's and the baseline's
        /// identity of a finding found at several places.
        let causes: [String?]
        let skips: [RecordedSkip]
        let reporter: String
        let displayRoot: String
        let strict: Bool
        let fileCount: Int
        let notes: [String]

        init(_ report: LintReport) {
            violations = report.result.violations
            causes = report.result.violations.map(\.cause)
            skips = report.result.skips.map { RecordedSkip(rule: $0.rule, file: $0.file, reason: $0.reason) }
            reporter = report.reporter.rawValue
            displayRoot = report.displayRoot
            strict = report.strict
            fileCount = report.fileCount
            notes = report.notes
        }

        /// The report to print again; nil for a reporter this Glance does not have.
        var report: LintReport? {
            guard let reporter = ReporterKind(rawValue: reporter), causes.count == violations.count else { return nil }
            var violations = violations
            for index in violations.indices { violations[index].cause = causes[index] }
            return LintReport(result: LintResult(violations: violations, skips: skips.map { Skip(rule: $0.rule, file: $0.file, reason: $0.reason) }),
                              reporter: reporter, displayRoot: displayRoot, strict: strict, fileCount: fileCount, notes: notes)
        }
    }

    /// True when Glance runs in an Xcode build phase (Xcode sets `XCODE_VERSION_ACTUAL` there): Xcode matches
    /// issues to files by absolute path.
    var runsInXcodeBuildPhase: Bool { !(environment["XCODE_VERSION_ACTUAL"] ?? "").isEmpty }

    func absolutePaths(_ arguments: Arguments, reporter: ReporterKind) -> Bool {
        arguments.flag("--absolute-paths") || (reporter == .xcode && runsInXcodeBuildPhase)
    }


    /// Why the cache is not used for this request: it lies inside a folder being linted (a project's folder, or
    /// the project a file given is linted in), where the repository could plant entries (and hide findings) or
    /// links; nil when it may be used. A path that is not there is no folder being linted (its error comes next).
    static func cacheRefusal(_ cache: SourceCache, request: LintRequest) -> String? {
        let roots: [String]
        switch request {
        case .project(let path): roots = ProjectLoader.folderBeingLinted(path).map { [$0] } ?? []
        case .files(let files): roots = files.map { LintRequest.projectRoot(containing: URL(fileURLWithPath: $0).standardizedFileURL.path) }
        }
        let folder = FileSystem.realPath(cache.folder)
        for root in Set(roots.map(FileSystem.realPath)) where folder == root || root == "/" || folder.hasPrefix(root + "/") {
            return "glance: warning: cache folder \(Shown.name(cache.folder)) is inside the folder being linted, where a repository could plant entries; not used (give --cache-path a folder outside it)\n"
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

    /// Why a cache folder is not used although it is outside the folder being linted: it belongs to another user,
    /// or anyone may write to it (a shared folder such as `/tmp/cache`, where anyone can plant entries); nil when it
    /// is the user's own, or not made yet. (The cache's own folders are checked the same way as they are used.)
    static func cacheOwnershipRefusal(_ cache: SourceCache) -> String? {
        var info = stat()
        guard FilePathBytes.withCString(cache.folder, { stat($0, &info) }) == 0 else { return nil }
        if info.st_uid != geteuid() {
            return "glance: warning: cache folder \(Shown.name(cache.folder)) belongs to another user (uid \(info.st_uid)), who could plant entries; not used\n"
        }
        if info.st_mode & 0o002 != 0 {
            return "glance: warning: cache folder \(Shown.name(cache.folder)) can be written by anyone (mode \(String(info.st_mode & 0o7777, radix: 8))), who could plant entries; not used (chmod 700 it)\n"
        }
        return nil
    }

    private func lintProject(_ path: String, arguments: Arguments, quiet: Bool, cache: SourceCache?, progress: SourceIndex.Progress?,
                             likelyParsed: Set<String>, readAhead: ScanAhead?, output: inout Output) throws -> LintReport {
        defer { readAhead?.stop() }
        let settings = try LintSettings(arguments: arguments, path: path)
        let (model, linted) = try Glance.lint(at: path, configuration: settings.configuration, parseEverything: arguments.flag("--parse-all"),
                                              cache: cache, progress: progress, likelyParsed: likelyParsed, readAhead: readAhead)
        let result = try settings.applyBaseline(linted, root: model.project.root, quiet: quiet, output: &output)
        var notes: [String] = []
        if !quiet {
            if let note = Self.generatedProjectNote(model.project, rules: settings.configuration.rules(), path: path) { notes.append(String(note.dropLast())) }
            // Each begins with its project's path below the folder being linted, printed below the folder as typed.
            let root = absolutePaths(arguments, reporter: settings.reporter) ? model.project.root : Glance.displayRoot(for: path)
            for unread in model.project.unreadProjects { notes.append("glance: note: " + MessagePlace.joined(root, unread) + "; not read (the other projects are)") }
        }
        let displayRoot = absolutePaths(arguments, reporter: settings.reporter) ? model.project.root : Glance.displayRoot(for: path)
        return LintReport(result: result, reporter: settings.reporter, displayRoot: displayRoot, strict: settings.strict,
                          fileCount: model.index.paths.count, notes: notes, parsedFiles: model.index.parsedPaths)
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
        var strict = false
        for group in groups {
            let settings = try LintSettings(arguments: arguments, path: group.root)
            let (model, linted) = try Glance.lint(at: group.root, configuration: settings.configuration, parseEverything: arguments.flag("--parse-all"),
                                                  cache: cache, progress: progress)
            let result = try settings.applyBaseline(linted, root: model.project.root, quiet: quiet, output: &output)
            reporter = reporter ?? settings.reporter
            let absolute = absolutePaths(arguments, reporter: reporter!)
            var printed: [String: String] = [:]
            for file in group.files { printed[file.absolute.relative(to: model.project.root)] = absolute ? file.absolute : file.typed }
            // Other places (in messages, and of the same cause) are printed from the current folder, as the files
            // given are typed from it: the project's folder below it, else absolute.
            let shownRoot = absolute ? model.project.root : ConfigurationFile.displayPath(model.project.root)
            for violation in result.violations {
                guard let file = printed[violation.file] else { continue }
                violations.append(Violation(rule: violation.rule, severity: violation.severity, file: file, line: violation.line,
                                            column: violation.column, message: MessagePlace.shown(violation.message, root: shownRoot), target: violation.target,
                                            related: violation.related.map { RelatedLocation(file: MessagePlace.joined(shownRoot, $0.file), line: $0.line, column: $0.column) }))
                strict = strict || settings.strict
            }
            for skip in result.skips {
                guard let relative = skip.file else { skips.append(Skip(rule: skip.rule, file: nil, reason: MessagePlace.shown(skip.reason, root: shownRoot))); continue }
                if let file = printed[relative] { skips.append(Skip(rule: skip.rule, file: file, reason: MessagePlace.shown(skip.reason, root: shownRoot))) }
            }
        }
        return LintReport(result: LintResult(violations: violations.sorted(by: Violation.ordered), skips: skips),
                          reporter: reporter ?? .xcode, displayRoot: "", strict: strict, fileCount: seen.count)
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

    /// The kinds of `lintableExtensions` in words, as `glance lint --help` and docs/usage.md list them.
    static let fileKinds = "Swift sources, Info.plists and other .plist files, .entitlements, .xcconfig, .strings and .xcstrings, asset catalog files (Contents.json and .png, .jpg, .jpeg, .heic, .pdf, .svg images), and a project.pbxproj given with other files"

    /// One positional that is a folder or a project (a `project.pbxproj` too): `.project`; files: `.files`.
    /// Among several files, a `project.pbxproj` is a file like the others: its findings are reported.
    /// - Throws: `ProjectError.notFound` for a missing file among several; `ProjectError.malformed` for a file
    ///   of a kind Glance does not read; `CLIError.usage` when several paths include a folder.
    init(_ positionals: [String]) throws {
        // Through `FileSystem`, which gives a name that is not UTF-8 its own bytes back (FileManager would look
        // for another name, and such a file was taken for a missing one: its folder was linted instead).
        func isFile(_ path: String) -> Bool? {
            guard let kind = FileSystem().status(path)?.kind else { return nil }
            return kind != .directory
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
        var folder = (file as NSString).deletingLastPathComponent
        var package: String?
        var repository: String?
        let fileSystem = FileSystem()
        while true {
            let entries = fileSystem.contents(of: folder)
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
