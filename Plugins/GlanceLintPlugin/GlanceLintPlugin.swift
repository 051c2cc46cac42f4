import Foundation
import PackagePlugin

/// `swift package glance-lint [PATH] [--reporter NAME] [--strict] [--explain-skips] [--parse-all]`: runs
/// `glance lint` from the package's folder with the arguments as given, so PATH (default: the whole package)
/// and printed paths are relative to the package. It only reads files. `glance`'s standard output (the report)
/// is the command's standard output, so `swift package glance-lint --reporter sarif > glance.sarif` writes valid
/// SARIF; what `glance` prints on standard error (the summary line, notes, errors) goes to SwiftPM's standard
/// error, each line as a progress message (`[GlanceLintPlugin] glance: …`). When `glance` exits non-zero (1:
/// violations that fail the run, 2: the run failed) the command fails.
@main
struct GlanceLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try GlanceRun.lint(tool: try context.tool(named: "glance").url, folder: context.package.directoryURL, arguments: arguments)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In Xcode (File ▸ Packages ▸ glance-lint, or the project's context menu): lints the project's folder.
extension GlanceLintPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try GlanceRun.lint(tool: try context.tool(named: "glance").url, folder: context.xcodeProject.directoryURL, arguments: arguments)
    }
}
#endif

enum GlanceRun {
    struct Failure: Error, CustomStringConvertible {
        let status: Int32
        var description: String {
            status == 1 ? "glance lint reported violations that fail the run (exit code 1)" : "glance lint failed (exit code \(status))"
        }
    }

    /// Runs `glance lint ARGUMENTS` in `folder`. Its standard output is the plugin's, which SwiftPM prints on its
    /// standard output; SwiftPM prints the plugin's standard error there too, so `glance`'s standard error is read
    /// here and each line sent as a progress message, which SwiftPM prints on its standard error.
    /// - Throws: `Failure` when glance exits non-zero.
    static func lint(tool: URL, folder: URL, arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["lint"] + arguments
        process.currentDirectoryURL = folder
        let standardError = Pipe()
        process.standardError = standardError
        try process.run()
        var pending = Data()
        func send(_ line: Data) { Diagnostics.progress(String(decoding: line, as: UTF8.self)) }
        while case let data = standardError.fileHandleForReading.availableData, !data.isEmpty {
            pending.append(data)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                send(pending[pending.startIndex..<newline])
                pending = Data(pending[pending.index(after: newline)...])
            }
        }
        if !pending.isEmpty { send(pending) }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(status: process.terminationStatus) }
    }
}
