import Foundation

/// File names are bytes; Swift strings are Unicode. A name that is not valid UTF-8 (`Caf\xE9.swift`, written
/// by a Latin-1 tool) cannot be a `String` as it is, and Foundation's `FileManager` on Linux replaces such
/// bytes, so the file is reported missing although it exists.
///
/// Glance keeps every path a `String` and maps each byte that is not part of valid UTF-8 to one scalar of
/// Unicode's last private-use plane: byte `0xE9` becomes U+10FFE9 (bytes 0x80…0xFF ↔ U+10FF80…U+10FFFF).
/// The mapping is a bijection: the UTF-8 bytes of a genuine U+10FF80…U+10FFFF (which no tool writes in a
/// file name) are mapped byte by byte too. `FileSystem` turns the string back into the original bytes for
/// every system call, and reporters print the mapped scalars as `\xE9` (`OutputText`).
public enum FilePathBytes {
    /// The first scalar of the mapped range (byte `0x80`).
    static let base: UInt32 = 0x10FF00

    /// The byte a mapped scalar stands for, or nil for any other scalar.
    public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        guard value >= base + 0x80, value <= base + 0xFF else { return nil }
        return UInt8(value - base)
    }

    /// Whether a path holds a mapped byte (it was not valid UTF-8 on disk).
    public static func hasEscapedBytes(_ path: String) -> Bool {
        path.unicodeScalars.contains { escapedByte($0) != nil }
    }

    /// The path for bytes read from the system (a directory entry, `realpath`, `argv`).
    public static func string(fromBytes bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: { escapedByte($0) != nil }) {
            return text
        }
        return slowString(fromBytes: Array(bytes))
    }

    /// Byte by byte: the longest valid UTF-8 sequence at each position, else one escaped byte.
    private static func slowString(fromBytes bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 { scalars.append(Unicode.Scalar(byte)); index += 1; continue }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 0
            if length > 0, index + length <= bytes.count,
               let decoded = String(validating: bytes[index..<index + length], as: UTF8.self),
               let scalar = decoded.unicodeScalars.first, decoded.unicodeScalars.count == 1, escapedByte(scalar) == nil {
                scalars.append(scalar)
                index += length
                continue
            }
            scalars.append(Unicode.Scalar(base + UInt32(byte))!)
            index += 1
        }
        return String(scalars)
    }

    /// The bytes a path stands for on disk.
    public static func bytes(of path: String) -> [UInt8] {
        // A mapped scalar (U+10FF80…U+10FFFF) is written F4 8F …: a path without the byte F4 is its own bytes.
        if !path.utf8.contains(0xF4) { return Array(path.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if let byte = escapedByte(scalar) { bytes.append(byte) } else { bytes.append(contentsOf: String(scalar).utf8) }
        }
        return bytes
    }

    /// Calls `body` with the path as a NUL-terminated C string of its disk bytes.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        if !path.utf8.contains(0xF4) { return try path.withCString(body) }
        var bytes = bytes(of: path).map { CChar(bitPattern: $0) }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// A C string from the system (a `dirent` name, `realpath`'s result, an argument) as a path.
    public static func string(fromCString pointer: UnsafePointer<CChar>) -> String {
        string(fromBytes: UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }
}
