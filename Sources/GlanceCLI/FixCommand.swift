import Foundation
import GlanceFix
import GlanceInput
import GlanceProject
import GlanceReporters
import GlanceRules
import GlanceSurfaces

/// `glance fix [PATH] [--rule ID…] [--value TEXT] [--write]`: the edits that repair the findings Glance is sure
/// of, as a unified diff; with `--write`, written (all or nothing), then linted again.
extension CommandLineTool {
    func fix(_ raw: [String], output: inout Output) throws {
        if raw.contains("--help") || raw.contains("-h") { output.standardOutput += Help.command("fix")!; return }
        let arguments = try Arguments(raw, spec: .init(flags: ["--write", "--quiet", "-q", "--no-cache"],
                                                       options: ["--rule", "--value", "--config", "--cache-path"]), command: "fix")
        let quiet = arguments.flag("--quiet") || arguments.flag("-q")
        var cache = try sourceCache(arguments)
        if let requested = cache, let refusal = Self.cacheRefusal(requested, request: .project(arguments.positionals.first ?? ".")) {
            if !quiet { output.standardError += OutputText.escaped(String(refusal.dropLast())) + "\n" }
            cache = nil
        }
        let requested = (arguments.allValues["--rule"] ?? []).flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
        for rule in requested where !Fixer.rules.contains(rule) {
            let hint = Suggestion.hint(rule, in: Fixer.rules)
            let known = RuleRegistry.identifiers.contains(rule) ? "Glance has no fix for \(Shown.quoted(rule))" : "no rule \(Shown.quoted(rule))"
            throw CLIError.usage("\(known)\(hint); fix repairs \(Fixer.rules.joined(separator: ", "))", command: "fix")
        }
        let value = arguments.option("--value")
        if value != nil {
            let taking = Set(requested).intersection(Fixer.rulesTakingValue)
            guard taking.count == 1, Set(requested).count == 1 else {
                throw CLIError.usage("--value is the text or scheme of one rule: give it with --rule alarmkit_usage_description_missing or --rule url_scheme_not_registered alone", command: "fix")
            }
        }
        let path = arguments.positionals.first ?? "."
        let settings = try LintSettings(arguments: arguments, path: path)
        func lint() throws -> (model: SurfaceModel, violations: [Violation]) {
            // The cache makes the lint after writing parse only the files the fixes changed. An extension the fix
            // embeds is installed after it: what it holds is repaired in the same edit.
            let (model, linted) = try Glance.lint(at: path, configuration: settings.configuration, cache: cache,
                                                  judgingNeverInstalledExtensions: true)
            var ignored = Output(exitCode: 0, standardOutput: "", standardError: "")
            let result = try settings.applyBaseline(linted, root: model.project.root, quiet: true, output: &ignored)
            return (model, result.violations)
        }
        let (model, before) = try lint()
        let plan: FixPlan
        do { plan = try Fixer.plan(before, model: model, options: FixOptions(rules: requested.isEmpty ? nil : Set(requested), value: value)) }
        catch let failure as Fixer.Failure { throw CLIError.failure(failure.description) }
        let displayRoot = Glance.displayRoot(for: path)
        let changes = plan.changes.sorted { $0.relativePath < $1.relativePath }
        for change in changes {
            let shown = displayRoot.isEmpty ? change.relativePath : displayRoot.appendingPath(change.relativePath)
            output.standardOutput += UnifiedDiff.diff(path: shown, old: change.original, new: change.text)
        }
        if !quiet {
            for (violation, reason) in plan.notFixed {
                let file = displayRoot.isEmpty ? violation.file : displayRoot.appendingPath(violation.file)
                output.standardError += OutputText.escaped("glance: not fixed: \(file):\(violation.line): [\(violation.rule)] \(reason)") + "\n"
            }
        }
        let fixes = "\(plan.fixed.count) finding\(plan.fixed.count == 1 ? "" : "s") in \(changes.count) file\(changes.count == 1 ? "" : "s")"
        guard arguments.flag("--write") else {
            if !quiet {
                output.standardError += changes.isEmpty ? "glance: nothing to fix\n" : "glance: the diff above fixes \(fixes); run with --write to apply it\n"
            }
            output.exitCode = changes.isEmpty ? 0 : 1
            return
        }
        guard !changes.isEmpty else {
            if !quiet { output.standardError += "glance: nothing to fix\n" }
            return
        }
        let written: FixWriter.Written
        do { written = try Interrupts.deferred { try FixWriter.write(changes, root: model.project.root) } }
        catch let failure as Fixer.Failure { throw CLIError.failure(failure.description) }
        // Lint again: every fixed finding must be gone, and nothing new reported; else put the files back.
        let problem: String?
        do {
            let (_, after) = try lint()
            problem = FixVerification.problem(before: before, fixed: plan.fixed, after: after)
        } catch {
            problem = "the project no longer lints (\(error))"
        }
        if let problem {
            do { try Interrupts.deferred { try written.restore() } }
            catch let failure as Fixer.Failure { throw CLIError.failure("after writing, \(problem); \(failure.description)") }
            throw CLIError.failure("after writing, \(problem); the files were restored")
        }
        if !quiet { output.standardError += "glance: fixed \(fixes)\n" }
    }
}
