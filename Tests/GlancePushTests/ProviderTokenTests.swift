import Foundation
import Testing
@testable import GlancePush

/// The APNs key and the provider token (ES256 JWT): what is signed, how, and what is never printed.
struct ProviderTokenTests {
    static let issued = Date(timeIntervalSince1970: 1_767_225_600)

    func decodedPart(_ token: ProviderToken, _ index: Int) throws -> [String: Any] {
        let part = String(token.compact.split(separator: ".")[index])
        #expect(!part.contains("=") && !part.contains("+") && !part.contains("/"), "not base64url without padding: \(part)")
        let data = try #require(ProviderToken.data(base64URL: part))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func tokenHasAppleHeaderAndClaims() throws {
        let key = try ProviderKey.read(path: TestKey.path)
        let token = try ProviderToken(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, issuedAt: Self.issued.addingTimeInterval(0.7))
        #expect(token.compact.split(separator: ".").count == 3)
        let header = try decodedPart(token, 0)
        #expect(header.count == 2)
        #expect(header["alg"] as? String == "ES256")
        #expect(header["kid"] as? String == "TESTKEY001")
        let claims = try decodedPart(token, 1)
        #expect(claims.count == 2)
        #expect(claims["iss"] as? String == "TEAM123456")
        // iat is a JSON number of whole seconds (APNS-34).
        #expect((claims["iat"] as? NSNumber)?.intValue == 1_767_225_600)
        #expect(token.issuedAt == Self.issued)
        #expect(token.authorization == "bearer " + token.compact)
    }

    @Test func signatureIsRawRAndSVerifiedByTheKey() throws {
        let key = try ProviderKey.read(path: TestKey.path)
        let token = try ProviderToken(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, issuedAt: Self.issued)
        let signature = try #require(ProviderToken.data(base64URL: String(token.compact.split(separator: ".")[2])))
        // r‖s: 64 bytes, not DER (which starts with 0x30 and is 70–72 bytes).
        #expect(signature.count == 64)
        #expect(token.isSigned(by: key))
        let other = try ProviderKey.read(path: TestKey.otherPath)
        #expect(!token.isSigned(by: other))
        // A changed claim breaks the signature.
        let parts = token.compact.split(separator: ".").map(String.init)
        let forged = ProviderToken(compact: parts[0] + "." + ProviderToken.base64URL(ProviderToken.json(["iss": "TEAM123456", "iat": 1_767_225_601])) + "." + parts[2])
        #expect(forged?.isSigned(by: key) == false)
        // ECDSA signatures differ each time; both verify.
        let again = try ProviderToken(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, issuedAt: Self.issued)
        #expect(again.compact != token.compact)
        #expect(again.isSigned(by: key))
    }

    @Test func readsATokenBack() throws {
        let key = try ProviderKey.read(path: TestKey.path)
        let token = try ProviderToken(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, issuedAt: Self.issued)
        #expect(ProviderToken(compact: token.compact) == token)
        #expect(ProviderToken(compact: "a.b") == nil)
        #expect(ProviderToken(compact: "not.a.token") == nil)
    }

    @Test func redactedShowsNoSignature() throws {
        let key = try ProviderKey.read(path: TestKey.path)
        let token = try ProviderToken(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, issuedAt: Self.issued)
        #expect(token.redacted == "bearer <ES256 JWT: kid TESTKEY001, iss TEAM123456, iat 1767225600; signature redacted>")
        let signature = String(token.compact.split(separator: ".")[2])
        #expect(!token.redacted.contains(signature))
    }

    @Test func keyFilesThatCannotSign() throws {
        let cases: [(String, String)] = [
            ("rsa-key.pem", "is an RSA key; APNs provider tokens are signed with ES256, by the P-256 key of an AuthKey_<KEY ID>.p8 file"),
            ("p384-key.p8", "is an EC key on secp384r1, not P-256; APNs provider tokens are signed with ES256, by the P-256 key of an AuthKey_<KEY ID>.p8 file"),
            ("encrypted-key.p8", "is an encrypted private key; APNs .p8 keys are not encrypted (use the file as downloaded from developer.apple.com)"),
            ("push-certificate.pem", ProviderKey.certificateReason),
            ("README.md", "is not a PEM key; an APNs key (.p8) is text that starts with -----BEGIN PRIVATE KEY-----"),
            ("missing.p8", "no such file"),
            ("", "is a folder, not a .p8 key file"),
            ("empty.p8", "is empty; an APNs key (.p8) is PEM text that starts with -----BEGIN PRIVATE KEY-----"),
        ]
        for (name, reason) in cases {
            #expect(throws: PushInputError(fixture(name), reason)) { try ProviderKey.read(path: fixture(name)) }
        }
        #expect(throws: PushInputError("k", "cannot be read as a private key (the PEM text is damaged or truncated)")) {
            try ProviderKey(pem: "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----\n", source: "k")
        }
        #expect(throws: PushInputError("k", "is a public key; APNs needs the private key (.p8) to sign the provider token")) {
            try ProviderKey(pem: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n", source: "k")
        }
    }

    @Test func identifiers() {
        #expect(ProviderIdentifiers.isValid("ABC123DEFG"))
        #expect(!ProviderIdentifiers.isValid("abc123defg"))
        #expect(!ProviderIdentifiers.isValid("ABC123DEF"))
        #expect(!ProviderIdentifiers.isValid("ABC123DEFGH"))
        #expect(ProviderIdentifiers.keyID(fromFileName: "/keys/AuthKey_ABC123DEFG.p8") == "ABC123DEFG")
        #expect(ProviderIdentifiers.keyID(fromFileName: "/keys/key.p8") == nil)
        #expect(ProviderIdentifiers.keyID(fromFileName: "AuthKey_short.p8") == nil)
    }
}

/// The token cache: one file per team and key, owner-only, reused for 50 minutes, replaced after 20.
struct ProviderTokenStoreTests {
    @Test func savedOwnerOnlyAndReusedForFiftyMinutes() throws {
        let folder = try scratchFolder("store")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = ProviderTokenStore(folder: folder + "/tokens")
        let key = try ProviderKey.read(path: TestKey.path)
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let token = try ProviderToken(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, issuedAt: start)
        try store.save(token)
        let path = folder + "/tokens/TEAM123456_TESTKEY001.jwt"
        let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder + "/tokens")[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == token.compact)
        #expect(store.cached(keyID: TestKey.keyID, teamID: TestKey.teamID, key: key, now: start.addingTimeInterval(49 * 60)) == token)
        #expect(store.cached(keyID: TestKey.keyID, teamID: TestKey.teamID, key: key, now: start.addingTimeInterval(50 * 60)) == nil)
        // Another key (same team) does not see it; a token the key did not sign is not used.
        #expect(store.cached(keyID: "OTHERKEY02", teamID: TestKey.teamID, key: key, now: start) == nil)
        let other = try ProviderKey.read(path: TestKey.otherPath)
        #expect(store.cached(keyID: TestKey.keyID, teamID: TestKey.teamID, key: other, now: start) == nil)
        store.discard(keyID: TestKey.keyID, teamID: TestKey.teamID)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// Issue 22, defect 2: links planted in the token folder — where the temporary file's name used to be
    /// predictable (`<TEAM>_<KEY>.jwt.<pid>.tmp`), and at the entry's own name — are never written through: the
    /// bearer token goes into a new file, and the entry is a regular file afterwards.
    @Test func linksInTheFolderAreNeverWrittenThrough() throws {
        let folder = try scratchFolder("store-links")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tokens = folder + "/tokens"
        #expect(mkdir(tokens, 0o700) == 0)
        try write("untouched", to: folder + "/target")
        try write("untouched", to: folder + "/entry-target")
        let entry = tokens + "/TEAM123456_TESTKEY001.jwt"
        try FileManager.default.createSymbolicLink(atPath: entry + ".\(ProcessInfo.processInfo.processIdentifier).tmp", withDestinationPath: folder + "/target")
        try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: folder + "/entry-target")
        let key = try ProviderKey.read(path: TestKey.path)
        let token = try ProviderToken(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, issuedAt: Date(timeIntervalSince1970: 1_767_225_600))
        try ProviderTokenStore(folder: tokens).save(token)
        #expect(try String(contentsOfFile: folder + "/target", encoding: .utf8) == "untouched")
        #expect(try String(contentsOfFile: folder + "/entry-target", encoding: .utf8) == "untouched")
        #expect(try FileManager.default.attributesOfItem(atPath: entry)[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOfFile: entry, encoding: .utf8) == token.compact)
        // A link at the entry's name is not read either (a FIFO there would make the run wait forever).
        try FileManager.default.removeItem(atPath: entry)
        try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: folder + "/copy")
        try token.compact.write(toFile: folder + "/copy", atomically: true, encoding: .utf8)
        #expect(ProviderTokenStore(folder: tokens).cached(keyID: TestKey.keyID, teamID: TestKey.teamID, key: key, now: Date(timeIntervalSince1970: 1_767_225_700)) == nil)
        try FileManager.default.removeItem(atPath: entry)
        #expect(mkfifo(entry, 0o600) == 0)
        #expect(ProviderTokenStore(folder: tokens).cached(keyID: TestKey.keyID, teamID: TestKey.teamID, key: key, now: Date(timeIntervalSince1970: 1_767_225_700)) == nil)
    }

    /// A token folder that others (or its group) may write to, or that another user owns, is not used.
    @Test func folderOthersCanWriteIsRefused() throws {
        let folder = try scratchFolder("store-mode")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tokens = folder + "/tokens"
        #expect(mkdir(tokens, 0o700) == 0)
        #expect(chmod(tokens, 0o777) == 0)
        let key = try ProviderKey.read(path: TestKey.path)
        let token = try ProviderToken(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, issuedAt: Date(timeIntervalSince1970: 1_767_225_600))
        #expect(throws: PushInputError.self) { try ProviderTokenStore(folder: tokens).save(token) }
        do { try ProviderTokenStore(folder: tokens).save(token) } catch {
            #expect("\(error)" == "\(tokens): can be written by others (mode 777); Glance keeps provider tokens only in a folder no one else can write to (chmod 700 it)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: tokens).isEmpty)
        #expect(chmod(tokens, 0o770) == 0)
        #expect(throws: PushInputError.self) { try ProviderTokenStore(folder: tokens).save(token) }
        #expect(chmod(tokens, 0o700) == 0)
        if geteuid() == 0 {
            #expect(chown(tokens, 65534, 65534) == 0)
            do { try ProviderTokenStore(folder: tokens).save(token); Issue.record("saved into a folder of uid 65534") } catch {
                #expect("\(error)" == "\(tokens): belongs to another user (uid 65534); Glance keeps provider tokens only in a folder of your own")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: tokens).isEmpty)
        }
    }

    @Test func defaultFolder() throws {
        #expect(try ProviderTokenStore.defaultFolder(environment: ["GLANCE_APNS_TOKEN_CACHE": "/x"]) == "/x")
        #expect(try ProviderTokenStore.defaultFolder(environment: ["GLANCE_APNS_TOKEN_CACHE": "", "HOME": "/h"]) == nil)
        #if os(macOS)
        #expect(try ProviderTokenStore.defaultFolder(environment: ["HOME": "/h"]) == "/h/Library/Caches/glance/apns-tokens")
        #else
        #expect(try ProviderTokenStore.defaultFolder(environment: ["HOME": "/h"]) == "/h/.cache/glance/apns-tokens")
        #expect(try ProviderTokenStore.defaultFolder(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/c"]) == "/c/glance/apns-tokens")
        // A relative XDG_CACHE_HOME is ignored, as the XDG spec says.
        #expect(try ProviderTokenStore.defaultFolder(environment: ["HOME": "/h", "XDG_CACHE_HOME": "c"]) == "/h/.cache/glance/apns-tokens")
        #endif
        // `~` is expanded as a shell would: never a folder named `~`.
        #expect(try ProviderTokenStore.defaultFolder(environment: ["GLANCE_APNS_TOKEN_CACHE": "~/x", "HOME": "/h"]) == "/h/x")
        #expect(try ProviderTokenStore.defaultFolder(environment: ["GLANCE_APNS_TOKEN_CACHE": "~", "HOME": "/h/"]) == "/h")
        #expect(throws: PushInputError("GLANCE_APNS_TOKEN_CACHE", "'~/x' starts with '~' but is not ~/… with HOME set; give an absolute path (the token cache is off for this run)")) {
            try ProviderTokenStore.defaultFolder(environment: ["GLANCE_APNS_TOKEN_CACHE": "~/x"])
        }
        #expect(throws: PushInputError("GLANCE_APNS_TOKEN_CACHE", "'~bob/x' starts with '~' but is not ~/… with HOME set; give an absolute path (the token cache is off for this run)")) {
            try ProviderTokenStore.defaultFolder(environment: ["GLANCE_APNS_TOKEN_CACHE": "~bob/x", "HOME": "/h"])
        }
        #expect(throws: PushInputError("GLANCE_APNS_TOKEN_CACHE", "'x/y' is not an absolute path; give one, such as $HOME/.cache/glance/apns-tokens (the token cache is off for this run)")) {
            try ProviderTokenStore.defaultFolder(environment: ["GLANCE_APNS_TOKEN_CACHE": "x/y", "HOME": "/h"])
        }
        #expect(throws: PushInputError("HOME", "is not set to a folder, so provider tokens are not cached between runs; set GLANCE_APNS_TOKEN_CACHE to keep them")) {
            try ProviderTokenStore.defaultFolder(environment: [:])
        }
    }

    @Test func sourceReusesThenRenews() async throws {
        let folder = try scratchFolder("source")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = try ProviderKey.read(path: TestKey.path)
        let time = FakeTime(Date(timeIntervalSince1970: 1_767_225_600))
        let store = ProviderTokenStore(folder: folder)
        let firstSource = ProviderTokenSource(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, store: store, time: time.pushTime)
        let first = try await firstSource.current()
        // Saved only once APNs took it.
        #expect(store.cached(keyID: TestKey.keyID, teamID: TestKey.teamID, key: key, now: time.now) == nil)
        await firstSource.confirm(first)
        time.advance(30 * 60)
        let second = ProviderTokenSource(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, store: store, time: time.pushTime)
        #expect(try await second.current() == first)
        #expect(await second.reused)
        time.advance(21 * 60)
        let third = try await ProviderTokenSource(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, store: store, time: time.pushTime).current()
        #expect(third != first)
        #expect(third.issuedAt == time.now)
    }

    @Test func expiredTokenIsReplacedOnlyWhenOldEnough() async throws {
        let folder = try scratchFolder("replace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = try ProviderKey.read(path: TestKey.path)
        let time = FakeTime(Date(timeIntervalSince1970: 1_767_225_600))
        let source = ProviderTokenSource(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, store: ProviderTokenStore(folder: folder), time: time.pushTime)
        let young = try await source.current()
        time.advance(19 * 60)
        #expect(try await source.replacement(for: young) == nil)
        time.advance(60)
        let fresh = try #require(try await source.replacement(for: young))
        #expect(fresh != young)
        #expect(fresh.issuedAt == time.now)
        // A second request that saw the old token gets the same new one.
        #expect(try await source.replacement(for: young) == fresh)
        #expect(try await source.current() == fresh)
    }

    @Test func dryRunWritesNothing() async throws {
        let folder = try scratchFolder("dry")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = try ProviderKey.read(path: TestKey.path)
        let source = ProviderTokenSource(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, store: ProviderTokenStore(folder: folder + "/t"),
                                         persist: false, time: FakeTime().pushTime)
        _ = try await source.current()
        #expect(!FileManager.default.fileExists(atPath: folder + "/t"))
    }

    @Test func unwritableCacheIsAWarning() async throws {
        let folder = try scratchFolder("unwritable")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("a file, not a folder", to: folder + "/tokens")
        let key = try ProviderKey.read(path: TestKey.path)
        let source = ProviderTokenSource(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, store: ProviderTokenStore(folder: folder + "/tokens"),
                                         time: FakeTime().pushTime)
        await source.confirm(try await source.current())
        #expect(await source.warnings == [folder + "/tokens: is a file, not a folder for the token cache; the next run makes a new token (APNs allows a new one at most every 20 minutes)"])
    }

    /// A key file that holds another key under the same Key ID makes a token APNs refuses: it is never saved,
    /// so the good token in the cache stays (and the next correct run makes no new one).
    @Test func refusedTokenDoesNotReplaceTheCachedOne() async throws {
        let folder = try scratchFolder("wrong-key")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let time = FakeTime(Date(timeIntervalSince1970: 1_767_225_600))
        let store = ProviderTokenStore(folder: folder)
        let key = try ProviderKey.read(path: TestKey.path)
        let good = ProviderTokenSource(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, store: store, time: time.pushTime)
        let token = try await good.current()
        await good.confirm(token)
        time.advance(60)
        let wrongKey = try ProviderKey.read(path: TestKey.otherPath)
        let wrong = ProviderTokenSource(key: wrongKey, keyID: TestKey.keyID, teamID: TestKey.teamID, store: store, time: time.pushTime)
        let wrongToken = try await wrong.current()
        #expect(wrongToken != token)
        // APNs answered InvalidProviderToken, so the client does not confirm it: the cache still holds the good one.
        #expect(store.cached(keyID: TestKey.keyID, teamID: TestKey.teamID, key: key, now: time.now) == token)
        let again = ProviderTokenSource(key: key, keyID: TestKey.keyID, teamID: TestKey.teamID, store: store, time: time.pushTime)
        #expect(try await again.current() == token)
    }
}
