import Foundation
import GlanceSourceIndex
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `glance lint --progress`: one line on standard error, rewritten in place every tenth of a second
/// (`glance: read 812 of 1566 Swift files, parsed 120`), and cleared when the run ends — only when standard
/// error is a terminal, and only once the run has taken `delay` seconds, so quick runs, pipes and CI logs
/// never see it.
final class ProgressLine: @unchecked Sendable {
    /// What the source index reports into.
    let index = SourceIndex.Progress()
    private let lock = NSLock()
    private let write: @Sendable (String) -> Void
    private var stopped = false
    private var shown = false

    /// Starts the line's thread; nil (no progress) when standard error is not a terminal.
    /// - Parameters:
    ///   - started: when the run started, on `clock` (seconds).
    ///   - delay: how long the run goes on before the line appears (seconds).
    static func start(started: Double, clock: @escaping @Sendable () -> Double, delay: Double = 1,
                      isTerminal: Bool = isatty(STDERR_FILENO) == 1,
                      write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) -> ProgressLine? {
        guard isTerminal else { return nil }
        let line = ProgressLine(write: write)
        let thread = Thread { line.run(until: started + delay, clock: clock) }
        thread.start()
        return line
    }

    private init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    private func run(until shownAt: Double, clock: @escaping @Sendable () -> Double) {
        while true {
            Thread.sleep(forTimeInterval: 0.1)
            lock.lock()
            defer { lock.unlock() }
            if stopped { return }
            guard clock() >= shownAt else { continue }
            write("\r\u{1B}[K" + Self.text(index.current))
            shown = true
        }
    }

    /// `glance: read 812 of 1566 Swift files, parsed 120`.
    static func text(_ counts: (read: Int, total: Int, parsed: Int)) -> String {
        "glance: read \(counts.read) of \(counts.total) Swift file\(counts.total == 1 ? "" : "s"), parsed \(counts.parsed)"
    }

    /// Ends the line (clearing it when it was shown); later calls do nothing.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        if stopped { return }
        stopped = true
        if shown { write("\r\u{1B}[K") }
    }
}
