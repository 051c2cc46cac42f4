import Foundation

/// Disk access for the project reader: existence checks, directory walks that survive symlink loops and
/// unreadable folders, and macOS-style case-insensitive path lookup on case-sensitive file systems.
///
/// Xcode projects are written on macOS, whose default file system ignores case: a project may say
/// `Widget/timerview.swift` for `Widget/TimerView.swift`. On Linux such a path is resolved component by
/// component against the real names, so the rest of Glance sees the name that is on disk.
public final class FileSystem: @unchecked Sendable {
    private let lock = NSLock()
    private var listings: [String: [String]] = [:]
    /// Problems met while walking (unreadable folders, symlink loops), each naming the path.
    public private(set) var problems: [String] = []

    public init() {}

    public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    public func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The entries of a folder (names only), cached; empty when it cannot be read.
    public func contents(of directory: String) -> [String] {
        lock.lock()
        if let cached = listings[directory] { lock.unlock(); return cached }
        lock.unlock()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted() ?? []
        lock.lock(); listings[directory] = names; lock.unlock()
        return names
    }

    /// The on-disk spelling of `path`: the path itself when it exists, else the first match that ignores case
    /// in each component, else `nil`.
    public func resolve(_ path: String) -> String? {
        let standardized = (path as NSString).standardizingPath
        if exists(standardized) { return standardized }
        let components = (standardized as NSString).pathComponents
        guard var current = components.first else { return nil }
        for component in components.dropFirst() {
            let candidate = (current as NSString).appendingPathComponent(component)
            if exists(candidate) { current = candidate; continue }
            let lowered = component.lowercased()
            guard let match = contents(of: current).first(where: { $0.lowercased() == lowered }) else { return nil }
            current = (current as NSString).appendingPathComponent(match)
        }
        return current
    }

    /// Reads a text file as UTF-8, falling back to Latin-1 (so a stray byte never aborts the run).
    public func readText(_ path: String) throws -> String {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ProjectError.unreadable(path, reason: PlistReader.describe(error))
        }
        if let text = String(data: data, encoding: .utf8) { return text }
        return String(decoding: data, as: UTF8.self)
    }

    /// Walks `root` and returns the paths of regular files below it, sorted. Folders for which `descend`
    /// returns false are reported as entries themselves (e.g. `Assets.xcassets`) and not entered. Symbolic links
    /// to folders are followed once; a link that leads back into the walk is recorded in `problems` and skipped.
    public func walk(_ root: String, skipHidden: Bool = true, descend: (String) -> Bool = { _ in true }) -> [String] {
        var results: [String] = []
        var visited: Set<String> = []
        let realRoot = Self.realPath(root)
        func visit(_ directory: String, depth: Int) {
            let real = Self.realPath(directory)
            // A link to a folder already walked, or to one that holds the root, leads back into the walk.
            let holdsRoot = depth > 0 && (real == realRoot || realRoot.hasPrefix(real.hasSuffix("/") ? real : real + "/"))
            guard depth < 64, !holdsRoot, visited.insert(real).inserted else {
                record("\(directory): symbolic link loop; not followed")
                return
            }
            guard FileManager.default.isReadableFile(atPath: directory) else {
                record("\(directory): folder cannot be read; skipped")
                return
            }
            for name in contents(of: directory) {
                if skipHidden && name.hasPrefix(".") { continue }
                let path = (directory as NSString).appendingPathComponent(name)
                if isDirectory(path) {
                    if descend(path) { visit(path, depth: depth + 1) } else { results.append(path) }
                } else if exists(path) {
                    results.append(path)
                } else if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
                    record("\(path): broken symbolic link; skipped")
                }
            }
        }
        visit(root, depth: 0)
        return results.sorted()
    }

    /// The canonical path with every symbolic link and `..` resolved (realpath(3)); the path itself when it
    /// cannot be resolved. NSString's `resolvingSymlinksInPath` leaves a link to `..` unresolved on Linux.
    public static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public func record(_ problem: String) {
        lock.lock(); defer { lock.unlock() }
        if !problems.contains(problem) { problems.append(problem) }
    }
}

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

    public var lastPathComponent: String { (self as NSString).lastPathComponent }
    public var deletingLastPathComponent: String { (self as NSString).deletingLastPathComponent }
    public var pathExtension: String { (self as NSString).pathExtension }
    public var standardizedPath: String { (self as NSString).standardizingPath }
}
