import Foundation
import GlanceInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes while it runs, before its `Output` is returned: the process's standard output and
/// error. `glance push` prints each push's line as its answer comes; other commands print when they end.
public final class LiveOutput: @unchecked Sendable {
    private let lock = NSLock()
    private let standardOutput: @Sendable (String) -> Void
    private let standardError: @Sendable (String) -> Void

    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's standard output and standard error, written at once (unbuffered).
    public static let process = LiveOutput(standardOutput: { _ = StandardStreams.write($0, to: STDOUT_FILENO) },
                                           standardError: { _ = StandardStreams.write($0, to: STDERR_FILENO) })

    /// Writes both texts (standard error first), each only when not empty, neutralized as `CommandLineTool.run`
    /// neutralizes a command's output (`WorkflowCommands`; `encoding` is standard output's).
    public func write(standardOutput out: String = "", standardError error: String = "", encoding: WorkflowCommands.Encoding = .text) {
        lock.lock()
        defer { lock.unlock() }
        if !error.isEmpty { standardError(WorkflowCommands.neutralized(error, as: .text)) }
        if !out.isEmpty { standardOutput(WorkflowCommands.neutralized(out, as: encoding)) }
    }
}

/// Ctrl-C (SIGINT) and SIGTERM. After `install`, the signals are taken by a thread of their own instead of ending
/// the process wherever it is: the handler that a running batch of pushes set prints what is known (results so
/// far, the summary), then the process exits with 128 + the signal's number (130 for SIGINT, 143 for SIGTERM),
/// as shells report a process a signal ended. Without a handler the process exits at once with that code; inside
/// `deferred`, when its body is done.
public enum Interrupts {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var handler: (@Sendable (Int32) -> Void)?
    /// How many `deferred` bodies run, and the signal that came meanwhile.
    nonisolated(unsafe) private static var deferring = 0
    nonisolated(unsafe) private static var pending: Int32?

    /// Blocks SIGINT and SIGTERM in the calling thread (and so in every thread it starts later) and starts the
    /// thread that waits for them. Call it first thing in `main`.
    public static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let waiter = Thread {
            var waitedFor = sigset_t()
            sigemptyset(&waitedFor)
            sigaddset(&waitedFor, SIGINT)
            sigaddset(&waitedFor, SIGTERM)
            while true {
                var signal: Int32 = 0
                guard sigwait(&waitedFor, &signal) == 0 else { continue }
                lock.lock()
                if deferring > 0 {
                    pending = pending ?? signal
                    lock.unlock()
                    continue
                }
                let current = handler
                lock.unlock()
                current?(signal)
                _exit(128 + signal)
            }
        }
        waiter.start()
    }

    /// Runs `body` with `interrupted` as the handler of SIGINT and SIGTERM (given the signal's number).
    static func handling<T>(_ interrupted: @escaping @Sendable (Int32) -> Void, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        handler = interrupted
        lock.unlock()
        defer {
            lock.lock()
            handler = nil
            lock.unlock()
        }
        return try body()
    }

    /// Runs `body` with SIGINT and SIGTERM held: one that comes meanwhile ends the process (128 + its number) once
    /// `body` is done, returned or thrown. For writes that must be whole: `glance fix --write`'s renames of several
    /// files (and their undoing), a baseline, the rule docs, a new configuration.
    public static func deferred<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        deferring += 1
        lock.unlock()
        defer {
            lock.lock()
            deferring -= 1
            let signal = deferring == 0 ? pending : nil
            lock.unlock()
            if let signal { _exit(128 + signal) }
        }
        return try body()
    }

    /// The name of a signal for messages: "SIGINT".
    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }
}

/// Writing to the process's standard output and error with `write(2)`: a stream that cannot take the text — a file
/// past `ulimit -f` (EFBIG), a full disk, a closed descriptor — is a failure the caller reports, where
/// `FileHandle.write(_:)` would stop the process.
public enum StandardStreams {
    /// Writes all of `text` to `descriptor`; the system's reason when it could not (`file too large`), else nil.
    public static func write(_ text: String, to descriptor: Int32) -> String? {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return reason(count < 0 ? errno : EIO) }
            done += count
        }
        return nil
    }

    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

#if canImport(Glibc)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(descriptor, buffer, count) }
#else
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(descriptor, buffer, count) }
#endif
