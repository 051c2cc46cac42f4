import Foundation
import GlanceConfiguration
import GlanceProject

extension CommandLineTool {
    /// `glance init [PATH] [--force]`: writes `Configuration.initialFileText` to PATH/.glance.json.
    /// - Throws: `CLIError` when PATH does not exist or is not a folder, or the file exists and `--force` is not given.
    func initConfiguration(_ raw: [String], output: inout Output) throws {
        if raw.contains("--help") || raw.contains("-h") { output.standardOutput += Help.initHelp; return }
        let arguments = try Arguments(raw, spec: .init(flags: ["--force"]), command: "init")
        let folder = arguments.positionals.first ?? "."
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw CLIError.failure("\(folder): no such file or directory")
        }
        guard isFolder.boolValue else { throw CLIError.failure("\(folder): not a folder") }
        let file = folder == "." ? Configuration.fileName : (folder.hasSuffix("/") ? folder : folder + "/") + Configuration.fileName
        if FileManager.default.fileExists(atPath: file) && !arguments.flag("--force") {
            throw CLIError.failure("\(file): already exists; use --force to overwrite it")
        }
        do {
            try Interrupts.deferred { try Data(Configuration.initialFileText.utf8).write(to: URL(fileURLWithPath: file), options: .atomic) }
        } catch {
            throw CLIError.failure("\(file): cannot be written (\(FileSystem.reason(of: error)))")
        }
        output.standardOutput += "wrote \(file)\n"
    }
}

extension Help {
    static let initHelp = """
        OVERVIEW: Write a starting configuration, .glance.json, with every key at its default value. 'glance lint'
        finds it in the linted folder or any folder above; docs/configuration.md explains each key.

        USAGE: glance init [PATH] [--force]

        ARGUMENTS:
          PATH      The folder to write .glance.json into (default: .).

        OPTIONS:
          --force     Overwrite an existing .glance.json.
          -h, --help  Show this help.

        """
}
