import Foundation
import GlanceProject

/// Finds and reads the configuration file: `--config FILE` when given, else the first `.glance.json` in the
/// folder of the linted path or any folder above it, up to the filesystem root.
public enum ConfigurationFile {
    /// The first `.glance.json` (absolute path) in the folder of `lintPath` or above. The walk starts at
    /// `lintPath` when it is a plain folder, else at its parent folder (for a file, an `.xcodeproj` or an
    /// `.xcworkspace`).
    public static func find(from lintPath: String) -> String? {
        var folder = absolute(lintPath)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder)
        let ext = (folder as NSString).pathExtension
        if !exists || !isFolder.boolValue || ext == "xcodeproj" || ext == "xcworkspace" {
            folder = (folder as NSString).deletingLastPathComponent
        }
        while true {
            let candidate = folder == "/" ? "/" + Configuration.fileName : folder + "/" + Configuration.fileName
            // A link counts even when it leads nowhere (or out of the folder being linted): `load` says so, rather
            // than the run going on as if there were no configuration, which would tell whether its target exists.
            let fileSystem = FileSystem()
            if let kind = fileSystem.status(candidate)?.kind ?? (fileSystem.isSymbolicLink(candidate) ? .symbolicLink : nil), kind != .directory {
                return candidate
            }
            if folder == "/" || folder.isEmpty { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// The configuration for linting `lintPath`: from `explicit` (as the user typed it) when given, else
    /// from the file `find(from:)` finds, else the default configuration.
    /// - Throws: `ConfigurationError` when the file is missing (explicit only), unreadable or invalid.
    public static func load(explicit: String?, lintPath: String, parser: ConfigurationParser) throws -> Configuration {
        let path: String
        let shown: String
        if let explicit {
            path = absolute(explicit)
            shown = explicit
        } else if let found = find(from: lintPath) {
            path = found
            shown = displayPath(found)
        } else {
            return Configuration()
        }
        let fileSystem = FileSystem()
        // A configuration in the folder being linted is the repository's: like its sources, it is not followed
        // through a link that leads out of that folder (its error would show parts of the file there, and whether
        // it exists). One found above the folder, or given with --config, is the user's, and read wherever it is.
        if explicit == nil, let folder = ProjectLoader.folderBeingLinted(lintPath),
           FileSystem.contains(FileSystem.realPath(folder), FileSystem.realPath((path as NSString).deletingLastPathComponent)),
           let reason = FileSystem(confinedTo: folder).outsideReason(path) {
            throw ConfigurationError(file: shown, "not read: \(reason)")
        }
        guard fileSystem.exists(path) else {
            throw ConfigurationError(file: shown, "no such configuration file")
        }
        let data: Data
        do { data = try fileSystem.read(path, limit: .configuration) } catch let error as ProjectError {
            throw ConfigurationError(file: shown, error.reasonText)
        }
        return try parser.parse(data, file: shown, folder: (path as NSString).deletingLastPathComponent)
    }

    /// An absolute, standardized path (relative paths are taken from the working folder).
    /// `path` made absolute against the working folder, with `.` and `..` taken out by their names alone:
    /// symbolic links are left as they are (`absolute` may resolve them), for callers that must see them.
    public static func lexicalAbsolute(_ path: String) -> String {
        (path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path).standardizedPath
    }

    /// Symbolic links are resolved; the canonical path is also asked through `FileSystem`, so that a run's record
    /// (`glance lint`) sees where a link leads: a `--config` or `--baseline` link repointed is a change.
    public static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        _ = FileSystem.realPath(joined)
        return (joined as NSString).standardizingPath
    }

    /// A path relative to the working folder when it is below it, else absolute.
    public static func displayPath(_ absolutePath: String) -> String {
        let current = (FileManager.default.currentDirectoryPath as NSString).standardizingPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return absolutePath.hasPrefix(prefix) ? String(absolutePath.dropFirst(prefix.count)) : absolutePath
    }
}
