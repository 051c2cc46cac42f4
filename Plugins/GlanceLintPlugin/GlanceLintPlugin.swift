import Foundation
import PackagePlugin

/// `swift package glance-lint [PATH] [--reporter NAME] [--strict] [--explain-skips] [--parse-all]`: runs
/// `glance lint` from the package's folder with the arguments as given, so PATH (default: the whole package)
/// and printed paths are relative to the package. It only reads files. `glance`'s output goes straight to the
/// terminal; when it exits non-zero (1: violations that fail the run, 2: the run failed) the command fails.
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

    /// Runs `glance lint ARGUMENTS` in `folder`, with the plugin's standard output and error.
    /// - Throws: `Failure` when glance exits non-zero.
    static func lint(tool: URL, folder: URL, arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["lint"] + arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(status: process.terminationStatus) }
    }
}
