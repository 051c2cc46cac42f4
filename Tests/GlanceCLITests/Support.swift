import Foundation
import GlanceCLI

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Runs `glance` with arguments, from the repository root (so paths in output are as a user would type them).
func glance(_ arguments: String...) -> CommandLineTool.Output { glance(arguments) }

func glance(_ arguments: [String]) -> CommandLineTool.Output {
    let previous = FileManager.default.currentDirectoryPath
    FileManager.default.changeCurrentDirectoryPath(repositoryRoot)
    defer { FileManager.default.changeCurrentDirectoryPath(previous) }
    return CommandLineTool().run(arguments)
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
