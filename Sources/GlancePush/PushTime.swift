import Foundation

/// The clock and the sleeper of `glance push`: token ages, `Retry-After` and backoff go through it, so tests
/// replace it and never wait.
public struct PushTime: Sendable {
    /// The current time.
    public var now: @Sendable () -> Date
    /// Waits this many seconds (or throws when the task is cancelled).
    public var sleep: @Sendable (TimeInterval) async throws -> Void

    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (TimeInterval) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system clock and real waiting.
    public static let system = PushTime(now: { Date() }, sleep: { seconds in
        guard seconds > 0 else { return }
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    })
}
