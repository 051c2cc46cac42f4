import Foundation
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
    }

    public init() {}

    /// The process's arguments (without the program's name). Bytes that are not UTF-8 (a file name written by
    /// a Latin-1 tool) are kept as `FilePathBytes` maps them, so such a path is found; `CommandLine.arguments`
    /// would replace them.
    public static var processArguments: [String] {
        (1..<Int(CommandLine.argc)).compactMap { index in CommandLine.unsafeArgv[index].map { FilePathBytes.string(fromCString: $0) } }
    }

    static let commands: [(name: String, summary: String)] = [
        ("lint", "Check a project against the rule catalog"),
        ("surfaces", "Show what the project ships where: controls, widgets, Live Activities, alarms, intents, deep links"),
        ("payload", "Check, template and simulate Live Activity push payloads against the app's Swift types"),
        ("rules", "List the rules, or show one rule in full"),
        ("init", "Write a starting .glance.json configuration"),
        ("version", "Print the version"),
    ]

    public func run(_ arguments: [String]) -> Output {
        var output = Output(exitCode: 0, standardOutput: "", standardError: "")
        do {
            try dispatch(arguments, output: &output)
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
        case "surfaces": try surfaces(rest, output: &output)
        case "rules": try rules(rest, output: &output)
        case "payload": try payload(rest, output: &output)
        case "init": try initConfiguration(rest, output: &output)
        case "version", "--version":
            output.standardOutput += rest.contains("--help") || rest.contains("-h") ? Help.command("version")! : Glance.version + "\n"
        case "debug": try debug(rest, output: &output)
        case "help", "--help", "-h":
            if rest.first == "payload", rest.count > 1 {
                guard let text = PayloadHelp.command(rest[1]) else { throw CLIError.usage("unknown payload command '\(rest[1])'", command: "payload") }
                output.standardOutput += text
            } else if let topic = rest.first {
                guard let text = Help.command(topic) else { throw CLIError.usage("unknown command '\(topic)'", command: "") }
                output.standardOutput += text
            } else {
                output.standardOutput += Help.main
            }
        default:
            let hint = Suggestion.hint(first, in: Self.commands.map(\.name) + ["--version", "--help"])
            throw CLIError.usage("unknown command '\(first)'\(hint)", command: "")
        }
    }

    // MARK: lint

    private func lint(_ raw: [String], output: inout Output) throws {
        if raw.contains("--help") || raw.contains("-h") { output.standardOutput += Help.command("lint")!; return }
        let arguments = try Arguments(raw, spec: .init(flags: ["--strict", "--explain-skips", "--parse-all", "--quiet"],
                                                       options: ["--reporter", "--config", "--baseline", "--write-baseline"]), command: "lint")
        let path = arguments.positionals.first ?? "."
        let settings = try LintSettings(arguments: arguments, path: path)
        let reporter = settings.reporter
        let (model, linted) = try Glance.lint(at: path, configuration: settings.configuration, parseEverything: arguments.flag("--parse-all"))
        let result = try settings.applyBaseline(linted, root: model.project.root, output: &output)
        let options = ReportOptions(displayRoot: Glance.displayRoot(for: path), explainSkips: arguments.flag("--explain-skips"),
                                    toolVersion: Glance.version)
        output.standardOutput += ViolationReporter.render(result, as: reporter, options: options)
        if !arguments.flag("--quiet"), let note = Self.generatedProjectNote(model.project, rules: settings.configuration.rules(), path: path) {
            output.standardError += OutputText.escaped(String(note.dropLast())) + "\n"
        }
        let failing = result.violations.contains { $0.severity == .error || settings.strict }
        output.exitCode = failing ? 1 : 0
    }

    /// One line on standard error when the folder's Xcode project is generated and not there: which generator
    /// to run, and how many rules could not run without it. Nil for other folders (an Xcode project, a Swift
    /// package or a folder of Swift files).
    static func generatedProjectNote(_ project: ProjectModel, rules: [any Rule.Type], path: String) -> String? {
        guard project.isLooseSources, !project.generators.isEmpty else { return nil }
        let root = Glance.displayRoot(for: path)
        let generators = project.generators.map { "\($0.name) generates it from \($0.evidence): run `\($0.command)`" }.joined(separator: "; ")
        let notRun = rules.filter { !$0.description.requires.isSubset(of: project.knownFacts) }.count
        let skipped = notRun == 0 ? "" : " (\(notRun) rule\(notRun == 1 ? "" : "s") that need\(notRun == 1 ? "s" : "") it did not run; --explain-skips lists them)"
        return "glance: note: no .xcodeproj in \(root.isEmpty ? "." : root); \(generators), then lint again for a full check\(skipped)\n"
    }

    // MARK: surfaces

    private func surfaces(_ raw: [String], output: inout Output) throws {
        if raw.contains("--help") || raw.contains("-h") { output.standardOutput += Help.command("surfaces")!; return }
        let arguments = try Arguments(raw, spec: .init(options: ["--format"]), command: "surfaces")
        let format = try arguments.choice("--format", ["text", "json"], default: "text", command: "surfaces")
        let model = try Glance.surfaces(at: arguments.positionals.first ?? ".")
        output.standardOutput += format == "json" ? SurfacesReporter.json(model) : SurfacesReporter.text(model)
    }

    // MARK: debug (for Scripts/benchmark.sh; not in the help)

    private func debug(_ raw: [String], output: inout Output) throws {
        guard let what = raw.first else { throw CLIError.usage("debug needs parse-only, source-files or stats", command: "") }
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
        default:
            throw CLIError.usage("debug needs parse-only, source-files or stats", command: "")
        }
    }

    // MARK: rules

    private func rules(_ raw: [String], output: inout Output) throws {
        if raw.contains("--help") || raw.contains("-h") { output.standardOutput += Help.command("rules")!; return }
        let arguments = try Arguments(raw, spec: .init(options: ["--format", "--docs"]), command: "rules")
        let format = try arguments.choice("--format", ["text", "json", "markdown"], default: "text", command: "rules")
        if let folder = arguments.option("--docs") {
            guard arguments.positionals.isEmpty else { throw CLIError.usage("--docs writes every rule; it takes no RULE_ID", command: "rules") }
            try writeDocs(to: folder, output: &output)
            return
        }
        if let identifier = arguments.positionals.first {
            guard let rule = RuleRegistry.describedRule(identifier) else {
                let hint = Suggestion.hint(identifier, in: RuleRegistry.documented.map { $0.description.identifier })
                throw CLIError.usage("no rule '\(identifier)'\(hint)", command: "rules")
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
    /// Writes `RuleDocs.files` into `folder` (created if needed; other files are left alone).
    private func writeDocs(to folder: String, output: inout Output) throws {
        let files = RuleDocs.files(RuleRegistry.documented)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in files {
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(file.name))
            }
        } catch {
            throw CLIError.failure("\(folder): cannot write the rule docs (\(error.localizedDescription))")
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

                USAGE: glance lint [PATH] [--reporter <name>] [--strict] [--explain-skips] [--parse-all] [--config FILE]
                                   [--baseline FILE] [--write-baseline FILE]

                ARGUMENTS:
                  PATH               A folder, an .xcodeproj, an .xcworkspace or a project.pbxproj (default: .).
                                     A folder is searched for every .xcodeproj; without one, its Swift files are
                                     read as loose sources (per target of a Tuist Project.swift or an Expo
                                     targets/ folder) and rules that need the Xcode project do not run.

                OPTIONS:
                  --reporter <name>  How to print the violations:
                                       xcode           path:line:column: severity: message [rule] (default)
                                       json            an array of {rule, severity, file, line, column, message, target}
                                       sarif           SARIF 2.1.0, for GitHub code scanning
                                       github-actions  ::error/::warning workflow commands (annotations)
                                       checkstyle      Checkstyle XML
                                       junit           JUnit XML, one failed test case per violation
                                       markdown        a summary table for a pull-request comment
                                     Wins over the configuration's "reporter".
                  --strict           Exit 1 on warnings too (also when the configuration says "strict": true).
                  --explain-skips    List what could not be checked, and why, including the rules that did not
                                     run because the folder has no Xcode project (xcode, json, sarif,
                                     github-actions, junit and markdown; checkstyle has no place for it).
                  --parse-all        Parse every Swift file instead of only those that can matter (slower; for checking).
                  --quiet            Do not print the note on standard error that a folder's Xcode project is
                                     generated (Tuist, XcodeGen, Expo) and not there.
                  --config <file>    The configuration to use. Default: the first .glance.json in PATH's folder or
                                     any folder above it (see 'glance init').
                  --baseline <file>  Report only violations not recorded in this baseline. Wins over the
                                     configuration's "baseline".
                  --write-baseline <file>
                                     Record the violations found (after configuration and suppressions) in this
                                     file, then report as usual.
                  -h, --help         Show this help.

                SUPPRESSIONS: in Swift files, // glance:disable RULE…, // glance:enable RULE…,
                  // glance:disable:next RULE…, // glance:disable:this RULE… ('all' for every rule).

                EXIT CODES: 0 no errors, 1 error violations (or warnings with --strict), 2 the run failed.

                """
        case "surfaces":
            return """
                OVERVIEW: Show what the project ships where: every control, widget, Live Activity, alarm, intent and deep
                link, per target.

                USAGE: glance surfaces [PATH] [--format text|json]

                OPTIONS:
                  --format <format>  text (default) or json (fields documented in the README).
                  -h, --help         Show this help.

                """
        case "rules":
            return """
                OVERVIEW: List the rules (id, default severity, enabled by default, summary), or show one rule's
                rationale, source and examples.

                USAGE: glance rules [RULE_ID] [--format text|json|markdown]
                       glance rules --docs FOLDER

                OPTIONS:
                  --format <format>  text (default), json, or markdown (the README's rule tables).
                  --docs <folder>    Write the rule documentation: one Markdown page per rule and README.md.
                  -h, --help         Show this help.

                """
        case "payload":
            return PayloadHelp.main
        case "init":
            return initHelp
        case "version":
            return "USAGE: glance version\n"
        default:
            return nil
        }
    }
}
