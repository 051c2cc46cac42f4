import Foundation
import GlanceInput
#if os(Linux)
import CNGHTTP2
#endif

/// Certificate authorities a run trusts in addition to the system's certificate store (`--ca-file`,
/// `GLANCE_APNS_CA_FILE`): the PEM certificates of one file, such as the local stand-in's `ca.pem`. They are
/// trusted as roots by `HTTP2Transport` (Linux) for that run only; nothing is installed.
public struct TrustedCertificates: Sendable, Equatable {
    /// The file as messages name it, with where it was given: `ca.pem (--ca-file)`.
    public let source: String
    /// The file's bytes: one or more `-----BEGIN CERTIFICATE-----` blocks (other text between them is ignored).
    public let pem: Data
    /// The certificates in it (at least one).
    public let count: Int

    /// The most bytes read (Debian's whole system bundle is about 200 KB).
    public static let maximumFileBytes = 4 << 20

    /// Reads `path` (a file or a pipe, `<(…)`; not standard input).
    /// - Parameter origin: where the path came from, for messages (`--ca-file`, `GLANCE_APNS_CA_FILE`).
    /// - Throws: `PushInputError` naming the file when it is missing, a folder, unreadable, larger than
    ///   `maximumFileBytes`, empty, binary (DER), holds a private key (never shown), holds no PEM certificate,
    ///   or (on Linux) a certificate that OpenSSL cannot read.
    public static func read(path: String, origin: String) throws -> TrustedCertificates {
        let name = InputFile.displayName(path)
        guard path != "-" else {
            throw PushInputError(origin, "give the certificate authority's file, or <(…); not standard input")
        }
        let data: Data
        do {
            data = try InputFile.read(path, limit: maximumFileBytes, kind: "a certificate file", hint: "a CA certificate is about 1 KB of PEM text")
        } catch let failure as InputFile.Failure {
            throw PushInputError(failure.subject, failure.reason)
        }
        let expected = "PEM text with -----BEGIN CERTIFICATE-----, such as the stand-in's ca.pem"
        guard !data.isEmpty else { throw PushInputError(name, "is empty; \(origin) takes a certificate authority's certificate, \(expected)") }
        guard data.first != 0x30, let text = String(data: data, encoding: .utf8) else {
            throw PushInputError(name, "is binary (DER?), not \(expected); convert it: openssl x509 -inform der -in FILE -out ca.pem")
        }
        if text.contains("PRIVATE KEY-----") {
            throw PushInputError(name, "holds a private key; \(origin) takes the certificate authority's certificate (ca.pem), never a key")
        }
        let blocks = text.components(separatedBy: "-----BEGIN CERTIFICATE-----").count - 1
        guard blocks > 0 else { throw PushInputError(name, "holds no certificate; \(origin) takes \(expected)") }
        #if os(Linux)
        let read = Self.x509Certificates(in: data).count
        guard read == blocks else {
            let damaged = blocks == 1 ? "its certificate" : "certificate \(read + 1) of \(blocks)"
            throw PushInputError(name, "cannot be read: \(damaged) is damaged or truncated")
        }
        #endif
        return TrustedCertificates(source: "\(name) (\(origin))", pem: data, count: blocks)
    }

    #if os(Linux)
    /// The certificates of PEM text, parsed by OpenSSL (each an `X509 *` the caller frees), up to the first that
    /// does not parse.
    static func x509Certificates(in pem: Data) -> [OpaquePointer] {
        let bytes = [UInt8](pem)
        return bytes.withUnsafeBytes { buffer -> [OpaquePointer] in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return [] }
            defer { BIO_free(bio) }
            var certificates: [OpaquePointer] = []
            while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) { certificates.append(certificate) }
            // The end of the text is an error in OpenSSL's queue too.
            ERR_clear_error()
            return certificates
        }
    }

    /// Adds the certificates to `store` (an `X509_STORE *`) as trusted roots.
    /// - Returns: whether every one was added.
    func add(to store: OpaquePointer) -> Bool {
        let certificates = Self.x509Certificates(in: pem)
        defer { certificates.forEach { X509_free($0) } }
        var added = certificates.count == count
        for certificate in certificates where X509_STORE_add_cert(store, certificate) != 1 { added = false }
        ERR_clear_error()
        return added
    }
    #endif
}
