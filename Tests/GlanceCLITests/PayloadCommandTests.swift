import Foundation
import Testing
import GlanceCLI
import GlanceRules

/// `glance payload` end to end on the pushes of Examples/ProductivityTimer/Pushes, with exact output.
struct PayloadCommandTests {
    static let project = "Examples/ProductivityTimer"
    static let pushes = "Examples/ProductivityTimer/Pushes"
    static let sequence = ["1-start.json", "2-update.json", "3-update-late.json", "4-update-unix-date.json", "5-end.json"].map { pushes + "/" + $0 }

    @Test func checkSequence() throws {
        let output = glance(arguments: ["payload", "check"] + Self.sequence + ["--project", Self.project, "--headers", Self.pushes + "/headers.txt"])
        #expect(output.standardOutput == (try expected("payload-check-sequence.txt")))
        #expect(output.exitCode == 1)
    }

    /// Pushes/mistakes holds one body per payload rule, named for it (with `.headers.txt` where the mistake
    /// is in the headers): each reports its rule, and the whole output is pinned.
    @Test func everyPayloadRuleFiresOnItsFixture() throws {
        var all = ""
        for rule in RuleRegistry.payloadIdentifiers {
            let body = Self.pushes + "/mistakes/\(rule).json"
            let headers = Self.pushes + "/mistakes/\(rule).headers.txt"
            var arguments = ["payload", "check", body, "--project", Self.project]
            if FileManager.default.fileExists(atPath: repositoryRoot + "/" + headers) { arguments += ["--headers", headers] }
            let output = glance(arguments: arguments)
            #expect(output.standardOutput.contains("[\(rule)]"), "\(rule) does not fire on its fixture")
            #expect(output.exitCode == (rule == "payload_dismissal_date_not_end" || rule == "payload_stale_before_timestamp" ? 0 : 1), "\(rule)")
            all += output.standardOutput
        }
        #expect(all == (try expected("payload-mistakes.txt")))
    }

    @Test func checkBrokenBodyAndHeaders() throws {
        let arguments = ["payload", "check", Self.pushes + "/broken.json", "--project", Self.project, "--headers", Self.pushes + "/broken-headers.txt"]
        let text = glance(arguments: arguments)
        #expect(text.standardOutput == (try expected("payload-check-broken.txt")))
        #expect(text.exitCode == 1)
        let json = glance(arguments: arguments + ["--reporter", "json"])
        #expect(json.standardOutput == (try expected("payload-check-broken.json")))
    }

    @Test func templateOfEveryEventPassesCheck() throws {
        let start = glance("payload", "template", "OrderAttributes", "--project", Self.project, "--event", "start")
        #expect(start.standardOutput == (try expected("payload-template-start.json")))
        #expect(start.standardError == "")
        for event in ["start", "update", "end"] {
            let folder = try scratchFolder("template")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let template = glance("payload", "template", "OrderAttributes", "--project", Self.project, "--event", event, "--now")
            try write(template.standardOutput, to: folder + "/body.json")
            let check = glance("payload", "check", folder + "/body.json", "--project", Self.project, "--headers", Self.pushes + "/headers.txt", "--strict")
            #expect(check.standardOutput == "", "template for \(event) does not pass check")
            #expect(check.exitCode == 0)
        }
    }

    @Test func simulateFilesAndJSONLines() throws {
        let text = glance(arguments: ["payload", "simulate"] + Self.sequence + ["--project", Self.project])
        #expect(text.standardOutput == (try expected("payload-simulate.txt")))
        // The sequence drops a late update and applies a Unix-time date: exit 1, as lint exits on errors.
        #expect(text.exitCode == 1)
        let json = glance("payload", "simulate", Self.pushes + "/delivery.jsonl", "--project", Self.project, "--format", "json")
        #expect(json.standardOutput == (try expected("payload-simulate.json")))
    }

    /// Issue 22: `payload simulate` exited 0 whatever its timeline showed. Now 0 when every push is applied as
    /// sent; 1 when one is refused, dropped (or perhaps dropped), or applied with a wrong date.
    @Test func simulateExitsOneWhenAPushIsLost() throws {
        let clean = glance(arguments: ["payload", "simulate"] + Array(Self.sequence.prefix(2)) + [Self.sequence[4], "--project", Self.project])
        #expect(clean.exitCode == 0, "\(clean.standardOutput)")
        #expect(clean.standardOutput.contains(" ended ") && !clean.standardOutput.contains("dropped"))
        for (pushes, what) in [([0, 1, 2], "an update older than the last"), ([0, 3], "a Unix-time date applied")] {
            let output = glance(arguments: ["payload", "simulate"] + pushes.map { Self.sequence[$0] } + ["--project", Self.project])
            #expect(output.exitCode == 1, "\(what): \(output.standardOutput)")
        }
        let json = glance("payload", "simulate", Self.pushes + "/delivery.jsonl", "--project", Self.project, "--format", "json")
        #expect(json.exitCode == (json.standardOutput.contains("\"dropped\"") || json.standardOutput.contains("\"rejected\"") || json.standardOutput.contains("wrong date") ? 1 : 0))
    }

    /// Issue 22: `payload check` without `--project` did not say that content-state was not checked.
    @Test func checkWithoutAProjectSaysContentStateWasNotChecked() throws {
        let output = glance("payload", "check", Self.sequence[1])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "glance: note: content-state was not checked against the app's types (ContentState); give --project PATH to check it as ActivityKit decodes it\n")
        #expect(glance("payload", "check", Self.sequence[1], "--project", Self.project).standardError == "")
    }

    @Test func badInputIsOneLineAndExitCodeTwo() throws {
        let folder = try scratchFolder("payload-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("garbage\n", to: folder + "/headers.txt")
        let cases: [([String], String)] = [
            (["payload", "check", folder + "/missing.json"], "glance: error: \(folder)/missing.json: no such file\n"),
            (["payload", "check", folder], "glance: error: \(folder): is a folder, not a JSON file\n"),
            (["payload", "check", Self.pushes + "/2-update.json", "--project", Self.project, "--attributes", "Restaurant"],
             "glance: error: Restaurant (Shared/OrderAttributes.swift:22) is not an ActivityAttributes type: it does not conform to ActivityAttributes, so ActivityKit cannot encode or decode it\n"),
            (["payload", "check", Self.pushes + "/2-update.json", "--project", Self.project, "--attributes", "OrderAtributes"],
             "glance: error: Examples/ProductivityTimer: no ActivityAttributes type named 'OrderAtributes'; did you mean 'OrderAttributes'?\n"),
            (["payload", "check", Self.pushes + "/2-update.json", "--headers", folder + "/headers.txt"], "glance: error: \(folder)/headers.txt: line 1 is not 'name: value'\n"),
            (["payload", "template", "OrderAttributes"], "glance: error: payload template needs --project PATH to read the type from (see 'glance payload template --help')\n"),
            (["payload", "chek"], "glance: error: unknown payload command 'chek'; did you mean 'check'? (see 'glance payload --help')\n"),
            (["payload", "check", Self.pushes + "/2-update.json", "--project", "Examples/CommonMistakes"],
             "glance: error: \(Self.pushes)/2-update.json: cannot check content-state: the project has 5 ActivityAttributes types (AlarmAttributes, FollowAttributes, DeliveryAttributes, WorkoutAttributes, TickerAttributes); choose one with --attributes\n"),
            (["payload", "check", Self.pushes + "/2-update.json", "--attributes", "OrderAttributes"],
             "glance: error: --attributes needs --project PATH to find the type (see 'glance payload --help')\n"),
        ]
        for (arguments, message) in cases {
            let output = glance(arguments: arguments)
            #expect(output.exitCode == 2, "\(arguments)")
            #expect(output.standardError == message)
            #expect(output.standardOutput == "")
        }
    }

    /// Headers written on Windows or by curl (CR LF line ends) read like any others.
    @Test func headersWithCRLFLineEnds() throws {
        let folder = try scratchFolder("crlf")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("apns-push-type: liveactivity\r\napns-topic: com.example.productivitytimer.push-type.liveactivity\r\napns-priority: 10\r\n", to: folder + "/headers.txt")
        let output = glance("payload", "check", Self.pushes + "/2-update.json", "--project", Self.project, "--headers", folder + "/headers.txt")
        #expect(output.standardOutput == "")
        #expect(output.exitCode == 0)
    }

    @Test func bodiesThatAreNotJSONAreViolations() throws {
        let folder = try scratchFolder("payload-json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("hello\n", to: folder + "/text.json")
        let large = "{\"aps\": {\"timestamp\": 1795946400, \"event\": \"update\", \"content-state\": {\"status\": \"onTheWay\", \"estimatedArrival\": 817641000, \"stopsAway\": 1, \"note\": \""
        try write(large + String(repeating: "x", count: 100_000) + "\"}}}", to: folder + "/large.json")
        let text = glance("payload", "check", folder + "/text.json")
        #expect(text.standardOutput == "\(folder)/text.json:1:1: error: the body is not valid JSON: Invalid value [payload_invalid_json]\n")
        let started = Date()
        let tooLarge = glance("payload", "check", folder + "/large.json", "--project", Self.project)
        #expect(tooLarge.standardOutput.hasPrefix("\(folder)/large.json:1:1: error: the body is 100153 bytes; APNs refuses Live Activity pushes over 4096 bytes"))
        #expect(tooLarge.exitCode == 1)
        #expect(Date().timeIntervalSince(started) < 30)
    }
}

func glance(arguments: [String]) -> CommandLineTool.Output {
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(repositoryRoot)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    return CommandLineTool().run(arguments)
}
