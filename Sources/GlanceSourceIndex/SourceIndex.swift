import Foundation

/// The Swift sources of a project, parsed as far as Glance needs them.
///
/// Every file is read and scanned (`FileTokens`); a file is parsed with SwiftParser when its code mentions a
/// framework name Glance checks (`triggerWords`; `FileTokens.codeMentions`: not in comments, string literals'
/// text or as a declared name), has an `@main` attribute or a `"group.…"` string, or
/// conforms to a project protocol or class that itself refines one (found by iterating to a fixed point).
/// Other files are parsed on demand, when the surface model asks for a declaration they contain
/// (`types(named:)`, `globals(named:)`) or for the files that mention a word (`files(mentioning:)`).
/// Eager parsing runs on all cores.
public final class SourceIndex: @unchecked Sendable {
    /// All files, sorted (absolute paths for a project; any keys for in-memory sources).
    public let paths: [String]
    /// Files that were not read or not parsed, with the reason as a phrase (`not read: it is 9 MiB, over …`,
    /// `not parsed: more than 128 brackets nested (line 3), …`). They are left out of everything else.
    public private(set) var unreadable: [String: String] = [:]
    /// The files of `unreadable` that do not exist (`SourceLoadError.isMissing`).
    public private(set) var missing: Set<String> = []
    /// Files that were read with replacement characters because they are not valid UTF-8.
    public private(set) var notUTF8: [String] = []

    /// Project protocols, classes and type aliases that refine a framework type in `triggerWords`,
    /// directly or through each other. Only these can lead a type to a framework protocol.
    public private(set) var refiningTypeNames: Set<String> = []

    private let lock = NSLock()
    private var tokens: [String: FileTokens] = [:]
    /// The text of every file read and not refused by the parse guard, kept for parsing it later without
    /// reading and checking it again.
    private var texts: [String: String] = [:]
    private var parsed: [String: FileIndex] = [:]
    private let load: Loader
    private let parseGuard: ParseGuard
    private var typeOwners: [String: [String]] = [:]
    private var extensionOwners: [String: [String]] = [:]
    private var aliasOwners: [String: [String]] = [:]
    private var functionOwners: [String: [String]] = [:]
    private var extensionFunctionOwners: [String: [String]] = [:]
    private var topLevelTypeOwners: [String: [String]] = [:]
    private var primaryCache: [String: [TypeDecl]] = [:]
    private var extensionCache: [String: [TypeDecl]] = [:]
    private var globalOwners: [String: [String]] = [:]
    /// Results kept between runs (nil: none). Per file, the cache key of its text, the entry as this run knows it,
    /// the declarations the cache had (used instead of parsing, when the file is parsed), and which entries this
    /// run added to or changed (stored by `saveCache`).
    private let cache: (any SourceIndexCache)?
    /// The cache's preparation under way (`prepareCache`), signalled when it ends, and whether it was asked to stop.
    private var preparation: DispatchSemaphore?
    private var preparationStopped = false
    private let progress: Progress?
    private var cacheContext: String { "source index \(Self.cacheFormat); parse guard \(parseGuard.limits)" }
    /// What a `SourceCacheEntry` means: raise it whenever the scan (`FileTokens`), the parse guard's checks or
    /// the extractor (`FileIndex`) give other results for the same text, so entries written before are not used.
    /// (2: the parse guard counts quote runs and nesting without brackets; long operator sequences stay flat.
    /// 3: the scan finds the framework names written in code, `FileTokens.codeMentions`. 4: it finds top-level
    /// type names, extension functions and `UserDefaults` receivers: `FileTokens.topLevelTypeNames`,
    /// `extensionFunctionNames`, `storeReceivers`. 5: sets of names are coded with a space after each name, words
    /// sorted by their bytes. 6: `@available` attributes keep their platforms and versions as arguments. 7: a
    /// `switch`'s cases inside `#if` are cases of the switch, with the clause's condition. 8: `kAEGetURL` is a trigger
    /// word, so `codeMentions` holds it.)
    public static let cacheFormat = 8
    private var cacheKeys: [String: String] = [:]
    private var cacheEntries: [String: SourceCacheEntry] = [:]
    private var cachedIndexes: [String: FileIndex] = [:]
    /// Files parsed ahead of being asked for (see `likelyParsed`), not yet asked for.
    private var preparsed: [String: FileIndex] = [:]
    private let likelyParsed: Set<String>
    private let readAhead: ScanAhead?
    private var changedEntries: Set<String> = []
    /// The `// glance:` comments of each file read, from its own text (see `directiveComments`).
    private var directives: [String: [LineComment]] = [:]
    /// Files whose scan came from the cache without declarations: the parse guard is asked before they are parsed.
    private var unguarded: Set<String> = []
    /// Files whose scan came from the cache, and files parsed (declarations from the cache, or by SwiftParser).
    public private(set) var cacheHits = 0
    private var parsedFromCache = 0

    /// Framework names whose mention makes a file worth parsing. Module names are not among them: a file
    /// that imports WidgetKit but names none of these types (an `AppEntity`, a timeline entry) has nothing
    /// to check, and anything it declares that a surface uses is parsed on demand.
    public static let triggerWords: Set<String> = [
        "Widget", "WidgetBundle", "ControlWidget", "WidgetConfiguration", "ControlWidgetConfiguration",
        "StaticConfiguration", "AppIntentConfiguration", "IntentConfiguration", "ActivityConfiguration",
        "StaticControlConfiguration", "AppIntentControlConfiguration", "ControlWidgetToggle", "ControlWidgetButton",
        "ControlValueProvider", "AppIntentControlValueProvider", "TimelineProvider", "AppIntentTimelineProvider",
        "IntentTimelineProvider", "AppIntent", "SetValueIntent", "OpenIntent", "LiveActivityIntent",
        "LiveActivityStartingIntent", "AudioPlaybackIntent", "ForegroundContinuableIntent", "PushToTalkTransmissionIntent",
        "WidgetConfigurationIntent", "ControlConfigurationIntent", "OpenURLIntent", "ActivityAttributes", "Activity",
        "ActivityContent", "AlarmManager", "AlarmAttributes", "AlarmMetadata", "AlarmPresentation", "WidgetCenter",
        "ControlCenter", "suiteName", "containerURL", "forSecurityApplicationGroupIdentifier", "onOpenURL",
        "onContinueUserActivity", "openURLContexts", "urlContexts", "OpenURLOptionsKey", "restorationHandler",
        "NSUserActivityTypeLiveActivity", "UIApplicationDelegate", "UIWindowSceneDelegate", "UIApplicationDelegateAdaptor",
        "handGestureShortcut", "widgetURL", "DynamicIsland", "ActivityViewContext", "UIApplicationMain", "FlutterAppDelegate",
        "RCTAppDelegate", "EXAppDelegateWrapper", "ExpoAppDelegate", "NSApplicationDelegate", "NSApplicationDelegateAdaptor",
        "AppShortcutsProvider", "kAEGetURL",
    ]

    /// Reads a file's text. It throws `SourceLoadError` (or any error) when the file is not read.
    public typealias Loader = @Sendable (String) throws -> String

    /// Why a file was not read, as a phrase (`not read: it is a FIFO (named pipe), not a regular file`).
    public struct SourceLoadError: Error, Sendable {
        public let reason: String
        /// The file does not exist (a project lists a file the checkout lacks: a gitignored secrets or generated file).
        public let isMissing: Bool
        public init(reason: String, isMissing: Bool = false) {
            self.reason = reason
            self.isMissing = isMissing
        }
    }

    /// Indexes in-memory sources (path → text), e.g. rule examples.
    public convenience init(sources: [String: String], parseGuard: ParseGuard = ParseGuard(limits: ParseGuard.currentLimits)) {
        self.init(paths: Array(sources.keys), parseGuard: parseGuard, load: { path in
            guard let text = sources[path] else { throw SourceLoadError(reason: "not read: no such source") }
            return text
        })
    }

    /// Indexes the files `load` reads. A file that is not read, or that `parseGuard` refuses, is left out and
    /// listed in `unreadable`.
    ///
    /// With a `cache`, a file whose text the cache holds is neither scanned nor checked again, and its declarations
    /// come from the cache when it is parsed; `saveCache()` stores what this run worked out. The index is the same
    /// with or without a cache: which files are parsed, and everything built from them, is decided on every run.
    ///
    /// `likelyParsed` names files an earlier run parsed: one of them that the cache does not hold parsed (it was
    /// edited since) is parsed while the other files are scanned, and that parse is used if the run asks for the
    /// file. It changes only when the work is done, never what is parsed.
    ///
    /// `readAhead` reads files ahead of the index (`ScanAhead`): a file read now with the same bytes is not scanned
    /// or parsed again; it is stopped once every file is read.
    public init(paths: [String], parseGuard: ParseGuard = ParseGuard(limits: ParseGuard.currentLimits), cache: (any SourceIndexCache)? = nil,
                progress: Progress? = nil, likelyParsed: Set<String> = [], readAhead: ScanAhead? = nil, load: @escaping Loader) {
        self.likelyParsed = likelyParsed
        self.readAhead = readAhead
        self.paths = paths.sorted()
        self.load = load
        self.parseGuard = parseGuard
        self.cache = cache
        self.progress = progress
        progress?.start(files: paths.count)
        scanAll()
        readAhead?.stop()
        DebugTime.mark("scanned \(paths.count) files")
        var words = Self.triggerWords
        defer { refiningTypeNames = words.subtracting(Self.triggerWords) }
        var candidates = self.paths.filter { path in tokens[path].map(Self.isParsedEagerly) ?? false }
        // Parse, then follow project protocols, aliases and classes that refine a framework type, until no
        // new refining name appears (a refinement may itself be refined in a file already parsed).
        while true {
            if Self.logsParses {
                FileHandle.standardError.write(candidates.map { path in
                    let reasons = tokens[path].map { $0.codeMentions.union($0.words.intersection(words.subtracting(Self.triggerWords))).sorted()
                        + ($0.attributes.contains("main") ? ["@main"] : [])
                        + ($0.strings.contains { $0.hasPrefix("group.") } ? ["\"group.…\""] : []) } ?? []
                    return "eager parse \(path) (\(reasons.joined(separator: ", ")))\n"
                }.joined().data(using: .utf8)!)
            }
            parseAll(candidates)
            DebugTime.mark("parsed \(candidates.count) files eagerly")
            let newWords = refiningNames(of: words).subtracting(words)
            if newWords.isEmpty { break }
            words.formUnion(newWords)
            candidates = self.paths.filter { parsed[$0] == nil && !(tokens[$0]?.words.isDisjoint(with: newWords) ?? true) }
        }
    }

    /// Whether a file is parsed whatever the project declares: its code names a framework Glance checks, it holds
    /// the app's `@main`, or it writes an App Group id.
    static func isParsedEagerly(_ tokens: FileTokens) -> Bool {
        !tokens.codeMentions.isEmpty || tokens.attributes.contains("main") || tokens.strings.contains { $0.hasPrefix("group.") }
    }

    // MARK: - Reading

    /// Reads and scans every file on all cores (from the cache when it holds the text). A file that is parsed
    /// eagerly, or that an earlier run parsed (`likelyParsed`), and whose declarations the cache does not hold, is
    /// parsed right after its scan, while other cores still scan.
    private func scanAll() {
        let paths = self.paths
        let load = self.load
        let parseGuard = self.parseGuard
        let cache = self.cache
        let context = cacheContext
        let progress = self.progress
        let likelyParsed = self.likelyParsed
        let readAhead = self.readAhead
        // The parse of a file read now, not held parsed by the cache, made while other files are scanned: for one
        // that is parsed eagerly (recorded as parsed), or one an earlier run parsed (kept until asked for).
        let parseAhead = { @Sendable (path: String, text: String, tokens: FileTokens?) -> FileIndex? in
            guard let tokens, Self.isParsedEagerly(tokens) || likelyParsed.contains(path) else { return nil }
            return Extractor.index(source: text, path: path)
        }
        // Whether a cached entry's verdicts hold for this text (a cache is a folder anyone who can write it may fill):
        // a refusal is checked against the parse guard (a cheap check, and rare), and so is a scan the run is about
        // to parse, since SwiftParser must never see text the guard refuses.
        let entryHolds = { @Sendable (entry: SourceCacheEntry, path: String, text: String) -> Bool in
            if let refusal = entry.refusal { return parseGuard.refusal(text) == refusal }
            guard entry.index == nil, let tokens = entry.tokens, Self.isParsedEagerly(tokens) || likelyParsed.contains(path) else { return true }
            return parseGuard.refusal(text) == nil
        }
        typealias Scanned = (key: String?, entry: SourceCacheEntry, hit: Bool, text: String, parsed: FileIndex?)
        // Files an earlier run parsed go first: one edited since is parsed while the other cores scan the rest.
        let order = paths.indices.filter { likelyParsed.contains(paths[$0]) } + paths.indices.filter { !likelyParsed.contains(paths[$0]) }
        let scannedInOrder = concurrentMap(paths.count) { position -> Result<Scanned, SourceLoadError>? in
            let index = order[position]
            let text: String
            defer { progress?.read() }
            do { text = try load(paths[index]) } catch {
                return .failure((error as? SourceLoadError) ?? SourceLoadError(reason: "not read: \(error)"))
            }
            var key: String?
            if let cache {
                let found = cache.lookup(text: text, context: context, path: paths[index])
                key = found.key
                // An entry holds a refusal or a scan; one with neither, or whose verdict the text does not bear out, is
                // not used.
                if let entry = found.entry, entry.refusal != nil || entry.tokens != nil, entryHolds(entry, paths[index], text) {
                    return .success((key, entry, true, text, entry.index == nil ? parseAhead(paths[index], text, entry.tokens) : nil))
                }
            }
            if let done = readAhead?.claim(paths[index]), done.isFor(text) {
                let entry = SourceCacheEntry(refusal: done.refusal, tokens: done.tokens, replaced: done.replaced, index: nil)
                let parsed = done.parsed ?? parseAhead(paths[index], text, done.tokens)
                return .success((key, entry, false, done.refusal == nil ? text : "", parsed))
            }
            if let refusal = parseGuard.refusal(text) {
                return .success((key, SourceCacheEntry(refusal: refusal, tokens: nil, replaced: false, index: nil), false, "", nil))
            }
            let tokens = FileTokens(scanning: text)
            return .success((key, SourceCacheEntry(refusal: nil, tokens: tokens, replaced: Self.holdsReplacementCharacter(text), index: nil), false, text,
                             parseAhead(paths[index], text, tokens)))
        }
        lock.lock(); defer { lock.unlock() }
        var scanned = [Result<Scanned, SourceLoadError>?](repeating: nil, count: paths.count)
        for (position, index) in order.enumerated() { scanned[index] = scannedInOrder[position] }
        for (index, path) in paths.enumerated() {
            let result: Scanned
            switch scanned[index] {
            case .success(let value)?: result = value
            case .failure(let error)?:
                unreadable[path] = error.reason
                if error.isMissing { missing.insert(path) }
                continue
            case nil: unreadable[path] = "not read: the file cannot be read"; continue
            }
            if let key = result.key {
                cacheKeys[path] = key
                cacheEntries[path] = result.entry
                if result.hit { cacheHits += 1 } else { changedEntries.insert(path) }
                if let file = result.entry.index { cachedIndexes[path] = file }
            }
            guard let fileTokens = result.entry.tokens, result.entry.refusal == nil else {
                unreadable[path] = result.entry.refusal ?? "not read: the file cannot be read"
                continue
            }
            if result.entry.replaced { notUTF8.append(path) }
            tokens[path] = fileTokens
            texts[path] = result.text
            // Suppressions change what is reported: taken from the file's own text, never from a cache entry.
            directives[path] = result.hit ? FileTokens.directiveComments(in: result.text) : fileTokens.directiveComments
            if result.hit && result.entry.index == nil && result.parsed == nil { unguarded.insert(path) }
            for name in fileTokens.typeNames { typeOwners[name, default: []].append(path) }
            for name in fileTokens.extendedNames { extensionOwners[name, default: []].append(path) }
            for name in fileTokens.aliasNames { aliasOwners[name, default: []].append(path) }
            for name in fileTokens.functionNames { functionOwners[name, default: []].append(path) }
            for name in fileTokens.extensionFunctionNames { extensionFunctionOwners[name, default: []].append(path) }
            for name in fileTokens.topLevelTypeNames { topLevelTypeOwners[name, default: []].append(path) }
            for name in fileTokens.topLevelNames { globalOwners[name, default: []].append(path) }
            if let file = result.parsed {
                if Self.isParsedEagerly(fileTokens) { recordParsed(file, path: path) } else { preparsed[path] = file }
            }
        }
    }

    /// Whether the text holds U+FFFD (bytes EF BF BD): a byte search, not Foundation's `contains`, which compares
    /// Unicode clusters and costs as much as the scan itself.
    static func holdsReplacementCharacter(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index + 2 < bytes.count {
                if bytes[index] == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBD { return true }
                index += 1
            }
            return false
        }
    }

    /// Records a parse this run made, for the cache (call with `lock` held).
    private func recordParsed(_ file: FileIndex, path: String) {
        if parsed[path] == nil { progress?.parsed() }
        parsed[path] = file
        preparsed[path] = nil
        guard cacheEntries[path] != nil else { return }
        if cachedIndexes[path] != nil { parsedFromCache += 1; return }
        cacheEntries[path]!.index = file
        changedEntries.insert(path)
    }

    /// Lets the cache prepare, on a thread of its own, the entries this run added or changed so far (while the
    /// surface model is built, which leaves cores idle); `saveCache` stops it and stores what it prepared, and
    /// encodes again the entries that changed since. Changes nothing but when the work is done.
    public func prepareCache() {
        guard let cache else { return }
        lock.lock()
        let todo = changedCacheEntries()
        guard !todo.isEmpty, preparation == nil else { lock.unlock(); return }
        let done = DispatchSemaphore(value: 0)
        preparation = done
        preparationStopped = false
        lock.unlock()
        let context = cacheContext
        // On a stack as deep as the workers' (`DeepStack.size`): encoding follows an entry's trees as deep as the
        // parse limits let them go. Without such a thread, nothing is prepared.
        let started = DeepStack.start(stackSize: DeepStack.size) { [self] in
            cache.prepare(todo, context: context) { lock.lock(); defer { lock.unlock() }; return preparationStopped }
            done.signal()
        }
        if !started { done.signal() }
    }

    /// The entries this run added or changed, by path, as the cache takes them (call with `lock` held).
    private func changedCacheEntries() -> [(key: String, path: String, entry: SourceCacheEntry)] {
        changedEntries.sorted().compactMap { path in cacheKeys[path].map { (key: $0, path: path, entry: cacheEntries[path]!) } }
    }

    /// Stores the entries this run added or changed in the cache (on all cores), then lets the cache bound its
    /// size. Call it once the run has asked for every file it needs: files parsed later are stored by the next
    /// call.
    public func saveCache() {
        guard let cache else { return }
        lock.lock()
        let preparing = preparation
        preparationStopped = true
        preparation = nil
        lock.unlock()
        preparing?.wait()
        lock.lock()
        let todo = changedCacheEntries()
        changedEntries.removeAll()
        lock.unlock()
        cache.store(todo, context: cacheContext)
        cache.finish()
    }

    /// How the cache served this run: files whose scan it held, files parsed from its declarations, and entries
    /// this run has still to store.
    public var cacheStatistics: (scanned: Int, parsed: Int, pending: Int) {
        lock.lock(); defer { lock.unlock() }
        return (cacheHits, parsedFromCache, changedEntries.count)
    }

    private func parseAll(_ candidates: [String]) {
        lock.lock()
        let todo = candidates.filter { parsed[$0] == nil }
        let cachedIndexes = self.cachedIndexes
        let preparsed = todo.map { self.preparsed[$0] }
        let texts = todo.map { self.texts[$0] }
        lock.unlock()
        let results = concurrentMap(todo.count) { [self] index -> FileIndex? in
            if let file = cachedIndexes[todo[index]] ?? preparsed[index] { return file }
            guard let text = texts[index], passesGuard(todo[index], text) else { return nil }
            return Extractor.index(source: text, path: todo[index])
        }
        lock.lock()
        for (index, path) in todo.enumerated() { if let file = results[index] { recordParsed(file, path: path) } }
        lock.unlock()
    }

    /// `GLANCE_DEBUG_PARSE=1` logs each file parsed to standard error: eagerly, with the names that made it, or
    /// on demand (`GLANCE_DEBUG_PARSE=stack`: with the calls that asked for it), for finding what a rule makes
    /// Glance parse.
    public static let logsParses = ProcessInfo.processInfo.environment["GLANCE_DEBUG_PARSE"] != nil

    /// The calls that asked for a parse, when `GLANCE_DEBUG_PARSE=stack`; else empty.
    private static func parseLogStack() -> String {
        guard ProcessInfo.processInfo.environment["GLANCE_DEBUG_PARSE"] == "stack" else { return "" }
        return Thread.callStackSymbols.dropFirst(3).prefix(8).map { "    " + $0 + "\n" }.joined()
    }

    /// Several files, parsed on all cores when they are not yet, in the order given.
    private func parseBatch(_ paths: [String]) -> [FileIndex] {
        lock.lock()
        let todo = paths.filter { parsed[$0] == nil && tokens[$0] != nil }
        lock.unlock()
        if todo.count > 1 {
            if Self.logsParses {
                let stack = Self.parseLogStack()
                FileHandle.standardError.write(todo.map { "lazy parse \($0)\n\(stack)" }.joined().data(using: .utf8)!)
            }
            parseAll(todo)
        }
        return paths.compactMap(parse)
    }

    private func parse(_ path: String) -> FileIndex? {
        lock.lock()
        if let file = parsed[path] { lock.unlock(); return file }
        let ready = preparsed[path]
        lock.unlock()
        guard tokens[path] != nil else { return nil }
        let file: FileIndex
        if let cached = cachedIndexes[path] ?? ready {
            file = cached
        } else {
            guard let text = texts[path], passesGuard(path, text) else { return nil }
            if Self.logsParses { FileHandle.standardError.write("lazy parse \(path)\n\(Self.parseLogStack())".data(using: .utf8)!) }
            file = Extractor.index(source: text, path: path)
        }
        lock.lock(); recordParsed(file, path: path); lock.unlock()
        return file
    }

    /// Whether SwiftParser may parse `text`: always for a text this run scanned (the guard saw it then); for one
    /// whose scan came from the cache, the guard is asked now, and a text it refuses is not parsed but listed in
    /// `unreadable`, as if the run had scanned it.
    private func passesGuard(_ path: String, _ text: String) -> Bool {
        lock.lock()
        let unchecked = unguarded.remove(path) != nil
        lock.unlock()
        guard unchecked, let refusal = parseGuard.refusal(text) else { return true }
        lock.lock()
        unreadable[path] = refusal
        unguarded.insert(path)
        lock.unlock()
        return false
    }

    /// Names of parsed protocols, type aliases and classes whose supertypes include one of `words`.
    private func refiningNames(of words: Set<String>) -> Set<String> {
        var names: Set<String> = []
        for file in parsed.values {
            for type in file.types where type.kind == .protocol || type.kind == .class {
                if type.inheritedTypes.contains(where: { words.contains(TypeName.base($0)) }) { names.insert(type.name) }
            }
            for alias in file.globals + file.types.flatMap(\.members) where alias.kind == .typeAlias {
                if let aliased = alias.type, words.contains(TypeName.base(aliased)) { names.insert(alias.name) }
            }
        }
        return names
    }

    // MARK: - Queries

    /// The parsed files, sorted by path.
    public var parsedFiles: [FileIndex] {
        lock.lock(); defer { lock.unlock() }
        return parsed.keys.sorted().map { parsed[$0]! }
    }

    /// Files parsed ahead (`likelyParsed`) and not asked for yet, sorted (for tests).
    var parsedAhead: [String] {
        lock.lock(); defer { lock.unlock() }
        return preparsed.keys.sorted()
    }

    /// The paths of the files parsed so far, sorted.
    public var parsedPaths: [String] {
        lock.lock(); defer { lock.unlock() }
        return parsed.keys.sorted()
    }

    /// The index of one file, parsing it if needed; nil when it cannot be read.
    public func file(_ path: String) -> FileIndex? { parse(path) }

    /// How many files were parsed so far, of how many.
    public var parseCount: (parsed: Int, total: Int) {
        lock.lock(); defer { lock.unlock() }
        return (parsed.count, paths.count)
    }

    /// Parses every file (for measuring what the prefilter saves, and for checking it loses nothing).
    public func parseEverything() { parseAll(paths.filter { tokens[$0] != nil }) }

    /// Primary declarations (not extensions) and type aliases whose simple or qualified name is `name`
    /// (`Provider`, `TimerToggle.Provider`). Only files that declare that name are parsed.
    public func primaryTypes(named name: String) -> [TypeDecl] {
        lock.lock()
        if let cached = primaryCache[name] { lock.unlock(); return cached }
        lock.unlock()
        let result = primaryTypes(named: name, in: { _ in true })
        lock.lock(); primaryCache[name] = result; lock.unlock()
        return result
    }

    /// `primaryTypes(named:)` among the files `visible` accepts: only those are parsed.
    public func primaryTypes(named name: String, in visible: (String) -> Bool) -> [TypeDecl] {
        let dotted = name.contains(Character("."))
        let simple = dotted ? String(name[name.index(after: name.lastIndex(of: ".")!)...]) : name
        var owners = typeOwners[simple] ?? []
        if dotted {
            // `Outer.Inner` lives in a file that declares or extends `Outer`.
            let outer = String(name[..<name.firstIndex(of: ".")!])
            let outerFiles = Set((typeOwners[outer] ?? []) + (extensionOwners[outer] ?? []))
            owners = owners.filter(outerFiles.contains)
        }
        return parseBatch(owners.filter(visible).sorted()).flatMap { file in
            file.types(named: name).filter { $0.kind != .extension && ($0.qualifiedName == name || (!dotted && $0.name == name)) }
        }
    }

    /// Extensions of a type, written with its simple or qualified name.
    public func extensions(of qualifiedName: String) -> [TypeDecl] {
        lock.lock()
        if let cached = extensionCache[qualifiedName] { lock.unlock(); return cached }
        lock.unlock()
        let result = extensions(of: qualifiedName, in: { _ in true })
        lock.lock(); extensionCache[qualifiedName] = result; lock.unlock()
        return result
    }

    /// `extensions(of:)` among the files `visible` accepts: only those are parsed.
    public func extensions(of qualifiedName: String, in visible: (String) -> Bool) -> [TypeDecl] {
        let parts = qualifiedName.split(separator: ".").map(String.init)
        let first = parts.first ?? qualifiedName, simple = parts.last ?? qualifiedName
        let owners = Set((extensionOwners[first] ?? []) + (extensionOwners[simple] ?? [])).filter(visible)
        return parseBatch(owners.sorted()).flatMap { file in
            Self.extensions(in: file, qualifiedName: qualifiedName, simple: simple)
        }
    }

    /// Extensions of a type among the files parsed so far (parses nothing). Extensions that add a
    /// conformance to a framework protocol mention it, so they are always among these.
    public func parsedExtensions(of qualifiedName: String, in visible: (String) -> Bool = { _ in true }) -> [TypeDecl] {
        let parts = qualifiedName.split(separator: ".").map(String.init)
        let first = parts.first ?? qualifiedName, simple = parts.last ?? qualifiedName
        lock.lock(); defer { lock.unlock() }
        return Set((extensionOwners[first] ?? []) + (extensionOwners[simple] ?? [])).filter(visible).sorted().compactMap { parsed[$0] }.flatMap { file in
            Self.extensions(in: file, qualifiedName: qualifiedName, simple: simple)
        }
    }

    /// Extensions in a file written with the simple or the qualified name, in the order of `FileIndex.types`.
    private static func extensions(in file: FileIndex, qualifiedName: String, simple: String) -> [TypeDecl] {
        file.types(namedAnyOf: [qualifiedName, simple]).filter { $0.kind == .extension && ($0.name == qualifiedName || $0.name == simple) }
    }

    /// Functions with this name declared in extensions (`extension View { func widgetBackground() … }`),
    /// with the extended type.
    public func extensionFunctions(named name: String, in visible: (String) -> Bool = { _ in true }) -> [(extended: String, function: Member)] {
        parseBatch((extensionFunctionOwners[name] ?? []).filter(visible).sorted()).flatMap { $0.extensionFunctions(named: name) }
    }

    /// Primary declarations (not extensions) and type aliases named `name` at the top level of a file (the ones
    /// that shadow a framework type of that name). Only files that declare the name at the top level are parsed.
    public func topLevelTypes(named name: String, in visible: (String) -> Bool = { _ in true }) -> [TypeDecl] {
        parseBatch((topLevelTypeOwners[name] ?? []).filter(visible).sorted()).flatMap { file in
            file.types(named: name).filter { $0.kind != .extension && $0.qualifiedName == name }
        }
    }

    /// Parses, in one batch on all cores, the files that declare any of these names at the top level (for a
    /// caller about to look several up: `topLevelTypes(named:)` then finds them parsed).
    public func prefetchTopLevelTypes(_ names: some Collection<String>) {
        let owners = Set(names.flatMap { topLevelTypeOwners[$0] ?? [] })
        if owners.count > 1 { _ = parseBatch(owners.sorted()) }
    }

    /// Type aliases named `name` at the top level of a file; only files that declare the name there are parsed.
    public func topLevelTypeAliases(named name: String, in visible: (String) -> Bool = { _ in true }) -> [Member] {
        parseBatch((aliasOwners[name] ?? []).filter { visible($0) && tokens[$0]?.topLevelTypeNames.contains(name) == true }.sorted())
            .flatMap { $0.typeAliases(named: name) }.filter { $0.owner == nil }.map(\.alias)
    }

    /// Type aliases with this name, at top level or inside a type (`typealias Foo = Bar`).
    public func typeAliases(named name: String, in visible: (String) -> Bool = { _ in true }) -> [(owner: String?, alias: Member)] {
        parseBatch((aliasOwners[name] ?? []).filter(visible).sorted()).flatMap { $0.typeAliases(named: name) }
    }

    /// Whether a file that declares or extends this type (`Name` or `Outer.Name`) declares a property or function
    /// named `member` (`var body`, `func helper`; with `computedOnly`, not a `let`), without parsing anything.
    /// True whenever a type alias has the type's name (the member may be the aliased type's).
    public func typeMayDeclare(_ name: String, member: String, computedOnly: Bool = false, in visible: (String) -> Bool = { _ in true }) -> Bool {
        let parts = name.split(separator: ".").map(String.init)
        let first = parts.first ?? name, simple = parts.last ?? name
        if aliasOwners[simple] != nil || aliasOwners[first] != nil { return true }
        func declares(_ path: String) -> Bool {
            guard visible(path), let tokens = tokens[path] else { return false }
            return tokens.functionNames.contains(member) || (computedOnly ? tokens.variableNames : tokens.propertyNames).contains(member)
        }
        return [typeOwners[simple], extensionOwners[simple], extensionOwners[first]].contains { $0?.contains(where: declares) == true }
    }

    /// Whether a file that declares or extends this type name mentions any of `words` (without parsing).
    public func typeMayMention(_ name: String, anyOf words: Set<String>) -> Bool {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        return ((typeOwners[simple] ?? []) + (extensionOwners[simple] ?? [])).contains { !(tokens[$0]?.words.isDisjoint(with: words) ?? true) }
    }

    /// Whether some file declares a type alias or type with this simple name (without parsing anything).
    public func mayDeclareType(_ simpleName: String) -> Bool { typeOwners[simpleName] != nil }

    /// Top-level declarations named `name`.
    public func globals(named name: String, in visible: (String) -> Bool = { _ in true }) -> [Member] {
        parseBatch((globalOwners[name] ?? []).filter(visible).sorted()).flatMap { $0.globals(named: name) }
    }

    /// Files among `paths` with an attribute (`_exported` for `@_exported import`), parsed; found by the scan.
    public func files(among paths: [String], withAttribute attribute: String) -> [FileIndex] {
        parseBatch(paths.filter { tokens[$0]?.attributes.contains(attribute) ?? false })
    }

    /// The `// glance:` comments of every file that has some (`FileTokens.directiveComments`), by path. Comes
    /// from the scan every file gets; no file is read again.
    public var directiveComments: [String: [LineComment]] {
        lock.lock(); defer { lock.unlock() }
        return directives.filter { !$0.value.isEmpty }
    }

    /// Whether a file's text contains the word (an identifier, or a word inside a string or comment); nothing is
    /// parsed.
    public func mentions(_ word: String, in path: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return tokens[path]?.words.contains(word) ?? false
    }

    /// The type names a file declares (`struct`, `class`, `enum`, `actor`, `protocol`, `typealias`, at any depth),
    /// from its scan; nothing is parsed. Empty for a file that was not read.
    public func declaredTypeNames(in path: String) -> Set<String> {
        lock.lock(); defer { lock.unlock() }
        return tokens[path]?.typeNames ?? []
    }

    /// Whether a file's text contains any of the words (identifiers, or words inside strings or comments); nothing
    /// is parsed.
    public func mentionsAny(of words: Set<String>, in path: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard let mentioned = tokens[path]?.words else { return false }
        return !mentioned.isDisjoint(with: words)
    }

    /// Files whose text contains the word (an identifier, or a word inside a string or comment), parsed.
    public func files(mentioning word: String) -> [FileIndex] {
        parseBatch(paths.filter { tokens[$0]?.words.contains(word) ?? false })
    }

    /// The files parsed so far whose text contains all the words (none is parsed for it).
    public func parsedFiles(mentioningAll words: Set<String>) -> [FileIndex] {
        lock.lock(); defer { lock.unlock() }
        return parsed.keys.sorted().compactMap { path in tokens[path]?.words.isSuperset(of: words) == true ? parsed[path] : nil }
    }

    /// Files whose text contains all the words, parsed.
    public func files(mentioningAll words: Set<String>) -> [FileIndex] {
        parseBatch(paths(mentioningAll: words))
    }

    /// These files, parsed (on all cores), in the order given; files that are not read are left out.
    public func files(at paths: [String]) -> [FileIndex] { parseBatch(paths) }

    /// The paths of the files whose text contains all the words, sorted; nothing is parsed.
    public func paths(mentioningAll words: Set<String>) -> [String] {
        paths.filter { tokens[$0].map { $0.words.isSuperset(of: words) } ?? false }
    }

    /// Which of `paths` hold `fragment` in their text (comments and strings included; a file not read holds
    /// nothing), in the order given; nothing is parsed. A byte search, for a spelling the word scan does not keep
    /// (`#available` apart from `@available`).
    public func paths(_ paths: [String], containingText fragment: String) -> [String] {
        paths.filter { texts[$0]?.contains(fragment) ?? false }
    }

    /// Files that call a `UserDefaults` method with a key on a property of this name (`prefs.set(…, forKey:)`;
    /// `FileTokens.storeReceivers`), and mention `owner` when given (`AppGroup` for `AppGroup.defaults`), among
    /// those `included` accepts, parsed.
    public func files(callingDefaultsMethodsOn property: String, mentioning owner: String? = nil,
                      in included: (String) -> Bool = { _ in true }) -> [FileIndex] {
        parseBatch(paths.filter { path in
            guard let tokens = tokens[path] else { return false }
            return tokens.storeReceivers.contains(property) && tokens.words.contains("forKey") && owner.map(tokens.words.contains) != false
                && included(path)
        })
    }

    /// Files with a string literal equal to `text`, parsed.
    public func files(containingString text: String) -> [FileIndex] {
        parseBatch(paths.filter { tokens[$0]?.strings.contains(text) ?? false })
    }
}

extension SourceIndex {
    /// How far an index has got, for a progress line: files read (of how many), files parsed. Safe to read from
    /// another thread while the index works.
    public final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var counts = (read: 0, total: 0, parsed: 0)

        public init() {}

        /// Files read so far, of how many; files parsed so far.
        public var current: (read: Int, total: Int, parsed: Int) {
            lock.lock(); defer { lock.unlock() }
            return counts
        }

        func start(files: Int) { lock.lock(); counts.total += files; lock.unlock() }
        func read() { lock.lock(); counts.read += 1; lock.unlock() }
        func parsed() { lock.lock(); counts.parsed += 1; lock.unlock() }
    }
}

/// Measurement helpers for the benchmark script (`glance debug …`).
public enum ParseBenchmark {
    /// Parses every file with SwiftParser only (no extraction), on all cores; returns the number parsed.
    public static func parseOnly(paths: [String], load: @escaping SourceIndex.Loader) -> Int {
        let parseGuard = ParseGuard(limits: ParseGuard.currentLimits)
        return concurrentMap(paths.count) { index -> Bool? in
            guard let text = try? load(paths[index]), parseGuard.refusal(text) == nil else { return nil }
            return Extractor.parseOnly(text)
        }.compactMap { $0 }.count
    }
}
