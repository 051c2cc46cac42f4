import Foundation

#if canImport(CryptoKit)
import CryptoKit

/// A P-256 signing key held by CryptoKit.
struct PlatformSigningKey: Sendable {
    let key: P256.Signing.PrivateKey

    init(pem: String) throws {
        do {
            key = try P256.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw KeyFailure.wrongKind("not a P-256 private key")
        }
    }

    func sign(_ message: Data) throws -> Data {
        try key.signature(for: message).rawRepresentation
    }

    func isValidSignature(_ signature: Data, for message: Data) -> Bool {
        guard let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return key.publicKey.isValidSignature(parsed, for: message)
    }
}

#else
import CLibCrypto

/// A P-256 signing key held by OpenSSL's libcrypto (an `EVP_PKEY`).
final class PlatformSigningKey: @unchecked Sendable {
    // An EVP_PKEY is safe to share between threads for signing: each call makes its own EVP_MD_CTX.
    private let key: OpaquePointer

    /// libcrypto started without its clean-up at exit (which frees the state of threads still ending then), before
    /// its first use here.
    private static let libraryReady: Void = { _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil) }()

    init(pem: String) throws {
        _ = Self.libraryReady
        let bytes = Array(pem.utf8)
        let parsed: OpaquePointer? = bytes.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            // A password callback that gives none: libcrypto never prompts on the terminal.
            return PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil)
        }
        guard let parsed else {
            ERR_clear_error()
            throw KeyFailure.unreadable
        }
        guard EVP_PKEY_get_base_id(parsed) == EVP_PKEY_EC else {
            let kind = EVP_PKEY_get_base_id(parsed) == EVP_PKEY_RSA ? "an RSA key" : "not an elliptic-curve key"
            EVP_PKEY_free(parsed)
            throw KeyFailure.wrongKind(kind)
        }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(parsed, &name, name.count, &length) == 1,
              String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) == "prime256v1" else {
            let curve = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            EVP_PKEY_free(parsed)
            ERR_clear_error()
            throw KeyFailure.wrongKind("an EC key on \(curve.isEmpty ? "an unknown curve" : curve), not P-256")
        }
        key = parsed
    }

    deinit { EVP_PKEY_free(key) }

    func sign(_ message: Data) throws -> Data {
        guard let context = EVP_MD_CTX_new() else { throw KeyFailure.signing }
        defer { EVP_MD_CTX_free(context) }
        let messageBytes = [UInt8](message)
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { return try failed() }
        var length = 0
        guard EVP_DigestSign(context, nil, &length, messageBytes, messageBytes.count) == 1 else { return try failed() }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &der, &length, messageBytes, messageBytes.count) == 1 else { return try failed() }
        // libcrypto gives ECDSA-Sig-Value (DER); JWS wants r and s as two 32-byte big-endian numbers.
        let signature: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, length)
        }
        guard let signature else { return try failed() }
        defer { ECDSA_SIG_free(signature) }
        var raw = [UInt8](repeating: 0, count: 64)
        let written = raw.withUnsafeMutableBufferPointer { buffer in
            BN_bn2binpad(ECDSA_SIG_get0_r(signature), buffer.baseAddress, 32)
                + BN_bn2binpad(ECDSA_SIG_get0_s(signature), buffer.baseAddress! + 32, 32)
        }
        guard written == 64 else { return try failed() }
        return Data(raw)
    }

    func isValidSignature(_ signature: Data, for message: Data) -> Bool {
        guard signature.count == 64, let parsed = ECDSA_SIG_new() else { return false }
        defer { ECDSA_SIG_free(parsed) }
        let raw = [UInt8](signature)
        let r = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, 32, nil) }
        let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + 32, 32, nil) }
        guard let r, let s, ECDSA_SIG_set0(parsed, r, s) == 1 else { return false }
        let length = i2d_ECDSA_SIG(parsed, nil)
        guard length > 0 else { return false }
        var der = [UInt8](repeating: 0, count: Int(length))
        let encoded = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            return i2d_ECDSA_SIG(parsed, &cursor)
        }
        guard encoded == length, let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        let messageBytes = [UInt8](message)
        let valid = EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1
            && EVP_DigestVerify(context, der, der.count, messageBytes, messageBytes.count) == 1
        ERR_clear_error()
        return valid
    }

    private func failed() throws -> Data {
        ERR_clear_error()
        throw KeyFailure.signing
    }
}
#endif
