import Foundation
import GlanceCLI
import Testing

/// What a team sending to many Live Activities gives `glance push`: a body per token (`TOKEN<TAB>JSON` or JSON
/// Lines), a body built from flags, a profile (GLANCE_APNS_* and the push section of .glance.json), --log,
/// --timeout; and the small guards: a key file others can read, a key line given as the bundle id.
@Suite(.enabled(if: StandIn.enabled, StandIn.skipNotice))
struct BatchInputTests {
    /// A fixed clock for what is only printed; the stand-in checks provider tokens against its own clock, so runs
    /// that send use `now`.
    let time = FakeTime(Date(timeIntervalSince1970: 1_795_947_000))
    let now = FakeTime()
    let scratch: Scratch
    var cache: String { scratch.path }

    init() throws { scratch = try Scratch("batch-input") }

    func run(_ arguments: [String], environment: [String: String] = [:]) async -> CommandLineTool.Output {
        await glance(arguments, context: testContext(time: time, cache: cache, environment: environment))
    }

    func send(_ arguments: [String]) async -> CommandLineTool.Output {
        await glance(arguments, context: testContext(time: now, cache: cache))
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = cache + "/" + name
        try write(text, to: path)
        return path
    }

    func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }

    static func state(_ stops: Int) -> String { #"{"status": "onTheWay", "estimatedArrival": 817641300, "stopsAway": \#(stops)}"# }

    /// TOKEN<TAB>content-state lines: each token gets the base body with its own content-state, checked against
    /// the app's types; the stand-in gets each body once.
    @Test func perTokenContentStatesAreCheckedAndSent() async throws {
        let server = try StandIn()
        let tokens = try file("tokens.txt", "aa01\t\(Self.state(1))\naa02\t\(Self.state(2))\n# a comment\naa03\t\(Self.state(1))\n")
        let output = await send(["push", pushes + "/2-update.json", "--tokens", tokens, "--project", project, "--host", server.host] + TestKey.flags)
        #expect(output.exitCode == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasSuffix("3 pushes: 3 accepted\n"))
        let sent = try server.requests().map { request -> (String, Int?) in
            let body = try JSONSerialization.jsonObject(with: Data((request["body"] as? String ?? "").utf8)) as? [String: Any]
            let aps = body?["aps"] as? [String: Any]
            #expect(aps?["stale-date"] as? Int == 1_795_948_200, "the rest of the base body is kept")
            return (request["path"] as? String ?? "", (aps?["content-state"] as? [String: Any])?["stopsAway"] as? Int)
        }
        let stops = Dictionary(sent, uniquingKeysWith: { first, _ in first })
        #expect(sent.count == 3 && stops == ["/3/device/aa01": 1, "/3/device/aa02": 2, "/3/device/aa03": 1])
    }

    /// A token's body that does not match the app's types: nothing is sent, and the finding names the line.
    @Test func perTokenBodyThatDoesNotMatchStopsTheRun() async throws {
        let server = try StandIn()
        let wrong = #"{"status": "on_the_way", "estimatedArrival": 817641300, "stopsAway": 2}"#
        let tokens = try file("tokens.txt", "aa01\t\(Self.state(1))\naa02\t\(wrong)\n")
        let output = await send(["push", "--tokens", tokens, "--event", "update", "--content-state", Self.state(3), "--project", project,
                                 "--host", server.host] + TestKey.flags)
        #expect(output.exitCode == 2)
        let lines = output.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\(tokens):2: error: ") == true, "\(output.standardError)")
        #expect(lines.last == "glance: error: \(tokens):2: not sent: its body has 1 error (above); fix it, or send anyway with --force")
        #expect(output.standardOutput == "")
        #expect(try server.requests().isEmpty)
    }

    /// JSON Lines with whole bodies; a line that is not an object is one error naming it.
    @Test func jsonLinesOfTokensAndBodies() async throws {
        let body = try String(contentsOfFile: pushes + "/2-update.json", encoding: .utf8).replacingOccurrences(of: "\n", with: "")
        let good = try file("good.jsonl", #"{"token": "bb01", "body": \#(body)}"# + "\n" + #"{"token": "bb02", "body": \#(body)}"# + "\n")
        let dry = await run(["push", "--tokens", good, "--bundle-id", TestKey.bundleID, "--dry-run"] + TestKey.flags)
        #expect(dry.exitCode == 0, "\(dry.standardError)")
        #expect(dry.standardOutput.components(separatedBy: "POST https://api.sandbox.push.apple.com/3/device/bb0").count == 3)
        #expect(dry.standardOutput.contains(#""stopsAway":2"#))
        let bad = try file("bad.jsonl", #"{"token": "bb01", "body": \#(body)}"# + "\n" + #"{"token": "bb02", "body": [1]}"# + "\n")
        let refused = await run(["push", "--tokens", bad, "--bundle-id", TestKey.bundleID, "--dry-run"] + TestKey.flags)
        #expect(refused.exitCode == 2)
        #expect(refused.standardError == "glance: error: \(bad):2: no \"body\" object (content-state, or a whole body with \"aps\")\n")
        let mixed = try file("mixed.txt", "cc01\t\(Self.state(1))\ncc02\n")
        let half = await run(["push", "--tokens", mixed, "--bundle-id", TestKey.bundleID, "--dry-run"] + TestKey.flags)
        #expect(half.standardError == "glance: error: \(mixed):2: a token without a body, where other lines give one; give every token its body, or none\n")
    }

    /// The body from flags, as `payload template` would make it, with the given values; checked against the types.
    @Test func bodyFromFlags() async throws {
        let output = await run(["push", "--token", "abcd", "--event", "update", "--content-state", Self.state(4), "--alert-title", "Almost there",
                                "--stale-date", "2026-11-29T10:30:00Z", "--project", project, "--dry-run"] + TestKey.flags)
        #expect(output.exitCode == 0, "\(output.standardError)")
        let body = try #require(output.standardOutput.split(separator: "\n").last)
        let aps = try #require((try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["aps"] as? [String: Any])
        #expect(aps["event"] as? String == "update" && aps["timestamp"] as? Int == 1_795_947_000)
        #expect(aps["stale-date"] as? Int == 1_795_948_200)
        #expect((aps["alert"] as? [String: Any])?["title"] as? String == "Almost there")
        #expect((aps["content-state"] as? [String: Any])?["stopsAway"] as? Int == 4)
        // A content-state the types do not decode: the finding is placed at the flag, and nothing is sent.
        let wrong = await run(["push", "--token", "abcd", "--event", "update", "--content-state", #"{"status": "late"}"#, "--project", project,
                               "--dry-run"] + TestKey.flags)
        #expect(wrong.exitCode == 2)
        #expect(wrong.standardError.hasPrefix("--content-state: error: "), "\(wrong.standardError)")
        let both = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--event", "end", "--bundle-id", TestKey.bundleID, "--dry-run"] + TestKey.flags)
        #expect(both.standardError == "glance: error: give the body as a file or with --event and the other body flags, not both (see 'glance push --help')\n")
        let noState = await run(["push", "--token", "abcd", "--event", "update", "--bundle-id", TestKey.bundleID, "--dry-run"] + TestKey.flags)
        #expect(noState.standardError == "glance: error: --event update needs --content-state '{…}' (the ContentState as JSON) (see 'glance push --help')\n")
        let badDate = await run(["push", "--token", "abcd", "--event", "end", "--dismissal-date", "tomorrow", "--bundle-id", TestKey.bundleID, "--dry-run"] + TestKey.flags)
        #expect(badDate.standardError == "glance: error: --dismissal-date: 'tomorrow' is not UNIX seconds or an ISO 8601 date such as 2026-12-01T18:30:00Z\n")
    }

    /// Hostile CI (issue 22, re-attack): a pull request's .glance.json naming its own server as push.host got the
    /// provider token (an hour of pushes to every app of the team) and the device tokens of a CI job's
    /// `glance push --project .`. A found configuration may only name Apple's servers; --config, --host and
    /// GLANCE_APNS_HOST still name any.
    @Test func foundConfigurationSendsOnlyToApple() async throws {
        let checkout = cache + "/checkout"
        try FileManager.default.copyItem(atPath: project, toPath: checkout)
        let config = checkout + "/.glance.json"
        try write(#"{"push": {"host": "collector.example.com"}}"#, to: config)
        let arguments = ["push", pushes + "/2-update.json", "--token", "abcd", "--project", checkout, "--bundle-id", TestKey.bundleID, "--dry-run"] + TestKey.flags
        let found = await run(arguments)
        #expect(found.exitCode == 2)
        #expect(found.standardOutput == "")
        #expect(found.standardError == "glance: error: \(config): push.host: 'collector.example.com' is not an APNs server (*.push.apple.com); a repository's configuration could send your provider token there, so another server must be given with --host, GLANCE_APNS_HOST or --config FILE\n")
        for look in ["push.apple.com.collector.example.com", "apple.com", "localhost:9443"] {
            try write(#"{"push": {"host": "\#(look)"}}"#, to: config)
            #expect(await run(arguments).exitCode == 2, "\(look)")
        }
        try write(#"{"push": {"host": "API.sandbox.push.apple.com:2197"}}"#, to: config)
        #expect(await run(arguments).standardOutput.hasPrefix("POST https://API.sandbox.push.apple.com:2197/3/device/abcd\n"))
        try write(#"{"push": {"host": "collector.example.com"}}"#, to: config)
        let named = await run(arguments + ["--config", config])
        #expect(named.standardOutput.hasPrefix("POST https://collector.example.com/3/device/abcd\n"), "\(named.standardError)")
        let variable = await run(arguments, environment: ["GLANCE_APNS_HOST": "localhost:9444"])
        #expect(variable.standardOutput.hasPrefix("POST https://localhost:9444/3/device/abcd\n"), "\(variable.standardError)")
    }

    /// A profile: the push section of .glance.json, GLANCE_APNS_* over it, flags over both; a relative key_file is
    /// the configuration's folder's.
    @Test func profileFromConfigurationEnvironmentAndFlags() async throws {
        try FileManager.default.createDirectory(atPath: cache + "/keys", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestKey.path, toPath: cache + "/keys/AuthKey_TESTKEY001.p8")
        let config = try file(".glance.json", #"{"push": {"bundle_id": "com.example.fromfile", "environment": "production", "key_file": "keys/AuthKey_TESTKEY001.p8", "team_id": "TEAM123456", "host": "localhost:9443"}}"#)
        let fromFile = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--config", config, "--dry-run"])
        #expect(fromFile.exitCode == 0, "\(fromFile.standardError)")
        #expect(fromFile.standardOutput.hasPrefix("POST https://localhost:9443/3/device/abcd\napns-push-type: liveactivity\napns-topic: com.example.fromfile.push-type.liveactivity\n"))
        let fromEnvironment = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--config", config, "--dry-run"],
                                        environment: ["GLANCE_APNS_BUNDLE_ID": "com.example.fromenv", "GLANCE_APNS_HOST": "localhost:9444"])
        #expect(fromEnvironment.standardOutput.hasPrefix("POST https://localhost:9444/3/device/abcd\napns-push-type: liveactivity\napns-topic: com.example.fromenv.push-type.liveactivity\n"))
        let fromFlags = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--config", config, "--bundle-id", "com.example.fromflag", "--dry-run"],
                                  environment: ["GLANCE_APNS_BUNDLE_ID": "com.example.fromenv"])
        #expect(fromFlags.standardOutput.contains("apns-topic: com.example.fromflag.push-type.liveactivity\n"))
        // Without --host, the environment's host: production from the file, sandbox from the variable.
        try write(#"{"push": {"bundle_id": "com.example.fromfile", "environment": "production", "key_file": "keys/AuthKey_TESTKEY001.p8", "team_id": "TEAM123456"}}"#, to: config)
        let production = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--config", config, "--dry-run"])
        #expect(production.standardOutput.hasPrefix("POST https://api.push.apple.com/3/device/abcd\n"))
        let sandbox = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--config", config, "--dry-run"], environment: ["GLANCE_APNS_ENVIRONMENT": "sandbox"])
        #expect(sandbox.standardOutput.hasPrefix("POST https://api.sandbox.push.apple.com/3/device/abcd\n"))
        // Bad values are named by where they came from.
        let badEnvironment = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--config", config, "--dry-run"], environment: ["GLANCE_APNS_ENVIRONMENT": "staging"])
        #expect(badEnvironment.standardError == "glance: error: GLANCE_APNS_ENVIRONMENT: 'staging' is not 'sandbox' or 'production'\n")
        try write(#"{"push": {"bundle_id": "com example", "team_id": "TEAM123456"}}"#, to: config)
        let badBundle = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--config", config, "--key-file", TestKey.path, "--dry-run"])
        #expect(badBundle.standardError == "glance: error: \(config): push.bundle_id: 'com example' is not a bundle identifier (letters, digits, '-' and '.', such as com.example.app)\n")
        try write(#"{"push": {"bundle": "com.example.app"}}"#, to: config)
        let unknown = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--config", config, "--dry-run"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.hasPrefix("glance: error: \(config): push: unknown key 'bundle'"), "\(unknown.standardError)")
        // glance lint reads the same file and takes the push section.
        try write(#"{"push": {"bundle_id": "com.example.app"}, "disabled_rules": []}"#, to: config)
        let lint = await run(["lint", project, "--config", config, "--quiet"])
        #expect(!lint.standardError.contains("unknown key"), "\(lint.standardError)")
    }

    /// A key file every user can read: a warning with the fix; a private one: none.
    @Test func keyFileReadableByOthersIsWarnedAbout() async throws {
        let open = cache + "/AuthKey_TESTKEY001.p8"
        try FileManager.default.copyItem(atPath: TestKey.path, toPath: open)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: open)
        let output = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--bundle-id", TestKey.bundleID, "--key-file", open,
                                "--team-id", TestKey.teamID, "--dry-run"])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "glance: warning: \(open) (--key-file) can be read by every user of this machine (mode 644); an APNs key sends pushes for your whole team: chmod 600 \(open)\n")
        let quiet = await run(["push", pushes + "/2-update.json", "--dry-run"] + ["--token", "abcd", "--bundle-id", TestKey.bundleID] + TestKey.flags)
        #expect(quiet.standardError == "")
    }

    /// A line of the key file given as the bundle id (base64 that looks like an identifier): refused, not shown.
    @Test func keyLineAsBundleIDIsRefusedUnshown() async throws {
        let lines = try String(contentsOfFile: TestKey.path, encoding: .utf8).split(separator: "\n").map(String.init)
        let line = try #require(lines.first { !$0.hasPrefix("-----") && !$0.contains("/") && !$0.contains("+") && $0.count >= 40 }
                                ?? lines.dropFirst().first)
        let output = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--bundle-id", line, "--dry-run"] + TestKey.flags)
        #expect(output.exitCode == 2)
        #expect(output.standardError.hasPrefix("glance: error: the value of --bundle-id is a "), "\(output.standardError)")
        #expect(output.standardError.hasSuffix(", not a bundle identifier; give the app's bundle identifier, such as com.example.app\n"))
        #expect(!output.standardError.contains(line) && output.standardOutput.isEmpty)
    }

    /// --log appends one JSON line per push (time, token, apns-id, status, reason, result), run after run.
    @Test func logKeepsAHistory() async throws {
        let server = try StandIn(rules: [["path": "/3/device/dd02", "answers": [["status": 410, "reason": "Unregistered"]]]])
        let tokens = try file("tokens.txt", "dd01\ndd02\n")
        let log = cache + "/pushes.jsonl"
        // The 410 is scripted once: the second run's pushes are both accepted.
        for expected in [1, 0] {
            let output = await send(["push", pushes + "/2-update.json", "--tokens", tokens, "--bundle-id", TestKey.bundleID, "--host", server.host,
                                     "--log", log] + TestKey.flags)
            #expect(output.exitCode == Int32(expected))
        }
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        try #require(lines.count == 4)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(Set(first.keys) == ["time", "token", "apnsId", "status", "reason", "result"])
        #expect(first["time"] as? String == iso8601(now.now) && first["result"] as? String == "accepted" && first["status"] as? Int == 200)
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["token"] as? String == "dd02" && second["reason"] as? String == "Unregistered" && second["status"] as? Int == 410)
        let attributes = try FileManager.default.attributesOfItem(atPath: log)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folder = await run(["push", pushes + "/2-update.json", "--token", "abcd", "--bundle-id", TestKey.bundleID, "--log", cache] + TestKey.flags)
        #expect(folder.exitCode == 2)
        #expect(folder.standardError.hasPrefix("glance: error: --log: \(cache) cannot be opened to append to ("), "\(folder.standardError)")
    }

    /// --timeout: a push the server never answers gets its line after that many seconds.
    @Test func timeoutIsTheFlags() async throws {
        let server = try StandIn(rules: [["path": "/3/device/ee01", "answers": [["hang": true]]]])
        let output = await glance(["push", pushes + "/2-update.json", "--token", "ee01", "--bundle-id", TestKey.bundleID, "--host", server.host,
                                   "--timeout", "2"] + TestKey.flags, context: testContext(time: now, cache: cache, timeout: 60))
        #expect(output.standardOutput == "ee01: no answer — may have arrived: 127.0.0.1: no answer within 2 s\n")
        // No wall-clock bound: the parallel suite on two cores has delayed this run by over a minute. The answer
        // above comes from the 2 s timer (the fixed timeout was 30 s).
        let bad = await run(["push", pushes + "/2-update.json", "--token", "ee01", "--timeout", "0", "--bundle-id", TestKey.bundleID] + TestKey.flags)
        #expect(bad.standardError == "glance: error: --timeout: '0' is not a number of seconds from 1 to 3600\n")
    }
}
