import Foundation
import GlanceInput
import GlanceProject
import GlanceReporters
import GlanceRules
import GlanceSourceIndex
import GlanceSurfaces

/// `glance`: the command-line interface. `run` returns the exit code and what to print, so it can be tested
/// without a process:
/// - 0: no error-severity violation (and, with `--strict`, no warning);
/// - 1: violations at error severity (or warnings with `--strict`);
/// - 2: the run itself failed (bad arguments; unreadable or malformed project), with a one-line message.
public struct CommandLineTool {
    public struct Output: Sendable {
        public var exitCode: Int32
        public var standardOutput: String
        public var standardError: String
        /// How standard output is written: a command that prints JSON, XML or workflow commands says so, for the
        /// escapes `WorkflowCommands.neutralized(_:as:)` uses there (standard error is always text).
        public var standardOutputEncoding: WorkflowCommands.Encoding = .text
    }

    /// What `glance push` and `glance channels` take from outside the arguments (environment, clock, network).
    public var pushContext: PushContext
    /// The process environment: Xcode's build-phase variables make the xcode reporter print absolute paths.
    let environment: [String: String]
    /// A monotonic clock in seconds, for the duration in the summary line.
    let clock: @Sendable () -> Double

    public init(pushContext: PushContext = .live, environment: [String: String] = ProcessInfo.processInfo.environment,
                clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.pushContext = pushContext
        self.environment = environment
        self.clock = clock
    }

    /// The process's arguments (without the program's name). Bytes that are not UTF-8 (a file name written by
    /// a Latin-1 tool) are kept as `FilePathBytes` maps them, so such a path is found; `CommandLine.arguments`
    /// would replace them.
    public static var processArguments: [String] {
        (1..<Int(CommandLine.argc)).compactMap { index in CommandLine.unsafeArgv[index].map { FilePathBytes.string(fromCString: $0) } }
    }

    static let commands: [(name: String, summary: String)] = [
        ("lint", "Check a project against the rule catalog"),
        ("fix", "Print (or, with --write, make) the edits that repair the project mistakes Glance is sure of"),
        ("surfaces", "Show what the project ships where: controls, widgets, Live Activities, alarms, intents, deep links"),
        ("payload", "Check, template and simulate Live Activity push payloads against the app's Swift types"),
        ("push", "Send a Live Activity push to APNs, checked against the app's types, every answer explained"),
        ("channels", "Create, list, read and delete broadcast channels on APNs"),
        ("rules", "List the rules, or show one rule in full"),
        ("init", "Write a starting .glance.json configuration"),
        ("version", "Print the version, and where SwiftSyntax came from"),
    ]

    public func run(_ arguments: [String]) -> Output {
        var output = Output(exitCode: 0, standardOutput: "", standardError: "")
        // One scope per run: runs made at once in one process (tests) are not heard by each other's records.
        let scope = FileSystem.ObservationScope()
        defer { scope.end() }
        do {
            do {
                try dispatch(arguments, output: &output)
            } catch {
                // What failed may be the consequence of a read the system refused (an empty listing): say that.
                try FileSystem.checkRunCanRead()
                throw error
            }
            // A read the run could not make for a reason not its input's (too many open files): its output would
            // lack that file, so the run fails instead, with nothing else printed.
            try FileSystem.checkRunCanRead()
        } catch let error as FileSystem.RunFailure {
            output = Output(exitCode: 2, standardOutput: "", standardError: "glance: error: \(OutputText.escaped(error.description))\n")
        } catch let error as CLIError {
            output.standardError += "glance: error: \(OutputText.escaped(error.message))\n"
            output.exitCode = 2
        } catch let error as ProjectError {
            output.standardError += "glance: error: \(OutputText.escaped(error.description))\n"
            output.exitCode = 2
        } catch {
            output.standardError += "glance: error: \(OutputText.escaped("\(error)"))\n"
            output.exitCode = 2
        }
        // One place for every command and every output path: no line of it is a CI runner's command.
        output.standardOutput = WorkflowCommands.neutralized(output.standardOutput, as: output.standardOutputEncoding)
        output.standardError = WorkflowCommands.neutralized(output.standardError, as: .text)
        return output
    }

    private func dispatch(_ arguments: [String], output: inout Output) throws {
        guard let first = arguments.first else {
            output.standardOutput += Help.main
            return
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "lint": try lint(rest, output: &output)
        case "fix": try fix(rest, output: &output)
        case "surfaces": try surfaces(rest, output: &output)
        case "rules": try rules(rest, output: &output)
        case "payload": try payload(rest, output: &output)
        case "push": try push(rest, output: &output)
        case "channels": try channels(rest, output: &output)
        case "init": try initConfiguration(rest, output: &output)
        case "version", "--version":
            if rest.contains("--help") || rest.contains("-h") { output.standardOutput += Help.command("version")!; return }
            _ = try Arguments(rest, spec: .init(maxPositionals: 0), command: "version")
            output.standardOutput += Glance.version + "\n" + SwiftSyntaxOrigin.summary + "\n"
        case "debug": try debug(rest, output: &output)
        case "help", "--help", "-h":
            if rest.first == "payload", rest.count > 1 {
                guard let text = PayloadHelp.command(rest[1]) else { throw CLIError.usage("unknown payload command \(Shown.quoted(rest[1]))", command: "payload") }
                output.standardOutput += text
            } else if let topic = rest.first {
                guard let text = Help.command(topic) else { throw CLIError.usage("unknown command \(Shown.quoted(topic))", command: "") }
                output.standardOutput += text
            } else {
                output.standardOutput += Help.main
            }
        default:
            let hint = Suggestion.hint(first, in: Self.commands.map(\.name) + ["--version", "--help"])
            throw CLIError.usage("unknown command \(Shown.quoted(first))\(hint)", command: "")
        }
    }

    /// One line on standard error when the folder's Xcode project is generated and not there: which generator
    /// to run, what was read from its manifests instead, and how many rules could not run without it. Nil for
    /// other folders (an Xcode project, a Swift package or a folder of Swift files).
    static func generatedProjectNote(_ project: ProjectModel, rules: [any Rule.Type], path: String) -> String? {
        guard project.isLooseSources, !project.generators.isEmpty else { return nil }
        let root = Glance.displayRoot(for: path)
        let generators = project.generators.map { "\($0.name) generates it from \($0.evidence): run `\($0.command)`" }.joined(separator: "; ")
        let known = project.knownFacts
        let notRun = rules.filter { !$0.description.requires.isSubset(of: known) }
        let needed = notRun.reduce(ProjectFacts()) { $0.union($1.description.requires) }.subtracting(known)
        let count = "\(notRun.count) rule\(notRun.count == 1 ? "" : "s") that need\(notRun.count == 1 ? "s" : "")"
        var parts: [String] = []
        if !known.isEmpty { parts.append("\(known) read from the manifests") }
        if !notRun.isEmpty { parts.append((known.isEmpty ? "\(count) it" : "\(count) \(needed)") + " did not run; --explain-skips lists them") }
        let details = parts.isEmpty ? "" : " (\(parts.joined(separator: "; ")))"
        return "glance: note: no .xcodeproj in \(root.isEmpty ? "." : root); \(generators), then lint again for a full check\(details)\n"
    }

    // MARK: surfaces

    private func surfaces(_ raw: [String], output: inout Output) throws {
        if raw.contains("--help") || raw.contains("-h") { output.standardOutput += Help.command("surfaces")!; return }
        let arguments = try Arguments(raw, spec: .init(options: ["--format", "--config"]), command: "surfaces")
        let format = try arguments.choice("--format", ["text", "json", "dot", "mermaid"], default: "text", command: "surfaces")
        let path = arguments.positionals.first ?? "."
        guard format == "dot" || format == "mermaid" else {
            if arguments.option("--config") != nil { throw CLIError.usage("--config is for --format dot or mermaid, which show lint's findings", command: "surfaces") }
            let model = try Glance.surfaces(at: path)
            output.standardOutput += format == "json" ? SurfacesReporter.json(model) : SurfacesReporter.text(model)
            output.standardOutputEncoding = format == "json" ? .json : .text
            return
        }
        // The map marks what `glance lint PATH` reports: the same configuration, baseline included.
        let settings = try LintSettings(arguments: arguments, path: path)
        let (model, linted) = try Glance.lint(at: path, configuration: settings.configuration)
        let result = try settings.applyBaseline(linted, root: model.project.root, quiet: true, output: &output)
        let map = SurfaceMap.build(model, violations: result.violations)
        output.standardOutput += format == "dot" ? SurfaceMapPrinter.dot(map) : SurfaceMapPrinter.mermaid(map)
    }

    // MARK: debug (for Scripts/benchmark.sh; not in the help)

    private func debug(_ raw: [String], output: inout Output) throws {
        guard let what = raw.first else { throw CLIError.usage("debug needs parse-only, source-files, stats or parsed-files", command: "") }
        let path = raw.dropFirst().first ?? "."
        let loader = ProjectLoader()
        let project = try loader.load(path: path)
        let sources = Array(Set(project.targets.flatMap(\.sources))).sorted()
        switch what {
        case "parse-only":
            // SwiftParser over every Swift file the targets compile, on all cores: the cost Glance avoids.
            output.standardOutput += "parsed \(ParseBenchmark.parseOnly(paths: sources, load: { [fileSystem = loader.fileSystem] in try fileSystem.readSwiftSource($0) })) files\n"
        case "source-files":
            output.standardOutput += sources.joined(separator: "\n") + "\n"
        case "stats":
            let model = try Glance.surfaces(at: path)
            let counts = model.index.parseCount
            output.standardOutput += "targets \(project.targets.count), Swift files \(counts.total), parsed \(counts.parsed)\n"
        case "parsed-files":
            // The files a lint parses (without a cache), for picking the file Scripts/benchmark.sh edits.
            let model = try Glance.surfaces(at: path)
            output.standardOutput += model.index.parsedFiles.map(\.path).joined(separator: "\n") + "\n"
        default:
            throw CLIError.usage("debug needs parse-only, source-files, stats or parsed-files", command: "")
        }
    }

    // MARK: rules

    private func rules(_ raw: [String], output: inout Output) throws {
        if raw.contains("--help") || raw.contains("-h") { output.standardOutput += Help.command("rules")!; return }
        let arguments = try Arguments(raw, spec: .init(options: ["--format", "--docs"]), command: "rules")
        let format = try arguments.choice("--format", ["text", "json", "markdown"], default: "text", command: "rules")
        if let folder = arguments.option("--docs") {
            guard arguments.positionals.isEmpty else { throw CLIError.usage("--docs writes every rule; it takes no RULE_ID", command: "rules") }
            try Interrupts.deferred { try writeDocs(to: folder, output: &output) }
            return
        }
        if format == "json" { output.standardOutputEncoding = .json }
        if let identifier = arguments.positionals.first {
            guard let rule = RuleRegistry.describedRule(identifier) else {
                let hint = Suggestion.hint(identifier, in: RuleRegistry.documented.map { $0.description.identifier })
                throw CLIError.usage("no rule \(Shown.quoted(identifier))\(hint)", command: "rules")
            }
            output.standardOutput += format == "json" ? RulesReporter.json([rule]) : RulesReporter.detail(rule)
            return
        }
        switch format {
        case "json": output.standardOutput += RulesReporter.json(RuleRegistry.documented)
        case "markdown": output.standardOutput += RulesReporter.markdown(RuleRegistry.documented, linkPrefix: "docs/rules/")
        default: output.standardOutput += RulesReporter.text(RuleRegistry.documented)
        }
    }
}

extension CommandLineTool {
    /// Writes `RuleDocs.files` into `folder` (created if needed; other files are left alone). Each page is written
    /// to a temporary file (of an unpredictable name, created exclusively) and renamed into place, as the baseline
    /// is: a symbolic link at a page's name (a repository can hold one, leading to any file of the user's) is
    /// refused before anything is written, and never written through.
    private func writeDocs(to folder: String, output: inout Output) throws {
        let files = RuleDocs.files(RuleRegistry.documented)
        let pages = files.map { (file: $0, path: URL(fileURLWithPath: folder).appendingPathComponent($0.name).path) }
        for page in pages where (try? FileManager.default.destinationOfSymbolicLink(atPath: page.path)) != nil {
            throw CLIError.failure("\(Shown.name(page.path)): is a symbolic link; Glance does not write the rule docs through a link (remove it, or give another folder)")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for page in pages {
                try Data(page.file.contents.utf8).write(to: URL(fileURLWithPath: page.path), options: .atomic)
            }
        } catch {
            throw CLIError.failure("\(folder): cannot write the rule docs (\(FileSystem.reason(of: error)))")
        }
        output.standardOutput += "wrote \(files.count) files to \(folder)\n"
    }
}

/// Help texts.
enum Help {
    static let main = """
        OVERVIEW: Glance checks the glanceable surfaces of Apple apps — Control Center controls, widgets, Live
        Activities, AlarmKit alarms and their deep links — in Xcode projects, on Linux and macOS.

        USAGE: glance <command> [options]

        COMMANDS:
        \(CommandLineTool.commands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

        Run 'glance help <command>' or 'glance <command> --help' for a command's options.

        """

    static func command(_ name: String) -> String? {
        switch name {
        case "lint":
            return """
                OVERVIEW: Check a project against the rule catalog.

                USAGE: glance lint [PATH] [options]
                       glance lint FILE... [options]

                ARGUMENTS:
                  PATH               A folder, an .xcodeproj, an .xcworkspace or a project.pbxproj (default: .).
                                     A folder is searched for every .xcodeproj; without one, its Swift files are
                                     read as loose sources (per target of a Tuist Project.swift or an Expo
                                     targets/ folder) and rules that need the Xcode project do not run.
                  FILE...            Files: Swift sources, Info.plists and other .plist files, .entitlements,
                                     .xcconfig, .strings and .xcstrings, asset catalog files (Contents.json and
                                     .png, .jpg, .jpeg, .heic, .pdf, .svg images), and a project.pbxproj given
                                     with other files. Each is linted in its project's context — the nearest
                                     folder above it, up to the git repository's root, with an .xcodeproj or
                                     .xcworkspace (else with a Package.swift, else the repository's root if a
                                     project lies below it, else the file's folder) — and only findings in the
                                     files given are reported.

                OPTIONS:
                  --reporter <name>  How to print the violations:
                                       xcode           path:line:column: severity: message [rule] (default)
                                       json            an array of {rule, severity, file, line, column, message, target}
                                       sarif           SARIF 2.1.0, for GitHub code scanning
                                       github-actions  ::error/::warning workflow commands (annotations)
                                       checkstyle      Checkstyle XML
                                       junit           JUnit XML, one failed test case per violation
                                       markdown        a summary table for a pull-request comment
                                       gitlab          GitLab Code Quality JSON (artifacts:reports:codequality)
                                     Wins over the configuration's "reporter".
                  --strict           Exit 1 on warnings too (also when the configuration says "strict": true).
                  --absolute-paths   Print absolute paths (the xcode reporter does when run from an Xcode build
                                     phase). Otherwise paths are PATH (or FILE) as typed, then the path below it.
                  -q, --quiet        No summary line on standard error, nor --write-baseline's note, nor the note
                                     that a folder's Xcode project is generated (Tuist, XcodeGen, Expo) and missing.
                  --explain-skips    List what could not be checked, and why, including the rules that did not
                                     run because the folder has no Xcode project (xcode, json, sarif,
                                     github-actions, junit and markdown; checkstyle and gitlab have no place for it).
                  --parse-all        Parse every Swift file instead of only those that can matter (slower; for checking).
                  --config <file>    The configuration to use. Default: the first .glance.json in PATH's folder or
                                     any folder above it (see 'glance init').
                  --baseline <file>  Report only violations not recorded in this baseline. Wins over the
                                     configuration's "baseline".
                  --write-baseline <file>
                                     Record the violations found (after configuration and suppressions) in this
                                     file, then report as usual (PATH only, not FILE...).
                  --cache-path <dir> Where to keep what Glance learns from each Swift file between runs (default:
                                     $XDG_CACHE_HOME/glance, else ~/.cache/glance; ~/Library/Caches/Glance on
                                     macOS). Entries are found by the file's contents, so a restored cache works
                                     in a fresh checkout.
                  --no-cache         Neither read nor write the cache.
                  --progress         Show progress on standard error when it is a terminal and the run takes
                                     longer than a second.
                  -h, --help         Show this help.

                OUTPUT: the violations on standard output; then, on standard error, a summary line
                  (glance: N errors, N warnings in N files (T s)) unless --quiet.

                SUPPRESSIONS: in Swift files, // glance:disable RULE…, // glance:enable RULE…,
                  // glance:disable:next RULE…, // glance:disable:this RULE… ('all' for every rule).

                EXIT CODES: 0 no errors, 1 error violations (or warnings with --strict), 2 the run failed.

                """
        case "fix":
            return """
                OVERVIEW: Print the edits that repair the project mistakes Glance is sure of, as a unified diff; with
                --write, make them.

                USAGE: glance fix [PATH] [--rule ID]... [--value TEXT] [--write] [--config FILE]
                                  [--cache-path DIR | --no-cache] [-q]

                ARGUMENTS:
                  PATH               A folder, an .xcodeproj, an .xcworkspace or a project.pbxproj (default: .).

                OPTIONS:
                  --rule <id>        Fix only this rule's findings (repeat, or separate with commas). Rules fixed:
                                     live_activities_not_enabled, widget_extension_point_missing,
                                     intent_missing_app_membership, extension_not_embedded, app_group_not_entitled,
                                     app_group_not_shared, widget_missing_container_background, and with --value:
                                     alarmkit_usage_description_missing, url_scheme_not_registered.
                  --value <text>     The usage text (alarmkit_usage_description_missing) or the URL scheme to
                                     register (url_scheme_not_registered), with that one --rule.
                  --write            Make the edits: every file is written to a temporary file, checked, then
                                     renamed into place; Glance lints again, and puts every file back unless the
                                     fixed findings are gone and no new one appears.
                  --config <file>    The configuration to use (as for lint).
                  --cache-path <dir>, --no-cache
                                     The source cache, as for lint.
                  -q, --quiet        Nothing on standard error but errors.
                  -h, --help         Show this help.

                OUTPUT: the unified diff on standard output; on standard error, each finding of these rules that is
                  not fixed and why (unless --quiet), and a summary.

                EXIT CODES: 0 nothing to fix (or, with --write, fixed), 1 something to fix (the diff), 2 the run failed.

                """
        case "surfaces":
            return """
                OVERVIEW: Show what the project ships where: every control, widget, Live Activity, alarm, intent and deep
                link, per target.

                USAGE: glance surfaces [PATH] [--format text|json|dot|mermaid] [--config <file>]

                OPTIONS:
                  --format <format>  text (default), json (fields documented in docs/usage.md), or the surface map:
                                     dot (Graphviz: `glance surfaces --format dot | dot -Tpng -o map.png`) or
                                     mermaid (a flowchart for Markdown on GitHub and GitLab). The map groups
                                     surfaces by target (extensions inside the app that embeds them), draws
                                     arrows to the intents they run (in the app's process or the extension's),
                                     deep links to the app's URL handler and the App Groups targets share, and
                                     marks lint's findings on the surface they concern (see docs/surface-map.md).
                  --config <file>    With dot or mermaid: the configuration whose findings are marked (default:
                                     the .glance.json found from PATH upwards, as for lint; its baseline applies).
                  -h, --help         Show this help.

                """
        case "rules":
            return """
                OVERVIEW: List the rules (id, default severity, enabled by default, summary), or show one rule's
                rationale, source and examples.

                USAGE: glance rules [RULE_ID] [--format text|json|markdown]
                       glance rules --docs FOLDER

                OPTIONS:
                  --format <format>  text (default), json, or markdown (the tables of docs/rules/README.md).
                  --docs <folder>    Write the rule documentation: one Markdown page per rule and README.md.
                  -h, --help         Show this help.

                """
        case "payload":
            return PayloadHelp.main
        case "push":
            return PushHelp.push
        case "channels":
            return PushHelp.channels
        case "init":
            return initHelp
        case "version":
            return """
                OVERVIEW: Print Glance's version (first line), and which SwiftSyntax it was built with and where that came
                from (the swift-syntax package linked in, or a toolchain's copy and the file it was loaded from).

                USAGE: glance version
                       glance --version

                """
        default:
            return nil
        }
    }
}
