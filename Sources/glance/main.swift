import Foundation
import GlanceCLI

let output = CommandLineTool().run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(output.standardOutput.data(using: .utf8)!)
FileHandle.standardError.write(output.standardError.data(using: .utf8)!)
exit(output.exitCode)
