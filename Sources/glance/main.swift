import Foundation
import GlanceCLI
import GlanceSourceIndex

// Ctrl-C and SIGTERM go to a thread of their own (a batch of pushes prints what it knows before it exits); this
// comes first, so every thread started later inherits it.
Interrupts.install()
// A file-size limit (`ulimit -f`) would end the process with SIGXFSZ, printing nothing, at the first cache write
// past it: ignored, such a write fails with EFBIG instead, the entry is not cached, and the run goes on.
signal(SIGXFSZ, SIG_IGN)
// The whole run happens on a thread with a deep stack when the system grants one: SwiftSyntax recurses as
// deep as the code nests (see `DeepStack`).
let arguments = CommandLineTool.processArguments
let output = onDeepStack {
    var context = PushContext.live
    context.stream = .process
    return CommandLineTool(pushContext: context).run(arguments)
}
// Standard output that cannot take the report (a file past `ulimit -f`, a full disk) fails the run, in one line
// (in place of the summary, which would pass for a whole report).
if let problem = StandardStreams.write(output.standardOutput, to: STDOUT_FILENO) {
    _ = StandardStreams.write("glance: error: standard output cannot be written (\(problem)); the report is incomplete\n", to: STDERR_FILENO)
    exit(2)
}
_ = StandardStreams.write(output.standardError, to: STDERR_FILENO)
exit(output.exitCode)
