import Foundation

/// Swift files read, scanned and parsed ahead of the run that needs them, on a thread of their own: the folder's
/// files while a cold run reads the project (those parsed eagerly are parsed), or an edited file the previous run
/// parsed while a run checks its records (it is parsed whatever it says). `SourceIndex` claims each file it reads:
/// it takes the work done for the file if that work was for the very same bytes, waits for it if it is under way,
/// and keeps the thread from starting it otherwise. Reading ahead changes when the work is done, never its result.
public final class ScanAhead: @unchecked Sendable {
    /// What was done for one file: its text, and the parse guard's refusal or the scan (and the parse).
    public struct Done: Sendable {
        let text: String
        let refusal: String?
        let tokens: FileTokens?
        let replaced: Bool
        let parsed: FileIndex?
    }

    private enum State {
        case underWay
        case done(Done)
        /// Claimed by the index before the thread started it: the thread leaves it.
        case claimed
    }

    private let condition = NSCondition()
    private var states: [String: State] = [:]
    private var stopped = false
    /// Signalled when the thread has ended (or could not start).
    private let ended = DispatchSemaphore(value: 0)

    /// Starts on a thread of its own (with the stack the run's parse limits assume) and returns at once; nothing
    /// is done when no thread can be started.
    /// - Parameters:
    ///   - files: lists the files to read, on that thread; it is given a function that says when to stop listing.
    ///   - load: reads one file (nil: not read).
    ///   - parsesEvery: parse every file scanned, not only those parsed eagerly.
    ///   - maximumBytes: it stops once the texts it read take this many bytes (default 256 MiB).
    public init(parseGuard: ParseGuard = ParseGuard(limits: ParseGuard.currentLimits),
                files: @escaping @Sendable (_ stopped: @escaping @Sendable () -> Bool) -> [String],
                load: @escaping @Sendable (String) -> String?, parsesEvery: Bool = false, maximumBytes: Int = 256 << 20) {
        let started = DeepStack.start(stackSize: DeepStack.size) { [self] in
            defer { ended.signal() }
            var bytes = 0
            for path in files({ [self] in isStopped }) {
                guard bytes <= maximumBytes, begin(path) else { continue }
                var result: Done?
                if let text = load(path) {
                    bytes += text.utf8.count
                    if let refusal = parseGuard.refusal(text) {
                        result = Done(text: text, refusal: refusal, tokens: nil, replaced: false, parsed: nil)
                    } else {
                        let tokens = FileTokens(scanning: text)
                        let parsed = parsesEvery || SourceIndex.isParsedEagerly(tokens) ? Extractor.index(source: text, path: path) : nil
                        result = Done(text: text, refusal: nil, tokens: tokens, replaced: SourceIndex.holdsReplacementCharacter(text), parsed: parsed)
                    }
                }
                end(path, result)
            }
        }
        if !started { ended.signal() }
    }

    /// Work already done, for tests.
    init(done: [String: Done]) {
        for (path, work) in done { states[path] = .done(work) }
        stopped = true
        ended.signal()
    }

    private var isStopped: Bool {
        condition.lock(); defer { condition.unlock() }
        return stopped
    }

    /// Whether the thread may start `path`: not stopped, and not claimed or done.
    private func begin(_ path: String) -> Bool {
        condition.lock(); defer { condition.unlock() }
        guard !stopped, states[path] == nil else { return false }
        states[path] = .underWay
        return true
    }

    private func end(_ path: String, _ result: Done?) {
        condition.lock()
        states[path] = result.map(State.done) ?? .claimed
        condition.broadcast()
        condition.unlock()
    }

    /// The work done for `path`, waiting for it if it is under way; nil when none was (the thread will not start
    /// it now).
    public func claim(_ path: String) -> Done? {
        condition.lock(); defer { condition.unlock() }
        while true {
            switch states[path] {
            case .underWay?: condition.wait()
            case .done(let work)?: return work
            case .claimed?: return nil
            case nil: states[path] = .claimed; return nil
            }
        }
    }

    /// Stops the thread: it starts no other file.
    public func stop() {
        condition.lock(); stopped = true; condition.unlock()
    }

    /// Waits until the thread has ended, then returns the work done, by path (for tests).
    func finishWhenDone() -> [String: Done] {
        ended.wait()
        condition.lock(); defer { condition.unlock() }
        return states.compactMapValues { if case .done(let work) = $0 { return work } else { return nil } }
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
