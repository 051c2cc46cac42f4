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

    public var description: String {
        switch self {
        case .notFound(let path): return "\(path): no such file or directory"
        case .unreadable(let path, let reason): return "\(path): cannot be read: \(reason)"
        case .malformed(let path, let reason), .nothingToLint(let path, let reason): return "\(path): \(reason)"
        }
    }

    /// The file the error is about.
    public var file: String {
        switch self {
        case .notFound(let path), .unreadable(let path, _), .malformed(let path, _), .nothingToLint(let path, _): return path
        }
    }
}
