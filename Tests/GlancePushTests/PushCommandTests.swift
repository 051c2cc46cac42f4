import Foundation
import GlanceCLI
import Testing

/// `glance push` and `glance channels` without a server: help, dry runs, and bad input (one line, exit 2,
/// nothing sent).
struct PushCommandTests {
    let time = FakeTime(Date(timeIntervalSince1970: 1_767_225_600))
    let scratch: Scratch
    var cache: String { scratch.path }

    init() throws { scratch = try Scratch("command") }

    func run(_ arguments: [String], environment: [String: String] = [:]) async -> CommandLineTool.Output {
        await glance(arguments, context: testContext(time: time, cache: cache, environment: environment))
    }

    static let update = pushes + "/2-update.json"
    static let valid = ["--token", "abcd", "--bundle-id", TestKey.bundleID] + TestKey.flags

    @Test func helpListsTheCommands() async {
        let help = await run(["help"])
        #expect(help.standardOutput.contains("  push      Send a Live Activity push to APNs, checked against the app's types, every answer explained\n"))
        #expect(help.standardOutput.contains("  channels  Create, list, read and delete broadcast channels on APNs\n"))
        let push = await run(["help", "push"])
        #expect(push.standardOutput.hasPrefix("OVERVIEW: Send a Live Activity push to APNs"))
        #expect(await run(["push", "--help"]).standardOutput == push.standardOutput)
        let channels = await run(["channels", "--help"])
        #expect(channels.standardOutput.hasPrefix("OVERVIEW: Manage broadcast channels"))
        #expect(await run(["help", "channels"]).standardOutput == channels.standardOutput)
        #expect(await run(["channels", "create", "-h"]).standardOutput == channels.standardOutput)
    }

    @Test func dryRunOfADevicePush() async {
        let output = await run(["push", Self.update, "--dry-run", "--project", project, "--production", "--collapse-id", "order-1001"] + TestKey.flags + ["--token", "<ab cd>"])
        #expect(output.standardError == "")
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == """
            POST https://api.push.apple.com/3/device/abcd
            apns-push-type: liveactivity
            apns-topic: com.example.productivitytimer.push-type.liveactivity
            apns-priority: 10
            apns-expiration: 1767229200
            apns-collapse-id: order-1001
            authorization: bearer <ES256 JWT: kid TESTKEY001, iss TEAM123456, iat 1767225600; signature redacted>

            \((try? String(contentsOfFile: Self.update, encoding: .utf8)) ?? "")
            """)
        // Nothing is cached by a dry run.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: cache))?.isEmpty == true)
    }

    @Test func dryRunWithHeadersFile() async throws {
        let headers = cache + "/headers.txt"
        try write(":path: /3/device/ignored\napns-priority: 5\nauthorization: bearer x\napns-collapse-id: c\n", to: headers)
        let output = await run(["push", Self.update, "--dry-run", "--headers", headers, "--expiration", "0"] + Self.valid)
        #expect(output.standardError == """
            glance: warning: \(headers):1: ':path' is set by glance push; ignored
            glance: warning: \(headers):3: 'authorization' is set by glance push; ignored

            """)
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.hasPrefix("""
            POST https://api.sandbox.push.apple.com/3/device/abcd
            apns-push-type: liveactivity
            apns-topic: com.example.productivitytimer.push-type.liveactivity
            apns-expiration: 0
            apns-priority: 5
            apns-collapse-id: c
            authorization: bearer <ES256 JWT
            """))
    }

    @Test func dryRunOfABroadcastAndOfChannels() async {
        let broadcast = await run(["push", Self.update, "--dry-run", "--channel", "Y2g=", "--bundle-id", TestKey.bundleID] + TestKey.flags)
        #expect(broadcast.exitCode == 0)
        #expect(broadcast.standardOutput.hasPrefix("""
            POST https://api-broadcast.sandbox.push.apple.com/4/broadcasts/apps/com.example.productivitytimer
            apns-push-type: liveactivity
            apns-channel-id: Y2g=
            apns-priority: 10
            apns-expiration: 0
            authorization: bearer <ES256 JWT: kid TESTKEY001, iss TEAM123456, iat 1767225600; signature redacted>

            """))
        let create = await run(["channels", "create", "--dry-run", "--storage", "most-recent", "--production", "--project", project] + TestKey.flags)
        #expect(create.standardError == "")
        #expect(create.standardOutput == """
            POST https://api-manage-broadcast.push.apple.com:2196/1/apps/com.example.productivitytimer/channels
            authorization: bearer <ES256 JWT: kid TESTKEY001, iss TEAM123456, iat 1767225600; signature redacted>

            {"message-storage-policy":1,"push-type":"LiveActivity"}

            """)
        let delete = await run(["channels", "delete", "Y2g=", "--dry-run", "--bundle-id", TestKey.bundleID] + TestKey.flags)
        #expect(delete.standardOutput == """
            DELETE https://api-manage-broadcast.sandbox.push.apple.com:2195/1/apps/com.example.productivitytimer/channels
            apns-channel-id: Y2g=
            authorization: bearer <ES256 JWT: kid TESTKEY001, iss TEAM123456, iat 1767225600; signature redacted>

            """)
    }

    @Test func keyIDFromTheFileNameAndAMismatchWarning() async {
        let output = await run(["push", Self.update, "--dry-run", "--key-file", TestKey.path, "--key-id", "ABCDE12345", "--team-id", TestKey.teamID,
                                "--token", "abcd", "--bundle-id", TestKey.bundleID])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "glance: warning: --key-id ABCDE12345 is not the Key ID in the file name AuthKey_TESTKEY001.p8; APNs answers InvalidProviderToken if it is not this key's\n")
        #expect(output.standardOutput.contains("kid ABCDE12345,"))
    }

    /// Each mistake stops the run before anything is sent, with one line and exit code 2.
    @Test func badInput() async throws {
        let tokens = cache + "/tokens.txt"
        try write("abcd\nnot-a-token\n", to: tokens)
        let two = cache + "/two.txt"
        try write("abcd\nef01\n", to: two)
        let empty = cache + "/empty.txt"
        try write("# nothing\n\n", to: empty)
        let notJSON = cache + "/body.json"
        try write("{\"aps\": {\"event\": \"update\",}}\n", to: notJSON)
        let key = ["--key-file", TestKey.path]
        let team = ["--team-id", TestKey.teamID]
        let target = ["--token", "abcd", "--bundle-id", TestKey.bundleID]
        let cases: [([String], String)] = [
            (["push"], "give the JSON body to send (a file, or - for standard input) (see 'glance push --help')"),
            (["push", Self.update] + key + team, "give where to send: --token HEX, --tokens FILE or --channel ID (see 'glance push --help')"),
            (["push", Self.update, "--token", "ab", "--channel", "Y2g="], "give one of --token, --tokens and --channel, not --token and --channel (see 'glance push --help')"),
            (["push", Self.update, "--sandbox", "--production"] + target, "give --sandbox or --production, not both (see 'glance push --help')"),
            (["push", Self.update, "--token", "abcd"] + key + team, "give the app's bundle identifier with --bundle-id ID, or --project PATH to read it (see 'glance push --help')"),
            (["push", Self.update] + target + team, "give the APNs key with --key-file AuthKey_<KEY ID>.p8 (or GLANCE_APNS_KEY_FILE) (see 'glance push --help')"),
            (["push", Self.update] + target + key, "give your 10-character Team ID with --team-id (or GLANCE_APNS_TEAM_ID) (see 'glance push --help')"),
            (["push", Self.update] + target + team + ["--key-file", fixture("rsa-key.pem")], "give the key's 10-character Key ID with --key-id (or GLANCE_APNS_KEY_ID) (see 'glance push --help')"),
            (["push", Self.update] + target + team + ["--key-file", fixture("rsa-key.pem"), "--key-id", "ABCDE12345"],
             "\(fixture("rsa-key.pem")): is an RSA key; APNs provider tokens are signed with ES256, by the P-256 key of an AuthKey_<KEY ID>.p8 file"),
            (["push", Self.update] + target + team + ["--key-file", cache + "/AuthKey_ABCDE12345.p8"], "\(cache)/AuthKey_ABCDE12345.p8: no such file"),
            (["push", Self.update] + target + key + ["--team-id", "team"], "--team-id: 'team' is not a Team ID: 10 characters, A-Z and 0-9 (Membership details on developer.apple.com)"),
            (["push", Self.update] + target + team + key + ["--key-id", "KEY"], "--key-id: 'KEY' is not a Key ID: 10 characters, A-Z and 0-9 (Certificates, Identifiers & Profiles → Keys)"),
            (["push", Self.update, "--cert", "push.p12"] + target, "--cert: Glance sends with token-based authentication only: APNs refuses certificates for Live Activity pushes; use an APNs key (.p8) with --key-file, --key-id and --team-id"),
            (["push", Self.update, "--token", "xyz", "--bundle-id", TestKey.bundleID] + key + team, "--token: 'xyz' is not a device token (hexadecimal digits, as the app received it)"),
            (["push", Self.update, "--tokens", tokens, "--bundle-id", TestKey.bundleID] + key + team, "\(tokens):2: 'not-a-token' is not a device token (hexadecimal digits, one token per line)"),
            (["push", Self.update, "--tokens", empty, "--bundle-id", TestKey.bundleID] + key + team, "\(empty): holds no tokens"),
            (["push", Self.update, "--tokens", cache + "/none.txt", "--bundle-id", TestKey.bundleID] + key + team, "\(cache)/none.txt: no such file"),
            (["push", Self.update, "--tokens", two, "--apns-id", "123e4567-e89b-12d3-a456-4266554400a0", "--bundle-id", TestKey.bundleID] + key + team,
             "--apns-id names one push; leave it out with --tokens (APNs makes one per push) (see 'glance push --help')"),
            (["push", cache + "/missing.json"] + target + key + team, "\(cache)/missing.json: no such file"),
            (["push", Self.update, "--host", "http://example.com/path"] + target + key + team, "--host: 'http://example.com/path' is not a host name with an optional port, such as api.sandbox.push.apple.com:2197"),
            (["push", Self.update, "--priority", "1"] + target + key + team, "--priority: '1' is not 5 or 10; Live Activity pushes use 5 (not counted against the budget) or 10"),
            (["push", Self.update, "--expiration", "tomorrow"] + target + key + team, "--expiration: 'tomorrow' is not a UNIX time in seconds, or 0 (one delivery attempt, not stored)"),
            (["push", Self.update, "--apns-id", "ABC"] + target + key + team, "--apns-id: 'ABC' is not a lowercase UUID such as 123e4567-e89b-12d3-a456-4266554400a0"),
            (["push", Self.update, "--retries", "99"] + target + key + team, "--retries: '99' is not a number from 0 to 10"),
            (["push", Self.update, "--concurrency", "0"] + target + key + team, "--concurrency: '0' is not a number from 1 to 100"),
            (["push", Self.update, "--reporter", "jsn"] + target + key + team, "'jsn' is not a valid value for --reporter (text, json); did you mean 'json'? (see 'glance push --help')"),
            (["push", Self.update, "--channel", "no channel!", "--bundle-id", TestKey.bundleID] + key + team, "--channel: 'no channel!' is not a channel id (base64, as 'glance channels create' prints it)"),
            (["push", Self.update, "--channel", "Y2g=", "--collapse-id", "x", "--bundle-id", TestKey.bundleID] + key + team, "--collapse-id is for device pushes; broadcast pushes have none (see 'glance push --help')"),
            (["push", Self.update, "--bundle-id", "com.example app", "--token", "abcd"] + key + team, "--bundle-id: 'com.example app' is not a bundle identifier (letters, digits, '-' and '.', such as com.example.app)"),
            (["push", Self.update, "--tokn", "abcd"], "unknown option '--tokn'; did you mean '--token'? (see 'glance push --help')"),
            (["push", notJSON] + target + key + team, "\(notJSON): not sent: the push has 1 error (above); fix it, or send anyway with --force"),
            (["channels"], ""),
            (["channels", "craete"], "unknown channels command 'craete'; did you mean 'create'? (see 'glance channels --help')"),
            (["channels", "read", "--bundle-id", TestKey.bundleID] + key + team, "give the channel id to read (see 'glance channels read --help')"),
            (["channels", "delete", "Y2g", "--bundle-id", TestKey.bundleID] + key + team, "'Y2g' is not a channel id (base64, as 'glance channels create' or 'list' prints it)"),
            (["channels", "create", "--storage", "latest", "--bundle-id", TestKey.bundleID] + key + team,
             "'latest' is not a valid value for --storage (no-storage, most-recent) (see 'glance channels create --help')"),
            (["channels", "list", "--storage", "most-recent"], "unknown option '--storage' (see 'glance channels list --help')"),
        ]
        for (arguments, message) in cases {
            let output = await run(arguments)
            if message.isEmpty {
                #expect(output.exitCode == 0)
                continue
            }
            #expect(output.exitCode == 2, "\(arguments)")
            #expect(output.standardError.hasSuffix("glance: error: \(message)\n"), "\(arguments)")
            #expect(output.standardError.filter { $0 == "\n" }.count == (arguments.contains(notJSON) ? 2 : 1), "\(arguments): \(output.standardError)")
            #expect(output.standardOutput == "", "\(arguments)")
        }
    }

    /// No server: nothing could be sent, exit 2.
    @Test func connectionRefused() async throws {
        let output = await run(["push", Self.update, "--host", "127.0.0.1:9", "--project", project] + Self.valid)
        #expect(output.exitCode == 2)
        #expect(output.standardOutput == "abcd: not sent: 127.0.0.1: connection refused (check --host; APNs listens on 443, or 2197)\n")
        let channels = await run(["channels", "list", "--host", "127.0.0.1:9", "--bundle-id", TestKey.bundleID] + TestKey.flags)
        #expect(channels.exitCode == 2)
        #expect(channels.standardError == "glance: error: 127.0.0.1: connection refused (check --host; APNs listens on 443, or 2197)\n")
    }
}
