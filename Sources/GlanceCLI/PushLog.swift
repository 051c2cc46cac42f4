import Foundation
import GlanceInput
import GlancePush
import GlanceReporters
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `glance push --log FILE`: one JSON line per push appended as its result comes, for "what did we send yesterday":
/// `{"time": ISO 8601, "token" or "channel", "apnsId", "status", "reason", "result"}` (`null` where there is none;
/// `result` as in `--reporter json`). The file is made readable by its owner only, and never truncated.
final class PushLog: @unchecked Sendable {
    private let lock = NSLock()
    private let descriptor: Int32
    private let time: PushTime
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// - Throws: `PushInputError` naming the file when it cannot be opened for appending.
    init(path: String, time: PushTime) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PushInputError("--log", "\(Shown.name(path)) cannot be opened to append to (\(String(cString: strerror(errno))))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw PushInputError("--log", "\(Shown.name(path)) is not a regular file")
        }
        self.descriptor = descriptor
        self.time = time
    }

    deinit { close(descriptor) }

    private struct Line: Encodable {
        let time: String
        let token: String?
        let channel: String?
        let apnsId: String?
        let status: Int?
        let reason: String?
        let result: String

        enum CodingKeys: String, CodingKey { case time, token, channel, apnsId, status, reason, result }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(time, forKey: .time)
            if let channel { try container.encode(channel, forKey: .channel) } else { try container.encode(token, forKey: .token) }
            try container.encode(apnsId, forKey: .apnsId)
            try container.encode(status, forKey: .status)
            try container.encode(reason, forKey: .reason)
            try container.encode(result, forKey: .result)
        }
    }

    /// Appends the line of one push.
    func write(_ exchange: APNsExchange) {
        let answer = exchange.answer
        let channel = exchange.request.header("apns-channel-id")
        let line = Line(time: iso8601(time.now()), token: channel == nil ? exchange.request.url.lastPathComponent : nil, channel: channel,
                        apnsId: answer?.requestID, status: answer?.status, reason: answer?.reason, result: PushReporter.result(of: exchange))
        guard var data = try? encoder.encode(line) else { return }
        data.append(UInt8(ascii: "\n"))
        lock.lock()
        defer { lock.unlock() }
        _ = data.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
    }

    private func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

/// write(2), whichever C library has it.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, buffer, count)
    #else
    return Darwin.write(descriptor, buffer, count)
    #endif
}
