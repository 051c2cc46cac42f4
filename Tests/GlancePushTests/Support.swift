import Foundation
import GlanceCLI
import GlancePush
import Testing

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// A fixture of Tests/GlancePushTests/Fixtures, by absolute path.
func fixture(_ name: String) -> String { repositoryRoot + "/Tests/GlancePushTests/Fixtures/" + name }

/// The tests' APNs key and its identifiers. The keys are used from copies readable by their owner only, as keys
/// should be (a checkout leaves the fixtures readable by everyone, which glance warns about).
enum TestKey {
    static let path = privateCopy("AuthKey_TESTKEY001.p8")
    static let otherPath = privateCopy("AuthKey_OTHERKEY02.p8")
    static let keyID = "TESTKEY001"
    static let teamID = "TEAM123456"
    static let bundleID = "com.example.productivitytimer"
    /// The credentials flags of `glance push` and `glance channels`.
    static let flags = ["--key-file", path, "--team-id", teamID]
}

/// A fixture copied once into a folder of this process, with mode 0600 (the name kept: it carries the Key ID).
func privateCopy(_ name: String) -> String {
    let folder = NSTemporaryDirectory() + "glance-push-test-keys-\(ProcessInfo.processInfo.processIdentifier)"
    let path = folder + "/" + name
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    if !FileManager.default.fileExists(atPath: path) {
        try? FileManager.default.copyItem(atPath: fixture(name), toPath: path)
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }
    return path
}

let project = repositoryRoot + "/Examples/ProductivityTimer"
let pushes = project + "/Pushes"

/// A scratch folder, removed by the caller.
func scratchFolder(_ name: String) throws -> String {
    let path = NSTemporaryDirectory() + "glance-push-tests-\(name)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A scratch folder removed when the last reference goes: a suite holds one, and it goes when the test ends.
final class Scratch: Sendable {
    let path: String

    init(_ name: String) throws { path = try scratchFolder(name) }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// A clock that moves only when told to, and a sleeper that records how long it was asked to wait and returns at
/// once (moving the clock by as much).
final class FakeTime: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var slept: [TimeInterval] = []

    init(_ start: Date = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))) { current = start }

    var now: Date { locked { current } }
    var sleeps: [TimeInterval] { locked { slept } }

    func advance(_ seconds: TimeInterval) { locked { current += seconds } }

    var pushTime: PushTime {
        PushTime(now: { self.now }, sleep: { seconds in
            self.locked {
                self.slept.append(seconds)
                self.current += seconds
            }
        })
    }

    // NSLocking.withLock needs macOS 14; the package supports macOS 13.
    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// The context of a test run: a private token cache and HOME, the stand-in's certificate authority trusted
/// (`StandIn.trust`), the given clock, the platform's transport (with `timeout` unless the run gives --timeout), and
/// optionally a live stream.
func testContext(time: FakeTime, cache: String, environment: [String: String] = [:], timeout: TimeInterval = 60,
                 stream: LiveOutput? = nil) -> PushContext {
    PushContext(environment: ["GLANCE_APNS_TOKEN_CACHE": cache, "HOME": cache].merging(StandIn.trust) { $1 }.merging(environment) { $1 },
                time: time.pushTime,
                makeTransport: { options in
                    var options = options
                    options.timeout = options.timeout ?? timeout
                    return platformTransport(options)
                }, stream: stream)
}

/// Runs `glance` on a thread of its own, as the executable does: the command blocks while its requests run on
/// Swift's cooperative pool, which a test's own thread belongs to.
func glance(_ arguments: [String], context: PushContext) async -> CommandLineTool.Output {
    await withCheckedContinuation { continuation in
        let thread = Thread {
            continuation.resume(returning: CommandLineTool(pushContext: context).run(arguments))
        }
        thread.stackSize = 64 << 20
        thread.start()
    }
}
