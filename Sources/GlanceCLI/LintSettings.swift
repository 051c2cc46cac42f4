import Foundation
import GlanceConfiguration
import GlanceReporters
import GlanceRules

/// What `glance lint` runs with: the configuration file (`--config FILE`, or the `.glance.json` found from
/// PATH upwards) with the command line winning where both say something (`--reporter`, `--strict`,
/// `--baseline`).
struct LintSettings {
    let configuration: Configuration
    let reporter: ReporterKind
    let strict: Bool
    /// The baseline to leave out, read before linting so a bad file fails fast.
    let baseline: Baseline?
    /// Where `--write-baseline` writes: absolute path, and as typed.
    let writeBaseline: (path: String, shown: String)?

    /// - Throws: `ConfigurationError` for a bad configuration or baseline file; `CLIError` for bad flags.
    init(arguments: Arguments, path: String) throws {
        let reporters = ReporterKind.allCases.map(\.rawValue)
        let configuration = try ConfigurationFile.load(explicit: arguments.option("--config"), lintPath: path,
                                                       parser: ConfigurationParser(reporters: reporters))
        self.configuration = configuration
        reporter = ReporterKind(rawValue: try arguments.choice("--reporter", reporters, default: configuration.reporter ?? "xcode", command: "lint"))!
        strict = arguments.flag("--strict") || configuration.strict
        writeBaseline = arguments.option("--write-baseline").map { (ConfigurationFile.absolute($0), $0) }

        let source: (path: String, shown: String)?
        var optional = false
        if let flag = arguments.option("--baseline") {
            source = (ConfigurationFile.absolute(flag), flag)
        } else if let configured = configuration.baselinePath {
            let absolute = ConfigurationFile.absolute(configured)
            source = (absolute, ConfigurationFile.displayPath(absolute))
            // While writing a baseline, the one the configuration names may not exist yet (the two paths can
            // differ: the configuration's is relative to its folder, the flag's to the current one).
            optional = writeBaseline != nil
        } else {
            source = nil
        }
        // Writing the baseline that is read, for the first time: there is nothing to read yet.
        let writing = writeBaseline?.path
        let firstWrite = source.map { $0.path == writing || optional } ?? false
        if let source, !(firstWrite && !FileManager.default.fileExists(atPath: source.path)) {
            baseline = try Baseline.read(from: source.path, shown: source.shown)
        } else {
            baseline = nil
        }
    }

    /// Writes the current violations to `--write-baseline` when given (a note goes to standard error unless
    /// `quiet`), then leaves out the violations the baseline holds.
    func applyBaseline(_ result: LintResult, root: String, quiet: Bool, output: inout CommandLineTool.Output) throws -> LintResult {
        if let writeBaseline {
            try Interrupts.deferred { try Baseline(violations: result.violations, root: root).write(to: ConfigurationFile.lexicalAbsolute(writeBaseline.shown), shown: writeBaseline.shown, root: root) }
            let count = result.violations.count
            if !quiet { output.standardError += "glance: wrote \(count) violation\(count == 1 ? "" : "s") to baseline \(OutputText.escaped(writeBaseline.shown))\n" }
        }
        guard let baseline else { return result }
        return LintResult(violations: baseline.filter(result.violations, root: root), skips: result.skips)
    }
}
