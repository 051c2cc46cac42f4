import Foundation
import GlanceProject
import GlanceSourceIndex
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Glance's cache of what the source index works out from each Swift file alone (`SourceCacheEntry`), in a
/// folder: one file per entry, `sources-v1/ab/abcd…` under the cache folder, named by the SHA-256 of Glance's
/// version, the SwiftSyntax it was built with, the parse guard's limits and the file's text. A file's path and
/// modification time are no part of the key, so a cache restored into a fresh checkout (in another folder, with
/// new modification times) is used as it is.
///
/// - Safe to share between threads, and between processes: an entry is written to a temporary file in its
///   folder and renamed over the entry, so a reader sees a whole entry or none.
/// - Anything that cannot be read back as an entry of this version for this text — a truncated or corrupt file,
///   another version's, something that is not a regular file, more than `maximumEntryBytes` — is a miss, and the
///   entry is written again. The cache never fails a run: a folder that cannot be written only makes it slower.
/// - Bounded: after a run that wrote entries, the least recently used entries are removed until the entries take
///   at most `maximumBytes` (an entry read is marked used at most once a day); once per run (`finish()`).
/// - A run that stores many entries at once (`packThreshold`: a first run, a new branch) writes them into one
///   file, a pack (`sources-v1/packs/<name>.pack`), since creating a file per entry costs much of a first run's
///   time on some file systems (ext4: about 0.4 ms of system time each); a pack is written, marked used and
///   removed as a whole, and an entry in a file of its own wins over a packed one without declarations.
public final class SourceCache: SourceIndexCache, @unchecked Sendable {
    /// The cache folder (`--cache-path`, or `defaultFolder`); entries are in `entriesFolder`.
    public let folder: String
    /// `folder/sources-v1`: the entries, in 256 subfolders by the key's first two digits.
    public let entriesFolder: String
    /// `folder/records-v1`: the records of runs and of project models (`RunRecord`, `ProjectRecord`), laid out
    /// the same way.
    public let recordsFolder: String
    /// What the entries hold besides the file's text: Glance's version and the SwiftSyntax it was built with.
    public let salt: String
    /// The most bytes the entries may take after a run (default `defaultMaximumBytes`).
    public let maximumBytes: Int

    /// 512 MiB: about ten runs of a 20,000-file app (an entry is a few kilobytes, tens for a parsed file).
    public static let defaultMaximumBytes = 512 << 20
    /// An entry longer than this (64 MiB) is not read: the declarations of a 4 MiB source (the largest Glance reads)
    /// take far less.
    public static let maximumEntryBytes = 64 << 20
    /// The entry format; a new one gets a new folder (`sources-v2`), and the old one is left to be deleted.
    static let format = 1

    /// A run that stores at least this many entries writes them into packs (default `defaultPackThreshold`).
    public let packThreshold: Int
    /// 64 entries.
    public static let defaultPackThreshold = 64

    private let lock = NSLock()
    private var madeFolders: Set<String> = []
    /// Entries encoded ahead (`prepare`), by key and path.
    private var prepared: [String: (data: Data, context: String, parsed: Bool)] = [:]
    private var wrote = false
    /// Whether `finish()` has bounded the cache: it does so once (listing every entry costs a run on a large app
    /// several milliseconds); what is written after, such as the run's record, is counted by the next run.
    private var evicted = false

    /// - Parameters:
    ///   - folder: the cache folder; created when the first entry is written.
    ///   - identity: what else the entries depend on (`Glance 0.2.0; SwiftSyntax 603 …`).
    ///   - packThreshold: from how many entries a run's entries go into a pack.
    public init(folder: String, identity: String, maximumBytes: Int = SourceCache.defaultMaximumBytes,
                packThreshold: Int = SourceCache.defaultPackThreshold) {
        var folder = folder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        self.folder = folder
        entriesFolder = folder + "/sources-v\(Self.format)"
        recordsFolder = folder + "/records-v\(Self.recordFormat)"
        salt = identity
        self.maximumBytes = maximumBytes
        self.packThreshold = packThreshold
    }

    /// The cache folder when none is given: `$XDG_CACHE_HOME/glance` when that is set (an absolute path), else
    /// `~/Library/Caches/Glance` on macOS and `~/.cache/glance` elsewhere; nil without a `HOME`.
    public static func defaultFolder(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/glance" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        #if os(macOS)
        return home + "/Library/Caches/Glance"
        #else
        return home + "/.cache/glance"
        #endif
    }

    // MARK: - SourceIndexCache

    public func lookup(text: String, context: String, path: String) -> (key: String, entry: SourceCacheEntry?) {
        guard let key = ContentHash.sha256([Array(salt.utf8), [0], Array(context.utf8), [0], Array(text.utf8)]) else { return ("", nil) }
        let own = decode(entryData(key, in: entriesFolder), key: key, context: context, path: path)
        if let own, own.index != nil || own.refusal != nil { return (key, own) }
        // A packed entry, unless the entry of its own says as much: it may hold declarations a later run added.
        if let packed = decode(packedData(key), key: key, context: context, path: path), own == nil || packed.index != nil {
            return (key, packed)
        }
        return (key, own)
    }

    /// The entry stored as `data` for `key`, `context` and this identity; nil for anything else.
    private func decode(_ data: Data?, key: String, context: String, path: String) -> SourceCacheEntry? {
        guard let data = data.flatMap(Self.checked) else { return nil }
        let decoder = JSONDecoder()
        decoder.userInfo[.sourceFile] = path
        guard let stored = try? decoder.decode(StoredEntry.self, from: data), stored.format == Self.format, stored.key == key,
              stored.identity == salt, stored.context == context else { return nil }
        return stored.entry
    }

    /// An entry's bytes (nil: none, or not a regular file within `maximumEntryBytes`); marks it used.
    private func entryData(_ key: String, in entriesFolder: String) -> Data? {
        let shard = Self.shard(of: key, in: entriesFolder), file = shard + "/" + key
        guard key.count == 64, Self.isRealFolder(shard),
              let (data, modified) = Self.readRegularFile(file, limit: Self.maximumEntryBytes) else { return nil }
        if modified < Date().timeIntervalSince1970 - 86_400 { _ = utimes(file, nil) }   // used: keep it from eviction
        return data
    }

    public func store(_ entry: SourceCacheEntry, key: String, context: String, path: String) {
        guard key.count == 64, let data = encode(entry, key: key, context: context, path: path) else { return }
        storeData(data, key: key, in: entriesFolder)
    }

    /// Writes an entry's bytes atomically (a temporary file, renamed), readable by the owner only.
    private func storeData(_ data: Data, key: String, in entriesFolder: String) {
        guard key.count == 64, data.count <= Self.maximumEntryBytes else { return }
        let shard = Self.shard(of: key, in: entriesFolder)
        lock.lock()
        let made = madeFolders.contains(shard)
        lock.unlock()
        if !made {
            guard makeFolders([entriesFolder, shard]) else { return }
            lock.lock(); madeFolders.insert(shard); lock.unlock()
        }
        let temporary = shard + "/.\(key).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        guard writeAtomically(data, to: shard + "/" + key, through: temporary) else { return }
        lock.lock(); wrote = true; lock.unlock()
    }

    /// Why the first write into the cache failed this run, in the system's words (`permission denied`, `file too
    /// large` under a file-size limit); nil while every write worked. The cache goes on without what it could not
    /// write; a run tells a user who named the folder (`--cache-path`).
    public var writeProblem: String? {
        lock.lock(); defer { lock.unlock() }
        return firstWriteProblem
    }
    private var firstWriteProblem: String?

    private func noteWriteProblem(_ code: Int32) {
        lock.lock(); defer { lock.unlock() }
        if firstWriteProblem == nil { firstWriteProblem = FileSystem.errorText(code) }
    }

    /// Makes the cache folder when missing (with its parents), then `folders` one at a time; true when each is a
    /// folder itself. The cache folder may be reached through a link (a home folder on another disk); its own
    /// folders are used only when they are folders themselves, never a link's target.
    private func makeFolders(_ folders: [String]) -> Bool {
        if !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                lock.lock(); if firstWriteProblem == nil { firstWriteProblem = FileSystem.reason(of: error) }; lock.unlock()
                return false
            }
        }
        for folder in folders where !Self.makeRealFolder(folder) {
            noteWriteProblem(errno == EEXIST ? ENOTDIR : errno)
            return false
        }
        return true
    }

    /// Writes `data` into `temporary`, created here (O_EXCL: never through a link) and readable by the owner only
    /// (entries hold the files' strings), then renames it to `path`; false, with nothing left, when either fails
    /// (the reason noted). A file-size limit (`ulimit -f`) is one such failure: the process ignores SIGXFSZ, so
    /// the write fails with EFBIG and the entry is not cached.
    private func writeAtomically(_ data: Data, to path: String, through temporary: String) -> Bool {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { noteWriteProblem(errno); return false }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { failure = count < 0 ? errno : EIO; return }
                done += count
            }
        }
        close(descriptor)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else { unlink(temporary); noteWriteProblem(failure); return false }
        return true
    }

    public func store(_ entries: [(key: String, path: String, entry: SourceCacheEntry)], context: String) {
        lock.lock()
        let prepared = self.prepared
        self.prepared = [:]
        lock.unlock()
        let encoded = concurrentMap(entries.count) { [self] index -> (key: String, data: Data)? in
            let (key, path, entry) = entries[index]
            guard key.count == 64 else { return nil }
            let data: Data
            if let ready = prepared[Self.preparedKey(key, path)], ready.context == context, ready.parsed == (entry.index != nil) {
                data = ready.data
            } else {
                guard let encoding = encode(entry, key: key, context: context, path: path) else { return nil }
                data = encoding
            }
            guard data.count <= Self.maximumEntryBytes else { return nil }
            if entries.count < packThreshold { storeData(data, key: key, in: entriesFolder) }
            return (key, data)
        }.compactMap { $0 }
        let gathered = entriesToGather(besides: Set(encoded.map(\.key)))
        if entries.count >= packThreshold {
            writePacks(encoded + gathered)
        } else if gathered.count >= packThreshold {
            writePacks(gathered)
        }
    }

    /// Encodes the entries, one after the other, until `stop`; `store` uses an encoding for the same key, path and
    /// context whose entry had declarations as the stored one has (the only way an entry changes in a run).
    public func prepare(_ entries: [(key: String, path: String, entry: SourceCacheEntry)], context: String, stop: () -> Bool) {
        for (key, path, entry) in entries {
            guard !stop() else { return }
            guard let data = encode(entry, key: key, context: context, path: path) else { continue }
            lock.lock()
            prepared[Self.preparedKey(key, path)] = (data, context, entry.index != nil)
            lock.unlock()
        }
    }

    private static func preparedKey(_ key: String, _ path: String) -> String { key + "\u{0}" + path }

    private func encode(_ entry: SourceCacheEntry, key: String, context: String, path: String) -> Data? {
        let encoder = JSONEncoder()
        encoder.userInfo[.sourceFile] = path
        return (try? encoder.encode(StoredEntry(format: Self.format, key: key, identity: salt, context: context, entry: entry))).flatMap(Self.sealed)
    }

    /// What an entry or record file (and a pack's entry) holds: the SHA-256 of the JSON that follows, in 64
    /// hexadecimal digits and a line break, then that JSON. An entry damaged so that it still decodes — a byte
    /// flipped in a name, a string cut — disagrees with its digest and is a miss, not a changed finding. (Someone
    /// who writes the cache can write a matching digest: the cache is trusted like the user's own files.)
    static func sealed(_ json: Data) -> Data? {
        guard let digest = ContentHash.sha256([Array(json)]) else { return nil }
        var data = Data(digest.utf8)
        data.append(0x0A)
        data.append(json)
        return data
    }

    /// The JSON of a sealed file, when its digest holds; nil otherwise.
    static func checked(_ data: Data) -> Data? {
        guard data.count > 65, data[data.startIndex + 64] == 0x0A else { return nil }
        let json = data.suffix(from: data.startIndex + 65)
        guard let digest = ContentHash.sha256([Array(json)]), Data(digest.utf8) == data.prefix(64) else { return nil }
        return Data(json)
    }

    public func finish() {
        lock.lock()
        let evicts = wrote && !evicted
        evicted = evicted || wrote
        wrote = false
        lock.unlock()
        if evicts { evict() }
    }

    // MARK: - Packs
    //
    // A pack: "glance-pack\n" (12 bytes), the number of entries N (8 bytes, little-endian), N index records of 80
    // bytes (the key's 64 hex digits, the entry's offset from the start of the file and its length, 8 bytes each,
    // little-endian), then the entries' bytes.

    /// `entriesFolder/packs`.
    public var packsFolder: String { entriesFolder + "/packs" }
    static let packMagic = Array("glance-pack\n".utf8)
    /// At most this many entries' bytes in one pack (64 MiB); a run that stores more writes several.
    static let maximumPackBytes = 64 << 20
    /// The newest whole packs read, at most; `finish()` removes the least recently used beyond this many. No pack is
    /// held open: an entry is read by opening its pack, checking it is the file whose index was read, and closing it,
    /// so a run keeps few files open whatever the cache holds (issue 22: 64 packs held open made Swift files fail to
    /// open under `ulimit -n 64`).
    static let maximumPacksRead = 64
    /// A run that read its entries from this many packs or more writes them into a pack of its own, so that the
    /// entries it uses stay together in the newest pack (and the next run reads them from that one).
    static let packsToGather = 8
    /// At most this many entries in a pack, and in all the packs read.
    static let maximumPackEntries = 1 << 18
    static let maximumPackedEntries = 1 << 19
    /// At most this many files in the packs folder are looked at (the newest first), and at most
    /// `maximumIndexRecordsRead` index records read from them, whole packs or not: the bounds hold before anything
    /// is read, so neither many files that only look like packs nor hard links of one large pack make a run slow.
    static let maximumPackFilesExamined = 1024
    static let maximumIndexRecordsRead = 2 * maximumPackedEntries

    private struct Pack {
        let path: String
        /// The file's device and inode when its index was read: an entry is read only from that same file.
        let identity: FileIdentity
        let modified: Double
        /// Marked used by this run.
        var marked = false
    }

    struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The packs read (on the first lookup), where each key's entry is in them, and the entries this run read
    /// from them.
    private var packs: [Pack] = []
    private var packed: [String: (pack: Int, offset: Int, length: Int)]?
    private var readFromPacks: Set<String> = []

    /// The bytes of `key`'s entry in a pack (nil: none, or not readable); marks the pack used.
    private func packedData(_ key: String) -> Data? {
        lock.lock()
        if packed == nil { readPacks() }
        guard let place = packed?[key] else { lock.unlock(); return nil }
        let pack = packs[place.pack]
        readFromPacks.insert(key)
        // Used: kept from eviction. Marked when a day old, or when it is not among the newest half of the packs
        // read (a first run's pack, still read by every run, must not look older than the packs written since).
        let mark = !pack.marked && (pack.modified < Date().timeIntervalSince1970 - 86_400 || place.pack < packs.count - Self.maximumPacksRead / 2)
        if mark { packs[place.pack].marked = true }
        lock.unlock()
        return Self.entryBytes(in: pack, count: place.length, at: place.offset, markingUsed: mark)
    }

    /// `count` bytes at `offset` of the pack whose index was read, opened for this read only (never through a
    /// link; nil when the file there is no longer that pack).
    private static func entryBytes(in pack: Pack, count: Int, at offset: Int, markingUsed: Bool = false) -> Data? {
        let descriptor = open(pack.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, FileIdentity(info) == pack.identity else { return nil }
        if markingUsed { _ = futimens(descriptor, nil) }
        return bytes(descriptor, count: count, at: offset)
    }

    /// Reads the indexes of the newest packs (call with `lock` held). A pack whose header or index does not hold
    /// together is left out whole, and so is a second name of a file already read (a hard link).
    private func readPacks() {
        packed = [:]
        guard Self.isRealFolder(entriesFolder), Self.isRealFolder(packsFolder) else { return }
        let found = Self.regularFiles(in: packsFolder).filter { $0.name.hasSuffix(".pack") && !$0.name.hasPrefix(".") }
            .map { (path: $0.path, modified: Self.modificationTime($0.info)) }
        // The newest whole packs (one that does not hold together does not count), then their entries oldest
        // first, so that a key in several packs is read from the newest.
        var whole: [(pack: Pack, index: [(key: String, offset: Int, length: Int)])] = []
        var reading = PackReading()
        for file in found.sorted(by: { ($0.modified, $0.path) > ($1.modified, $1.path) }) {
            guard whole.count < Self.maximumPacksRead, reading.examined < Self.maximumPackFilesExamined else { break }
            guard let (identity, index) = reading.read(file.path, entriesLeft: Self.maximumPackedEntries - reading.entries) else { continue }
            reading.entries += index.count
            whole.append((Pack(path: file.path, identity: identity, modified: file.modified), index))
        }
        for (pack, index) in whole.reversed() {
            packs.append(pack)
            for (key, offset, length) in index { packed![key] = (packs.count - 1, offset, length) }
        }
    }

    /// The entries this run read from packs, as stored, when it read them from `packsToGather` packs or more,
    /// leaving out `keys`; empty otherwise.
    private func entriesToGather(besides keys: Set<String>) -> [(key: String, data: Data)] {
        lock.lock()
        let read = readFromPacks.compactMap { key in packed?[key].map { (key, $0) } }
        readFromPacks.removeAll()
        let gather = Set(read.map(\.1.pack)).count >= Self.packsToGather
        let places = gather ? read.filter { !keys.contains($0.0) }.sorted { $0.0 < $1.0 } : []
        let packs = self.packs
        lock.unlock()
        return places.compactMap { key, place in Self.entryBytes(in: packs[place.pack], count: place.length, at: place.offset).map { (key, $0) } }
    }

    /// Pack files looked into by one reading of the packs folder, within its bounds (`maximumPackFilesExamined`,
    /// `maximumIndexRecordsRead`, and the entries left under `maximumPackedEntries`), each file once.
    struct PackReading {
        var examined = 0
        var recordsRead = 0
        var entries = 0
        private var seen: Set<FileIdentity> = []

        /// The identity and index of the pack at `path` (never through a link), when it is a whole pack of at most
        /// `entriesLeft` entries, not read before under another name, and within the bounds; nil otherwise. Only the
        /// header is read of a pack past a bound.
        mutating func read(_ path: String, entriesLeft: Int) -> (FileIdentity, [(key: String, offset: Int, length: Int)])? {
            examined += 1
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, seen.insert(FileIdentity(info)).inserted,
                  let count = SourceCache.packEntryCount(descriptor, size: Int(info.st_size)),
                  count <= entriesLeft, recordsRead + count <= SourceCache.maximumIndexRecordsRead else { return nil }
            recordsRead += count
            return SourceCache.packIndex(descriptor, count: count, size: Int(info.st_size)).map { (FileIdentity(info), $0) }
        }
    }

    /// The number of entries a pack's header gives, when the header is a pack's and the file can hold that many
    /// index records; nil otherwise.
    static func packEntryCount(_ descriptor: Int32, size: Int) -> Int? {
        let headerBytes = packMagic.count + 8
        var header = [UInt8](repeating: 0, count: headerBytes)
        guard size >= headerBytes, header.withUnsafeMutableBytes({ readFully(descriptor, into: $0, at: 0) }),
              Array(header.prefix(packMagic.count)) == packMagic else { return nil }
        let count = Int(littleEndian: header, at: packMagic.count)
        guard count >= 0, count <= maximumPackEntries, headerBytes + count * 80 <= size else { return nil }
        return count
    }

    /// A pack's index of `count` records: each entry's key, offset and length; nil when it does not hold together.
    static func packIndex(_ descriptor: Int32, count: Int, size: Int) -> [(key: String, offset: Int, length: Int)]? {
        let headerBytes = packMagic.count + 8
        var records = [UInt8](repeating: 0, count: count * 80)
        guard records.withUnsafeMutableBytes({ readFully(descriptor, into: $0, at: headerBytes) }) else { return nil }
        var index: [(key: String, offset: Int, length: Int)] = []
        index.reserveCapacity(count)
        for record in 0..<count {
            let start = record * 80
            let keyBytes = records[start..<start + 64]
            guard keyBytes.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
            let offset = Int(littleEndian: records, at: start + 64), length = Int(littleEndian: records, at: start + 72)
            guard offset >= headerBytes + count * 80, length >= 0, length <= maximumEntryBytes, offset <= size - length else { return nil }
            index.append((String(decoding: keyBytes, as: UTF8.self), offset, length))
        }
        return index
    }

    /// Writes entries into new packs of at most `maximumPackBytes` each, atomically (a temporary file, renamed),
    /// readable by the owner only.
    private func writePacks(_ entries: [(key: String, data: Data)]) {
        guard !entries.isEmpty, makeFolders([entriesFolder, packsFolder]) else { return }
        var start = 0
        while start < entries.count {
            var end = start, bytes = 0
            while end < entries.count && (end == start || bytes + entries[end].data.count <= Self.maximumPackBytes) {
                bytes += entries[end].data.count
                end += 1
            }
            writePack(entries[start..<end])
            start = end
        }
    }

    private func writePack(_ entries: ArraySlice<(key: String, data: Data)>) {
        var pack = Data(Self.packMagic)
        pack.appendLittleEndian(entries.count)
        var offset = Self.packMagic.count + 8 + entries.count * 80
        for entry in entries {
            pack.append(contentsOf: Array(entry.key.utf8))
            pack.appendLittleEndian(offset)
            pack.appendLittleEndian(entry.data.count)
            offset += entry.data.count
        }
        for entry in entries { pack.append(entry.data) }
        let name = ContentHash.sha256([Array("\(getpid()) \(UInt64.random(in: 0...UInt64.max)) \(Date().timeIntervalSince1970)".utf8)]) ?? "\(UInt64.random(in: 0...UInt64.max))"
        guard writeAtomically(pack, to: packsFolder + "/" + name + ".pack", through: packsFolder + "/.\(name).tmp") else { return }
        lock.lock(); wrote = true; lock.unlock()
    }

    /// Reads `buffer.count` bytes at `offset`; false when the file ends first or cannot be read.
    static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    // MARK: - Records

    /// The key of a record: SHA-256 of the cache's identity and `parts` (what the record is of: `run`, the
    /// arguments, the folder…).
    public func recordKey(_ parts: [String]) -> String? {
        ContentHash.sha256([Array(salt.utf8), [0], Array("record \(Self.recordFormat)".utf8)] + parts.flatMap { [[0], Array($0.utf8)] })
    }

    /// The record format (`RunRecord`, `ProjectRecord`); raise it when one's meaning changes.
    static let recordFormat = 1

    /// The record stored under `key`, when it is one of this Glance's (nil: none, or unreadable).
    public func record<Record: Codable>(_ key: String, as type: Record.Type) -> Record? {
        guard let data = entryData(key, in: recordsFolder).flatMap(Self.checked), let stored = try? JSONDecoder().decode(StoredRecord<Record>.self, from: data),
              stored.format == Self.recordFormat, stored.key == key, stored.identity == salt else { return nil }
        return stored.record
    }

    /// Whether a record is stored under `key` (nil: no key), without reading it.
    public func hasRecord(_ key: String?) -> Bool {
        guard let key, key.count == 64 else { return false }
        var info = stat()
        return lstat(Self.shard(of: key, in: recordsFolder) + "/" + key, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The subfolder of `folder` that holds `key`'s file: its first two digits.
    private static func shard(of key: String, in folder: String) -> String { folder + "/" + key.prefix(2) }

    /// Stores a record under `key` (replacing any).
    public func storeRecord<Record: Codable>(_ record: Record, key: String) {
        guard let data = (try? JSONEncoder().encode(StoredRecord(format: Self.recordFormat, key: key, identity: salt, record: record))).flatMap(Self.sealed) else { return }
        storeData(data, key: key, in: recordsFolder)
    }

    private struct StoredRecord<Record: Codable>: Codable {
        let format: Int
        let key: String
        let identity: String
        let record: Record
    }

    // MARK: - Entries

    /// An entry as stored: what it was computed from, then the entry.
    private struct StoredEntry: Codable {
        let format: Int
        let key: String
        let identity: String
        let context: String
        let entry: SourceCacheEntry
    }

    /// Makes a folder (owner only) unless one is there; true when `path` is then a folder itself, not a link.
    static func makeRealFolder(_ path: String) -> Bool {
        if mkdir(path, 0o700) == 0 { return true }
        return errno == EEXIST && isRealFolder(path)
    }

    /// Whether `path` is a folder itself, not a symbolic link to one, the user's own and not one anyone may write
    /// to: the cache never writes or deletes through a link in its own folders, nor uses folders someone else made
    /// (in a shared place, another user could make `sources-v1` first and plant entries in it).
    static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == geteuid() && info.st_mode & 0o002 == 0
    }

    /// Removes the least recently used entries until they take at most 90% of `maximumBytes` (when they take more
    /// than `maximumBytes`), and temporary files more than an hour old (left by a run that was killed).
    func evict() {
        var files: [(path: String, size: Int, modified: Double)] = []
        var total = 0
        let now = Date().timeIntervalSince1970
        for folder in [entriesFolder, recordsFolder] where Self.isRealFolder(folder) {
            for shard in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where shard.count == 2 {
                let shardPath = folder + "/" + shard
                guard Self.isRealFolder(shardPath) else { continue }
                for file in Self.regularFiles(in: shardPath) where !Self.isHidden(file, now: now) {
                    files.append((file.path, Int(file.info.st_size), Double(Self.modificationSeconds(file.info))))
                    total += Int(file.info.st_size)
                }
            }
        }
        var packFiles: [(path: String, size: Int, modified: Double)] = []
        if Self.isRealFolder(entriesFolder), Self.isRealFolder(packsFolder) {
            for file in Self.regularFiles(in: packsFolder) where !Self.isHidden(file, now: now) && file.name.hasSuffix(".pack") {
                packFiles.append((file.path, Int(file.info.st_size), Self.modificationTime(file.info)))
            }
        }
        // Beyond the number of packs read, the least recently used go, and those that do not hold together (they
        // would take the place of whole ones), or that a run would not read (past its bounds, a second name of a
        // pack); they are looked into only then.
        var kept = 0
        let crowded = packFiles.count > Self.maximumPacksRead
        var reading = PackReading()
        for pack in packFiles.sorted(by: { ($0.modified, $0.path) > ($1.modified, $1.path) }) {
            let whole = !crowded || (reading.examined < Self.maximumPackFilesExamined
                && reading.read(pack.path, entriesLeft: Self.maximumPackedEntries - reading.entries).map { reading.entries += $0.1.count } != nil)
            guard kept < Self.maximumPacksRead, whole else {
                unlink(pack.path)
                continue
            }
            kept += 1
            files.append(pack)
            total += pack.size
        }
        guard total > maximumBytes else { return }
        for file in files.sorted(by: { ($0.modified, $0.path) < ($1.modified, $1.path) }) {
            guard total > maximumBytes / 10 * 9 else { break }
            if unlink(file.path) == 0 { total -= file.size }
        }
    }

    /// The bytes of a regular file of at most `limit` bytes, and its modification time (seconds since 1970);
    /// nil for anything else (no such file, a link, a folder, a FIFO, too long, unreadable).
    static func readRegularFile(_ path: String, limit: Int) -> (Data, Double)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= 0, info.st_size <= limit else { return nil }
        return bytes(descriptor, count: Int(info.st_size), at: 0).map { ($0, Double(modificationSeconds(info))) }
    }

    /// `count` bytes of an open file from `offset`; nil when it ends first or cannot be read.
    static func bytes(_ descriptor: Int32, count: Int, at offset: Int) -> Data? {
        var data = Data(count: count)
        return data.withUnsafeMutableBytes({ readFully(descriptor, into: $0, at: offset) }) ? data : nil
    }

    /// The regular files (not links) in `folder`, with their `lstat`.
    static func regularFiles(in folder: String) -> [(name: String, path: String, info: stat)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap { name in
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return (name, path, info)
        }
    }

    /// Whether a listed file is hidden (its name begins with "."): the cache's own temporary files; one a killed
    /// run left more than an hour before `now` is removed.
    static func isHidden(_ file: (name: String, path: String, info: stat), now: Double) -> Bool {
        guard file.name.hasPrefix(".") else { return false }
        if file.name.hasSuffix(".tmp"), Double(modificationSeconds(file.info)) < now - 3600 { unlink(file.path) }
        return true
    }

    /// The modification time in seconds since 1970, with its nanoseconds (packs written in one second keep their
    /// order).
    private static func modificationTime(_ info: stat) -> Double {
        #if canImport(Darwin)
        return Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

    private static func modificationSeconds(_ info: stat) -> Int {
        #if canImport(Darwin)
        return Int(info.st_mtimespec.tv_sec)
        #else
        return Int(info.st_mtim.tv_sec)
        #endif
    }
}

extension Int {
    /// The 8 bytes at `offset` of `bytes`, little-endian.
    init(littleEndian bytes: [UInt8], at offset: Int) {
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + 8].reversed() { value = value << 8 | UInt64(byte) }
        self = Int(truncatingIfNeeded: value)
    }
}

extension Data {
    /// Appends `value` as 8 bytes, little-endian.
    mutating func appendLittleEndian(_ value: Int) {
        var value = UInt64(truncatingIfNeeded: value)
        for _ in 0..<8 {
            append(UInt8(value & 0xFF))
            value >>= 8
        }
    }
}
