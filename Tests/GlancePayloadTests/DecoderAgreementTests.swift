import Foundation
import Testing
import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces
@testable import GlancePayload

/// The typed check must accept exactly the payloads Foundation's JSONDecoder accepts. For the sample types in
/// `Samples/SampleTypes.swift` — compiled here, and read by Glance as source — thousands of generated
/// payloads (valid ones and ones broken in the ways servers break them) are decoded by both.
struct DecoderAgreementTests {
    static let catalog: ActivityTypeCatalog = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Samples").path
        let loader = ProjectLoader()
        let project = try! loader.load(path: folder)
        let index = SourceIndex(paths: project.targets.flatMap(\.sources), fileSystem: loader.fileSystem)
        return ActivityTypeCatalog(model: SurfaceModel.build(project: project, index: index))
    }()

    static func shape(_ type: String, contentState: Bool) throws -> JSONShape {
        let activity = try #require(catalog.types(named: type).first)
        return contentState ? activity.contentState : activity.attributes
    }

    @Test func samplesAreFullyDescribed() throws {
        #expect(Self.catalog.names.sorted() == ["RideAttributes", "ScoreAttributes", "TripAttributes"])
        for type in ["TripAttributes", "ScoreAttributes", "RideAttributes"] {
            for contentState in [true, false] {
                let shape = try Self.shape(type, contentState: contentState)
                #expect(JSONSizeEstimate.of(shape, path: type).unknown.isEmpty, "\(type) has unknown parts")
            }
        }
    }

    /// Mutation rates per type (per value) chosen so that roughly half the payloads decode.
    @Test(arguments: [("TripAttributes", true, 0.02), ("TripAttributes", false, 0.15), ("ScoreAttributes", true, 0.03), ("ScoreAttributes", false, 0.3),
                      ("RideAttributes", true, 0.04), ("RideAttributes", false, 0.3)])
    func agreesWithJSONDecoder(type: String, contentState: Bool, mutationRate: Double) throws {
        let shape = try Self.shape(type, contentState: contentState)
        let decode: (Data) -> Bool
        switch (type, contentState) {
        case ("TripAttributes", true): decode = { (try? JSONDecoder().decode(TripAttributes.ContentState.self, from: $0)) != nil }
        case ("TripAttributes", false): decode = { (try? JSONDecoder().decode(TripAttributes.self, from: $0)) != nil }
        case ("ScoreAttributes", true): decode = { (try? JSONDecoder().decode(ScoreAttributes.ContentState.self, from: $0)) != nil }
        case ("ScoreAttributes", false): decode = { (try? JSONDecoder().decode(ScoreAttributes.self, from: $0)) != nil }
        case ("RideAttributes", true): decode = { (try? JSONDecoder().decode(RideAttributes.ContentState.self, from: $0)) != nil }
        default: decode = { (try? JSONDecoder().decode(RideAttributes.self, from: $0)) != nil }
        }
        var generator = PayloadGenerator(seed: UInt64(type.count * 31 + (contentState ? 7 : 3)))
        var accepted = 0
        var disagreements: [String] = []
        let count = 1500
        for _ in 0..<count {
            let text = generator.value(for: shape, mutationRate: mutationRate).text
            let data = Data(text.utf8)
            let foundation = decode(data)
            let value = try JSONDecoder().decode(JSONValue.self, from: data)
            let check = ShapeDecoder.check(value, as: shape, at: .root, swiftPath: type)
            if foundation { accepted += 1 }
            if foundation != check.decodes, disagreements.count < 5 {
                disagreements.append("JSONDecoder \(foundation ? "accepts" : "rejects"), Glance \(check.decodes ? "accepts" : "rejects: \(check.issues.filter(\.isFailure).map { "\($0.path) \($0.message)" })"): \(text)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // Both outcomes must be well represented, or the comparison proves little.
        #expect(accepted > count / 10 && accepted < count * 9 / 10, "accepted \(accepted) of \(count)")
    }
}

/// Generates JSON text for a shape: valid values, and with `mutationRate` per value, the mistakes servers
/// make — a missing key, `null`, another JSON type, a fraction for an integer, an out-of-range number, a
/// string that is not a raw value, a URL, UUID or base64 string that does not parse, an extra key.
struct PayloadGenerator {
    indirect enum Node {
        case raw(String)
        case array([Node])
        case object([(String, Node)])

        var text: String {
            switch self {
            case .raw(let text): return text
            case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
            case .object(let fields): return "{" + fields.map { JSONValue.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
            }
        }
    }

    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    /// SplitMix64.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ probability: Double) -> Bool { Double(next() % 10_000) / 10_000 < probability }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    static let numbers = ["0", "-0", "1", "-1", "1.0", "1.5", "-2.25", "1e2", "1E-3", "127", "128", "255", "256", "-129", "32767", "65535",
                          "65536", "2147483647", "2147483648", "-2147483649", "4294967296", "9223372036854775807", "9223372036854775808",
                          "18446744073709551615", "18446744073709551616", "3.4e38", "3.5e38", "1e39", "1e-50", "1e308", "0.1", "817641000",
                          "1795948200", "1795948200000"]
    static let strings = ["\"\"", "\"a\"", "\"héllo\"", "\"https://example.com/a?b=1\"", "\"http://x y\"", "\"a b\"",
                          "\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"", "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", "\"E621E1F8C36C495A\"",
                          "\"aGk=\"", "\"aGk\"", "\"boarding\"", "\"ARRIVED\"", "\"arrived\"", "\"1\"", "\"true\"", "\"null\""]

    /// Any JSON value, for mutations.
    mutating func anyValue() -> Node {
        switch int(0...5) {
        case 0: return .raw("null")
        case 1: return .raw(pick(["true", "false"]))
        case 2: return .raw(pick(Self.numbers))
        case 3: return .raw(pick(Self.strings))
        case 4: return .array(int(0...1) == 0 ? [] : [.raw(pick(Self.numbers))])
        default: return .object(int(0...1) == 0 ? [] : [("home", .object([]))])
        }
    }

    mutating func value(for shape: JSONShape, mutationRate: Double) -> Node {
        if chance(mutationRate) { return anyValue() }
        switch shape {
        case .string: return .raw(pick(Self.strings))
        case .bool: return .raw(pick(["true", "false"]))
        case .integer(let type, _):
            // Mostly values that fit; sometimes the edges.
            if chance(0.2) { return .raw(pick(Self.numbers)) }
            let max = type.hasSuffix("8") ? 100 : 30_000
            return .raw(String(type.hasPrefix("U") ? int(0...max) : int(-max...max)))
        case .floating, .date:
            return chance(0.2) ? .raw(pick(Self.numbers)) : .raw(String(Double(int(-1_000_000...1_000_000)) / 8))
        case .url: return .raw(pick(["\"https://example.com/a?b=1\"", "\"a b\"", "\"myapp://order/1\"", "\"http://x y\"", "\"\""]))
        case .uuid: return .raw(pick(["\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"", "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", "\"E621E1F8C36C495A\""]))
        case .data: return .raw(pick(["\"aGk=\"", "\"\"", "\"aGk\"", "\"!!\""]))
        case .rawEnum(_, let values, let isString):
            if chance(0.1) { return .raw(isString ? "\"nope\"" : "99") }
            let value = pick(values)
            return .raw(isString ? JSONValue.quoted(value) : (chance(0.2) ? value + ".0" : value))
        case .taggedEnum(_, let cases):
            let chosen = pick(cases)
            if chance(0.05) { return .object([(chosen.name, .object([])), ("other", .object([]))]) }
            if chance(0.05) { return .object([("unknownCase", .object([]))]) }
            return .object([(chosen.name, object(chosen.fields, mutationRate: mutationRate))])
        case .object(_, let fields):
            return object(fields, mutationRate: mutationRate)
        case .array(let element):
            return .array((0..<int(0...3)).map { _ in value(for: element, mutationRate: mutationRate) })
        case .dictionary(let element):
            return .object((0..<int(0...2)).map { index in ("k\(index)", value(for: element, mutationRate: mutationRate)) })
        case .optional(let wrapped):
            return chance(0.25) ? .raw("null") : value(for: wrapped, mutationRate: mutationRate)
        case .unknown:
            return .raw("null")
        }
    }

    mutating func object(_ fields: [JSONField], mutationRate: Double) -> Node {
        var members: [(String, Node)] = []
        for field in fields {
            // A missing key: fine for optionals, a failure otherwise.
            if chance(field.isDecoded ? mutationRate : 0.5) { continue }
            if case .optional = field.shape, chance(0.2) { continue }
            members.append((field.key, value(for: field.shape, mutationRate: mutationRate)))
        }
        if chance(mutationRate) { members.append(("extra_key", anyValue())) }
        return .object(members)
    }
}
