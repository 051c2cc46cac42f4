import Foundation
import GlanceCLI
import GlanceSourceIndex

// The whole run happens on a thread with a deep stack when the system grants one: SwiftSyntax recurses as
// deep as the code nests (see `DeepStack`).
let arguments = CommandLineTool.processArguments
let output = onDeepStack { CommandLineTool().run(arguments) }
FileHandle.standardOutput.write(output.standardOutput.data(using: .utf8)!)
FileHandle.standardError.write(output.standardError.data(using: .utf8)!)
exit(output.exitCode)
