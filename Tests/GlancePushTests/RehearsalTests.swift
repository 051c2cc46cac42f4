import Foundation
import GlanceCLI
import Testing

/// Rehearsing a push without ceremony, no server: `--dry-run` without an APNs key, `--dry-run` as JSON, `--bundle-id`
/// with `--project`, and the checks of `--ca-file`.
struct RehearsalTests {
    let time = FakeTime(Date(timeIntervalSince1970: 1_767_225_600))
    let scratch: Scratch
    var cache: String { scratch.path }

    init() throws { scratch = try Scratch("rehearsal") }

    func run(_ arguments: [String], environment: [String: String] = [:]) async -> CommandLineTool.Output {
        await glance(arguments, context: testContext(time: time, cache: cache, environment: environment))
    }

    static let update = pushes + "/2-update.json"
    static let body = (try? String(contentsOfFile: update, encoding: .utf8)) ?? ""
    static let noKeyNote = "glance: note: --dry-run without an APNs key: the request is shown without its authorization header; to send, give --key-file AuthKey_<KEY ID>.p8 (or GLANCE_APNS_KEY_FILE) and --team-id\n"
    static let redacted = "bearer <ES256 JWT: kid TESTKEY001, iss TEAM123456, iat 1767225600; signature redacted>"

    /// A dry run sends nothing, so it needs no key: the request without `authorization`, and a note saying so.
    /// Nothing is cached; sending still needs the key.
    @Test func dryRunNeedsNoKey() async throws {
        let output = await run(["push", Self.update, "--dry-run", "--token", "abcd", "--project", project])
        #expect(output.standardError == Self.noKeyNote)
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == """
            POST https://api.sandbox.push.apple.com/3/device/abcd
            apns-push-type: liveactivity
            apns-topic: com.example.productivitytimer.push-type.liveactivity
            apns-priority: 10
            apns-expiration: 1767229200

            \(Self.body)
            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).isEmpty)
        // docs/push.md shows the note as printed.
        #expect(try String(contentsOfFile: repositoryRoot + "/docs/push.md", encoding: .utf8).contains("\n" + Self.noKeyNote + "```\n"))
        // A Key ID and Team ID without a key file are no key either.
        let identifiers = await run(["push", Self.update, "--dry-run", "--token", "abcd", "--project", project, "--key-id", TestKey.keyID, "--team-id", TestKey.teamID])
        #expect(identifiers.standardOutput == output.standardOutput && identifiers.standardError == Self.noKeyNote)

        let tokens = cache + "/tokens.txt"
        try write("abcd\nef01\n", to: tokens)
        let batch = await run(["push", Self.update, "--dry-run", "--tokens", tokens, "--bundle-id", TestKey.bundleID])
        #expect(batch.exitCode == 0)
        #expect(batch.standardError == "glance: note: --dry-run without an APNs key: the requests are shown without their authorization header; to send, give --key-file AuthKey_<KEY ID>.p8 (or GLANCE_APNS_KEY_FILE) and --team-id\n")
        #expect(batch.standardOutput.components(separatedBy: "POST https://").count == 3 && !batch.standardOutput.contains("authorization"))

        let send = await run(["push", Self.update, "--token", "abcd", "--project", project])
        #expect(send.exitCode == 2)
        #expect(send.standardError == "glance: error: give the APNs key with --key-file AuthKey_<KEY ID>.p8 (or GLANCE_APNS_KEY_FILE, or key_file in .glance.json's push section) (see 'glance push --help')\n")
        #expect(send.standardOutput == "")
    }

    /// A key that is given is checked as for sending, also in a dry run.
    @Test func dryRunChecksAKeyThatIsGiven() async throws {
        let missing = cache + "/AuthKey_NOSUCHKEY1.p8"
        let output = await run(["push", Self.update, "--dry-run", "--token", "abcd", "--bundle-id", TestKey.bundleID, "--key-file", missing, "--team-id", TestKey.teamID])
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: \(missing): no such file\n")
        #expect(output.standardOutput == "")
    }

    /// `--dry-run --reporter json`: one JSON object per request, one per line, with the redacted provider token
    /// when there is a key and without `authorization` when there is none.
    @Test func dryRunAsJSON() async throws {
        let signed = await run(["push", Self.update, "--dry-run", "--reporter", "json", "--token", "abcd", "--bundle-id", TestKey.bundleID] + TestKey.flags)
        #expect(signed.standardError == "")
        #expect(signed.exitCode == 0)
        let lines = signed.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["method", "url", "headers", "body"])
        #expect(object["method"] as? String == "POST")
        #expect(object["url"] as? String == "https://api.sandbox.push.apple.com/3/device/abcd")
        #expect(object["headers"] as? [String: String] == [
            "apns-push-type": "liveactivity", "apns-topic": "com.example.productivitytimer.push-type.liveactivity", "apns-priority": "10",
            "apns-expiration": "1767229200", "authorization": Self.redacted,
        ])
        #expect(object["body"] as? String == Self.body)

        let tokens = cache + "/tokens.txt"
        try write("abcd\nef01\n", to: tokens)
        let unsigned = await run(["push", Self.update, "--dry-run", "--reporter", "json", "--tokens", tokens, "--bundle-id", TestKey.bundleID])
        #expect(unsigned.exitCode == 0)
        let objects = try unsigned.standardOutput.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["url"] as? String } == ["https://api.sandbox.push.apple.com/3/device/abcd", "https://api.sandbox.push.apple.com/3/device/ef01"])
        #expect(objects.allSatisfy { ($0["headers"] as? [String: String])?["authorization"] == nil && $0["body"] as? String == Self.body })

        // glance channels --format json, the same shape; a request without a body has "body": null.
        let list = await run(["channels", "list", "--dry-run", "--format", "json", "--bundle-id", TestKey.bundleID])
        #expect(list.exitCode == 0)
        #expect(list.standardOutput == #"{"body":null,"headers":{},"method":"GET","url":"https://api-manage-broadcast.sandbox.push.apple.com:2195/1/apps/com.example.productivitytimer/all-channels"}"# + "\n")
        #expect(list.standardError == Self.noKeyNote)
    }

    /// `--bundle-id` and `--project` together: the bundle identifier is the topic, and the project checks the body
    /// against its types and the topic against its app's bundle identifier (an error; --force sends anyway).
    /// `glance channels` takes the bundle identifier from --bundle-id.
    @Test func bundleIDWithProject() async throws {
        let same = await run(["push", Self.update, "--dry-run", "--token", "abcd", "--project", project, "--bundle-id", TestKey.bundleID] + TestKey.flags)
        #expect(same.exitCode == 0)
        #expect(same.standardError == "")
        #expect(same.standardOutput.contains("\napns-topic: com.example.productivitytimer.push-type.liveactivity\n"))
        let other = ["push", Self.update, "--dry-run", "--token", "abcd", "--project", project, "--bundle-id", "com.example.staging"] + TestKey.flags
        let refused = await run(other)
        #expect(refused.exitCode == 2)
        #expect(refused.standardError == """
            --bundle-id: error: apns-topic names 'com.example.staging', but the app's bundle identifier is 'com.example.productivitytimer'; use 'com.example.productivitytimer.push-type.liveactivity' [payload_bad_headers]
            glance: error: \(Self.update): not sent: the push has 1 error (above); fix it, or send anyway with --force

            """)
        #expect(refused.standardOutput == "")
        let forced = await run(other + ["--force"])
        #expect(forced.exitCode == 0)
        #expect(forced.standardError.hasSuffix("glance: warning: sending despite 1 error (--force)\n"))
        #expect(forced.standardOutput.contains("\napns-topic: com.example.staging.push-type.liveactivity\n"))
        let wrong = cache + "/wrong.json"
        try write(#"{"aps": {"timestamp": 1767225600, "event": "update", "content-state": {"phase": 3}}}"# + "\n", to: wrong)
        let checked = await run(["push", wrong, "--dry-run", "--token", "abcd", "--project", project, "--bundle-id", TestKey.bundleID] + TestKey.flags)
        #expect(checked.exitCode == 2)
        #expect(checked.standardError.contains("[payload_content_state_mismatch]\n"), "\(checked.standardError)")
        let channels = await run(["channels", "list", "--dry-run", "--project", project, "--bundle-id", "com.example.staging"] + TestKey.flags)
        #expect(channels.standardOutput.hasPrefix("GET https://api-manage-broadcast.sandbox.push.apple.com:2195/1/apps/com.example.staging/all-channels\n"))
    }

    #if os(Linux)
    /// `--ca-file` (and `GLANCE_APNS_CA_FILE`, `ca_file`) is read before anything is sent: each problem is one line,
    /// exit code 2, and a key given there is never shown.
    @Test func caFileIsCheckedFirst() async throws {
        let empty = cache + "/empty.pem", der = cache + "/ca.der", text = cache + "/notes.txt", damaged = cache + "/damaged.pem"
        try write("", to: empty)
        try Data([0x30, 0x82, 0x01, 0x0a, 0x02, 0x01]).write(to: URL(fileURLWithPath: der))
        try write("just notes\n", to: text)
        try write("-----BEGIN CERTIFICATE-----\nMIIBnotacertificate\n-----END CERTIFICATE-----\n", to: damaged)
        let key = try String(contentsOfFile: TestKey.path, encoding: .utf8)
        let target = ["push", Self.update, "--dry-run", "--token", "abcd", "--bundle-id", TestKey.bundleID]
        let cases: [([String], [String: String], String)] = [
            (["--ca-file", cache + "/missing.pem"], [:], "\(cache)/missing.pem: no such file"),
            (["--ca-file", cache], [:], "\(cache): is a folder, not a certificate file"),
            (["--ca-file", empty], [:], "\(empty): is empty; --ca-file takes a certificate authority's certificate, PEM text with -----BEGIN CERTIFICATE-----, such as the stand-in's ca.pem"),
            (["--ca-file", der], [:], "\(der): is binary (DER?), not PEM text with -----BEGIN CERTIFICATE-----, such as the stand-in's ca.pem; convert it: openssl x509 -inform der -in FILE -out ca.pem"),
            (["--ca-file", text], [:], "\(text): holds no certificate; --ca-file takes PEM text with -----BEGIN CERTIFICATE-----, such as the stand-in's ca.pem"),
            (["--ca-file", TestKey.path], [:], "\(TestKey.path): holds a private key; --ca-file takes the certificate authority's certificate (ca.pem), never a key"),
            ([], ["GLANCE_APNS_CA_FILE": damaged], "\(damaged): cannot be read: its certificate is damaged or truncated"),
            ([], ["GLANCE_APNS_CA_FILE": key], "the value of GLANCE_APNS_CA_FILE is a PEM private key, not a path: give the path of the certificate authority's PEM file"),
            (["--ca-file", "-"], [:], "--ca-file: give the certificate authority's file, or <(…); not standard input"),
            (["--ca-file", "~other/ca.pem"], [:], "--ca-file: '~other/ca.pem' starts with '~', which only ~/… with HOME set is expanded to; give the path in full"),
        ]
        for (flags, environment, message) in cases {
            let output = await run(target + flags, environment: environment)
            #expect(output.exitCode == 2, "\(flags) \(environment.keys)")
            #expect(output.standardError == "glance: error: \(message)\n")
            #expect(output.standardOutput == "")
            #expect(!output.standardError.contains("BEGIN PRIVATE KEY") && !output.standardError.contains(key.split(separator: "\n")[1]))
        }
        // The configuration's ca_file is relative to its folder, and named as such.
        try write(#"{"push": {"ca_file": "damaged.pem"}}"#, to: cache + "/.glance.json")
        let configured = await run(target + ["--config", cache + "/.glance.json"], environment: ["GLANCE_APNS_CA_FILE": ""])
        #expect(configured.standardError == "glance: error: \(damaged): cannot be read: its certificate is damaged or truncated\n")
    }
    #else
    /// On macOS URLSession trusts the keychains: --ca-file is refused with the command that trusts a certificate there.
    @Test func caFileIsRefusedOnMacOS() async {
        let output = await run(["push", Self.update, "--dry-run", "--token", "abcd", "--bundle-id", TestKey.bundleID, "--ca-file", "ca.pem"])
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: --ca-file: on macOS, glance push sends with URLSession, which trusts the keychains, not a file; trust the certificate authority for your user instead (no sudo; macOS asks for your password): security add-trusted-cert -r trustRoot -k ~/Library/Keychains/login.keychain-db ca.pem (undo: security remove-trusted-cert ca.pem)\n")
    }
    #endif
}

#if os(Linux)
/// `--ca-file` against the stand-in: a certificate authority the system does not trust is trusted for one run, by
/// the flag, the variable or the configuration, for `glance push` and `glance channels`; another one is not.
@Suite(.enabled(if: StandIn.enabled, StandIn.skipNotice))
struct CAFileTests {
    let time = FakeTime()
    let scratch: Scratch
    var cache: String { scratch.path }

    init() throws { scratch = try Scratch("ca-file") }

    @Test func trustsAnAuthorityForOneRun() async throws {
        try StandIn.makeUntrustedCA(in: cache + "/other-ca")
        let ca = cache + "/other-ca/ca.pem"
        let server = try StandIn(untrustedCA: cache + "/other-ca")
        let push = ["push", pushes + "/2-update.json", "--host", server.host, "--token", "abcd", "--bundle-id", TestKey.bundleID] + TestKey.flags
        func run(_ arguments: [String], _ environment: [String: String] = [:]) async -> CommandLineTool.Output {
            await glance(arguments, context: testContext(time: time, cache: cache, environment: environment))
        }
        let accepted = "abcd: 200 OK, apns-id 156985c9-2990-543f-a793-a606b1b1dced, apns-unique-id 2830dda0-659e-51eb-a809-039d362eb419\n"

        let flag = await run(push + ["--ca-file", ca])
        #expect(flag.standardOutput == accepted, "\(flag.standardError)")
        #expect(flag.exitCode == 0)
        let variable = await run(push, ["GLANCE_APNS_CA_FILE": ca])
        #expect(variable.standardOutput == accepted)
        try write(#"{"push": {"ca_file": "other-ca/ca.pem"}}"#, to: cache + "/.glance.json")
        let configured = await run(push + ["--config", cache + "/.glance.json"], ["GLANCE_APNS_CA_FILE": ""])
        #expect(configured.standardOutput == accepted)
        let channels = await run(["channels", "list", "--host", server.host, "--bundle-id", TestKey.bundleID, "--ca-file", ca] + TestKey.flags)
        #expect(channels.exitCode == 0, "\(channels.standardError)")

        // The tests' own CA (GLANCE_APNS_CA_FILE of every test) did not sign this server's certificate.
        let other = await run(push)
        #expect(other.exitCode == 2)
        #expect(other.standardOutput == "abcd: not sent: 127.0.0.1: the server's certificate is trusted neither by the system's certificate store nor by \(StandIn.caFile) (GLANCE_APNS_CA_FILE) (unable to get local issuer certificate)\n")
        #expect(try server.requests().count == 4)
    }
}
#endif
