import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Disk access for Glance: every file Glance reads about a project goes through here.
///
/// - **Bounded reads.** `read(_:limit:)` measures a file (`stat`) before reading it, refuses one over its
///   `InputLimit`, and reads only regular files: a FIFO, socket or device is refused in one line (opening a
///   FIFO would wait for a writer forever). The read itself stops at the limit, for files whose size the
///   system does not know (`/proc`).
/// - **Nothing outside the project.** After `confine(to:)`, nothing outside that folder is read or listed:
///   a path a project names (a local package's `path:`, a file reference, an `#include`, a synchronized
///   folder) or a symbolic link that leads out of the folder is refused (`ProjectError.notRead`), and walks
///   do not follow such links; `problems` records each, for `--explain-skips`.
/// - **Any file name.** Paths are strings, with bytes that are not UTF-8 mapped as `FilePathBytes` says;
///   every system call gets the original bytes back, so such files are found and read.
/// - **Walks that end.** Directory walks survive symbolic link loops and unreadable folders.
/// - **macOS spelling.** Xcode projects are written on macOS, whose default file system ignores case: a
///   project may say `Widget/timerview.swift` for `Widget/TimerView.swift`. `resolve(_:)` finds the name that
///   is on disk, component by component.
public final class FileSystem: @unchecked Sendable {
    private let lock = NSLock()
    private var listings: [String: [String]] = [:]
    /// Folders `resolve(_:)` found missing, as the paths asked for spell them.
    private var missingFolders: Set<String> = []
    /// Problems met while walking and reading (unreadable folders, symlink loops, paths outside the folder
    /// being linted), each naming the path.
    public private(set) var problems: [String] = []
    /// The canonical path (symbolic links resolved) of the folder being linted; nil until `confine(to:)`.
    public private(set) var boundary: String?
    /// Whether the questions this file system asks the disk are told to the observers (`FileSystem.startObserving(_:)`).
    private let observed: Bool
    /// The observation scope of the thread that made it (see `FileSystem.startObserving(_:)`).
    private let scope: ObjectIdentifier?

    public init() {
        observed = true
        scope = Self.currentScope
    }

    init(observed: Bool) {
        self.observed = observed
        scope = observed ? Self.currentScope : nil
    }

    /// A file system that reads nothing outside `folder` (see `confine(to:)`).
    public convenience init(confinedTo folder: String) {
        self.init()
        confine(to: folder)
    }

    /// From now on, read and list nothing outside `folder` (symbolic links resolved).
    public func confine(to folder: String) {
        lock.lock(); defer { lock.unlock() }
        boundary = canonical(folder)
    }

    // MARK: Metadata

    /// What a directory entry is.
    public enum EntryKind: Sendable, Equatable {
        case file, directory, symbolicLink, fifo, socket, device, other

        /// `a FIFO (named pipe)`, for messages.
        public var description: String {
            switch self {
            case .file: return "a file"
            case .directory: return "a folder"
            case .symbolicLink: return "a symbolic link"
            case .fifo: return "a FIFO (named pipe)"
            case .socket: return "a socket"
            case .device: return "a device"
            case .other: return "not a regular file"
            }
        }
    }

    /// The kind and size of what `path` names (following symbolic links unless `followingLinks` is false);
    /// nil when nothing is there.
    public func status(_ path: String, followingLinks: Bool = true) -> (kind: EntryKind, size: Int)? {
        var info = stat()
        let result = FilePathBytes.withCString(path) { followingLinks ? stat($0, &info) : lstat($0, &info) }
        let status = result == 0 ? (Self.kind(info.st_mode), Int(info.st_size)) : nil
        if observed { Self.tell(.status(path: path, followingLinks: followingLinks), Self.statusAnswer(status), scope: scope) }
        return status
    }

    static func kind(_ mode: mode_t) -> EntryKind {
        switch mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        case S_IFIFO: return .fifo
        case S_IFSOCK: return .socket
        case S_IFCHR, S_IFBLK: return .device
        default: return .other
        }
    }

    public func exists(_ path: String) -> Bool { status(path) != nil }

    public func isDirectory(_ path: String) -> Bool { status(path)?.kind == .directory }

    /// True for a regular file (after following symbolic links).
    public func isRegularFile(_ path: String) -> Bool { status(path)?.kind == .file }

    /// True when `path` itself is a symbolic link (whether or not it leads anywhere).
    public func isSymbolicLink(_ path: String) -> Bool { status(path, followingLinks: false)?.kind == .symbolicLink }

    /// The entries of a folder (names only), sorted and cached; empty when it cannot be read or lies outside
    /// the folder being linted.
    public func contents(of directory: String) -> [String] {
        lock.lock()
        if let cached = listings[directory] { lock.unlock(); return cached }
        lock.unlock()
        var names: [String] = []
        let inside = isInside(directory)
        let handle = inside ? FilePathBytes.withCString(directory, { opendir($0) }) : nil
        if inside, handle == nil { _ = failure(directory, errno) }
        if let handle {
            while let entry = readdir(handle) {
                let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                        FilePathBytes.string(fromCString: $0)
                    }
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(handle)
        }
        names.sort()
        // A folder outside is not listed: the canonical path asked for above tells that, not a listing.
        if observed && inside { Self.tell(.listing(path: directory), Self.listingAnswer(names), scope: scope) }
        lock.lock(); listings[directory] = names; lock.unlock()
        return names
    }

    // MARK: Paths

    /// The on-disk spelling of `path`: the path itself (`.` and `..` removed, symbolic links kept) when it
    /// exists, else the first match that ignores case in each component, else `nil`.
    public func resolve(_ path: String) -> String? {
        let standardized = path.standardizedPath
        // Below a folder found missing before, nothing is there: one look at the disk serves every file a project
        // lists in it (a project of 100,000 files that do not exist asked four times each).
        if let parent = Self.split(standardized).folder {
            lock.lock()
            let parentMissing = missingFolders.contains(parent)
            lock.unlock()
            if parentMissing { return nil }
        }
        if exists(standardized) { return standardized }
        let components = standardized.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var current = standardized.hasPrefix("/") ? "/" : "."
        var written = current
        for (index, component) in components.enumerated() {
            let candidate = current.appendingPath(component)
            written = written.appendingPath(component)
            if exists(candidate) { current = candidate; continue }
            let lowered = component.lowercased()
            guard let match = contents(of: current).first(where: { $0.lowercased() == lowered }) else {
                if index < components.count - 1 { lock.lock(); missingFolders.insert(written); lock.unlock() }
                return nil
            }
            current = current.appendingPath(match)
        }
        return current
    }

    /// Whether `path` (symbolic links resolved) lies inside the folder being linted. Always true before
    /// `confine(to:)`.
    public func isInside(_ path: String) -> Bool {
        guard let boundary else { return true }
        return Self.contains(boundary, canonical(path))
    }

    /// Why `path` is not read when it leads outside the folder being linted (`it leads outside the folder being
    /// linted (to /etc/hostname)`), in the same words whether or not anything is there, so that no message
    /// tells what exists outside; nil inside.
    public func outsideReason(_ path: String) -> String? {
        guard !isInside(path) else { return nil }
        return "it leads outside the folder being linted (to \(canonical(path)))"
    }

    /// Whether `path` is `folder` or below it (both canonical).
    public static func contains(_ folder: String, _ path: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// The canonical path with every symbolic link and `..` resolved (realpath(3)). For a path that does not
    /// exist, its deepest existing folder is resolved and the rest appended.
    /// Told to the observers of the calling thread's scope (see `FileSystem.startObserving(_:)`).
    public static func realPath(_ path: String) -> String { realPath(path, scope: currentScope) }

    private static func realPath(_ path: String, scope: ObjectIdentifier?) -> String {
        let real = canonicalPath(path)
        tell(.realPath(path: path), .text(real), scope: scope)
        return real
    }

    /// `realPath`, told to the observers of this file system's scope when its questions are told.
    func canonical(_ path: String) -> String {
        let real = Self.canonicalPath(path, missing: missingCanonicals)
        if observed { Self.tell(.realPath(path: path), .text(real), scope: scope) }
        return real
    }

    static func canonicalPath(_ path: String) -> String { canonicalPath(path, missing: nil) }

    /// Canonical paths of folders found missing: nothing below one exists, so a path there is that folder's
    /// canonical path and its own name, with no look at the disk (a project of 100,000 files listed in a folder
    /// that does not exist asked realpath(3) for every one, and for the folder each time).
    final class MissingFolders: @unchecked Sendable {
        private let lock = NSLock()
        private var canonical: [String: String] = [:]
        subscript(_ folder: String) -> String? {
            get { lock.lock(); defer { lock.unlock() }; return canonical[folder] }
            set { lock.lock(); canonical[folder] = newValue; lock.unlock() }
        }
    }
    private let missingCanonicals = MissingFolders()

    private static func canonicalPath(_ path: String, links: Int = 0, missing: MissingFolders?) -> String {
        canonicalForm(path, links: links, missing: missing).path
    }

    /// The canonical path, and whether nothing is there (not even a link).
    private static func canonicalForm(_ path: String, links: Int, missing: MissingFolders?) -> (path: String, missing: Bool) {
        // An absolute path without `.`, `..`, empty or trailing components is its own standard form (Foundation's
        // `standardizedPath` costs more than the system call).
        let standardized = isStandard(path) ? path : path.standardizedPath
        let (parent, name) = split(standardized)
        if let missing, let parent, let known = missing[parent] { return (known.appendingPath(name), true) }
        if let resolved = FilePathBytes.withCString(standardized, { realpath($0, nil) }) {
            defer { free(resolved) }
            return (FilePathBytes.string(fromCString: resolved), false)
        }
        // A link that leads nowhere leads somewhere all the same: to its target's canonical path, so that a link
        // out of the folder being linted is outside whether or not its target exists (and no message tells which).
        if links < 40, let target = linkTarget(standardized) {
            let absolute = target.hasPrefix("/") ? target : (parent ?? "").appendingPath(target)
            return (canonicalPath(absolute, links: links + 1, missing: missing), false)
        }
        guard let parent, !parent.isEmpty, standardized != "/" else { return (standardized, true) }
        let above = canonicalForm(parent, links: links, missing: missing)
        if above.missing { missing?[parent] = above.path }
        return (above.path.appendingPath(name), true)
    }

    /// Whether `path` is absolute and has no `.`, `..`, empty or trailing components (its bytes compared, not with
    /// Foundation's `contains`, which goes through NSString).
    private static func isStandard(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/"), bytes.count == 1 || bytes.last != UInt8(ascii: "/") else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "/") && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")) { return false }
            previous = byte
        }
        return true
    }

    /// The folder part and the last name of a standard path (`/a/b` → `/a`, `b`; `/a` → `/`, `a`); no folder for
    /// `/` or a name alone.
    private static func split(_ path: String) -> (folder: String?, name: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), path != "/" else { return (nil, path) }
        let name = String(path[path.index(after: slash)...])
        return (slash == path.startIndex ? "/" : String(path[..<slash]), name)
    }

    /// The text of the symbolic link at `path` (`readlink`); nil when `path` is not one.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = FilePathBytes.withCString(path) { readlink($0, &buffer, buffer.count - 1) }
        guard count > 0 else { return nil }
        buffer[count] = 0
        return FilePathBytes.string(fromCString: buffer)
    }

    // MARK: Reading

    /// Reads a regular file of at most `limit.maximumBytes`, inside the folder being linted.
    /// - Throws: `ProjectError.notRead` when the file is over the limit, outside the folder being linted, or
    ///   not a regular file; `ProjectError.unreadable` when it is missing, a folder, or cannot be read.
    public func read(_ path: String, limit: InputLimit) throws -> Data {
        try read(path, limit: limit, prefix: nil)
    }

    /// The first `count` bytes of a regular file inside the folder being linted (an image's header),
    /// whatever the file's size.
    /// - Throws: as `read(_:limit:)`, without the size limit.
    public func readPrefix(_ path: String, count: Int) throws -> Data {
        try read(path, limit: InputLimit(kind: "file", maximumBytes: count), prefix: count)
    }

    func read(_ path: String, limit: InputLimit, prefix: Int?) throws -> Data {
        let question = FileQuestion.read(path: path, kind: limit.kind, maximumBytes: limit.maximumBytes, prefix: prefix)
        // A file outside is not read: the canonical path asked for here tells that, not a read (outside first:
        // whether anything is there is not told).
        if let reason = outsideReason(path) { throw ProjectError.notRead(path, reason: reason) }
        do {
            let data = try unobservedRead(path, limit: limit, prefix: prefix)
            if observed { Self.tell(question, .bytes(data), scope: scope) }
            return data
        } catch {
            if observed { Self.tell(question, .text("not read"), scope: scope) }
            throw error
        }
    }

    /// Reads a file `read` found inside the folder being linted.
    private func unobservedRead(_ path: String, limit: InputLimit, prefix: Int?) throws -> Data {
        guard let entry = status(path) else {
            if isSymbolicLink(path) { throw ProjectError.unreadable(path, reason: "broken symbolic link") }
            throw ProjectError.unreadable(path, reason: "no such file")
        }
        switch entry.kind {
        case .file: break
        case .directory: throw ProjectError.unreadable(path, reason: "it is a folder, not a file")
        default: throw ProjectError.notRead(path, reason: "it is \(entry.kind.description), not a regular file")
        }
        let overLimit = { (size: Int) in ProjectError.notRead(path, reason: limit.overLimitReason(size: size)) }
        guard prefix != nil || entry.size <= limit.maximumBytes else { throw overLimit(entry.size) }
        let descriptor = FilePathBytes.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw failure(path, errno) }
        defer { close(descriptor) }
        // The file may have been replaced since `stat`: check what was opened.
        var info = stat()
        guard fstat(descriptor, &info) == 0, Self.kind(info.st_mode) == .file else {
            throw ProjectError.notRead(path, reason: "it is not a regular file")
        }
        // Read one byte more than allowed, to tell a file at the limit from one past it (files whose size
        // the system does not report, such as those in /proc, are only measured here).
        let capacity = limit.maximumBytes + (prefix == nil ? 1 : 0)
        var bytes = [UInt8](repeating: 0, count: min(max(Int(info.st_size) + 1, 4096), capacity))
        var count = 0
        while count < capacity {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, capacity - bytes.count)) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            if got == 0 { break }
            count += got
        }
        if prefix == nil && count > limit.maximumBytes { throw overLimit(count) }
        return Data(bytes[..<count])
    }

    /// The error for a file that cannot be opened or read; a reason that is not the file's own — the process or the
    /// system out of file descriptors or memory, an I/O error (`systemErrors`) — is also noted as a failure of the
    /// run (`systemFailure()`): what the run then reports would not be the project's findings.
    private func failure(_ path: String, _ code: Int32) -> ProjectError {
        if Self.systemErrors.contains(code), let scope {
            let text = "\(path): cannot be read: \(Self.errorText(code))"
            Self.failures.lock.lock()
            if Self.failures.first[scope] == nil { Self.failures.first[scope] = text }
            Self.failures.lock.unlock()
        }
        return ProjectError.unreadable(path, reason: Self.errorText(code))
    }

    /// Errors of the run, not of a file: too many open files (the process's or the system's), out of memory, I/O.
    static let systemErrors: Set<Int32> = [EMFILE, ENFILE, ENOMEM, EIO]

    final class Failures: @unchecked Sendable {
        let lock = NSLock()
        var first: [ObjectIdentifier: String] = [:]
    }
    static let failures = Failures()

    /// The first read this run could not make for a reason that is not the file's own (`/p/A.swift: cannot be read:
    /// too many open files`), among the file systems made in the calling thread's observation scope (a command's run
    /// has one: `ObservationScope`); nil when there was none, or outside any scope. A run that had one stops with it
    /// as its error.
    public static func systemFailure() -> String? {
        guard let scope = currentScope else { return nil }
        failures.lock.lock(); defer { failures.lock.unlock() }
        return failures.first[scope]
    }

    /// Throws the run's `systemFailure()`, when there is one.
    public static func checkRunCanRead() throws {
        if let failure = systemFailure() { throw RunFailure(description: failure + "; the run stopped, since its findings would lack the file (the system's limit or an I/O error, not the file's: raise `ulimit -n`, or free memory, and run again)") }
    }

    /// A run that cannot go on for a reason that is not its input's (see `FileSystem.systemFailure()`).
    public struct RunFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads a text file as UTF-8 (bytes that are not UTF-8 become U+FFFD, so a stray byte never aborts the
    /// run), with `read(_:limit:)`'s checks.
    public func readText(_ path: String, limit: InputLimit) throws -> String {
        let data = try read(path, limit: limit)
        return String(data: data, encoding: .utf8) ?? String(decoding: data, as: UTF8.self)
    }

    /// Why Foundation could not write (or read) a file, in the system's words: the POSIX error under the Cocoa error
    /// (`permission denied`, `no such file or directory`, `read-only file system`, `no space left on device`), else
    /// Foundation's own description.
    public static func reason(of error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? Error
        for candidate in [error, underlying].compactMap({ $0 }) {
            if let posix = candidate as? POSIXError { return errorText(posix.code.rawValue) }
            let bridged = candidate as NSError
            if bridged.domain == NSPOSIXErrorDomain { return errorText(Int32(bridged.code)) }
        }
        return (error as NSError).localizedDescription
    }

    /// `strerror`'s text without a trailing period, lowercased at the start (`permission denied`).
    public static func errorText(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    // MARK: Walking

    /// Walks `root` and returns the paths of regular files below it, sorted. Folders for which `descend`
    /// returns false are reported as entries themselves (e.g. `Assets.xcassets`) and not entered. Symbolic
    /// links to folders are followed once; a link that leads back into the walk, or out of the folder being
    /// linted, is recorded in `problems` and skipped, and so are FIFOs, sockets and devices.
    public func walk(_ root: String, skipHidden: Bool = true, descend: (String) -> Bool = { _ in true }) -> [String] {
        var results: [String] = []
        var visited: Set<String> = []
        guard isInside(root) else {
            record("\(root): outside the folder being linted; not read")
            return []
        }
        let realRoot = canonical(root)
        func visit(_ directory: String, depth: Int) {
            let real = canonical(directory)
            // A link to a folder already walked, or to one that holds the root, leads back into the walk.
            let holdsRoot = depth > 0 && Self.contains(real, realRoot)
            guard depth < 64, !holdsRoot, visited.insert(real).inserted else {
                record("\(directory): symbolic link loop; not followed")
                return
            }
            guard isAccessible(directory, R_OK | X_OK) else {
                record("\(directory): folder cannot be read; skipped")
                return
            }
            for name in contents(of: directory) {
                if skipHidden && name.hasPrefix(".") { continue }
                let path = directory.appendingPath(name)
                guard let entry = status(path, followingLinks: false) else { continue }
                var kind = entry.kind
                if kind == .symbolicLink {
                    // Outside first: a link out is named the same whether or not its target exists.
                    guard isInside(path) else {
                        record("\(path): symbolic link to \(canonical(path)), outside the folder being linted; not followed")
                        continue
                    }
                    guard let target = status(path) else {
                        record("\(path): broken symbolic link; skipped")
                        continue
                    }
                    kind = target.kind
                }
                switch kind {
                case .directory:
                    if descend(path) { visit(path, depth: depth + 1) } else { results.append(path) }
                case .file:
                    results.append(path)
                default:
                    record("\(path): \(kind.description), not a regular file; skipped")
                }
            }
        }
        visit(root, depth: 0)
        return results.sorted()
    }

    func isAccessible(_ path: String, _ mode: Int32) -> Bool {
        let result = FilePathBytes.withCString(path) { systemAccess($0, mode) }
        if observed { Self.tell(.access(path: path, mode: mode), .text(String(result == 0)), scope: scope) }
        return result == 0
    }

    public func record(_ problem: String) {
        lock.lock(); defer { lock.unlock() }
        if !problems.contains(problem) { problems.append(problem) }
    }
}

// The C library's `read` (for this module: `FileSystem` and `PlistReader`) and `access`, which methods named
// `read` would otherwise hide.
#if canImport(Glibc)
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Glibc.read(descriptor, buffer, count) }
private func systemAccess(_ path: UnsafePointer<CChar>, _ mode: Int32) -> Int32 { Glibc.access(path, mode) }
#elseif canImport(Musl)
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Musl.read(descriptor, buffer, count) }
private func systemAccess(_ path: UnsafePointer<CChar>, _ mode: Int32) -> Int32 { Musl.access(path, mode) }
#else
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Darwin.read(descriptor, buffer, count) }
private func systemAccess(_ path: UnsafePointer<CChar>, _ mode: Int32) -> Int32 { Darwin.access(path, mode) }
#endif

extension String {
    /// Joins path components with `/`, ignoring empty parts; an absolute `other` replaces `self`.
    public func appendingPath(_ other: String) -> String {
        if other.isEmpty { return self }
        if other.hasPrefix("/") || isEmpty { return other }
        return hasSuffix("/") ? self + other : self + "/" + other
    }

    /// `self` relative to `base` (both absolute, standardized), with `/` separators; `self` if not below `base`.
    public func relative(to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if hasPrefix(prefix) { return String(dropFirst(prefix.count)) }
        if self == base { return "." }
        return self
    }

    /// Whether the path has no empty, `.` or `..` component and no trailing slash (and is not empty): what
    /// `standardizedPath` would return unchanged.
    private static func isStandardPath(_ bytes: String.UTF8View) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        guard !bytes.isEmpty, bytes.count == 1 || bytes.last != slash else { return false }
        var component = 0, dots = 0, index = 0
        for byte in bytes {
            if byte == slash {
                if index > 0 && component == 0 { return false }
                if component > 0 && dots == component && component <= 2 { return false }
                component = 0
                dots = 0
            } else {
                component += 1
                if byte == dot { dots += 1 }
            }
            index += 1
        }
        return !(component > 0 && dots == component && component <= 2)
    }

    public var lastPathComponent: String { (self as NSString).lastPathComponent }
    public var deletingLastPathComponent: String { (self as NSString).deletingLastPathComponent }
    /// The last component's extension without its dot (`swift` for `Sources/App.swift`, `` for `Makefile`,
    /// `.gitignore` or `notes.`), as `NSString.pathExtension` gives it, worked out on the bytes: a project's 100,000
    /// build files each ask for it.
    public var pathExtension: String {
        let bytes = utf8
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
        var index = end
        while index > bytes.startIndex {
            let before = bytes.index(before: index)
            let byte = bytes[before]
            if byte == slash { return "" }
            if byte == dot {
                // A dot that starts the component (`.gitignore`) or ends it (`notes.`) makes no extension.
                if before == bytes.startIndex || bytes[bytes.index(before: before)] == slash || index == end { return "" }
                return String(self[index..<end])
            }
            index = before
        }
        return ""
    }

    /// The path with `.`, `..` and repeated slashes removed by the text alone: symbolic links are kept (the
    /// path a project names is the path Glance reports), unlike `NSString.standardizingPath`, which resolves
    /// them. `..` above the root of an absolute path stays at the root; a relative path keeps leading `..`.
    public var standardizedPath: String {
        // Most paths are standard already (no `.`, `..`, repeated or trailing slash): checked on the bytes, which
        // costs far less than splitting into components (a project's 100,000 file paths each went through here).
        if Self.isStandardPath(utf8) { return self }
        let absolute = hasPrefix("/")
        var parts: [Substring] = []
        for part in split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = parts.last, last != ".." { parts.removeLast() } else if !absolute { parts.append(part) }
                continue
            }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
