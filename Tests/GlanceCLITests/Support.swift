import Foundation
import GlanceCLI

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
    FileManager.default.changeCurrentDirectoryPath(repositoryRoot)
    defer { FileManager.default.changeCurrentDirectoryPath(previous) }
    return CommandLineTool(environment: environment, clock: { 0 }).run(arguments)
}

/// The summary line `glance lint` prints on standard error (with the test clock).
func summary(errors: Int, warnings: Int, files: Int) -> String {
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    return "glance: \(count(errors, "error")), \(count(warnings, "warning")) in \(count(files, "file")) (0.0 s)\n"
}

/// Swift files the targets of Examples/CommonMistakes compile (what its summary line counts).
let commonMistakesSwiftFiles = 37

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
