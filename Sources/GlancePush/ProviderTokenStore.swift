import Foundation

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

    /// `GLANCE_APNS_TOKEN_CACHE` if set (empty: no cache); else `~/Library/Caches/glance/apns-tokens` on macOS,
    /// `$XDG_CACHE_HOME/glance/apns-tokens` or `~/.cache/glance/apns-tokens` elsewhere.
    public static func defaultFolder(environment: [String: String]) -> String? {
        if let explicit = environment["GLANCE_APNS_TOKEN_CACHE"] { return explicit.isEmpty ? nil : explicit }
        #if os(macOS)
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/Library/Caches/glance/apns-tokens"
        #else
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/glance/apns-tokens" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/glance/apns-tokens"
        #endif
    }

    public func path(keyID: String, teamID: String) -> String? {
        folder.map { $0 + "/\(teamID)_\(keyID).jwt" }
    }

    /// The cached token for this team and key, if it is signed by `key` and was issued less than
    /// `reuseLimit` ago (and not more than a minute in the future).
    public func cached(keyID: String, teamID: String, key: ProviderKey, now: Date) -> ProviderToken? {
        guard let path = path(keyID: keyID, teamID: teamID), let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8),
              let token = ProviderToken(compact: text.trimmingCharacters(in: .whitespacesAndNewlines)),
              token.keyID == keyID, token.teamID == teamID, token.isSigned(by: key) else { return nil }
        let age = token.age(at: now)
        return age > -60 && age < Self.reuseLimit ? token : nil
    }

    /// Writes the token, readable by its owner only.
    /// - Throws: `PushInputError` naming the file when it cannot be written.
    public func save(_ token: ProviderToken) throws {
        guard let folder, let path = path(keyID: token.keyID, teamID: token.teamID) else { return }
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
            guard manager.createFile(atPath: temporary, contents: Data(token.compact.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw PushInputError(path, "cannot be written")
            }
            // createFile applies the umask; set the mode again before the token has a findable name.
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary)
            if rename(temporary, path) != 0 {
                try? manager.removeItem(atPath: temporary)
                throw PushInputError(path, "cannot be written")
            }
        } catch let error as PushInputError {
            throw error
        } catch {
            throw PushInputError(path, "cannot be written (\(error.localizedDescription))")
        }
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

    private func makeToken(now: Date) throws -> ProviderToken {
        let made = try ProviderToken(key: key, keyID: keyID, teamID: teamID, issuedAt: now)
        token = made
        reused = false
        if persist {
            do { try store.save(made) } catch {
                warnings.append("\(error); the next run makes a new token (APNs allows a new one at most every 20 minutes)")
            }
        }
        return made
    }
}
