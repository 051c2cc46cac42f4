import Foundation
import Testing
@testable import GlanceProject

/// `OpenStepText` (CoreFoundation's parser, its objects read directly) gives what `PropertyListSerialization` and
/// `PlistValue(foundation:)` give, on every project file of the repository and on text with escapes; text it
/// refuses goes the slow way, for the same error.
struct OpenStepTextTests {
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    func throughFoundation(_ data: Data) throws -> PlistValue {
        PlistValue(foundation: try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
    }

    @Test func sameValueAsPropertyListSerialization() throws {
        var checked = 0
        let walk = FileManager.default.enumerator(atPath: Self.repositoryRoot)
        while let path = walk?.nextObject() as? String {
            guard path.hasSuffix("project.pbxproj"), !path.hasPrefix(".build") else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.repositoryRoot + "/" + path))
            guard let expected = try? throughFoundation(data) else { continue }
            #expect(OpenStepText.parse(data) == expected, "\(path)")
            checked += 1
        }
        #expect(checked >= 5)
        let escapes = Data(#"{ a = "caf\U00e9 \"q\" \\ \n\t tab"; b = ( x, "y z", <0fA1>, { c = "" ; } ); "é" = "ü"; d = "nul\000here"; }"#.utf8)
        #expect(OpenStepText.parse(escapes) == (try throughFoundation(escapes)))
        #expect(OpenStepText.parse(escapes)?["d"]?.string?.utf8.count == (try throughFoundation(escapes))["d"]?.string?.utf8.count)
    }

    @Test func refusedTextGoesTheSlowWay() throws {
        let broken = Data("// !$*UTF8*$!\n{ a = b; c = ; }\n".utf8)
        #expect(OpenStepText.parse(broken) == nil)
        #expect(throws: ProjectError.self) { try PlistReader.parse(broken, file: "p") }
    }
}
