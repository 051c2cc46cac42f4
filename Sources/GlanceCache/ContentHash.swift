import Foundation
#if canImport(CryptoKit)
import CryptoKit
#else
import CLibCrypto
#endif

/// SHA-256 of bytes, as 64 lowercase hexadecimal digits: the platform's own implementation (CryptoKit on Apple
/// platforms, OpenSSL's libcrypto on Linux), never Glance's.
enum ContentHash {
    /// The digest of the parts one after another; nil only when libcrypto cannot give one (out of memory).
    static func sha256(_ parts: [[UInt8]]) -> String? {
        #if canImport(CryptoKit)
        var hasher = SHA256()
        for part in parts { hasher.update(data: part) }
        return hexadecimal(hasher.finalize())
        #else
        _ = libraryReady
        guard let context = EVP_MD_CTX_new() else { return nil }
        defer { EVP_MD_CTX_free(context) }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { return nil }
        for part in parts {
            guard part.withUnsafeBytes({ EVP_DigestUpdate(context, $0.baseAddress, $0.count) }) == 1 else { return nil }
        }
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else { return nil }
        return hexadecimal(digest.prefix(Int(length)))
        #endif
    }

    #if !canImport(CryptoKit)
    /// libcrypto started without its clean-up at exit, before its first use: that clean-up frees the state of
    /// threads still ending while the process exits (a worker that hashed, the run's own thread), a double free seen
    /// once in 1,800 fuzz runs. The system frees the memory when the process ends.
    private static let libraryReady: Void = { _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil) }()
    #endif

    private static let digits = Array("0123456789abcdef".utf8)

    static func hexadecimal(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
