import Foundation
import Testing
import GlancePayload
@testable import GlanceRules

/// The timeline's rules, without a project: times and lifecycle only.
struct ActivitySimulatorTests {
    static let t0 = 1_795_946_400.0

    static func push(_ aps: String, source: String, at offset: Double? = nil, broadcast: Bool = false) -> SimulatedPush {
        SimulatedPush(push: Push(body: PayloadDocument(name: source, data: Data("{\"aps\": \(aps)}".utf8)), broadcast: broadcast),
                      arrival: offset.map { Date(timeIntervalSince1970: t0 + $0) }, source: source)
    }

    static func events(_ timeline: ActivityTimeline) -> [String] {
        timeline.entries.map { "\(Int($0.time.timeIntervalSince1970 - t0)) \($0.event.rawValue) \($0.source ?? "-")\($0.uncertain ? " ?" : "")" }
    }

    @Test func eightHourLimitEndsTheActivityAndLaterPushesAreIgnored() {
        let timeline = ActivitySimulator(catalog: nil, attributes: nil).run([
            Self.push(#"{"timestamp": 1795946400, "event": "start", "attributes-type": "A", "attributes": {}, "content-state": {}, "alert": "Hi"}"#, source: "start", at: 0),
            Self.push(#"{"timestamp": 1795978800, "event": "update", "content-state": {}}"#, source: "late-update", at: 32_400),
        ])
        #expect(Self.events(timeline) == [
            "0 started start", "0 alert start",
            "28800 ended -", "32400 dropped late-update", "43200 dismissed -",
        ])
    }

    @Test func refusedDroppedStaleAndDefaultDismissal() {
        let big = String(repeating: "x", count: 5000)
        let timeline = ActivitySimulator(catalog: nil, attributes: nil).run([
            Self.push(#"{"timestamp": 1795946400, "event": "update", "stale-date": 1795947000, "content-state": {}}"#, source: "u1"),
            Self.push(#"{"timestamp": 1795946500, "event": "update", "content-state": {"note": "\#(big)"}}"#, source: "too-big"),
            Self.push(#"{"timestamp": 1795946600, "event": "update"}"#, source: "no-state"),
            Self.push(#"{"timestamp": 1795946400, "event": "update", "content-state": {}}"#, source: "same-time"),
            Self.push(#"{"timestamp": 1795950000, "event": "end"}"#, source: "end"),
            Self.push(#"{"timestamp": 1795950100, "event": "update", "content-state": {}}"#, source: "after-end"),
        ])
        #expect(Self.events(timeline) == [
            "0 assumed-started u1", "0 updated u1",
            "100 rejected too-big",
            "200 dropped no-state ?",
            "200 dropped same-time ?",
            "600 stale -",
            "3600 ended end",
            "3700 dropped after-end",
            "18000 dismissed -",
        ])
    }

    @Test func dismissalDateIsCappedAtFourHours() {
        let timeline = ActivitySimulator(catalog: nil, attributes: nil).run([
            Self.push(#"{"timestamp": 1795946400, "event": "update", "content-state": {}}"#, source: "u"),
            Self.push(#"{"timestamp": 1795946500, "event": "end", "dismissal-date": 1796046400}"#, source: "end"),
        ])
        #expect(Self.events(timeline).last == "14500 dismissed -")
        #expect(timeline.entries.first { $0.event == .ended }?.detail.contains("after 4 hours") == true)
    }
}
