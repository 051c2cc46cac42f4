import Foundation

/// An APNs provider token: a JWT signed with ES256 (facts APNS-30…APNS-34).
///
/// Header `{"alg": "ES256", "kid": KEY_ID}`, claims `{"iss": TEAM_ID, "iat": seconds since 1970}` (a JSON
/// number), each base64url without padding, then the 64-byte `r‖s` signature. Sent as
/// `authorization: bearer <token>`. The whole token is a credential: print `redacted`, never `compact`.
public struct ProviderToken: Sendable, Equatable {
    public let keyID: String
    public let teamID: String
    /// `iat`, whole seconds.
    public let issuedAt: Date
    /// `header.claims.signature`.
    public let compact: String

    /// Signs a new token.
    /// - Throws: `PushInputError` when the key cannot sign.
    public init(key: ProviderKey, keyID: String, teamID: String, issuedAt: Date) throws {
        let seconds = Int(issuedAt.timeIntervalSince1970.rounded(.down))
        let header = Self.base64URL(Self.json(["alg": "ES256", "kid": keyID]))
        let claims = Self.base64URL(Self.json(["iss": teamID, "iat": seconds]))
        let signingInput = header + "." + claims
        let signature = try key.sign(Data(signingInput.utf8))
        self.keyID = keyID
        self.teamID = teamID
        self.issuedAt = Date(timeIntervalSince1970: TimeInterval(seconds))
        self.compact = signingInput + "." + Self.base64URL(signature)
    }

    /// Reads a token back (from the token cache): nil unless it has three parts, an ES256 header with a `kid`,
    /// and claims with `iss` and a numeric `iat`. The signature is not checked here (see `isSigned(by:)`).
    public init?(compact: String) {
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let headerData = Self.data(base64URL: String(parts[0])), let claimsData = Self.data(base64URL: String(parts[1])),
              let header = (try? JSONSerialization.jsonObject(with: headerData)) as? [String: Any],
              let claims = (try? JSONSerialization.jsonObject(with: claimsData)) as? [String: Any],
              header["alg"] as? String == "ES256", let keyID = header["kid"] as? String,
              let teamID = claims["iss"] as? String, let issuedAt = (claims["iat"] as? NSNumber)?.doubleValue
        else { return nil }
        self.keyID = keyID
        self.teamID = teamID
        self.issuedAt = Date(timeIntervalSince1970: issuedAt)
        self.compact = compact
    }

    /// Whether the signature is `key`'s signature of this token's header and claims.
    public func isSigned(by key: ProviderKey) -> Bool {
        guard let dot = compact.lastIndex(of: "."), let signature = Self.data(base64URL: String(compact[compact.index(after: dot)...])) else {
            return false
        }
        return key.isValidSignature(signature, for: Data(compact[..<dot].utf8))
    }

    /// The `authorization` header value.
    public var authorization: String { "bearer " + compact }

    /// What may be printed: the header and claims, never the signature.
    public var redacted: String {
        "bearer <ES256 JWT: kid \(keyID), iss \(teamID), iat \(Int(issuedAt.timeIntervalSince1970)); signature redacted>"
    }

    /// Seconds since the token was issued.
    public func age(at now: Date) -> TimeInterval { now.timeIntervalSince(issuedAt) }

    // MARK: Encoding

    static func json(_ object: [String: Any]) -> Data {
        // Keys sorted, so the same token is made from the same inputs.
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// Base64url without padding (RFC 7515 §2).
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64URL text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

/// The identifiers a provider token carries.
public enum ProviderIdentifiers {
    /// A Key ID or Team ID: 10 characters, uppercase letters and digits (APNS-30).
    public static func isValid(_ identifier: String) -> Bool {
        identifier.count == 10 && identifier.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// The Key ID in Apple's file name `AuthKey_<KEY ID>.p8`, if the path has that form.
    public static func keyID(fromFileName path: String) -> String? {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard name.hasPrefix("AuthKey_") else { return nil }
        let identifier = String(name.dropFirst("AuthKey_".count))
        return isValid(identifier) ? identifier : nil
    }
}
