import Foundation

/// An input of `glance push` that cannot be used (exit code 2): a key file, a token list, a flag's value.
public struct PushInputError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file or flag the problem is in.
    public let subject: String
    public let reason: String

    public init(_ subject: String, _ reason: String) {
        self.subject = subject
        self.reason = reason
    }

    public var description: String { "\(subject): \(reason)" }
}

/// An APNs signing key: the P-256 private key of an `AuthKey_<KEY ID>.p8` file from Certificates, Identifiers &
/// Profiles → Keys (facts APNS-30, APNS-31). It signs with ES256, and never leaves this value: nothing prints it.
///
/// Signing is the platform's: CryptoKit on Apple platforms, OpenSSL's libcrypto on Linux.
public struct ProviderKey: Sendable {
    /// Where the key was read from, for messages.
    public let source: String
    let platformKey: PlatformSigningKey

    /// Reads a PEM private key (`-----BEGIN PRIVATE KEY-----`, PKCS#8, as Apple's `.p8` files are).
    /// - Throws: `PushInputError` naming `source` when the text is a certificate (certificate authentication
    ///   cannot send Live Activity pushes), not PEM, encrypted, or a key other than P-256.
    public init(pem: String, source: String) throws {
        self.source = source
        if pem.contains("-----BEGIN CERTIFICATE-----") || pem.contains("-----BEGIN PKCS12") {
            throw PushInputError(source, Self.certificateReason)
        }
        guard let label = Self.pemLabel(pem) else {
            throw PushInputError(source, "is not a PEM key; an APNs key (.p8) is text that starts with -----BEGIN PRIVATE KEY-----")
        }
        switch label {
        case "PRIVATE KEY", "EC PRIVATE KEY": break
        case "ENCRYPTED PRIVATE KEY":
            throw PushInputError(source, "is an encrypted private key; APNs .p8 keys are not encrypted (use the file as downloaded from developer.apple.com)")
        case "PUBLIC KEY":
            throw PushInputError(source, "is a public key; APNs needs the private key (.p8) to sign the provider token")
        case "RSA PRIVATE KEY":
            throw PushInputError(source, Self.notP256Reason("an RSA key"))
        default:
            throw PushInputError(source, "holds '\(label)', not a private key; an APNs key (.p8) starts with -----BEGIN PRIVATE KEY-----")
        }
        do {
            platformKey = try PlatformSigningKey(pem: pem)
        } catch let failure as KeyFailure {
            switch failure {
            case .unreadable: throw PushInputError(source, "cannot be read as a private key (the PEM text is damaged or truncated)")
            case .wrongKind(let kind): throw PushInputError(source, Self.notP256Reason(kind))
            case .signing: throw PushInputError(source, "cannot sign with this key")
            }
        }
    }

    /// Reads `path` (`--key-file`).
    /// - Throws: `PushInputError` when the file is missing, a folder, unreadable, not text, or not a P-256 key.
    public static func read(path: String) throws -> ProviderKey {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw PushInputError(path, "no such file") }
        guard !isDirectory.boolValue else { throw PushInputError(path, "is a folder, not a .p8 key file") }
        let ext = (path as NSString).pathExtension.lowercased()
        if ["p12", "pfx", "cer", "crt"].contains(ext) { throw PushInputError(path, certificateReason) }
        guard let data = FileManager.default.contents(atPath: path) else { throw PushInputError(path, "cannot be read") }
        guard !data.isEmpty else { throw PushInputError(path, "is empty; an APNs key (.p8) is PEM text that starts with -----BEGIN PRIVATE KEY-----") }
        guard data.count <= 64 << 10 else { throw PushInputError(path, "is \(data.count) bytes; an APNs .p8 key is about 250 bytes of text") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PushInputError(path, "is not text; an APNs key (.p8) is PEM text that starts with -----BEGIN PRIVATE KEY-----")
        }
        return try ProviderKey(pem: text, source: path)
    }

    /// ES256 (ECDSA on P-256 with SHA-256): the 64-byte `r‖s` signature JWS uses (RFC 7518 §3.4), not DER.
    /// - Throws: `PushInputError` if the platform's crypto library fails.
    public func sign(_ message: Data) throws -> Data {
        do { return try platformKey.sign(message) } catch { throw PushInputError(source, "cannot sign with this key") }
    }

    /// Whether `signature` (64-byte `r‖s`) is this key's ES256 signature of `message`.
    public func isValidSignature(_ signature: Data, for message: Data) -> Bool {
        signature.count == 64 && platformKey.isValidSignature(signature, for: message)
    }

    static let certificateReason = """
        is a certificate; Live Activity pushes need token-based authentication (APNs refuses certificates for \
        them): create a key under Certificates, Identifiers & Profiles → Keys with Apple Push Notifications \
        service, download its AuthKey_<KEY ID>.p8 and pass it with --key-file, --key-id and --team-id
        """

    static func notP256Reason(_ kind: String) -> String {
        "is \(kind); APNs provider tokens are signed with ES256, by the P-256 key of an AuthKey_<KEY ID>.p8 file"
    }

    /// The label of the first PEM block: `PRIVATE KEY` for `-----BEGIN PRIVATE KEY-----`.
    static func pemLabel(_ text: String) -> String? {
        guard let begin = text.range(of: "-----BEGIN ") else { return nil }
        guard let end = text[begin.upperBound...].range(of: "-----") else { return nil }
        return String(text[begin.upperBound..<end.lowerBound])
    }
}

/// Why the platform could not use a PEM key.
enum KeyFailure: Error {
    /// The PEM text does not parse as a private key.
    case unreadable
    /// A key of another kind: "an RSA key", "an EC key on secp384r1".
    case wrongKind(String)
    case signing
}
