import Foundation
import GlanceInput

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

    /// The most bytes read from a key file (an APNs key is about 250).
    public static let maximumFileBytes = 64 << 10

    /// Reads `path` (`--key-file`): a file, a pipe (`<(…)`), or standard input for `-`.
    /// - Throws: `PushInputError` when the file is missing, a folder, unreadable, too large, binary (a `.p12`
    ///   certificate bundle, a DER key), not text, or not a P-256 key.
    public static func read(path: String) throws -> ProviderKey {
        let name = InputFile.displayName(path)
        let ext = (path as NSString).pathExtension.lowercased()
        if ["p12", "pfx", "cer", "crt"].contains(ext) { throw PushInputError(name, certificateReason) }
        let data: Data
        do { data = try InputFile.read(path, limit: maximumFileBytes, kind: "a .p8 key file", hint: "an APNs .p8 key is about 250 bytes of text") } catch let failure as InputFile.Failure {
            throw PushInputError(failure.subject, failure.reason)
        }
        guard !data.isEmpty else { throw PushInputError(name, "is empty; an APNs key (.p8) is PEM text that starts with -----BEGIN PRIVATE KEY-----") }
        if let binary = binaryKind(data) { throw PushInputError(name, binary) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PushInputError(name, "is not text; an APNs key (.p8) is PEM text that starts with -----BEGIN PRIVATE KEY-----")
        }
        return try ProviderKey(pem: text, source: name)
    }

    /// What a binary key or certificate file is (DER starts with an ASN.1 SEQUENCE, 0x30): a PKCS #12 bundle
    /// (`.p12`: a SEQUENCE whose first element is the version INTEGER 3), or other DER.
    static func binaryKind(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(8))
        guard bytes.count >= 4, bytes[0] == 0x30 else { return nil }
        // The length takes 1 byte below 128, else 0x80 + n and n bytes.
        let lengthBytes = bytes[1] < 0x80 ? 1 : 1 + Int(bytes[1] & 0x7F)
        let version = Array(bytes.dropFirst(1 + lengthBytes).prefix(3))
        if version == [0x02, 0x01, 0x03] { return "is a PKCS #12 file (.p12), a certificate bundle, renamed; " + certificateReason.dropFirst("is a certificate; ".count) }
        return "is binary (DER), not PEM text; an APNs key (.p8) is text that starts with -----BEGIN PRIVATE KEY----- (download it again from developer.apple.com)"
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
