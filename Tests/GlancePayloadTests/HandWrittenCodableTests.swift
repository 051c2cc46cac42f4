import Foundation
import Testing
import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces
@testable import GlancePayload

/// A hand-written `init(from:)` that only decodes keys is read like synthesized Codable (its keys from the
/// coding keys it uses, optionality from `decodeIfPresent`); anything else keeps the type unknown, so
/// `payload check` skips it instead of guessing.
struct HandWrittenCodableTests {
    /// The shape of `StatusAttributes.ContentState` declared by `source`.
    static func contentState(_ source: String) throws -> JSONShape {
        let path = "/project/Status.swift"
        let index = SourceIndex(sources: [path: "import ActivityKit\n\nstruct StatusAttributes: ActivityAttributes {\n" + source + "\n    var name: String\n}\n"])
        let target = Target(id: "App", name: "App", productType: nil, kind: .app, kindReason: "test", platforms: [.iOS], sources: [path],
                            assetCatalogs: [], configurations: [], defaultConfigurationName: nil, dependencies: [], embeds: [], projectPath: nil)
        let project = ProjectModel(root: "/project", projectFiles: [], targets: [target], unassignedSources: [], isLooseSources: false, notes: [])
        let catalog = ActivityTypeCatalog(model: SurfaceModel.build(project: project, index: index))
        return try #require(catalog.types(named: "StatusAttributes").first).contentState
    }

    /// `key: shape` per decoded field, in declaration order.
    static func decodedFields(_ shape: JSONShape) -> [String]? {
        guard case .object(_, let fields) = shape else { return nil }
        return fields.filter(\.isDecoded).map { "\($0.key): \($0.shape)" }
    }

    static let plain = """
            struct ContentState: Codable, Hashable {
                var phase: String
                var minutes: Int
                var note: String?
                var retries = 0

                enum CodingKeys: String, CodingKey {
                    case phase, minutes = "mins", note, retries
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    phase = try container.decode(String.self, forKey: .phase)
                    self.minutes = try container.decode(Int.self, forKey: CodingKeys.minutes)
                    note = try container.decodeIfPresent(String.self, forKey: .note)
                }
            }
        """

    @Test func plainDecodeIsReadLikeSynthesizedCode() throws {
        let shape = try Self.contentState(Self.plain)
        #expect(Self.decodedFields(shape) == ["phase: String", "mins: Int", "note: String?"])
        // `retries` is not decoded, but the synthesized encode(to:) writes it.
        guard case .object(_, let fields) = shape else { Issue.record("not an object: \(shape)"); return }
        #expect(fields.map(\.key) == ["phase", "mins", "note", "retries"])
        #expect(fields.first { $0.key == "retries" }?.isDecoded == false)
    }

    @Test func checkedLikeSynthesizedCode() throws {
        let shape = try Self.contentState(Self.plain)
        let body = #"{"phase": "boarding", "minutes": 3, "note": 7}"#
        let check = ShapeDecoder.check(try JSONDecoder().decode(JSONValue.self, from: Data(body.utf8)), as: shape, at: .root, swiftPath: "ContentState")
        #expect(check.issues.map { "\($0.path) \($0.kind.rawValue)" } == ["mins keyNotFound", "note typeMismatch", "minutes unknownKey"])
        #expect(check.unchecked.isEmpty)
    }

    @Test func aMatchingHandWrittenEncoderIsAccepted() throws {
        let shape = try Self.contentState("""
                struct ContentState: Codable, Hashable {
                    var phase: String
                    var note: String?
                    enum Keys: String, CodingKey { case phase = "p", note = "n" }
                    init(from decoder: Decoder) throws {
                        let c = try decoder.container(keyedBy: Keys.self)
                        phase = try c.decode(String.self, forKey: .phase)
                        note = try c.decodeIfPresent(String.self, forKey: .note)
                    }
                    func encode(to encoder: Encoder) throws {
                        var c = encoder.container(keyedBy: Keys.self)
                        try c.encode(phase, forKey: .phase)
                        try c.encodeIfPresent(note, forKey: .note)
                    }
                }
            """)
        #expect(Self.decodedFields(shape) == ["p: String", "n: String?"])
    }

    /// Each of these does more than decode keys, so the type is not mirrored.
    @Test(arguments: [
        // A try? fallback swallows every error.
        "note = try? container.decodeIfPresent(String.self, forKey: .note)",
        // A default when the key is missing.
        "note = (try? container.decode(String.self, forKey: .note)) ?? \"none\"",
        // A computed value.
        "note = try container.decode(String.self, forKey: .note).uppercased()",
        // decode into an optional property: the key is required but Glance's optional says it is not.
        "note = try container.decode(String.self, forKey: .note)",
        // A nested container.
        "let inner = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .note)",
        // A loop.
        "for key in container.allKeys { print(key) }",
        // A condition.
        "if container.contains(.note) { note = try container.decode(String.self, forKey: .note) }",
        // A value that is not decoded.
        "note = \"fixed\"",
    ])
    func otherInitializersStayUnknown(statement: String) throws {
        let shape = try Self.contentState(Self.twoProperties(statement))
        guard case .unknown(let why) = shape else { Issue.record("read as \(shape)"); return }
        #expect(why == "StatusAttributes.ContentState has its own Codable implementation")
    }

    /// The same type with the plain statement is read, so the cases above are unknown for their statement alone.
    @Test func theControlCaseIsRead() throws {
        let shape = try Self.contentState(Self.twoProperties("note = try container.decodeIfPresent(String.self, forKey: .note)"))
        #expect(Self.decodedFields(shape) == ["phase: String", "note: String?"])
    }

    static func twoProperties(_ statement: String) -> String {
        """
                struct ContentState: Codable, Hashable {
                    var phase: String
                    var note: String?
                    init(from decoder: Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        phase = try container.decode(String.self, forKey: .phase)
                        \(statement)
                    }
                    enum CodingKeys: String, CodingKey { case phase, note }
                }
            """
    }

    @Test func otherContainersAndEncodersStayUnknown() throws {
        let singleValue = try Self.contentState("""
                struct ContentState: Codable, Hashable {
                    var phase: String
                    init(from decoder: Decoder) throws {
                        let container = try decoder.singleValueContainer()
                        phase = try container.decode(String.self)
                    }
                }
            """)
        #expect(Self.decodedFields(singleValue) == nil)
        // The encoder writes another key than the decoder reads.
        let differentKeys = try Self.contentState("""
                struct ContentState: Codable, Hashable {
                    var phase: String
                    enum CodingKeys: String, CodingKey { case phase, stage }
                    init(from decoder: Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        phase = try container.decode(String.self, forKey: .phase)
                    }
                    func encode(to encoder: Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(phase, forKey: .stage)
                    }
                }
            """)
        #expect(Self.decodedFields(differentKeys) == nil)
        // Keys that compute their string values.
        let computedKeys = try Self.contentState("""
                struct ContentState: Codable, Hashable {
                    var phase: String
                    struct Keys: CodingKey {
                        var stringValue: String
                        init?(stringValue: String) { self.stringValue = stringValue }
                        var intValue: Int? { nil }
                        init?(intValue: Int) { nil }
                    }
                    init(from decoder: Decoder) throws {
                        let container = try decoder.container(keyedBy: Keys.self)
                        phase = try container.decode(String.self, forKey: Keys(stringValue: "phase")!)
                    }
                }
            """)
        #expect(Self.decodedFields(computedKeys) == nil)
    }
}
