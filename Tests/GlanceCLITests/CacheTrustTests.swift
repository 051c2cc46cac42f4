import Foundation
import Testing
@testable import GlanceCLI

/// The cache's trust boundary (issue 22): a cache folder is shared between runs, and in CI between branches, so
/// what is in it is checked before it changes a finding. The forged files are sealed again (`writeSealed`), as
/// someone who can write the cache could: what is tested is what holds beyond the digest. A run record must cover the files the run reads and holds
/// findings, never bytes; an entry holds facts derived from its file's text alone, and suppressions are read from
/// the file itself; a cache inside the repository is never used.
@Suite(.serialized)
struct CacheTrustTests {
    let cacheTests = CacheTests()

    func lint(_ arguments: [String]) -> CommandLineTool.Output { cacheTests.lint(arguments) }

    /// A project with one error (a SetValueIntent that assigns its value), as loose sources.
    func oneErrorProject() throws -> String {
        let folder = try scratchFolder("trust")
        try write(HostileInputTests.oneViolation, to: folder + "/App/Toggle.swift")
        try write("struct Model { var count = 0 }\n", to: folder + "/App/Model.swift")
        return folder
    }

    /// The records in `cache`, by kind (`run`: a run record, `project`: a project record), with their files.
    func records(in cache: String) throws -> [(kind: String, path: String, object: [String: Any])] {
        try cacheTests.files(below: cache + "/records-v1").compactMap { name in
            let path = cache + "/records-v1/" + name
            guard let object = try JSONSerialization.jsonObject(with: unsealed(path)) as? [String: Any],
                  let record = object["record"] as? [String: Any] else { return nil }
            return (record["report"] != nil ? "run" : "project", path, object)
        }
    }

    /// Rewrites the records of `kind` with `change` applied to their `record` object.
    func tamper(_ cache: String, _ kind: String, _ change: (inout [String: Any]) -> Void) throws {
        for found in try records(in: cache) where found.kind == kind {
            var object = found.object
            var record = object["record"] as! [String: Any]
            change(&record)
            object["record"] = record
            try writeSealed(JSONSerialization.data(withJSONObject: object), to: found.path)
        }
    }

    /// A run record (and a project record) whose questions are gone, holding no finding: it would print "no
    /// findings" and exit 0 forever, whatever the files say. Not used: the run lints and finds the error.
    @Test func recordsWithoutQuestionsAreNotUsed() throws {
        let project = try oneErrorProject()
        let cache = try scratchFolder("trust-cache")
        defer { for folder in [project, cache] { try? FileManager.default.removeItem(atPath: folder) } }
        let expected = lint([project, "--no-cache"])
        #expect(expected.exitCode == 1)
        #expect(lint([project, "--cache-path", cache]).standardOutput == expected.standardOutput)
        #expect(try records(in: cache).map(\.kind).sorted() == ["project", "run"])
        try tamper(cache, "run") { record in
            record["answers"] = ["questions": [String](), "answers": [String]()]
            var report = record["report"] as! [String: Any]
            report["violations"] = [Any]()
            record["report"] = report
        }
        let replayed = lint([project, "--cache-path", cache])
        #expect(replayed.exitCode == 1)
        #expect(replayed.standardOutput == expected.standardOutput)
        // The project record without its questions, and with a model of no targets: not used either.
        try tamper(cache, "project") { record in
            record["answers"] = ["questions": [String](), "answers": [String]()]
            var model = record["model"] as! [String: Any]
            model["targets"] = [Any]()
            record["model"] = model
        }
        try tamper(cache, "run") { record in
            record["answers"] = ["questions": [String](), "answers": [String]()]
            var report = record["report"] as! [String: Any]
            report["violations"] = [Any]()
            record["report"] = report
        }
        let again = lint([project, "--cache-path", cache])
        #expect(again.exitCode == 1)
        #expect(again.standardOutput == expected.standardOutput)
    }

    /// A run record that keeps its other questions but leaves out the read of the file with the error (so an edit
    /// there would not be seen): it does not cover the run, and is not used.
    @Test func recordsThatLeaveOutASourceAreNotUsed() throws {
        let project = try oneErrorProject()
        let cache = try scratchFolder("trust-cache")
        defer { for folder in [project, cache] { try? FileManager.default.removeItem(atPath: folder) } }
        let expected = lint([project, "--no-cache"])
        _ = lint([project, "--cache-path", cache])
        try tamper(cache, "run") { record in
            let answers = record["answers"] as! [String: [String]]
            let kept = zip(answers["questions"]!, answers["answers"]!).filter { !($0.0.hasPrefix("R|") && $0.0.hasSuffix("/Toggle.swift")) }
            record["answers"] = ["questions": kept.map(\.0), "answers": kept.map(\.1)]
            var report = record["report"] as! [String: Any]
            report["violations"] = [Any]()
            record["report"] = report
        }
        let replayed = lint([project, "--cache-path", cache])
        #expect(replayed.exitCode == 1)
        #expect(replayed.standardOutput == expected.standardOutput)
    }

    /// A record that does cover the run is used — and what it holds is printed the way a fresh run prints: a
    /// message given a terminal escape, a line break, a workflow command and a runner's stop marker shows them spelled
    /// out, on one line, with no command in the output.
    @Test func replayedFindingsAreEscapedAndNeutralized() throws {
        let project = try oneErrorProject()
        let cache = try scratchFolder("trust-cache")
        defer { for folder in [project, cache] { try? FileManager.default.removeItem(atPath: folder) } }
        _ = lint([project, "--cache-path", cache])
        try tamper(cache, "run") { record in
            var report = record["report"] as! [String: Any]
            var violations = report["violations"] as! [[String: Any]]
            violations[0]["message"] = "forged \u{1B}[2J\n::error title=x::y ##[stop-commands]z"
            report["violations"] = violations
            report["notes"] = ["\u{1B}]0;title\u{07}::warning::note"]
            record["report"] = report
        }
        let replayed = lint([project, "--cache-path", cache])
        #expect(replayed.exitCode == 1)
        #expect(replayed.standardOutput.hasSuffix(": error: forged \\u{1B}[2J\\n::error title=x::y ##\\u{5B}stop-commands]z [set_value_intent_assigns_value]\n"),
                "\(replayed.standardOutput)")
        #expect(replayed.standardOutput.split(separator: "\n").count == 1)
        #expect(replayed.standardError.hasPrefix("\\u{1B}]0;title\\u{7}::warning::note\n"), "\(replayed.standardError)")
        #expect(RunnerCommands.commands(in: replayed.standardOutput + replayed.standardError).isEmpty)
        #expect(!(replayed.standardOutput + replayed.standardError).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        // A record that says its report is workflow commands (the one format printed as it is), for a run that did
        // not ask for them: not used; the run lints and prints its xcode lines.
        try tamper(cache, "run") { record in
            var report = record["report"] as! [String: Any]
            report["reporter"] = "github-actions"
            record["report"] = report
        }
        let forged = lint([project, "--cache-path", cache])
        #expect(RunnerCommands.commands(in: forged.standardOutput + forged.standardError).isEmpty, "\(forged.standardOutput)")
        #expect(forged.standardOutput == lint([project, "--no-cache"]).standardOutput)
    }

    /// The entry of the file with the error, given a suppression comment its text does not hold: the finding is
    /// still reported (suppressions come from the file's own text).
    @Test func entriesCannotSuppressFindings() throws {
        let project = try oneErrorProject()
        let cache = try scratchFolder("trust-cache")
        defer { for folder in [project, cache] { try? FileManager.default.removeItem(atPath: folder) } }
        let expected = lint([project, "--no-cache"])
        _ = lint([project, "--cache-path", cache])
        var tampered = 0
        for name in cacheTests.files(below: cache + "/sources-v1") {
            let path = cache + "/sources-v1/" + name
            var object = try #require(try JSONSerialization.jsonObject(with: unsealed(path)) as? [String: Any])
            var entry = try #require(object["entry"] as? [String: Any])
            guard var tokens = entry["tokens"] as? [String: Any] else { continue }
            tokens["directiveComments"] = [["line": 1, "column": 1, "text": "glance:disable all"]]
            entry["tokens"] = tokens
            object["entry"] = entry
            try writeSealed(JSONSerialization.data(withJSONObject: object), to: path)
            tampered += 1
        }
        #expect(tampered == 2)
        try FileManager.default.removeItem(atPath: cache + "/records-v1")
        let output = lint([project, "--cache-path", cache])
        #expect(output.exitCode == 1)
        #expect(output.standardOutput == expected.standardOutput)
        // A real suppression in the file is read from its text, with the cache as without it.
        try write("// glance:disable all\n" + HostileInputTests.oneViolation, to: project + "/App/Toggle.swift")
        let suppressed = lint([project, "--cache-path", cache])
        #expect(suppressed.exitCode == 0)
        #expect(lint([project, "--cache-path", cache]).standardOutput == lint([project, "--no-cache"]).standardOutput)
    }

    /// An entry that says the parse guard refuses a text it does not refuse (which would leave the file unparsed and
    /// its findings out), and an entry of another file's text under this file's key: both are misses.
    @Test func entriesTheirTextDoesNotBearOutAreMisses() throws {
        let project = try oneErrorProject()
        let cache = try scratchFolder("trust-cache")
        defer { for folder in [project, cache] { try? FileManager.default.removeItem(atPath: folder) } }
        let expected = lint([project, "--no-cache"])
        _ = lint([project, "--cache-path", cache])
        var entries: [String: [String: Any]] = [:]
        for name in cacheTests.files(below: cache + "/sources-v1") {
            let path = cache + "/sources-v1/" + name
            entries[path] = try #require(try JSONSerialization.jsonObject(with: unsealed(path)) as? [String: Any])
        }
        #expect(entries.count == 2)
        for (path, original) in entries {
            var object = original
            object["entry"] = ["refusal": "not parsed: forged", "replaced": false]
            try writeSealed(JSONSerialization.data(withJSONObject: object), to: path)
        }
        try? FileManager.default.removeItem(atPath: cache + "/records-v1")
        let refused = lint([project, "--cache-path", cache, "--explain-skips"])
        #expect(refused.exitCode == 1)
        #expect(refused.standardOutput == lint([project, "--no-cache", "--explain-skips"]).standardOutput)
        // Each entry's bytes swapped with the other's: each names the other file's key, and is not used.
        let paths = entries.keys.sorted()
        try writeSealed(JSONSerialization.data(withJSONObject: entries[paths[1]]!), to: paths[0])
        try writeSealed(JSONSerialization.data(withJSONObject: entries[paths[0]]!), to: paths[1])
        try? FileManager.default.removeItem(atPath: cache + "/records-v1")
        let swapped = lint([project, "--cache-path", cache])
        #expect(swapped.standardOutput == expected.standardOutput && swapped.exitCode == 1)
    }

    /// An entry forged to say that the parse guard accepts a text it refuses (the scan of a widget file, no
    /// refusal): SwiftParser must never see that text, so the guard is asked before a cached scan is parsed, and the
    /// file is skipped as a run without the cache skips it.
    @Test func forgedScansAreGuardedBeforeParsing() throws {
        let project = try oneErrorProject()
        let cache = try scratchFolder("trust-cache")
        defer { for folder in [project, cache] { try? FileManager.default.removeItem(atPath: folder) } }
        try write("import WidgetKit\nlet deep = " + String(repeating: "[", count: 20) + "1" + String(repeating: "]", count: 20) + "\n", to: project + "/App/Deep.swift")
        let expected = lint([project, "--no-cache", "--explain-skips"])
        #expect(expected.standardOutput.contains("Deep.swift: not parsed: more than 12 opening brackets in a row"))
        _ = lint([project, "--cache-path", cache])
        var entries: [(path: String, object: [String: Any])] = []
        for name in cacheTests.files(below: cache + "/sources-v1") {
            let path = cache + "/sources-v1/" + name
            entries.append((path, try #require(try JSONSerialization.jsonObject(with: unsealed(path)) as? [String: Any])))
        }
        let refused = try #require(entries.first { ($0.object["entry"] as? [String: Any])?["refusal"] != nil })
        // The scan of the file the run parses eagerly (it names SetValueIntent in its code).
        let widget = try #require(entries.first { ((($0.object["entry"] as? [String: Any])?["tokens"] as? [String: Any])?["codeMentions"] as? String)?.contains("SetValueIntent") == true })
        var forged = refused.object
        var entry = try #require(widget.object["entry"] as? [String: Any])
        entry["index"] = nil
        forged["entry"] = entry
        try writeSealed(JSONSerialization.data(withJSONObject: forged), to: refused.path)
        try FileManager.default.removeItem(atPath: cache + "/records-v1")
        let output = lint([project, "--cache-path", cache, "--explain-skips"])
        #expect(output.standardOutput == expected.standardOutput)
    }

    /// An entry or a record damaged so that it still decodes (the file holding SetValueIntent no longer "mentions"
    /// it, a finding's message changed), its digest left as it was: both disagree with their digests and are not
    /// used (found by the fuzz harness: a byte flipped inside a pack's entry added a warning).
    @Test func entriesAndRecordsThatDisagreeWithTheirDigestAreMisses() throws {
        let project = try oneErrorProject()
        let cache = try scratchFolder("trust-cache")
        defer { for folder in [project, cache] { try? FileManager.default.removeItem(atPath: folder) } }
        let expected = lint([project, "--no-cache"])
        _ = lint([project, "--cache-path", cache])
        func damage(_ path: String, _ change: (String) -> String) throws {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let json = String(decoding: try unsealed(path), as: UTF8.self)
            var damaged = Data(data.prefix(65))
            damaged.append(Data(change(json).utf8))
            try damaged.write(to: URL(fileURLWithPath: path))
        }
        for found in try records(in: cache) where found.kind == "run" {
            try damage(found.path) { $0.replacingOccurrences(of: "changes `value`", with: "changes nothing") }
        }
        let replayed = lint([project, "--cache-path", cache])
        #expect(replayed.standardOutput == expected.standardOutput && replayed.exitCode == 1)
        try FileManager.default.removeItem(atPath: cache + "/records-v1")
        for name in cacheTests.files(below: cache + "/sources-v1") {
            try damage(cache + "/sources-v1/" + name) { $0.replacingOccurrences(of: "SetValueIntent", with: "SetValueIntenX") }
        }
        let output = lint([project, "--cache-path", cache])
        #expect(output.standardOutput == expected.standardOutput && output.exitCode == 1)
    }

    /// Issue 22, defect 5: `glance lint FILE…` compared the cache with the file's folder, not the project the file
    /// is linted in, so a cache committed in the repository was used and a planted entry could hide an error.
    @Test func aCacheInTheRepositoryIsNotUsedForFilesGiven() throws {
        let repository = try oneErrorProject()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        try FileManager.default.createDirectory(atPath: repository + "/.git", withIntermediateDirectories: true)
        try write("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n", to: repository + "/Package.swift")
        let cache = repository + "/.glance-cache"
        let file = repository + "/App/Toggle.swift"
        let output = lint([file, "--cache-path", cache])
        #expect(output.standardError.hasPrefix("glance: warning: cache folder \(cache) is inside the folder being linted, where a repository could plant entries; not used (give --cache-path a folder outside it)\n"),
                "\(output.standardError)")
        #expect(output.exitCode == 1)
        #expect(!FileManager.default.fileExists(atPath: cache))
    }
}
