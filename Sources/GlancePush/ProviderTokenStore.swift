import Foundation
import GlanceInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Provider tokens kept between runs: one file per team and key (`<TEAM ID>_<KEY ID>.jwt`, mode 0600, in a
/// folder of mode 0700), because APNs refuses a new token more often than every 20 minutes (429
/// `TooManyProviderTokenUpdates`) and one older than an hour (403 `ExpiredProviderToken`) (fact APNS-32).
public struct ProviderTokenStore: Sendable {
    /// A cached token is used until it is this old: 50 minutes, well inside APNs' hour.
    public static let reuseLimit: TimeInterval = 50 * 60
    /// A token younger than this is never replaced, even when APNs calls it expired (that is clock skew, and a
    /// new token would count against the 20-minute limit).
    public static let minimumAge: TimeInterval = 20 * 60

    /// The folder; nil keeps no cache.
    public let folder: String?

    public init(folder: String?) { self.folder = folder }

    /// `GLANCE_APNS_TOKEN_CACHE` if set (empty: no cache; `~` and `~/…` expanded with `HOME`, as a shell
    /// would); else `~/Library/Caches/glance/apns-tokens` on macOS, `$XDG_CACHE_HOME/glance/apns-tokens` (when
    /// absolute) or `~/.cache/glance/apns-tokens` elsewhere.
    /// - Throws: `PushInputError` when there is no folder to use, so the run keeps no cache: the variable holds
    ///   `~user/…` or a relative path (never a folder named `~`, nor one relative to where Glance runs), or
    ///   `HOME` is not set.
    public static func defaultFolder(environment: [String: String]) throws -> String? {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if let explicit = environment["GLANCE_APNS_TOKEN_CACHE"] {
            guard !explicit.isEmpty else { return nil }
            guard let expanded = HomePath.expanding(explicit, home: home) else {
                throw PushInputError("GLANCE_APNS_TOKEN_CACHE", "\(Shown.quoted(explicit)) starts with '~' but is not ~/… with HOME set; give an absolute path (the token cache is off for this run)")
            }
            guard expanded.hasPrefix("/") else {
                throw PushInputError("GLANCE_APNS_TOKEN_CACHE", "\(Shown.quoted(explicit)) is not an absolute path; give one, such as $HOME/.cache/glance/apns-tokens (the token cache is off for this run)")
            }
            return expanded
        }
        #if !os(macOS)
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/glance/apns-tokens" }
        #endif
        guard let home, home.hasPrefix("/") else {
            throw PushInputError("HOME", "is not set to a folder, so provider tokens are not cached between runs; set GLANCE_APNS_TOKEN_CACHE to keep them")
        }
        #if os(macOS)
        return home + "/Library/Caches/glance/apns-tokens"
        #else
        return home + "/.cache/glance/apns-tokens"
        #endif
    }

    public func path(keyID: String, teamID: String) -> String? {
        folder.map { $0 + "/\(teamID)_\(keyID).jwt" }
    }

    /// The cached token for this team and key, if it is signed by `key` and was issued less than
    /// `reuseLimit` ago (and not more than a minute in the future). Only a regular file is read (never through a
    /// link, never a FIFO), of at most `maximumTokenBytes`.
    public func cached(keyID: String, teamID: String, key: ProviderKey, now: Date) -> ProviderToken? {
        guard let path = path(keyID: keyID, teamID: teamID), let data = Self.readRegularFile(path),
              let text = String(data: data, encoding: .utf8),
              let token = ProviderToken(compact: text.trimmingCharacters(in: .whitespacesAndNewlines)),
              token.keyID == keyID, token.teamID == teamID, token.isSigned(by: key) else { return nil }
        let age = token.age(at: now)
        return age > -60 && age < Self.reuseLimit ? token : nil
    }

    /// A cached token is far shorter (a few hundred bytes); a longer file is not one.
    static let maximumTokenBytes = 8 << 10

    /// The bytes of the regular file at `path` (not a link), of at most `maximumTokenBytes`; nil otherwise.
    private static func readRegularFile(_ path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= maximumTokenBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            count += got
        }
        return Data(bytes)
    }

    /// Writes the token, readable by its owner only (the folder is made with mode 0700 if missing): into a new
    /// temporary file of an unpredictable name, created exclusively and never through a link (`O_EXCL`,
    /// `O_NOFOLLOW`), then renamed over the entry, so a link planted in the folder is never written through and the
    /// entry is never a link. A folder that is not the user's own, or that others may write to (where they could
    /// plant such links or read the token), is not used.
    /// - Throws: `PushInputError` naming the folder or file, with the system's reason, when it cannot be written or
    ///   may not be used.
    public func save(_ token: ProviderToken) throws {
        guard let folder, let path = path(keyID: token.keyID, teamID: token.teamID) else { return }
        try Self.makeFolder(folder)
        try Self.checkOwnership(folder)
        let temporary = folder + "/.\(token.teamID)_\(token.keyID).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PushInputError(Shown.name(path), "cannot be written (\(Self.reason(errno)))") }
        // open applies the umask; set the mode again before the token has a findable name.
        fchmod(descriptor, 0o600)
        let bytes = Array(token.compact.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let writeError = errno
        close(descriptor)
        guard written == bytes.count else {
            unlink(temporary)
            throw PushInputError(Shown.name(path), "cannot be written (\(written < 0 ? Self.reason(writeError) : "short write"))")
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw PushInputError(Shown.name(path), "cannot be written (\(Self.reason(code)))")
        }
    }

    /// Refuses a token folder that the user does not own, or that its group or others may write to.
    private static func checkOwnership(_ folder: String) throws {
        var info = stat()
        guard stat(folder, &info) == 0 else { throw PushInputError(Shown.name(folder), "cannot be used for the token cache (\(reason(errno)))") }
        if info.st_uid != geteuid() {
            throw PushInputError(Shown.name(folder), "belongs to another user (uid \(info.st_uid)); Glance keeps provider tokens only in a folder of your own")
        }
        if info.st_mode & 0o022 != 0 {
            throw PushInputError(Shown.name(folder), "can be written by \(info.st_mode & 0o002 != 0 ? "others" : "its group") (mode \(String(info.st_mode & 0o777, radix: 8))); Glance keeps provider tokens only in a folder no one else can write to (chmod 700 it)")
        }
    }

    /// Makes `folder` and the folders above it that are missing, with mode 0700.
    private static func makeFolder(_ folder: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw PushInputError(Shown.name(folder), "is a file, not a folder for the token cache") }
            return
        }
        let parent = (folder as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != folder { try makeFolder(parent) }
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw PushInputError(Shown.name(folder), "cannot be made for the token cache (\(reason(errno)))")
        }
    }

    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Removes the cached token for this team and key.
    public func discard(keyID: String, teamID: String) {
        guard let path = path(keyID: keyID, teamID: teamID) else { return }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The provider token of one run: the cached one while it is young enough, else a new one (saved for the next
/// run). Shared by the concurrent requests of a batch.
public actor ProviderTokenSource {
    public let key: ProviderKey
    public let keyID: String
    public let teamID: String
    public let store: ProviderTokenStore
    /// False for `--dry-run`: nothing is written.
    public let persist: Bool
    let time: PushTime
    private var token: ProviderToken?
    /// Problems worth a warning (the cache could not be written).
    public private(set) var warnings: [String] = []
    /// True when the current token came from the cache.
    public private(set) var reused = false
    /// The token this run wrote to the cache.
    private var savedToken: ProviderToken?

    public init(key: ProviderKey, keyID: String, teamID: String, store: ProviderTokenStore, persist: Bool = true, time: PushTime) {
        self.key = key
        self.keyID = keyID
        self.teamID = teamID
        self.store = store
        self.persist = persist
        self.time = time
    }

    /// The token to send now.
    /// - Throws: `PushInputError` when the key cannot sign.
    public func current() throws -> ProviderToken {
        let now = time.now()
        if let token, token.age(at: now) < ProviderTokenStore.reuseLimit { return token }
        if let cached = store.cached(keyID: keyID, teamID: teamID, key: key, now: now) {
            token = cached
            reused = true
            return cached
        }
        return try makeToken(now: now)
    }

    /// After 403 `ExpiredProviderToken` for `expired`: a new token, unless `expired` is younger than
    /// `ProviderTokenStore.minimumAge` (then the clock is wrong, and nil is returned). Requests that saw the
    /// same expired token share the one replacement.
    public func replacement(for expired: ProviderToken) throws -> ProviderToken? {
        if let token, token != expired { return token }
        let now = time.now()
        guard expired.age(at: now) >= ProviderTokenStore.minimumAge else { return nil }
        if persist { store.discard(keyID: keyID, teamID: teamID) }
        return try makeToken(now: now)
    }

    /// APNs answered a request signed with `token` without refusing it: a token made in this run is saved for
    /// later runs (once). A token APNs refused (another key under this Key ID, a wrong Team ID) is never saved,
    /// so it cannot replace a good one in the cache.
    public func confirm(_ confirmed: ProviderToken) {
        guard persist, !reused, confirmed == token, savedToken != confirmed else { return }
        savedToken = confirmed
        do { try store.save(confirmed) } catch {
            warnings.append("\(error); the next run makes a new token (APNs allows a new one at most every 20 minutes)")
        }
    }

    private func makeToken(now: Date) throws -> ProviderToken {
        let made = try ProviderToken(key: key, keyID: keyID, teamID: teamID, issuedAt: now)
        token = made
        reused = false
        return made
    }
}
