/// What the source index derives from one file's text alone — the parse guard's verdict, the lexical scan and,
/// once some run has parsed the file, its declarations — kept between runs by a `SourceIndexCache`, so that an
/// unchanged file is neither scanned nor parsed again. Nothing in it depends on other files or on the project:
/// everything that does (which files are parsed, names, targets, rules) is worked out again on every run.
public struct SourceCacheEntry: Sendable, Codable {
    /// Why the parse guard refuses the text (`not parsed: …`); the entry then holds nothing else.
    public var refusal: String?
    /// The lexical scan (nil when refused).
    public var tokens: FileTokens?
    /// The text holds U+FFFD: the file was read with replacement characters because it is not valid UTF-8.
    public var replaced: Bool
    /// The declarations, when a run has parsed the file (with `CodingUserInfoKey.sourceFile` when coded).
    public var index: FileIndex?

    public init(refusal: String?, tokens: FileTokens?, replaced: Bool, index: FileIndex?) {
        self.refusal = refusal
        self.tokens = tokens
        self.replaced = replaced
        self.index = index
    }
}

/// Where a `SourceIndex` keeps `SourceCacheEntry`s between runs, by the file's text (never by its path or
/// modification time). An implementation must be safe to call from several threads at once, and must treat
/// anything it cannot read back as a miss: the index then works the entry out again and stores it.
public protocol SourceIndexCache: Sendable {
    /// The entry stored for `text` under `context` (everything besides the text the entry depends on, such as
    /// the parse guard's limits), decoded for the file at `path`; its key is what `store` takes.
    func lookup(text: String, context: String, path: String) -> (key: String, entry: SourceCacheEntry?)
    /// Stores an entry under the key `lookup` gave for the same `context`, for the file at `path`. Never throws: a
    /// cache that cannot be written is only slower.
    func store(_ entry: SourceCacheEntry, key: String, context: String, path: String)
    /// Stores the entries a run added or changed, all under `context` (on all cores; a cache may keep many of them
    /// together). The default stores each with `store`.
    func store(_ entries: [(key: String, path: String, entry: SourceCacheEntry)], context: String)
    /// Works out on the calling thread, ahead of `store`, what storing these entries takes (encoding them), while
    /// the run does other work; `store` uses that only for the very same entry. Stops early when `stop` says so.
    /// The default does nothing.
    func prepare(_ entries: [(key: String, path: String, entry: SourceCacheEntry)], context: String, stop: () -> Bool)
    /// Called once a run has stored what it will store (for a bound on the cache's size).
    func finish()
}

extension SourceIndexCache {
    public func prepare(_ entries: [(key: String, path: String, entry: SourceCacheEntry)], context: String, stop: () -> Bool) {}

    public func store(_ entries: [(key: String, path: String, entry: SourceCacheEntry)], context: String) {
        _ = concurrentMap(entries.count) { index -> Bool? in
            store(entries[index].entry, key: entries[index].key, context: context, path: entries[index].path)
            return true
        }
    }
}
