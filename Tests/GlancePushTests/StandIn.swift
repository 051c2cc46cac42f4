import Foundation
import Testing

/// The local APNs stand-in (Scripts/push-test-server/server.py), one process per test: HTTP/2 over TLS on
/// 127.0.0.1, provider tokens verified with PyJWT, answers as APNs gives them or as the test scripts them.
///
/// It needs its Python packages and the test CA: Scripts/setup-push-tests.sh (run by .ci/run) makes both in
/// `GLANCE_PUSH_TEST_HOME` (default ~/.cache/glance/push-tests). On Linux glance trusts the CA through
/// `GLANCE_APNS_CA_FILE` (`trust`, in every test's environment), so no root is needed; on macOS it must be in the
/// keychain (the setup script says how).
final class StandIn: @unchecked Sendable {
    static let home: String = {
        let environment = ProcessInfo.processInfo.environment
        if let home = environment["GLANCE_PUSH_TEST_HOME"], !home.isEmpty { return home }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.cache/glance/push-tests"
    }()

    /// The stand-in's interpreter: `GLANCE_PUSH_TEST_PYTHON`, the setup script's virtualenv, or `python3`.
    static let python: String = {
        if let python = ProcessInfo.processInfo.environment["GLANCE_PUSH_TEST_PYTHON"], !python.isEmpty { return python }
        let venv = home + "/venv/bin/python"
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "python3"
    }()

    /// Whether the stand-in's packages can be imported.
    static let packagesInstalled: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, "-c", "import hypercorn, h2, jwt, cryptography"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// The test CA's certificate.
    static var caFile: String { home + "/ca/ca.pem" }

    /// `GLANCE_APNS_CA_FILE` for the test CA, on Linux when it exists (else glance would refuse every run for the
    /// missing file); empty on macOS, where URLSession trusts the keychain and glance refuses --ca-file.
    static let trust: [String: String] = {
        #if os(Linux)
        return FileManager.default.fileExists(atPath: caFile) ? ["GLANCE_APNS_CA_FILE": caFile] : [:]
        #else
        return [:]
        #endif
    }()

    /// CI sets `GLANCE_PUSH_TESTS_REQUIRED=1`: then missing packages fail the tests instead of skipping them.
    static let required = ProcessInfo.processInfo.environment["GLANCE_PUSH_TESTS_REQUIRED"] == "1"

    /// The condition of the suites that need the stand-in: they are skipped, with `skipNotice`, only when its
    /// packages are not installed.
    static var enabled: Bool { packagesInstalled || required }
    static let skipNotice: Comment = "The APNs stand-in's Python packages (hypercorn, h2, PyJWT, cryptography) are not installed, so the tests that send to it are skipped; run Scripts/setup-push-tests.sh to install them"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int
    let folder: String
    private let process: Process
    private let recordPath: String
    private let logPath: String

    /// `--host` for glance.
    var host: String { "127.0.0.1:\(port)" }

    /// Starts a stand-in.
    /// - Parameters:
    ///   - rules: scripted answers: `["method": …, "path": …, "channel": …, "answers": [["status": 429,
    ///     "reason": "TooManyRequests", "headers": ["retry-after": "2"]], …]]`, given in turn to matching requests.
    ///   - channels: channels that exist from the start, with their message storage policy (0 or 1).
    ///   - keyPath: the key whose public key verifies provider tokens.
    ///   - untrustedCA: a certificate authority folder to sign the server's certificate with instead of the trusted one.
    ///   - maxRequestsPerConnection: close each connection (HTTP/2 GOAWAY) after this many requests.
    ///   - behaviour: more of server.py's options: `--goaway-after N`, `--close-after N`, `--slow-first SECONDS`,
    ///     `--apns-streams N`, `--max-concurrent-streams N` (its own HTTP/2 server), `--http1-only`.
    init(rules: [[String: Any]] = [], channels: [String: Int] = [:], keyPath: String = TestKey.path, untrustedCA: String? = nil,
         maxRequestsPerConnection: Int? = nil, behaviour: [String] = []) throws {
        guard Self.packagesInstalled else {
            throw Failure(description: "GLANCE_PUSH_TESTS_REQUIRED=1, but the stand-in's Python packages are missing for \(Self.python): run Scripts/setup-push-tests.sh")
        }
        let ca = untrustedCA ?? Self.home + "/ca"
        guard FileManager.default.fileExists(atPath: ca + "/ca.pem"), FileManager.default.fileExists(atPath: ca + "/ca-key.pem") else {
            throw Failure(description: "no test certificate authority in \(ca): run Scripts/setup-push-tests.sh")
        }
        folder = NSTemporaryDirectory() + "glance-stand-in-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        recordPath = folder + "/requests.jsonl"
        logPath = folder + "/server.log"
        let scriptPath = folder + "/script.json"
        let script: [String: Any] = ["rules": rules, "channels": channels]
        try JSONSerialization.data(withJSONObject: script).write(to: URL(fileURLWithPath: scriptPath))
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)

        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [Self.python, repositoryRoot + "/Scripts/push-test-server/server.py", "--ca-dir", ca, "--key-file", keyPath,
                             "--key-id", TestKey.keyID, "--team-id", TestKey.teamID, "--bundle-id", TestKey.bundleID,
                             "--script", scriptPath, "--record", recordPath, "--work-dir", folder]
            + (maxRequestsPerConnection.map { ["--max-requests-per-connection", String($0)] } ?? []) + behaviour
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
        // The first line of standard output is {"port": N, ...}, once it listens.
        var line = Data()
        let deadline = Date().addingTimeInterval(60)
        while !line.contains(UInt8(ascii: "\n")) && Date() < deadline {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        guard let object = try? JSONSerialization.jsonObject(with: line.prefix { $0 != UInt8(ascii: "\n") }) as? [String: Any],
              let port = object["port"] as? Int else {
            kill(process.processIdentifier, SIGKILL)
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: folder)
            throw Failure(description: "the APNs stand-in did not start: \(log.suffix(2000))")
        }
        self.port = port
    }

    deinit { stop() }

    /// Ends the server and removes its folder. SIGKILL, since a process started from a thread of Swift's pool
    /// can inherit a signal mask that blocks SIGTERM.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The requests that arrived, in order: method, path, httpVersion, connection, headers ([[name, value]]),
    /// body, jwt ({present, valid, header, claims, error}), status, reason.
    func requests() throws -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: recordPath, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw Failure(description: "a record line is not an object: \(line)")
            }
            return object
        }
    }

    /// Makes a certificate authority that nothing trusts, in `folder` (with the stand-in's make_ca.py).
    static func makeUntrustedCA(in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, repositoryRoot + "/Scripts/push-test-server/make_ca.py", folder]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "make_ca.py failed") }
    }

    /// The server's log, for failure messages.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
}

extension Dictionary where Key == String, Value == Any {
    /// A request header from a record.
    func header(_ name: String) -> String? {
        (self["headers"] as? [[String]])?.first { $0.first == name }?.last
    }

    var authorization: String? { header("authorization") }
}
