import Foundation

/// Swift files read, scanned and, when they are parsed eagerly, parsed before the project says which files its
/// targets compile: while one core reads the project, another reads the Swift files of its folder. `SourceIndex`
/// takes what was done for a file only when it reads the very same bytes, so reading ahead changes when the work
/// is done, never its result.
public final class ScanAhead: @unchecked Sendable {
    /// What was done for one file: its text, and the parse guard's refusal or the scan (and the parse, for a file
    /// parsed eagerly).
    public struct Done: Sendable {
        let text: String
        let refusal: String?
        let tokens: FileTokens?
        let replaced: Bool
        let parsed: FileIndex?
    }

    private let lock = NSLock()
    private var done: [String: Done] = [:]
    private var stopped = false
    /// Signalled when the thread has ended (or could not start).
    private let ended = DispatchSemaphore(value: 0)

    /// Starts on a thread of its own (with the stack the run's parse limits assume) and returns at once; nothing
    /// is done when no thread can be started.
    /// - Parameters:
    ///   - files: lists the files to read, on that thread; it is given a function that says when to stop listing.
    ///   - load: reads one file (nil: not read).
    ///   - maximumBytes: it stops once the texts it read take this many bytes (default 256 MiB).
    public init(parseGuard: ParseGuard = ParseGuard(limits: ParseGuard.currentLimits),
                files: @escaping @Sendable (_ stopped: @escaping @Sendable () -> Bool) -> [String],
                load: @escaping @Sendable (String) -> String?, maximumBytes: Int = 256 << 20) {
        let started = DeepStack.start(stackSize: DeepStack.size) { [self] in
            defer { ended.signal() }
            var bytes = 0
            for path in files({ [self] in isStopped }) {
                if isStopped || bytes > maximumBytes { return }
                guard let text = load(path) else { continue }
                bytes += text.utf8.count
                let result: Done
                if let refusal = parseGuard.refusal(text) {
                    result = Done(text: text, refusal: refusal, tokens: nil, replaced: false, parsed: nil)
                } else {
                    let tokens = FileTokens(scanning: text)
                    let parsed = SourceIndex.isParsedEagerly(tokens) ? Extractor.index(source: text, path: path) : nil
                    result = Done(text: text, refusal: nil, tokens: tokens, replaced: SourceIndex.holdsReplacementCharacter(text), parsed: parsed)
                }
                lock.lock()
                if !stopped { done[path] = result }
                lock.unlock()
            }
        }
        if !started { ended.signal() }
    }

    private var isStopped: Bool {
        lock.lock(); defer { lock.unlock() }
        return stopped
    }

    /// Waits until every file is done, then returns what was done (for tests: a run does not wait).
    func finishWhenDone() -> [String: Done] {
        ended.wait()
        return finish()
    }

    /// Stops reading ahead and returns what was done, by path (a file still in progress is left out).
    public func finish() -> [String: Done] {
        lock.lock(); defer { lock.unlock() }
        stopped = true
        return done
    }
}

extension ScanAhead.Done {
    /// Whether `text` has the very bytes this was done for (`==` on strings compares canonical equivalents equal;
    /// the scan reads bytes).
    func isFor(_ text: String) -> Bool {
        guard self.text.utf8.count == text.utf8.count else { return false }
        let compared = self.text.utf8.withContiguousStorageIfAvailable { mine in
            text.utf8.withContiguousStorageIfAvailable { theirs in
                mine.count == 0 || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0
            }
        }
        return (compared ?? nil) ?? self.text.utf8.elementsEqual(text.utf8)
    }
}
