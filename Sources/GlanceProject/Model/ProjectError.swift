import Foundation

/// Why a project could not be read. Every case names the file, so the CLI can print one line.
public enum ProjectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path given on the command line does not exist.
    case notFound(String)
    /// A file exists but cannot be read (permissions, a directory where a file was expected, a symlink loop).
    case unreadable(String, reason: String)
    /// A file was read but its content is not what its name promises.
    case malformed(String, reason: String)
    /// The folder holds nothing to lint: no project and no Swift source (an empty folder, a README alone).
    case nothingToLint(String, reason: String)
    /// A file Glance refuses to read: over its size limit (`InputLimit`), outside the folder being linted, or
    /// not a regular file (a FIFO, a socket, a device).
    case notRead(String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): return "\(path): no such file or directory"
        case .unreadable(let path, let reason): return "\(path): cannot be read: \(reason)"
        case .malformed(let path, let reason), .nothingToLint(let path, let reason): return "\(path): \(reason)"
        case .notRead(let path, let reason): return "\(path): not read: \(reason)"
        }
    }

    /// The file the error is about.
    public var file: String {
        switch self {
        case .notFound(let path), .unreadable(let path, _), .malformed(let path, _), .nothingToLint(let path, _), .notRead(let path, _): return path
        }
    }

    /// The description without the file name: `cannot be read: …`, `not read: …`, or the reason itself.
    public var reasonText: String {
        switch self {
        case .notFound: return "no such file or directory"
        case .unreadable(_, let reason): return "cannot be read: \(reason)"
        case .malformed(_, let reason), .nothingToLint(_, let reason): return reason
        case .notRead(_, let reason): return "not read: \(reason)"
        }
    }

    /// The same error about another name for the file (a path relative to the lint root).
    public func naming(_ file: String) -> ProjectError {
        switch self {
        case .notFound: return .notFound(file)
        case .unreadable(_, let reason): return .unreadable(file, reason: reason)
        case .malformed(_, let reason): return .malformed(file, reason: reason)
        case .nothingToLint(_, let reason): return .nothingToLint(file, reason: reason)
        case .notRead(_, let reason): return .notRead(file, reason: reason)
        }
    }
}
