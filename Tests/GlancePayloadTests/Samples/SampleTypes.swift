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
    // Not decoded: a constant with a value, left out of CodingKeys (which says so to the compiler, too).
    let league = "NBA"

    enum CodingKeys: String, CodingKey {
        case homeTeam
    }
}

// Hand-written Codable in the plain form Glance reads like synthesized code: one keyed container, then
// `decode` for required keys and `decodeIfPresent` for optional ones.
struct RideAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        enum Stage: String, Codable, Hashable {
            case requested
            case pickup = "PICKUP"
            case onTrip = "on_trip"
        }

        struct Driver: Codable, Hashable {
            var name: String
            var rating: Float
        }

        var stage: Stage
        var etaMinutes: UInt8
        var pickupAt: Date?
        var stops: [String]
        var tolls: [String: Int]
        var fare: Decimal?
        var driver: Driver?
        var surge: Double = 1

        enum CodingKeys: String, CodingKey {
            case stage, etaMinutes = "eta_minutes", pickupAt = "pickup_at", stops, tolls, fare, driver, surge
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            stage = try container.decode(Stage.self, forKey: .stage)
            etaMinutes = try container.decode(UInt8.self, forKey: .etaMinutes)
            self.pickupAt = try container.decodeIfPresent(Date.self, forKey: .pickupAt)
            stops = try container.decode([String].self, forKey: CodingKeys.stops)
            tolls = try container.decode([String: Int].self, forKey: .tolls)
            fare = try container.decodeIfPresent(Decimal.self, forKey: .fare)
            driver = try container.decodeIfPresent(Driver.self, forKey: .driver)
        }
    }

    var riderName: String
    var seats: Int16

    enum CodingKeys: String, CodingKey {
        case riderName = "rider"
        case seats
    }

    init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        riderName = try values.decode(String.self, forKey: .riderName)
        self.seats = try values.decode(Int16.self, forKey: .seats)
    }

    func encode(to encoder: Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(riderName, forKey: .riderName)
        try values.encode(self.seats, forKey: .seats)
    }
}
