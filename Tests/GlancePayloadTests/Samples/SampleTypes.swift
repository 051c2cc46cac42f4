import Foundation

// Sample Live Activity types for the decoder cross-check. This file is compiled into the tests (so
// Foundation's JSONDecoder can decode the real types) and read by Glance as source (so Glance derives
// their JSON shapes from the same text).

struct TripAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        enum Phase: String, Codable, Hashable {
            case boarding
            case departed
            case arrived = "ARRIVED"
        }

        enum Gate: Int, Codable, Hashable {
            case a = 1
            case b
            case c = 10
        }

        struct Leg: Codable, Hashable {
            var from: String
            var to: String
            var departure: Date
            var delayMinutes: Int8?
        }

        var phase: Phase
        var gate: Gate?
        var legs: [Leg]
        var eta: Date
        var progress: Double
        var seats: UInt16
        var ratio: Float?
        var isLate: Bool
        var tags: [String: Int]
        var link: URL?
        var id: UUID
        var note: String?
        let version = 2

        enum CodingKeys: String, CodingKey {
            case phase, gate, legs, eta = "arrival_time", progress, seats, ratio, isLate = "late", tags, link, id, note
        }
    }

    var tripName: String
    var count: Int32
    var origin: Leg?

    typealias Leg = ContentState.Leg
}

struct ScoreAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        enum Possession: Codable, Hashable {
            case home
            case away
            case contested(seconds: Int)
            case replay(String, angle: Double?)
        }

        var home: Int
        var away: Int64
        var possession: Possession
        var periods: [[UInt8]]
        var updated: Date?
        var clip: Data?
        var score: Decimal
    }

    var homeTeam: String
    let league = "NBA"
}
