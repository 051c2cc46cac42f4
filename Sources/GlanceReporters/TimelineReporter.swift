import Foundation
import GlancePayload
import GlanceRules

/// Prints the timeline of `glance payload simulate`.
public enum TimelineReporter {
    /// One line per step: offset from the first step, UTC time, event, source and detail, and `(uncertain)`
    /// when it rests on behaviour Apple does not document (the JSON form names the pages it rests on).
    public static func text(_ timeline: ActivityTimeline) -> String {
        var lines = ["Live Activity \(timeline.activity ?? "(type unknown)")"]
        let start = timeline.start ?? Date(timeIntervalSince1970: 0)
        let width = ActivityTimeline.Event.allNames.map(\.count).max() ?? 0
        for entry in timeline.entries {
            let event = entry.event.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            let source = entry.source.map { "\($0): " } ?? ""
            let uncertain = entry.uncertain ? " (uncertain)" : ""
            lines.append("\(offset(entry.time.timeIntervalSince(start)))  \(iso8601(entry.time))  \(event)  \(source)\(entry.detail)\(uncertain)")
        }
        return lines.map { OutputText.escaped($0) }.joined(separator: "\n") + "\n"
    }

    /// `{"activity", "events": [{"time", "offset", "event", "source", "detail", "sources", "uncertain"}]}`; `time`
    /// is ISO 8601 UTC, `offset` seconds after the first event, `sources` the URLs of Apple's pages the step
    /// rests on.
    public static func json(_ timeline: ActivityTimeline) -> String {
        let start = timeline.start ?? Date(timeIntervalSince1970: 0)
        let events: [[String: Any]] = timeline.entries.map { entry in
            ["time": iso8601(entry.time), "offset": entry.time.timeIntervalSince(start), "event": entry.event.rawValue,
             "source": entry.source.map { $0 as Any } ?? NSNull(), "detail": entry.detail, "sources": entry.sources, "uncertain": entry.uncertain]
        }
        return JSONText.render(["activity": timeline.activity.map { $0 as Any } ?? NSNull(), "events": events])
    }

    /// `+1:05:00`
    static func offset(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        let sign = total < 0 ? "-" : "+"
        let value = abs(total)
        return String(format: "%@%d:%02d:%02d", sign, value / 3600, value % 3600 / 60, value % 60)
    }
}

extension ActivityTimeline.Event {
    static let allNames = ["started", "assumed-started", "updated", "dropped", "rejected", "alert", "stale", "ended", "dismissed", "note"]
}
