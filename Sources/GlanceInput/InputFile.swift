import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads what a user points Glance at — a regular file, a pipe the shell opened (`<(…)`, `/dev/stdin`,
/// `/dev/fd/N`), a device, or standard input for `-` — never more than a limit, so `/dev/zero` or an endless
/// pipe cannot fill memory. A named FIFO elsewhere (`mkfifo`, which a checked-out repository may hold) is refused
/// rather than waited on: opening one blocks until something writes to it.
public enum InputFile {
    /// Why an input cannot be read: one line, naming the input (as `Shown.name` shows it).
    public struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        /// The input as messages name it: the path, or `<stdin>`.
        public let subject: String
        public let reason: String

        public init(subject: String, reason: String) {
            self.subject = subject
            self.reason = reason
        }

        public var description: String { "\(subject): \(reason)" }
    }

    /// The name messages and findings use for standard input.
    public static let standardInputName = "<stdin>"

    /// How messages name `path`: `<stdin>` for `-`, else `Shown.name(path)`.
    public static func displayName(_ path: String) -> String {
        path == "-" ? standardInputName : Shown.name(path)
    }

    /// Reads `path`, or standard input for `-`.
    /// - Parameters:
    ///   - limit: the most bytes read; an input with more is refused without reading it all.
    ///   - kind: what the input should be, for messages: "a JSON file" gives "is a folder, not a JSON file".
    ///   - hint: appended to the too-large message (`"; a push body is at most 5120 bytes"`).
    /// - Returns: all the input's bytes (at most `limit`).
    /// - Throws: `Failure` when there is no such file, it is a folder, it cannot be opened or read (with the
    ///   system's reason), or it holds more than `limit` bytes.
    public static func read(_ path: String, limit: Int, kind: String, hint: String? = nil) throws -> Data {
        let subject = displayName(path)
        func failure(_ reason: String) -> Failure { Failure(subject: subject, reason: reason) }
        let descriptor: Int32
        if path == "-" {
            descriptor = 0
        } else {
            guard !path.isEmpty else { throw failure("no such file (the path is empty)") }
            var named = stat()
            if stat(path, &named) == 0, named.st_mode & S_IFMT == S_IFIFO, !isShellDescriptor(path) {
                throw failure("is a FIFO (named pipe), not \(kind); to read from a pipe, give - or <(…)")
            }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                switch code {
                case ENOENT: throw failure("no such file")
                case ENOTDIR: throw failure("no such file (a folder on the way is a file)")
                default: throw failure("cannot be read (\(systemReason(code)))")
                }
            }
        }
        defer { if path != "-" { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR { throw failure("is a folder, not \(kind)") }
            if type == S_IFREG, Int(status.st_size) > limit {
                throw failure("is \(status.st_size) bytes; Glance reads at most \(limit) bytes of \(kind)\(hint.map { "; " + $0 } ?? "")")
            }
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let wanted = min(buffer.count, limit + 1 - data.count)
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { continue }
                if code == EISDIR { throw failure("is a folder, not \(kind)") }
                throw failure("cannot be read (\(systemReason(code)))")
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            if data.count > limit {
                throw failure("is more than \(limit) bytes; Glance reads at most \(limit) bytes of \(kind)\(hint.map { "; " + $0 } ?? "")")
            }
        }
        return data
    }

    /// Whether `path` names a descriptor the shell already opened (`/dev/stdin`, `/dev/fd/N`,
    /// `/proc/self/fd/N`): what `<(…)` and `/dev/stdin` give, open at the other end.
    static func isShellDescriptor(_ path: String) -> Bool {
        path == "/dev/stdin" || path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/")
    }

    /// The system's text for an `errno` value, lowercased as a clause: "permission denied".
    static func systemReason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// `read(2)`, named apart from `InputFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.read(descriptor, buffer, count)
    #elseif canImport(Glibc)
    return Glibc.read(descriptor, buffer, count)
    #else
    return Musl.read(descriptor, buffer, count)
    #endif
}
