import Foundation
import GlanceCLI
import GlanceSourceIndex
import Testing

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Runs `glance` with arguments, from the repository root (so paths in output are as a user would type them),
/// with an empty environment (so not as in an Xcode build phase) and a clock that stands still (so the summary
/// line says `(0.0 s)`).
func glance(_ arguments: String...) -> CommandLineTool.Output { glance(arguments) }

func glance(_ arguments: [String], environment: [String: String] = [:]) -> CommandLineTool.Output {
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(repositoryRoot)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    return CommandLineTool(environment: environment, clock: { 0 }).run(arguments)
}

/// The summary line `glance lint` prints on standard error (with the test clock).
func summary(errors: Int, warnings: Int, files: Int) -> String {
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    return "glance: \(count(errors, "error")), \(count(warnings, "warning")) in \(count(files, "file")) (0.0 s)\n"
}

/// Swift files the targets of Examples/CommonMistakes compile (what its summary line counts).
let commonMistakesSwiftFiles = 40

/// The summary line of `glance lint Examples/CommonMistakes`: the errors and warnings of its pinned output.
func commonMistakesSummary() throws -> String {
    let lines = try expected("CommonMistakes.lint.txt").split(separator: "\n")
    let errors = lines.filter { $0.contains(": error: ") }.count
    return summary(errors: errors, warnings: lines.count - errors, files: commonMistakesSwiftFiles)
}

/// The committed expected output for a name (Tests/GlanceCLITests/Expected/<name>).
func expected(_ name: String) throws -> String {
    try String(contentsOfFile: repositoryRoot + "/Tests/GlanceCLITests/Expected/" + name, encoding: .utf8)
}

/// A scratch folder for fixtures written by a test; removed by the caller.
func scratchFolder(_ name: String) throws -> String {
    let path = NSTemporaryDirectory() + "glance-tests-\(name)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

private final class OutputBox: @unchecked Sendable {
    var value: CommandLineTool.Output?
}

/// Runs `glance` in-process on a deep stack (as the executable does), and records an issue when it does not
/// finish within `seconds` — the bound a hostile-input test states. A run that hangs goes on in the
/// background and the test gets nil.
func glance(within seconds: Double, _ arguments: [String]) -> CommandLineTool.Output? {
    let box = OutputBox()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        box.value = onDeepStack { CommandLineTool(environment: testEnvironment).run(arguments) }
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else {
        Issue.record("glance \(arguments.joined(separator: " ").prefix(200)) did not finish within \(seconds) s")
        return nil
    }
    return box.value
}

/// The process's environment with `XDG_CACHE_HOME` set to a folder of this test run, so runs that use the
/// environment (processes, `glance(within:_:)`) never write into the user's own cache.
let testEnvironment: [String: String] = ProcessInfo.processInfo.environment.merging(
    ["XDG_CACHE_HOME": NSTemporaryDirectory() + "glance-tests-cache-\(ProcessInfo.processInfo.processIdentifier)"]) { $1 }

/// The `glance` executable the build put next to the test bundle.
let glanceExecutable: String = {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for candidate in [folder, folder.deletingLastPathComponent()] {
        let path = candidate.appendingPathComponent("glance").path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return repositoryRoot + "/.build/debug/glance"
}()

/// What a `glance` process did: exit status, output and error text.
struct ProcessResult {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

/// Runs `script` with /bin/sh, with `$GLANCE` set to the glance executable, from the repository root; records
/// an issue and returns nil when it takes longer than `seconds` (the process is killed).
func shell(_ script: String, within seconds: Double) -> ProcessResult? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
    process.environment = testEnvironment.merging(["GLANCE": glanceExecutable]) { $1 }
    let output = Pipe(), error = Pipe()
    process.standardOutput = output
    process.standardError = error
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    do { try process.run() } catch {
        Issue.record("cannot run /bin/sh: \(error)")
        return nil
    }
    // Read while it runs, so a full pipe never blocks it.
    let reading = DispatchGroup()
    let collected = OutputPair()
    for (pipe, isError) in [(output, false), (error, true)] {
        reading.enter()
        Thread.detachNewThread {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            collected.set(data, isError: isError)
            reading.leave()
        }
    }
    guard done.wait(timeout: .now() + seconds) == .success else {
        kill(process.processIdentifier, SIGKILL)
        Issue.record("`\(script.prefix(200))` did not finish within \(seconds) s")
        return nil
    }
    reading.wait()
    return ProcessResult(status: process.terminationStatus, standardOutput: String(decoding: collected.output, as: UTF8.self),
                         standardError: String(decoding: collected.error, as: UTF8.self))
}

private final class OutputPair: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var output = Data()
    private(set) var error = Data()
    func set(_ data: Data, isError: Bool) {
        lock.lock(); defer { lock.unlock() }
        if isError { error = data } else { output = data }
    }
}

/// A file of `size` bytes that takes no space (a sparse file), for inputs over a size limit.
func writeSparseFile(_ path: String, size: Int) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: UInt64(size))
    try handle.close()
}

/// Standard error without the summary line `glance lint` ends with (`glance: 2 errors, 1 warning in 12 files
/// (0.3 s)`), for tests about what else a run prints there.
func withoutSummary(_ standardError: String) -> String {
    standardError.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
        line.firstMatch(of: /^glance: \d+ errors?, \d+ warnings? in \d+ files? \(\d+\.\d s\)$/) == nil
    }.joined(separator: "\n")
}
