import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GlanceProject
import GlanceRules

/// Writes a plan's files all or nothing: each to a temporary file beside it, then, once every one is written and
/// each original is found unchanged, renamed into place. A file is written only inside the lint root, never
/// through a symbolic link (no folder between the root and the file, nor the file itself, may be one), and only
/// when it still holds the text the plan was made from (or, for a new file, still does not exist).
public enum FixWriter {
    public struct Written: Sendable {
        public let changes: [FileChange]

        /// Puts back every file as it was: originals rewritten (the same way), new files removed.
        /// - Throws: `Fixer.Failure` naming a file that could not be restored.
        public func restore() throws {
            var failed: [String] = []
            for change in changes.reversed() {
                if let original = change.original {
                    do { try FixWriter.replace(change.path, with: original, mode: FixWriter.mode(of: change.path) ?? 0o644) }
                    catch { failed.append(change.relativePath) }
                } else if unlink(change.path) != 0 && errno != ENOENT {
                    failed.append(change.relativePath)
                }
            }
            if !failed.isEmpty { throw Fixer.Failure(description: "could not restore \(failed.joined(separator: ", "))") }
        }
    }

    /// - Throws: `Fixer.Failure` (one line, naming the file) when a file may not or cannot be written; nothing is
    ///   changed then.
    public static func write(_ changes: [FileChange], root: String) throws -> Written {
        let realRoot = FileSystem.realPath(root)
        for change in changes { try check(change, root: root, realRoot: realRoot) }
        var temporaries: [(change: FileChange, temporary: String, mode: mode_t)] = []
        defer { for entry in temporaries { unlink(entry.temporary) } }
        for change in changes {
            let mode = change.original == nil ? 0o644 : (mode(of: change.path) ?? 0o644)
            do { temporaries.append((change, try temporaryCopy(change.text, beside: change.path, mode: mode), mode)) }
            catch { throw Fixer.Failure(description: "\(change.relativePath): cannot be written (\(error)); nothing was changed") }
        }
        // The originals, once more, right before the renames.
        for change in changes { try check(change, root: root, realRoot: realRoot) }
        var done: [FileChange] = []
        for entry in temporaries {
            if rename(entry.temporary, entry.change.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? Written(changes: done).restore()
                throw Fixer.Failure(description: "\(entry.change.relativePath): cannot be written (\(reason)); nothing was changed")
            }
            done.append(entry.change)
        }
        temporaries.removeAll()
        return Written(changes: done)
    }

    /// Whether a change may be written: inside the root, through no link, its original unchanged.
    static func check(_ change: FileChange, root: String, realRoot: String) throws {
        func refuse(_ reason: String) -> Fixer.Failure { Fixer.Failure(description: "\(change.relativePath): \(reason); nothing was changed") }
        let path = (change.path as NSString).standardizingPath
        let relativeFolder = path.deletingLastPathComponent.relative(to: (root as NSString).standardizingPath)
        guard !relativeFolder.hasPrefix(".."), !relativeFolder.hasPrefix("/") else { throw refuse("is outside the project") }
        // Each folder from the root down to the file's own, and the file: none a link.
        var current = realRoot
        for component in relativeFolder.split(separator: "/") where !component.isEmpty && component != "." {
            current = current.appendingPath(String(component))
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { throw refuse("is reached through a link or a missing folder") }
        }
        let real = current.appendingPath(path.lastPathComponent)
        var status = stat()
        let exists = lstat(real, &status) == 0
        if let original = change.original {
            guard exists, (status.st_mode & S_IFMT) == S_IFREG else { throw refuse("is a link or not a regular file") }
            guard let data = FileManager.default.contents(atPath: real), String(decoding: data, as: UTF8.self) == original else {
                throw refuse("changed since it was read")
            }
        } else if exists {
            throw refuse("exists already")
        }
    }

    static func mode(of path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    /// Writes `text` to a new temporary file in the folder of `path` and returns its path.
    private static func temporaryCopy(_ text: String, beside path: String, mode: mode_t) throws -> String {
        var template = Array((path.deletingLastPathComponent.appendingPath(".\(path.lastPathComponent).glance-fix-XXXXXX")).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Fixer.Failure(description: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { unlink(temporary); throw Fixer.Failure(description: String(cString: strerror(errno))) }
            written += count
        }
        guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { unlink(temporary); throw Fixer.Failure(description: String(cString: strerror(errno))) }
        return temporary
    }

    static func replace(_ path: String, with text: String, mode: mode_t) throws {
        let temporary = try temporaryCopy(text, beside: path, mode: mode)
        guard rename(temporary, path) == 0 else { unlink(temporary); throw Fixer.Failure(description: String(cString: strerror(errno))) }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif

/// Whether a lint after writing shows what the fixes promised: each fixed finding gone, and no new one. Findings
/// are counted by rule and target (by rule and file for findings about no target): their places move when files
/// are edited, and a finding about a configuration moves into the Info.plist file a fix makes.
public enum FixVerification {
    /// One line saying what went wrong, or nil when all is as expected.
    public static func problem(before: [Violation], fixed: [Violation], after: [Violation]) -> String? {
        func key(_ violation: Violation) -> String { [violation.rule, violation.target ?? "\u{1}" + violation.file].joined(separator: "\u{0}") }
        var allowed: [String: Int] = [:]
        for violation in before { allowed[key(violation), default: 0] += 1 }
        for violation in fixed { allowed[key(violation), default: 0] -= 1 }
        var seen: [String: Int] = [:]
        for violation in after {
            seen[key(violation), default: 0] += 1
            if seen[key(violation)]! > allowed[key(violation), default: 0] {
                let wasFixed = fixed.contains { key($0) == key(violation) }
                return "\(violation.file):\(violation.line): [\(violation.rule)] \(wasFixed ? "is still reported" : "is reported now")"
            }
        }
        return nil
    }
}
