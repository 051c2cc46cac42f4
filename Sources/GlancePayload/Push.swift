import Foundation

/// One push as Glance checks it: the body, the APNs headers when known, and where it goes.
public struct Push: Sendable {
    public let body: PayloadDocument
    public let headers: APNsHeaders?
    /// A broadcast (channel) push: 5120-byte limit, priority 1 allowed, `apns-channel-id` (BC-01).
    public let broadcast: Bool

    public init(body: PayloadDocument, headers: APNsHeaders? = nil, broadcast: Bool = false) {
        self.body = body
        self.headers = headers
        self.broadcast = broadcast
    }

    /// The `aps` dictionary.
    public var aps: [String: JSONValue]? { body.aps }
    /// `aps.event` when it is a string.
    public var event: String? { aps?["event"]?.string }
    /// A number in `aps` (`timestamp`, `stale-date`, `dismissal-date`), in seconds as sent.
    public func number(_ key: String) -> Double? { aps?[key]?.number?.double }

    /// The largest body APNs accepts for this push, in bytes (APNS-04, BC-01).
    public var sizeLimit: Int { broadcast ? 5120 : 4096 }
}

/// Seconds between 1970-01-01 and 2001-01-01, the reference date of `Date`'s `Codable` form (DEC-03).
public let secondsFrom1970To2001: Double = 978_307_200

/// ISO 8601 in UTC, to the second: `2026-11-29T10:00:00Z`.
public func iso8601(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
}
