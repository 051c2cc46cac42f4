import Foundation
import GlanceCLI
import Testing
#if canImport(Glibc)
import Glibc
#endif

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
        try write("# from a script\napns-priority: 5\napns-expiration: 1\napns-collapse-id: c\n", to: headers)
        let output = await run(["push", Self.update, "--dry-run", "--headers", headers, "--expiration", "0"] + Self.valid)
        #expect(output.standardError == "glance: warning: \(headers):3: apns-expiration is replaced by --expiration\n")
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
        let renamedKey = cache + "/key.p8"
        try FileManager.default.copyItem(atPath: TestKey.path, toPath: renamedKey)
        let key = ["--key-file", TestKey.path]
        let team = ["--team-id", TestKey.teamID]
        let target = ["--token", "abcd", "--bundle-id", TestKey.bundleID]
        let cases: [([String], String)] = [
            (["push"], "give where to send: --token HEX, --tokens FILE or --channel ID (see 'glance push --help')"),
            (["push", "--token", "abcd"], "give the JSON body to send (a file, or - for standard input), build it with --event and --content-state, or give each token its body in --tokens (see 'glance push --help')"),
            (["push", Self.update] + key + team, "give where to send: --token HEX, --tokens FILE or --channel ID (see 'glance push --help')"),
            (["push", Self.update, "--token", "ab", "--channel", "Y2g="], "give one of --token, --tokens and --channel, not --token and --channel (see 'glance push --help')"),
            (["push", Self.update, "--sandbox", "--production"] + target, "give --sandbox or --production, not both (see 'glance push --help')"),
            (["push", Self.update, "--token", "abcd"] + key + team, "give the app's bundle identifier with --bundle-id ID, or --project PATH to read it (see 'glance push --help')"),
            (["push", Self.update] + target + team, "give the APNs key with --key-file AuthKey_<KEY ID>.p8 (or GLANCE_APNS_KEY_FILE, or key_file in .glance.json's push section) (see 'glance push --help')"),
            (["push", Self.update] + target + key, "give your 10-character Team ID with --team-id (or GLANCE_APNS_TEAM_ID) (see 'glance push --help')"),
            (["push", Self.update] + target + team + ["--key-file", fixture("rsa-key.pem")], "\(fixture("rsa-key.pem")): is an RSA key; APNs provider tokens are signed with ES256, by the P-256 key of an AuthKey_<KEY ID>.p8 file"),
            (["push", Self.update] + target + team + ["--key-file", renamedKey], "give the key's 10-character Key ID with --key-id (or GLANCE_APNS_KEY_ID) (see 'glance push --help')"),
            (["push", Self.update] + target + team + ["--key-file", fixture("rsa-key.pem"), "--key-id", "ABCDE12345"],
             "\(fixture("rsa-key.pem")): is an RSA key; APNs provider tokens are signed with ES256, by the P-256 key of an AuthKey_<KEY ID>.p8 file"),
            (["push", Self.update] + target + team + ["--key-file", cache + "/AuthKey_ABCDE12345.p8"], "\(cache)/AuthKey_ABCDE12345.p8: no such file"),
            (["push", Self.update] + target + key + ["--team-id", "team"], "--team-id: 'team' is not a Team ID: 10 characters, A-Z and 0-9 (Membership details on developer.apple.com)"),
            (["push", Self.update] + target + team + key + ["--key-id", "KEY"], "--key-id: 'KEY' is not a Key ID: 10 characters, A-Z and 0-9 (Certificates, Identifiers & Profiles → Keys)"),
            (["push", Self.update, "--cert", "push.p12"] + target, "--cert: Glance sends with token-based authentication only: APNs refuses certificates for Live Activity pushes; use an APNs key (.p8) with --key-file, --key-id and --team-id"),
            (["push", Self.update, "--token", "xyz", "--bundle-id", TestKey.bundleID] + key + team, "--token: 'xyz' holds 'x', not only the hexadecimal digits 0-9 and a-f; give the token as the app received it, in hexadecimal"),
            (["push", Self.update, "--tokens", tokens, "--bundle-id", TestKey.bundleID] + key + team, "\(tokens):2: 'not-a-token' holds 'n', not only the hexadecimal digits 0-9 and a-f; the file holds one hexadecimal token per line (then, optionally, a tab and its body)"),
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
            (["push", Self.update, "--concurrency", "0"] + target + key + team, "--concurrency: '0' is not a number from 1 to 10000"),
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

    /// The run's error for `arguments`: one line, exit code 2, nothing on standard output.
    func error(_ arguments: [String], environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) async -> String {
        let output = await run(arguments, environment: environment)
        #expect(output.exitCode == 2, "\(arguments)", sourceLocation: sourceLocation)
        #expect(output.standardOutput == "", sourceLocation: sourceLocation)
        #expect(output.standardError.filter { $0 == "\n" }.count == 1, "\(output.standardError)", sourceLocation: sourceLocation)
        return output.standardError
    }

    /// A key's contents given where a path, an ID or a body belongs: described, never shown; the body is never
    /// sent, whatever the flags.
    @Test func keyMaterialIsNeverShown() async throws {
        let pem = try String(contentsOfFile: TestKey.path, encoding: .utf8)
        let secretLines = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.map(String.init)
        let oneLine = secretLines.joined()
        let keyFile = "--key-file=" + pem
        let target = ["--token", "abcd", "--bundle-id", TestKey.bundleID]
        let cases: [([String], [String: String], String)] = [
            (["push", Self.update] + target + ["--team-id", TestKey.teamID], ["GLANCE_APNS_KEY_FILE": pem],
             "the value of GLANCE_APNS_KEY_FILE is a PEM private key, not a path: give the path of the .p8 file, or pass a key held in a variable through a pipe: --key-file <(printenv GLANCE_APNS_KEY_FILE)"),
            (["push", Self.update, keyFile] + target + ["--team-id", TestKey.teamID], [:],
             "the value of --key-file is a PEM private key, not shown: Glance takes a key only as a file: --key-file PATH, or --key-file <(printenv VARIABLE) for a key held in a variable"),
            (["lint", "--config=" + pem], [:],
             "the value of --config is a PEM private key, not shown: Glance takes a key only as a file: --key-file PATH, or --key-file <(printenv VARIABLE) for a key held in a variable"),
            (["channels", "list", "--bundle-id", TestKey.bundleID, "--team-id", TestKey.teamID], ["GLANCE_APNS_KEY_FILE": oneLine, "GLANCE_APNS_KEY_ID": TestKey.keyID],
             "the value of GLANCE_APNS_KEY_FILE is a 184-character base64 value, not a path: give the path of the .p8 file, or pass a key held in a variable through a pipe: --key-file <(printenv GLANCE_APNS_KEY_FILE)"),
            (["push", Self.update] + target + TestKey.flags.prefix(2), ["GLANCE_APNS_TEAM_ID": pem],
             "the value of GLANCE_APNS_TEAM_ID is a PEM private key, not a Team ID (10 characters, A-Z and 0-9)"),
            (["channels", "list", "--bundle-id", TestKey.bundleID, "--key-id=" + pem] + TestKey.flags, [:],
             "the value of --key-id is a PEM private key, not shown: Glance takes a key only as a file: --key-file PATH, or --key-file <(printenv VARIABLE) for a key held in a variable"),
            (["channels", "list", "--bundle-id", TestKey.bundleID] + TestKey.flags, ["GLANCE_APNS_KEY_ID": pem],
             "the value of GLANCE_APNS_KEY_ID is a PEM private key, not a Key ID (10 characters, A-Z and 0-9)"),
            (["push", TestKey.path] + target + TestKey.flags + ["--force", "--dry-run"], [:],
             "\(TestKey.path): holds a PEM private key, not a push body; Glance never sends or prints a key (the body is the JSON file, the key goes to --key-file)"),
            (["push", TestKey.path] + target + TestKey.flags, [:],
             "\(TestKey.path): holds a PEM private key, not a push body; Glance never sends or prints a key (the body is the JSON file, the key goes to --key-file)"),
            (["push", Self.update, "--tokens", TestKey.path, "--bundle-id", TestKey.bundleID] + TestKey.flags, [:],
             "\(TestKey.path): holds a PEM private key, not device tokens (one per line)"),
            (["push", Self.update, "--headers", TestKey.path] + target + TestKey.flags, [:],
             "\(TestKey.path): holds a PEM private key, not headers ('name: value' lines or a JSON object)"),
            (["push", Self.update, pem] + target + TestKey.flags, [:],
             "an argument is a PEM private key, not shown: Glance takes a key only as a file: --key-file PATH, or --key-file <(printenv VARIABLE) for a key held in a variable"),
            (["push", Self.update, "--project=" + pem] + target + TestKey.flags, [:],
             "the value of --project is a PEM private key, not shown: Glance takes a key only as a file: --key-file PATH, or --key-file <(printenv VARIABLE) for a key held in a variable"),
            // Given apart, the PEM text starts with dashes, so it is not taken as the option's value.
            (["push", Self.update, "--project", pem] + target + TestKey.flags, [:], "option '--project' needs a value (see 'glance push --help')"),
            (["push", Self.update] + target + TestKey.flags.prefix(2), ["GLANCE_APNS_TEAM_ID": "TEAM1234AB\n"],
             "GLANCE_APNS_TEAM_ID: 'TEAM1234AB\\n' is not a Team ID: 10 characters, A-Z and 0-9 (Membership details on developer.apple.com)"),
            (["channels", "read", "QUFB\nQUFB", "--bundle-id", TestKey.bundleID] + TestKey.flags, [:],
             "'QUFB\\nQUFB' is not a channel id (base64, as 'glance channels create' or 'list' prints it)"),
            (["push", Self.update] + target + ["--team-id", TestKey.teamID], ["GLANCE_APNS_KEY_FILE": "/tmp", "GLANCE_APNS_KEY_ID": "abc"],
             "GLANCE_APNS_KEY_FILE: /tmp: is a folder, not a .p8 key file"),
            (["push", Self.update] + target + TestKey.flags, ["GLANCE_APNS_KEY_ID": "abc"],
             "GLANCE_APNS_KEY_ID: 'abc' is not a Key ID: 10 characters, A-Z and 0-9 (Certificates, Identifiers & Profiles → Keys)"),
        ]
        for (arguments, environment, message) in cases {
            let output = await run(arguments, environment: environment)
            #expect(output.exitCode == 2, "\(message)")
            #expect(output.standardOutput == "", "\(message)")
            #expect(output.standardError == "glance: error: \(message)\n")
            for line in secretLines {
                #expect(!output.standardError.contains(line.prefix(24)) && !output.standardOutput.contains(line.prefix(24)), "\(message)")
            }
        }
    }

    @Test func tokensAreASCIIHexOfBoundedLength() async throws {
        let target = ["--bundle-id", TestKey.bundleID] + TestKey.flags
        #expect(await error(["push", Self.update, "--token", "７ｆ３ａ"] + target)
                == "glance: error: --token: '７ｆ３ａ' holds '７', not only the hexadecimal digits 0-9 and a-f (a fullwidth character: type the token with ASCII digits and letters); give the token as the app received it, in hexadecimal\n")
        #expect(await error(["push", Self.update, "--token", String(repeating: "ab", count: 201)] + target)
                == "glance: error: --token: the token has 402 hexadecimal digits; a device token has at most 400 (today 64 for a device, about 200 for a Live Activity); give the token as the app received it, in hexadecimal\n")
        #expect(await error(["push", Self.update, "--token", "abc"] + target)
                == "glance: error: --token: 'abc' has an odd number of hexadecimal digits (3); a token is whole bytes; give the token as the app received it, in hexadecimal\n")
        let longest = String(repeating: "Ab", count: 200)
        let dryRun = await run(["push", Self.update, "--token", "<" + longest + ">", "--dry-run"] + target)
        #expect(dryRun.exitCode == 0)
        #expect(dryRun.standardOutput.hasPrefix("POST https://api.sandbox.push.apple.com/3/device/\(longest)\n"))
        let file = cache + "/tokens.txt"
        try write("abcd\n" + String(repeating: "0", count: 100_000) + "\n", to: file)
        #expect(await error(["push", Self.update, "--tokens", file] + target)
                == "glance: error: \(file):2: the token has 100000 hexadecimal digits; a device token has at most 400 (today 64 for a device, about 200 for a Live Activity); the file holds one hexadecimal token per line (then, optionally, a tab and its body)\n")
    }

    /// Pipes (what `<(…)` gives: `/dev/fd/N`) work for the key, the tokens and the body; reads are bounded.
    @Test func inputsFromPipes() async throws {
        var readEnds: [Int32] = []
        defer { readEnds.forEach { close($0) } }
        func fifo(_ name: String, _ contents: String) throws -> String {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            readEnds.append(ends[0])
            let writeEnd = ends[1]
            let thread = Thread {
                let handle = FileHandle(fileDescriptor: writeEnd, closeOnDealloc: true)
                handle.write(Data(contents.utf8))
                try? handle.close()
            }
            thread.start()
            return "/dev/fd/\(ends[0])"
        }
        let key = try fifo("key", try String(contentsOfFile: TestKey.path, encoding: .utf8))
        let tokens = try fifo("tokens", "abcd\nef01\n")
        let body = try fifo("body", try String(contentsOfFile: Self.update, encoding: .utf8))
        let output = await run(["push", body, "--tokens", tokens, "--key-file", key, "--key-id", TestKey.keyID, "--team-id", TestKey.teamID,
                                "--bundle-id", TestKey.bundleID, "--dry-run"])
        #expect(output.standardError == "")
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.hasPrefix("POST https://api.sandbox.push.apple.com/3/device/abcd\n"))
        #expect(output.standardOutput.contains("POST https://api.sandbox.push.apple.com/3/device/ef01\n"))
        #expect(output.standardOutput.contains("\"content-state\""))
        #expect(await error(["push", "/dev/zero"] + Self.valid)
                == "glance: error: /dev/zero: is more than 1048576 bytes; Glance reads at most 1048576 bytes of a JSON file; a push body is at most 4096 bytes (5120 on broadcast)\n")
        #expect(await error(["push", Self.update, "--key-file", "/dev/zero", "--key-id", TestKey.keyID, "--team-id", TestKey.teamID, "--token", "abcd", "--bundle-id", TestKey.bundleID])
                == "glance: error: /dev/zero: is more than 65536 bytes; Glance reads at most 65536 bytes of a .p8 key file; an APNs .p8 key is about 250 bytes of text\n")
        #expect(await error(["push", "-", "--tokens", "-"] + Self.valid.dropFirst(2))
                == "glance: error: only one input can come from standard input (-), not the body and --tokens; give the others as files or <(…) (see 'glance push --help')\n")
    }

    /// `-` reads standard input (the real executable, with a pipe): the key here, and a body over the limit is
    /// refused after the limit, not read to the end.
    @Test func standardInput() throws {
        let executable = try #require(glanceExecutable, "the glance executable is not next to the test bundle; build it with swift build")
        func run(_ arguments: [String], input: Data) throws -> (status: Int32, output: String, error: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = ["GLANCE_APNS_TOKEN_CACHE": cache, "HOME": cache]
            let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            // glance stops reading past its limit and exits: writing more must fail, not end this process.
            signal(SIGPIPE, SIG_IGN)
            let writer = Thread {
                try? stdin.fileHandleForWriting.write(contentsOf: input)
                try? stdin.fileHandleForWriting.close()
            }
            writer.start()
            let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let error = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output, error)
        }
        let key = try Data(contentsOf: URL(fileURLWithPath: TestKey.path))
        let fromKey = try run(["push", Self.update, "--key-file", "-", "--key-id", TestKey.keyID, "--team-id", TestKey.teamID, "--token", "abcd",
                               "--bundle-id", TestKey.bundleID, "--dry-run"], input: key)
        #expect(fromKey.error == "")
        #expect(fromKey.status == 0)
        #expect(fromKey.output.contains("authorization: bearer <ES256 JWT: kid TESTKEY001, iss TEAM123456, iat "))
        let large = try run(["push", "-", "--token", "abcd", "--bundle-id", TestKey.bundleID, "--dry-run"] + TestKey.flags, input: Data(repeating: 0x20, count: 3 << 20))
        #expect(large.status == 2)
        #expect(large.error == "glance: error: <stdin>: is more than 1048576 bytes; Glance reads at most 1048576 bytes of a JSON file; a push body is at most 4096 bytes (5120 on broadcast)\n")
    }

    /// --headers: names that are HTTP field names, one-line ASCII values, and nothing glance push or URLSession
    /// sets: one line naming FILE:LINE, exit 2, nothing sent.
    @Test func headersAreValidated() async throws {
        let cases: [(String, String, String)] = [
            ("crlf.json", #"{"apns-collapse-id": "a\r\nx-injected: 1"}"#, "crlf.json: the value of apns-collapse-id holds a carriage return (CR); a header value is one line of printable ASCII"),
            ("nul.txt", "x-nul: a\u{0}b\n", "nul.txt:1: the value of x-nul holds a NUL byte; a header value is one line of printable ASCII"),
            ("esc.txt", "apns-collapse-id: \u{1B}[31m\n", "esc.txt:1: the value of apns-collapse-id holds the control character U+001B; a header value is one line of printable ASCII"),
            ("host.txt", "# hosts\nhost: evil.example\n", "host.txt:2: glance push does not send 'host' from --headers: it names the server; Glance sends to --host (remove it)"),
            ("length.txt", "content-length: 0\n", "length.txt:1: glance push does not send 'content-length' from --headers: URLSession sets it from the body (remove it)"),
            ("connection.txt", "Connection: close\n", "connection.txt:1: glance push does not send 'connection' from --headers: HTTP/2 does not use it (remove it)"),
            ("auth.txt", "authorization: bearer x\n", "auth.txt:1: glance push does not send 'authorization' from --headers: Glance sets it (the provider token) (remove it)"),
            ("space.txt", "apns topic: x\n", "space.txt:1: header name 'apns topic' is not an HTTP field name (letters, digits and !#$%&'*+-.^_`|~, no spaces)"),
            ("path.txt", ":path: /3/device/x\n", "path.txt:1: :path is an HTTP/2 pseudo-header; glance push sets :method, :path, :scheme and :authority itself (remove it)"),
            ("unicode.txt", "apns-collapse-id: ü\n", "unicode.txt:1: the value of apns-collapse-id ('ü') holds characters outside ASCII; header values are ASCII"),
            ("empty.json", #"{"": "x"}"#, "empty.json: a header has an empty name"),
            ("long.txt", "x-long: " + String(repeating: "a", count: 2000) + "\n", "long.txt:1: the value of x-long is 2000 bytes; Glance sends header values of at most 1024 bytes"),
        ]
        for (name, contents, message) in cases {
            try write(contents, to: cache + "/" + name)
            #expect(await error(["push", Self.update, "--headers", cache + "/" + name] + Self.valid) == "glance: error: \(cache)/\(message)\n")
        }
        #expect(await error(["push", Self.update, "--collapse-id", "a\nb"] + Self.valid)
                == "glance: error: --collapse-id: the value of apns-collapse-id holds a line feed (LF); a header value is one line of printable ASCII\n")
        // payload check reads headers the same way.
        let check = await run(["payload", "check", Self.update, "--headers", cache + "/nul.txt"])
        #expect(check.exitCode == 2)
        #expect(check.standardError == "glance: error: \(cache)/nul.txt:1: the value of x-nul holds a NUL byte; a header value is one line of printable ASCII\n")
    }

    /// The smaller items of the first user trial.
    @Test func smallerItems() async throws {
        // Thousands of repeated tokens: one warning.
        let repeated = cache + "/repeated.txt"
        try write(Array(repeating: "aa01\naa02", count: 1500).joined(separator: "\n") + "\n", to: repeated)
        let dryRun = await run(["push", Self.update, "--tokens", repeated, "--bundle-id", TestKey.bundleID, "--dry-run"] + TestKey.flags)
        #expect(dryRun.exitCode == 0)
        #expect(dryRun.standardError == "glance: warning: \(repeated): 2998 lines repeat a token listed before (lines 3, 4, 5 and 2995 more); each token is sent once\n")
        // An expiration in the past (seconds meant as a duration).
        let past = await run(["push", Self.update, "--expiration", "3600", "--dry-run"] + Self.valid)
        #expect(past.exitCode == 0)
        #expect(past.standardError == "glance: warning: --expiration 3600 is 1970-01-01T01:00:00Z, in the past: APNs will not store the push for later delivery; it is UNIX seconds (an hour from now is 1767229200, the default)\n")
        // A finding about a header a flag set is placed at the flag, not at a headers file that was not given.
        let mismatch = await run(["push", Self.update, "--bundle-id", "com.example.other", "--project", project, "--token", "abcd", "--dry-run"] + TestKey.flags)
        #expect(mismatch.exitCode == 2)
        #expect(mismatch.standardError == """
            --bundle-id: error: apns-topic names 'com.example.other', but the app's bundle identifier is 'com.example.productivitytimer'; use 'com.example.productivitytimer.push-type.liveactivity' [payload_bad_headers]
            glance: error: \(Self.update): not sent: the push has 1 error (above); fix it, or send anyway with --force

            """)
        // A bundle identifier from the project is checked like --bundle-id.
        let copy = cache + "/Project"
        try FileManager.default.copyItem(atPath: project, toPath: copy)
        try write("BASE_BUNDLE_IDENTIFIER = com.example.my app\nAPP_GROUP_IDENTIFIER = group.$(BASE_BUNDLE_IDENTIFIER)\n", to: copy + "/Config/Base.xcconfig")
        #expect(await error(["push", Self.update, "--project", copy, "--token", "abcd", "--dry-run"] + TestKey.flags)
                == "glance: error: \(copy): the app's bundle identifier 'com.example.my app' (PRODUCT_BUNDLE_IDENTIFIER) is not a bundle identifier (letters, digits, '-' and '.'); fix the project, or give --bundle-id\n")
        // Text from the body in a finding stays on one line.
        let newline = cache + "/newline.json"
        try write(#"{"aps": {"timestamp": 1767225600, "event": "update", "content-state": {"status": "on\nthe way", "estimatedArrival": 817641300, "stopsAway": 2}}}"#, to: newline)
        let escaped = await run(["push", newline, "--project", project, "--token", "abcd", "--dry-run"] + TestKey.flags)
        #expect(escaped.exitCode == 2)
        #expect(escaped.standardError.contains(#"aps.content-state.status "on\nthe way" is not a raw value of OrderStatus"#), "\(escaped.standardError)")
        #expect(escaped.standardError.filter { $0 == "\n" }.count == 2)
        // A certificate bundle renamed to .p8.
        #expect(await error(["push", Self.update, "--key-file", fixture("push-certificate-renamed.p8"), "--key-id", TestKey.keyID, "--team-id", TestKey.teamID, "--token", "abcd", "--bundle-id", TestKey.bundleID])
                .hasPrefix("glance: error: \(fixture("push-certificate-renamed.p8")): is a PKCS #12 file (.p12), a certificate bundle, renamed; Live Activity pushes need token-based authentication"))
        // `~` in the key's path from the environment, expanded with HOME.
        try FileManager.default.copyItem(atPath: TestKey.path, toPath: cache + "/AuthKey_TESTKEY001.p8")
        let tilde = await run(["push", Self.update, "--token", "abcd", "--bundle-id", TestKey.bundleID, "--team-id", TestKey.teamID, "--dry-run"],
                              environment: ["GLANCE_APNS_KEY_FILE": "~/AuthKey_TESTKEY001.p8"])
        #expect(tilde.standardError == "")
        #expect(tilde.exitCode == 0)
        // An IPv6 address is taken, in brackets.
        let ipv6 = await run(["push", Self.update, "--host", "[::1]:8443", "--dry-run"] + Self.valid)
        #expect(ipv6.exitCode == 0 && ipv6.standardOutput.hasPrefix("POST https://[::1]:8443/3/device/"), "\(ipv6.standardError)")
    }

    /// A host that takes the TCP connection and never answers: the batch stops after the first push's timeout,
    /// says so in one line, and exits 2; the other tokens are listed as not sent.
    @Test func silentHostStopsTheBatch() async throws {
        let listener = try SilentListener()
        let tokens = cache + "/tokens.txt"
        try write((1...20).map { String(format: "%04x", $0) }.joined(separator: "\n") + "\n", to: tokens)
        let output = await glance(["push", Self.update, "--tokens", tokens, "--host", "127.0.0.1:\(listener.port)", "--bundle-id", TestKey.bundleID] + TestKey.flags,
                                  context: testContext(time: time, cache: cache, timeout: 2))
        #expect(output.exitCode == 2)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 21)
        #if os(Linux)
        // The TLS handshake never ends, so the push was not sent.
        #expect(lines[0] == "0001: not sent: 127.0.0.1: no answer to the TLS handshake within 2 s")
        #expect(lines[1...19].allSatisfy { $0.hasSuffix(": not sent: the batch stopped: the connection failed") })
        #expect(lines[20] == "20 pushes: 0 accepted, 20 not sent")
        #expect(output.standardError.hasPrefix("glance: error: stopped the batch: the connection failed (127.0.0.1: no answer to the TLS handshake within 2 s); 19 pushes not sent\n"))
        #else
        #expect(lines[0] == "0001: no answer — may have arrived: 127.0.0.1: no answer within 2 s")
        #expect(lines[1...19].allSatisfy { $0.hasSuffix(": not sent: the batch stopped: the first push got no answer") })
        #expect(lines[20] == "20 pushes: 0 accepted, 1 no answer (may have arrived), 19 not sent")
        #expect(output.standardError.hasPrefix("glance: error: stopped the batch: the first push got no answer (127.0.0.1: no answer within 2 s); 19 pushes not sent\n"))
        #endif
    }
}

/// A TCP port that accepts connections (the kernel completes them) and never answers.
final class SilentListener {
    let socket: Int32
    let port: Int

    init() throws {
        #if canImport(Glibc)
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw StandIn.Failure(description: "cannot listen on 127.0.0.1")
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        socket = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}
