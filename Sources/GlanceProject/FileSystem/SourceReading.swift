import GlanceSourceIndex

extension FileSystem {
    /// Reads a Swift file for the source index: at most `InputLimit.swiftSource`, inside the folder being
    /// linted, a regular file; otherwise the reason becomes the file's skip note.
    public func readSwiftSource(_ path: String) throws -> String {
        do { return try readText(path, limit: .swiftSource) } catch let error as ProjectError {
            var missing = false
            switch error {
            case .notFound: missing = true
            case .unreadable(_, let reason): missing = reason == "no such file"
            default: break
            }
            throw SourceIndex.SourceLoadError(reason: error.reasonText, isMissing: missing)
        }
    }
}

extension SourceIndex {
    /// Indexes Swift files read through `fileSystem` (see `FileSystem.readSwiftSource`), each checked by the
    /// parse guard for the stack the run has (`ParseGuard.currentLimits`).
    public convenience init(paths: [String], fileSystem: FileSystem, cache: (any SourceIndexCache)? = nil, progress: Progress? = nil,
                            likelyParsed: Set<String> = [], readAhead: ScanAhead? = nil) {
        self.init(paths: paths, cache: cache, progress: progress, likelyParsed: likelyParsed, readAhead: readAhead,
                  load: { try fileSystem.readSwiftSource($0) })
    }
}

extension ScanAhead {
    /// Reads ahead the Swift files below `folder` (see `ScanAhead`) through a file system of its own, confined to
    /// the folder and telling no observer (what a run records is what it reads afterwards): hidden folders, the
    /// folders a project search skips (`Pods`, `DerivedData`, …) and bundles are not entered, at most `limit`
    /// folders are listed and at most `limit` files read.
    public convenience init(swiftFilesIn folder: String, limit: Int = 20_000) {
        let fileSystem = FileSystem(observed: false)
        fileSystem.confine(to: folder)
        self.init(files: { stopped in
            var folders = 0
            let files = fileSystem.walk(folder) { directory in
                folders += 1
                return !stopped() && folders < limit && ProjectLoader.searchesInside(directory)
            }
            return Array(files.filter { $0.pathExtension == "swift" }.prefix(limit))
        }, load: { try? fileSystem.readSwiftSource($0) })
    }

    /// Reads, scans and parses `files` ahead (see `ScanAhead`), through a file system of its own confined to
    /// `folder` and telling no observer: for a file edited since the previous run parsed it.
    public convenience init(parsing files: [String], in folder: String) {
        let fileSystem = FileSystem(observed: false)
        fileSystem.confine(to: folder)
        self.init(files: { _ in files }, load: { try? fileSystem.readSwiftSource($0) }, parsesEvery: true)
    }
}
