import GlanceSourceIndex

extension FileSystem {
    /// Reads a Swift file for the source index: at most `InputLimit.swiftSource`, inside the folder being
    /// linted, a regular file; otherwise the reason becomes the file's skip note.
    public func readSwiftSource(_ path: String) throws -> String {
        do { return try readText(path, limit: .swiftSource) } catch let error as ProjectError {
            throw SourceIndex.SourceLoadError(reason: error.reasonText)
        }
    }
}

extension SourceIndex {
    /// Indexes Swift files read through `fileSystem` (see `FileSystem.readSwiftSource`), each checked by the
    /// parse guard for the stack the run has (`ParseGuard.currentLimits`).
    public convenience init(paths: [String], fileSystem: FileSystem, cache: (any SourceIndexCache)? = nil, progress: Progress? = nil,
                            likelyParsed: Set<String> = []) {
        self.init(paths: paths, cache: cache, progress: progress, likelyParsed: likelyParsed, load: { try fileSystem.readSwiftSource($0) })
    }
}
