import Foundation

/// A question a run asked the disk, and the answer it got: what `glance lint`'s run record keeps to tell,
/// on the next run, whether the same run would read the same (see `FileSystem.startObserving(_:)`).
public enum FileQuestion: Hashable, Sendable {
    /// `stat` (or `lstat` when `followingLinks` is false) of a path: the kind of entry there, if any.
    case status(path: String, followingLinks: Bool)
    /// The entries of a folder.
    case listing(path: String)
    /// A file's bytes, read with a limit (`maximumBytes`) or only its first `prefix` bytes.
    case read(path: String, kind: String, maximumBytes: Int, prefix: Int?)
    /// `access(2)` of a path with a mode.
    case access(path: String, mode: Int32)
    /// The canonical path (symbolic links resolved).
    case realPath(path: String)
}

extension FileQuestion {
    /// The question as one line of text, its path last (`S1|/p/a.swift`, `R|Swift source|4194304|-|/p/a.swift`):
    /// how a run record keeps it.
    public var code: String {
        switch self {
        case .status(let path, let followingLinks): return (followingLinks ? "S1|" : "S0|") + path
        case .listing(let path): return "L|" + path
        case .read(let path, let kind, let maximumBytes, let prefix): return "R|\(kind)|\(maximumBytes)|\(prefix.map(String.init) ?? "-")|" + path
        case .access(let path, let mode): return "A|\(mode)|" + path
        case .realPath(let path): return "P|" + path
        }
    }

    /// The question `code` gives; nil for a line that is not one.
    public init?(code: String) {
        // Fields are cut at `|` in place (a record holds thousands of questions); the path, last, may hold `|`.
        var rest = Substring(code)
        func field() -> Substring? {
            guard let bar = rest.firstIndex(of: "|") else { return nil }
            defer { rest = rest[rest.index(after: bar)...] }
            return rest[..<bar]
        }
        switch field() {
        case "S1": self = .status(path: String(rest), followingLinks: true)
        case "S0": self = .status(path: String(rest), followingLinks: false)
        case "L": self = .listing(path: String(rest))
        case "P": self = .realPath(path: String(rest))
        case "A":
            guard let mode = field().flatMap({ Int32($0) }) else { return nil }
            self = .access(path: String(rest), mode: mode)
        case "R":
            guard let kind = field(), let maximumBytes = field().flatMap({ Int($0) }), let prefixField = field() else { return nil }
            let prefix = prefixField == "-" ? nil : Int(prefixField)
            guard prefixField == "-" || prefix != nil else { return nil }
            self = .read(path: String(rest), kind: String(kind), maximumBytes: maximumBytes, prefix: prefix)
        default: return nil
        }
    }
}

/// What the disk answered: a short text (a status, a folder's entries, a canonical path), or a file's bytes.
public enum FileAnswer: Equatable, Sendable {
    case text(String)
    case bytes(Data)
}

/// Told every question a `FileSystem` asks the disk while it listens (`FileSystem.startObserving(_:)`),
/// from any thread.
public protocol FileObserver: AnyObject, Sendable {
    func observed(_ question: FileQuestion, _ answer: FileAnswer)
}

extension FileSystem {
    /// Lets `observer` hear the questions `FileSystem`s ask the disk (those of its scope, below), until
    /// `stopObserving(_:)` (several observers may listen at once: a run's, and one stage's within it).
    ///
    /// Observing starts a scope on the calling thread, unless one is under way there: a `FileSystem` made on that
    /// thread until the outermost observer stops tells only the observers of its scope, so that runs made at once
    /// in one process (tests) do not hear each other. One made elsewhere (another thread, before) tells every
    /// observer, as all did before scopes: a run may hear more than it asked, never less.
    public static func startObserving(_ observer: any FileObserver) {
        let current = currentScope
        let scope = current ?? ObjectIdentifier(observer)
        if current == nil { Thread.current.threadDictionary[scopeKey] = Scope(scope) }
        observing.lock.lock(); defer { observing.lock.unlock() }
        observing.observers.append((observer, scope))
    }

    public static func stopObserving(_ observer: any FileObserver) {
        if currentScope == ObjectIdentifier(observer) { Thread.current.threadDictionary[scopeKey] = nil }
        observing.lock.lock(); defer { observing.lock.unlock() }
        observing.observers.removeAll { $0.observer === observer }
    }

    /// The observers listening now in the calling thread's scope (all of them outside any scope).
    public static var observers: [any FileObserver] {
        let scope = currentScope
        observing.lock.lock(); defer { observing.lock.unlock() }
        return observing.observers.filter { scope == nil || $0.scope == scope }.map(\.observer)
    }

    /// A scope of its own for the calling thread, unless one is under way there, until `end()`: what observes in
    /// it (`startObserving(_:)`) hears only the file systems made in it on this thread (and those made outside
    /// any scope). A command starts one, so that one run's record does not hear another run's questions.
    public final class ObservationScope {
        private let started: Bool

        public init() {
            started = FileSystem.currentScope == nil
            if started { Thread.current.threadDictionary[FileSystem.scopeKey] = Scope(ObjectIdentifier(self)) }
        }

        public func end() {
            guard started else { return }
            Thread.current.threadDictionary[FileSystem.scopeKey] = nil
            FileSystem.failures.lock.lock()
            FileSystem.failures.first[ObjectIdentifier(self)] = nil
            FileSystem.failures.lock.unlock()
        }
    }

    /// The observation scope of the calling thread (see `startObserving(_:)`).
    static var currentScope: ObjectIdentifier? { (Thread.current.threadDictionary[scopeKey] as? Scope)?.identifier }
    static let scopeKey = "glance.observation-scope"

    final class Scope: NSObject {
        let identifier: ObjectIdentifier
        init(_ identifier: ObjectIdentifier) { self.identifier = identifier }
    }

    /// Asks the disk `question` again, now, without telling any observer: what a run would be answered today.
    public static func answer(_ question: FileQuestion) -> FileAnswer {
        let fileSystem = FileSystem(observed: false)
        switch question {
        case .status(let path, let followingLinks): return statusAnswer(fileSystem.status(path, followingLinks: followingLinks))
        case .listing(let path): return listingAnswer(fileSystem.contents(of: path))
        case .read(let path, let kind, let maximumBytes, let prefix):
            do { return .bytes(try fileSystem.read(path, limit: InputLimit(kind: kind, maximumBytes: maximumBytes), prefix: prefix)) } catch { return .text("not read") }
        case .access(let path, let mode): return .text(String(fileSystem.isAccessible(path, mode)))
        case .realPath(let path): return .text(canonicalPath(path))
        }
    }

    /// Sizes of files (`stat`, links followed), asked without telling any observer: a quick first look at whether
    /// the files a record read have changed.
    public struct Sizes {
        private let fileSystem = FileSystem(observed: false)
        public init() {}
        /// The size of the regular file at `path`; nil when there is none.
        public func size(of path: String) -> Int? {
            guard let status = fileSystem.status(path), status.kind == .file else { return nil }
            return status.size
        }
    }

    final class Observing: @unchecked Sendable {
        let lock = NSLock()
        var observers: [(observer: any FileObserver, scope: ObjectIdentifier)] = []
    }

    static let observing = Observing()

    /// Tells the observers of `scope` (all of them without one), if any (the answer is computed only then).
    static func tell(_ question: @autoclosure () -> FileQuestion, _ answer: @autoclosure () -> FileAnswer, scope: ObjectIdentifier?) {
        observing.lock.lock()
        let observers = observing.observers.filter { scope == nil || $0.scope == scope }.map(\.observer)
        observing.lock.unlock()
        guard !observers.isEmpty else { return }
        let (question, answer) = (question(), answer())
        for observer in observers { observer.observed(question, answer) }
    }

    /// The kind of entry only: what the callers of `status` use. A file's size matters where it is read, and a
    /// read's answer holds its bytes (so editing a Swift file leaves the project's questions the same).
    static func statusAnswer(_ status: (kind: EntryKind, size: Int)?) -> FileAnswer {
        .text(status?.kind.description ?? "none")
    }

    static func listingAnswer(_ names: [String]) -> FileAnswer { .text(names.joined(separator: "/")) }
}
