import Foundation
import GlanceCLI
import Testing

/// `glance push` and `glance channels` end to end, against the local APNs stand-in over HTTP/2 and TLS. Skipped,
/// with a notice, when the stand-in's Python packages are not installed (CI installs them).
@Suite(.enabled(if: StandIn.enabled, StandIn.skipNotice))
struct PushServerTests {
    let time = FakeTime()
    let scratch: Scratch
    var cache: String { scratch.path }

    init() throws { scratch = try Scratch("cache") }

    var context: PushContext { testContext(time: time, cache: cache) }

    func push(_ server: StandIn, _ extra: [String], body: String = pushes + "/2-update.json") async -> CommandLineTool.Output {
        await glance(["push", body, "--host", server.host] + TestKey.flags + extra, context: context)
    }

    func tokensFile(_ lines: [String]) throws -> String {
        let path = cache + "/tokens-\(UUID().uuidString).txt"
        try write(lines.joined(separator: "\n") + "\n", to: path)
        return path
    }

    /// The connection is HTTP/2, and the provider token verifies with an independent implementation (PyJWT with
    /// `cryptography`, given only the public key).
    @Test func sendsOverHTTP2AndPyJWTVerifiesTheToken() async throws {
        let server = try StandIn()
        let output = await push(server, ["--token", "abcd1234", "--project", project])
        #expect(output.standardError == "")
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == "abcd1234: 200 OK, apns-id 951c2ab4-8d9a-51d3-9091-377e21c29c91, apns-unique-id d58ad08d-e162-58c6-bba9-fe42c2e3f103\n")
        let requests = try server.requests()
        try #require(requests.count == 1)
        let request = requests[0]
        #expect(request["httpVersion"] as? String == "2")
        #expect(request["method"] as? String == "POST")
        #expect(request["path"] as? String == "/3/device/abcd1234")
        #expect(request.header("apns-push-type") == "liveactivity")
        #expect(request.header("apns-topic") == "com.example.productivitytimer.push-type.liveactivity")
        #expect(request.header("apns-priority") == "10")
        #expect(request.header("apns-expiration") == String(Int(time.now.timeIntervalSince1970) + 3600))
        #expect(request["body"] as? String == (try String(contentsOfFile: pushes + "/2-update.json", encoding: .utf8)))
        let jwt = try #require(request["jwt"] as? [String: Any])
        #expect(jwt["valid"] as? Bool == true, "\(jwt)")
        #expect(jwt["header"] as? [String: String] == ["alg": "ES256", "kid": "TESTKEY001"])
        let claims = try #require(jwt["claims"] as? [String: Any])
        #expect(claims["iss"] as? String == "TEAM123456")
        #expect((claims["iat"] as? NSNumber)?.doubleValue == time.now.timeIntervalSince1970)
        #expect(claims.count == 2)
    }

    /// PyJWT refuses a token signed by another key, so the check above can fail.
    @Test func tokenOfAnotherKeyIsRefused() async throws {
        let server = try StandIn(keyPath: TestKey.otherPath)
        let output = await push(server, ["--token", "abcd1234", "--bundle-id", TestKey.bundleID])
        #expect(output.exitCode == 1)
        #expect(output.standardOutput == "abcd1234: 403 InvalidProviderToken, apns-id 951c2ab4-8d9a-51d3-9091-377e21c29c91, apns-unique-id d58ad08d-e162-58c6-bba9-fe42c2e3f103: The provider token does not verify: --key-id is not the ID of this .p8 key (it is in the file name AuthKey_<KEY ID>.p8), --team-id is not the team that owns the key, or the key was revoked.\n")
        let jwt = try #require(try server.requests().first?["jwt"] as? [String: Any])
        #expect(jwt["valid"] as? Bool == false)
        #expect((jwt["error"] as? String)?.hasPrefix("InvalidSignatureError") == true, "\(jwt)")
    }

    /// One push per error class APNs answers with, in one batch: each explained; 429 and 5xx retried with
    /// backoff up to the bound; 4xx not retried.
    @Test func everyErrorClassIsExplained() async throws {
        let rules: [[String: Any]] = [
            ["path": "/3/device/0400", "answers": [["status": 400, "reason": "BadDeviceToken"]]],
            ["path": "/3/device/0404", "answers": [["status": 404, "reason": "BadPath"]]],
            ["path": "/3/device/0405", "answers": [["status": 405, "reason": "MethodNotAllowed"]]],
            ["path": "/3/device/0410", "answers": [["status": 410, "reason": "ExpiredToken", "timestamp": 1_767_225_600_000]]],
            ["path": "/3/device/0413", "answers": [["status": 413, "reason": "PayloadTooLarge"]]],
            ["path": "/3/device/0429", "answers": Array(repeating: ["status": 429, "reason": "TooManyRequests"], count: 4)],
            ["path": "/3/device/0500", "answers": Array(repeating: ["status": 500, "reason": "InternalServerError"], count: 4)],
            ["path": "/3/device/0503", "answers": [["status": 503, "reason": "Shutdown"]]],
            ["path": "/3/device/0599", "answers": [["status": 502]]],
        ]
        let server = try StandIn(rules: rules)
        let tokens = try tokensFile(["0400", "0404", "0405", "0410", "0413", "0429", "0500", "0503", "0599"])
        let output = await push(server, ["--tokens", tokens, "--bundle-id", TestKey.bundleID, "--concurrency", "4", "--retries", "3"])
        #expect(output.exitCode == 1)
        try expectOutput(output.standardOutput, "every-error-class.txt")
        let requests = try server.requests()
        #expect(Dictionary(grouping: requests) { $0["path"] as? String ?? "" }.mapValues(\.count) == [
            "/3/device/0400": 1, "/3/device/0404": 1, "/3/device/0405": 1, "/3/device/0410": 1, "/3/device/0413": 1,
            "/3/device/0429": 4, "/3/device/0500": 4, "/3/device/0503": 2, "/3/device/0599": 2,
        ])
    }

    /// A server whose certificate the system does not trust: nothing is sent, and the line says why and what would
    /// trust it (no --ca-file here: GLANCE_APNS_CA_FILE empty counts as not set).
    @Test func untrustedCertificateIsExplained() async throws {
        try StandIn.makeUntrustedCA(in: cache + "/untrusted-ca")
        let server = try StandIn(untrustedCA: cache + "/untrusted-ca")
        let output = await glance(["push", pushes + "/2-update.json", "--host", server.host, "--token", "abcd", "--bundle-id", TestKey.bundleID] + TestKey.flags,
                                  context: testContext(time: time, cache: cache, environment: ["GLANCE_APNS_CA_FILE": ""]))
        #expect(output.exitCode == 2)
        #if os(Linux)
        #expect(output.standardOutput == "abcd: not sent: 127.0.0.1: the server's certificate is not trusted by this system (unable to get local issuer certificate); Glance on Linux trusts the system's certificate store, and for one run the certificate authority given with --ca-file FILE (or GLANCE_APNS_CA_FILE)\n")
        #else
        #expect(output.standardOutput.hasPrefix("abcd: not sent: 127.0.0.1: "))
        #endif
        #expect(try server.requests().isEmpty)
    }

    /// Retry-After is honored and backoff grows, on the fake clock: the test does not wait.
    @Test func retriesWithoutWaiting() async throws {
        let server = try StandIn(rules: [["path": "/3/device/abcd", "answers": [
            ["status": 429, "reason": "TooManyRequests", "headers": ["retry-after": "5"]], ["status": 503, "reason": "ServiceUnavailable"],
        ]]])
        let output = await push(server, ["--token", "abcd", "--bundle-id", TestKey.bundleID, "--apns-id", "123e4567-e89b-12d3-a456-4266554400a0"])
        #expect(output.standardOutput == """
            abcd: 200 OK, apns-id 123e4567-e89b-12d3-a456-4266554400a0, apns-unique-id d508216f-a1fd-5578-bc8b-321a4f175bf3
              3 attempts (waited 5 s, 2 s); retried after 429 TooManyRequests; retried after 503 ServiceUnavailable

            """)
        #expect(output.exitCode == 0)
        // The waits went to the injected sleeper (which returns at once), none to the real clock.
        #expect(time.sleeps == [5, 2])
        #expect(try server.requests().map { $0["status"] as? Int } == [429, 503, 200])
    }

    /// The provider token is cached per team and key (mode 0600), reused for 50 minutes, then renewed.
    @Test func providerTokenIsReusedThenRenewed() async throws {
        let server = try StandIn()
        let arguments = ["--token", "abcd", "--bundle-id", TestKey.bundleID]
        #expect(await push(server, arguments).exitCode == 0)
        let cacheFile = cache + "/TEAM123456_TESTKEY001.jwt"
        #expect(try FileManager.default.attributesOfItem(atPath: cacheFile)[.posixPermissions] as? Int == 0o600)
        time.advance(49 * 60)
        #expect(await push(server, arguments).exitCode == 0)
        time.advance(2 * 60)
        #expect(await push(server, arguments).exitCode == 0)
        let tokens = try server.requests().map(\.authorization)
        try #require(tokens.count == 3)
        #expect(tokens[0] == tokens[1])
        #expect(tokens[2] != tokens[1])
        #expect(try server.requests().allSatisfy { ($0["jwt"] as? [String: Any])?["valid"] as? Bool == true })
        let iat = try server.requests().compactMap { (($0["jwt"] as? [String: Any])?["claims"] as? [String: Any])?["iat"] as? Int }
        #expect(iat[2] - iat[0] == 51 * 60)
        #expect(try String(contentsOfFile: cacheFile, encoding: .utf8) == String(tokens[2]!.dropFirst("bearer ".count)))
    }

    /// After 403 ExpiredProviderToken, a cached token at least 20 minutes old is replaced once and the push sent again.
    @Test func expiredCachedTokenIsReplaced() async throws {
        let server = try StandIn(rules: [["path": "/3/device/abcd", "answers": [["status": 403, "reason": "ExpiredProviderToken"]]]])
        let arguments = ["--token", "abcd", "--bundle-id", TestKey.bundleID, "--apns-id", "123e4567-e89b-12d3-a456-4266554400a0"]
        time.advance(-40 * 60)
        let first = await push(server, ["--dry-run"] + arguments)
        #expect(first.exitCode == 0)
        // A dry run writes no token; a real send does.
        #expect(!FileManager.default.fileExists(atPath: cache + "/TEAM123456_TESTKEY001.jwt"))
        let server2 = try StandIn()
        #expect(await push(server2, arguments).exitCode == 0)
        time.advance(40 * 60)
        let output = await push(server, arguments)
        #expect(output.standardOutput == """
            abcd: 200 OK, apns-id 123e4567-e89b-12d3-a456-4266554400a0, apns-unique-id d508216f-a1fd-5578-bc8b-321a4f175bf3
              2 attempts; APNs called the provider token (issued 40 min ago) expired; sent again with a new one

            """)
        let tokens = try server.requests().map(\.authorization)
        #expect(tokens.count == 2 && tokens[0] != tokens[1])
        #expect(tokens[0] == (try server2.requests().first?.authorization))
    }

    /// A clock more than an hour behind makes APNs refuse a fresh token: explained, not retried with another.
    @Test func clockSkewIsExplained() async throws {
        let server = try StandIn()
        time.advance(-2 * 3600)
        let output = await push(server, ["--token", "abcd", "--bundle-id", TestKey.bundleID, "--apns-id", "123e4567-e89b-12d3-a456-4266554400a0"])
        #expect(output.exitCode == 1)
        #expect(output.standardOutput == """
            abcd: 403 ExpiredProviderToken, apns-id 123e4567-e89b-12d3-a456-4266554400a0, apns-unique-id d508216f-a1fd-5578-bc8b-321a4f175bf3: APNs considers the provider token more than an hour old. Glance replaces a cached token that is at least 20 minutes old; when a fresh token is refused, this machine's clock is off: compare `date -u` with the real time and sync the clock (NTP).
              the provider token was issued 0 min ago, too recently to replace: check this machine's clock

            """)
        #expect(try server.requests().count == 1)
    }

    /// --tokens: one body to many tokens over one HTTP/2 connection, the first alone, then a few at a time; a
    /// summary with the tokens to drop.
    @Test func batchOverOneConnection() async throws {
        let tokens = ["a001", "a002", "a003", "a004", "a005", "a006", "a007"]
        let server = try StandIn(rules: [
            ["path": "/3/device/a003", "answers": [["status": 410, "reason": "Unregistered", "timestamp": 1_767_225_600_000]]],
            ["path": "/3/device/a005", "answers": [["status": 400, "reason": "BadDeviceToken"]]],
            ["path": "/3/device/a006", "answers": [["status": 400, "reason": "DeviceTokenNotForTopic"]]],
        ])
        let file = try tokensFile(["# staging devices", "a001", "", "<a002>", "a003", "a004", "a005", "a006", "a007", "A001"])
        let output = await push(server, ["--tokens", file, "--project", project, "--concurrency", "3"])
        #expect(output.exitCode == 1)
        #expect(output.standardError == "glance: warning: \(file):10: token repeated; sent once\n")
        try expectOutput(output.standardOutput, "batch.txt")
        let requests = try server.requests()
        #expect(requests.count == tokens.count)
        #expect(requests.first?["path"] as? String == "/3/device/a001")
        #expect(Set(requests.compactMap { $0["path"] as? String }) == Set(tokens.map { "/3/device/" + $0 }))
        #expect(Set(requests.compactMap { $0["connection"] as? String }).count == 1)
        #expect(requests.allSatisfy { $0["httpVersion"] as? String == "2" })
    }

    /// --reporter json: one object per push, one per line.
    @Test func jsonReporter() async throws {
        let server = try StandIn(rules: [["path": "/3/device/b002", "answers": [["status": 410, "reason": "Unregistered", "timestamp": 1_767_225_600_000]]]])
        let file = try tokensFile(["b001", "b002"])
        let output = await push(server, ["--tokens", file, "--bundle-id", TestKey.bundleID, "--reporter", "json"])
        #expect(output.exitCode == 1)
        try expectOutput(output.standardOutput, "batch.jsonl")
        for line in output.standardOutput.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] != nil)
        }
    }

    /// Broadcast: to /4/broadcasts/apps/<bare bundle id> with apns-channel-id, no topic, expiration 0.
    @Test func broadcastToAChannel() async throws {
        let channel = "Y2hhbm5lbC1vbmU="
        let server = try StandIn(channels: [channel: 0])
        let output = await push(server, ["--channel", channel, "--bundle-id", TestKey.bundleID + ".push-type.liveactivity", "--priority", "1",
                                         "--request-id", "123e4567-e89b-12d3-a456-4266554400a0"])
        #expect(output.standardError.hasPrefix("glance: note: APNs accepted the push, but content-state was not checked"))
        #expect(output.standardOutput == "channel Y2hhbm5lbC1vbmU=: 200 OK, apns-request-id 123e4567-e89b-12d3-a456-4266554400a0, apns-unique-id d508216f-a1fd-5578-bc8b-321a4f175bf3\n")
        #expect(output.exitCode == 0)
        let request = try #require(try server.requests().first)
        #expect(request["path"] as? String == "/4/broadcasts/apps/com.example.productivitytimer")
        #expect(request["httpVersion"] as? String == "2")
        #expect(request.header("apns-channel-id") == channel)
        #expect(request.header("apns-push-type") == "liveactivity")
        #expect(request.header("apns-priority") == "1")
        #expect(request.header("apns-expiration") == "0")
        #expect(request.header("apns-request-id") == "123e4567-e89b-12d3-a456-4266554400a0")
        #expect(request.header("apns-topic") == nil)
    }

    @Test func broadcastErrorsAreExplainedForBroadcast() async throws {
        let server = try StandIn(channels: ["c3RvcmVk": 0])
        let unknown = await push(server, ["--channel", "bm9uZQ==", "--bundle-id", TestKey.bundleID])
        #expect(unknown.exitCode == 1)
        #expect(unknown.standardOutput.hasSuffix(": No such channel in this environment: channels exist per environment (a sandbox channel is unknown to production) and are gone once deleted; see `glance channels list` with the same --sandbox/--production.\n"))
        #expect(unknown.standardOutput.hasPrefix("channel bm9uZQ==: 400 ChannelNotRegistered, apns-request-id "))
        let stored = await push(server, ["--channel", "c3RvcmVk", "--bundle-id", TestKey.bundleID, "--expiration", "1900000000"])
        #expect(stored.exitCode == 1)
        #expect(stored.standardOutput.contains(": 400 BadExpirationDate, apns-request-id "))
        #expect(stored.standardOutput.hasSuffix(": apns-expiration is missing or not allowed for this channel: a No Message Stored channel needs 0 (--expiration 0); a Most Recent Message Stored channel takes a UNIX time in seconds.\n"))
    }

    /// A broadcast cannot start an activity: refused before anything is sent.
    @Test func broadcastCannotStart() async throws {
        let server = try StandIn(channels: ["Y2g=": 0])
        let output = await push(server, ["--channel", "Y2g=", "--project", project], body: pushes + "/1-start.json")
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: \(pushes)/1-start.json: not sent: a broadcast cannot start a Live Activity (event 'start'); start it with push-to-start tokens (--token) and \"input-push-channel\" in the body\n")
        #expect(try server.requests().isEmpty)
    }

    /// A push-to-start token takes a start body on the same path as an update.
    @Test func pushToStart() async throws {
        let server = try StandIn()
        let output = await push(server, ["--token", "feedbeef", "--project", project, "--apns-id", "123e4567-e89b-12d3-a456-4266554400a0"],
                                body: pushes + "/1-start.json")
        #expect(output.standardError == "")
        #expect(output.exitCode == 0)
        let request = try #require(try server.requests().first)
        #expect(request["path"] as? String == "/3/device/feedbeef")
        #expect((request["body"] as? String)?.contains("\"event\": \"start\"") == true)
    }

    /// An invalid push is not sent without --force; with it, it is, after the findings.
    @Test func invalidPushNeedsForce() async throws {
        let server = try StandIn()
        let arguments = ["--token", "abcd", "--project", project]
        let refused = await push(server, arguments, body: pushes + "/broken.json")
        #expect(refused.exitCode == 2)
        #expect(refused.standardOutput == "")
        #expect(refused.standardError.hasSuffix("glance: error: \(pushes)/broken.json: not sent: the push has 4 errors (above); fix them, or send anyway with --force\n"))
        #expect(refused.standardError.contains("\(pushes)/broken.json:6:22: error: aps.content-state.stopsAway is missing; OrderAttributes.ContentState.stopsAway is an Int and not optional [payload_content_state_mismatch]\n"))
        #expect(try server.requests().isEmpty)
        let forced = await push(server, arguments + ["--force"], body: pushes + "/broken.json")
        #expect(forced.exitCode == 0)
        #expect(forced.standardError.hasSuffix("glance: warning: sending despite 4 errors (--force)\n"))
        #expect(try server.requests().count == 1)
    }

    /// Without --project, a 200 comes with a note that content-state was not checked.
    @Test func acceptedWithoutProjectNotes() async throws {
        let server = try StandIn()
        let output = await push(server, ["--token", "abcd", "--bundle-id", TestKey.bundleID])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "glance: note: APNs accepted the push, but content-state was not checked against the app's types; with --project PATH, Glance catches pushes ActivityKit drops on the device\n")
    }

    /// Credentials from GLANCE_APNS_KEY_FILE, _KEY_ID and _TEAM_ID.
    @Test func credentialsFromTheEnvironment() async throws {
        let server = try StandIn()
        let environment = ["GLANCE_APNS_KEY_FILE": TestKey.path, "GLANCE_APNS_KEY_ID": TestKey.keyID, "GLANCE_APNS_TEAM_ID": TestKey.teamID]
        let output = await glance(["push", pushes + "/2-update.json", "--host", server.host, "--token", "abcd", "--project", project],
                                  context: testContext(time: time, cache: cache, environment: environment))
        #expect(output.standardError == "")
        #expect(output.exitCode == 0)
        let jwt = try #require(try server.requests().first?["jwt"] as? [String: Any])
        #expect(jwt["valid"] as? Bool == true)
    }

    /// --dry-run prints the request with the token redacted, and sends nothing.
    @Test func dryRunSendsNothing() async throws {
        let server = try StandIn()
        let output = await push(server, ["--token", "abcd", "--project", project, "--dry-run", "--expiration", "0", "--priority", "5"])
        #expect(output.exitCode == 0)
        let iat = Int(time.now.timeIntervalSince1970)
        #expect(output.standardOutput == """
            POST https://\(server.host)/3/device/abcd
            apns-push-type: liveactivity
            apns-topic: com.example.productivitytimer.push-type.liveactivity
            apns-priority: 5
            apns-expiration: 0
            authorization: bearer <ES256 JWT: kid TESTKEY001, iss TEAM123456, iat \(iat); signature redacted>

            \(try String(contentsOfFile: pushes + "/2-update.json", encoding: .utf8))
            """)
        #expect(try server.requests().isEmpty)
    }

    /// glance channels: create, list, read, delete, over HTTP/2, and each answer printed.
    @Test func channelLifecycle() async throws {
        let server = try StandIn()
        func channels(_ arguments: [String]) async -> CommandLineTool.Output {
            await glance(["channels"] + arguments + ["--host", server.host, "--bundle-id", TestKey.bundleID] + TestKey.flags, context: context)
        }
        let created = await channels(["create", "--storage", "most-recent"])
        #expect(created.standardError == "")
        #expect(created.exitCode == 0)
        let channel = created.standardOutput.trimmingCharacters(in: .newlines)
        #expect(Data(base64Encoded: channel) != nil && created.standardOutput == channel + "\n")
        let second = await channels(["create", "--format", "json"])
        let secondObject = try #require(try JSONSerialization.jsonObject(with: Data(second.standardOutput.utf8)) as? [String: Any])
        #expect(secondObject["storage"] as? String == "no-storage")
        let secondChannel = try #require(secondObject["channel"] as? String)
        let list = await channels(["list"])
        #expect(list.standardOutput == [channel, secondChannel].sorted().map { $0 + "\n" }.joined())
        let read = await channels(["read", channel])
        #expect(read.standardOutput == "\(channel): most-recent (message-storage-policy 1), push-type LiveActivity\n")
        let readJSON = await channels(["read", secondChannel, "--format", "json"])
        #expect(readJSON.standardOutput == "{\"channel\":\"\(secondChannel)\",\"message-storage-policy\":0,\"push-type\":\"LiveActivity\"}\n")
        let deleted = await channels(["delete", channel])
        #expect(deleted.standardOutput == "deleted \(channel)\n")
        let gone = await channels(["read", channel])
        #expect(gone.exitCode == 1)
        #expect(gone.standardOutput == "")
        #expect(gone.standardError.hasPrefix("glance: error: channels read: 400 ChannelNotRegistered, apns-request-id "))
        #expect(gone.standardError.hasSuffix(": No such channel in this environment: channels exist per environment (a sandbox channel is unknown to production) and are gone once deleted; see `glance channels list` with the same --sandbox/--production.\n"))
        let requests = try server.requests()
        #expect(requests.map { "\($0["method"]!) \($0["path"]!) \($0["status"]!)" } == [
            "POST /1/apps/com.example.productivitytimer/channels 201",
            "POST /1/apps/com.example.productivitytimer/channels 201",
            "GET /1/apps/com.example.productivitytimer/all-channels 200",
            "GET /1/apps/com.example.productivitytimer/channels 200",
            "GET /1/apps/com.example.productivitytimer/channels 200",
            "DELETE /1/apps/com.example.productivitytimer/channels 204",
            "GET /1/apps/com.example.productivitytimer/channels 400",
        ])
        #expect(requests.first?["body"] as? String == #"{"message-storage-policy":1,"push-type":"LiveActivity"}"#)
        #expect(requests.allSatisfy { $0["httpVersion"] as? String == "2" && ($0["jwt"] as? [String: Any])?["valid"] as? Bool == true })
    }

    /// A channel refused by APNs: explained on standard error, exit 1; a broadcast to a new channel works.
    @Test func channelLimitAndBroadcastToANewChannel() async throws {
        let server = try StandIn(rules: [["method": "POST", "path": "/1/apps/com.example.productivitytimer/channels",
                                          "answers": [["status": 400, "reason": "CannotCreateChannelConfig"]]]])
        let arguments = ["--host", server.host, "--bundle-id", TestKey.bundleID] + TestKey.flags
        let full = await glance(["channels", "create"] + arguments, context: context)
        #expect(full.exitCode == 1)
        #expect(full.standardError.hasSuffix(": The app has as many channels as APNs allows (10,000 per environment): delete channels no longer used (`glance channels list`, `glance channels delete ID`).\n"))
        let created = await glance(["channels", "create"] + arguments, context: context)
        let channel = created.standardOutput.trimmingCharacters(in: .newlines)
        let sent = await push(server, ["--channel", channel, "--project", project])
        #expect(sent.standardError == "")
        #expect(sent.exitCode == 0)
    }
}

/// Compares with an expected output (Tests/GlancePushTests/Fixtures/expected/NAME); on a difference, the actual
/// output is written to a temporary file the failure names, to compare with `diff`.
func expectOutput(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let expected = try String(contentsOfFile: fixture("expected/" + name), encoding: .utf8)
    guard actual != expected else { return }
    let path = NSTemporaryDirectory() + "glance-actual-" + name
    try actual.write(toFile: path, atomically: true, encoding: .utf8)
    Issue.record("the output differs from Fixtures/expected/\(name); it is in \(path)", sourceLocation: sourceLocation)
}
