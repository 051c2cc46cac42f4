import Foundation
import Testing
import GlanceCLI

/// The inputs Scripts/fuzz.py found failing (crash, hang, noise, a written file), minimized and kept in
/// Fixtures/Fuzz/NAME by `fuzz.py --minimize … --keep NAME`: each runs again, the way the harness ran it,
/// and must end cleanly — findings or one line of error — within 20 seconds, leaving the project unchanged.
///
/// A case is `case.json` (the input kind, the project it damages, the file replaced, the command) and the
/// damaged file: `input`, or `parts` for inputs whose size is what makes them hostile (run-length encoded:
/// `{"text"|"base64", "repeat"}`).
struct FuzzRegressionTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        struct Part: Decodable, Sendable {
            let text: String?
            let base64: String?
            let `repeat`: Int?
        }

        var name = ""
        let base: String
        let workspace: Bool
        let file: String
        let special: String?
        let arguments: [String]
        let parts: [Part]?
        let found: String

        enum CodingKeys: String, CodingKey { case base, workspace, file, special, arguments, parts, found }

        var testDescription: String { "\(name) (\(found))" }
    }

    static let folder = repositoryRoot + "/Tests/GlanceCLITests/Fixtures/Fuzz"

    static let cases: [Case] = {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: "\(folder)/\(name)/case.json"),
                  var found = try? JSONDecoder().decode(Case.self, from: data) else { return nil }
            found.name = name
            return found
        }
    }()

    @Test func everyKeptCaseIsRead() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { !$0.hasPrefix(".") }
        #expect(Self.cases.count == names.count)
        #expect(Self.cases.count >= 5)
    }

    @Test(arguments: FuzzRegressionTests.cases)
    func keptCaseEndsCleanly(_ kept: Case) throws {
        let scratch = try scratchFolder("fuzz-\(kept.name)")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let project = scratch + "/project"
        if kept.base == "LegacyPackages" { try copyFixture("LegacyPackages", to: project) } else {
            try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
            try copyExample(kept.base, to: project)
        }
        // The files fuzz.py adds to every project it damages.
        if kept.workspace {
            try write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version = \"1.0\">\n   <FileRef location = \"group:ProductivityTimer.xcodeproj\">\n   </FileRef>\n</Workspace>\n",
                      to: project + "/App.xcworkspace/contents.xcworkspacedata")
        }
        try write("{\"excluded\": [\"Pods\"], \"baseline\": null}\n", to: project + "/.glance.json")
        try write("{\"version\": 1, \"violations\": []}\n", to: project + "/glance-baseline.json")
        let target = project + "/" + kept.file
        try? FileManager.default.removeItem(atPath: target)
        switch kept.special {
        case "folder"?: try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        case "fifo"?: #expect(mkfifo(target, 0o644) == 0)
        case "link-root"?: try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: "/")
        case "link-zero"?: try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: "/dev/zero")
        case "sparse"?: try writeSparseFile(target, size: 3 << 30)
        default:
            var data = Data()
            if let parts = kept.parts {
                for part in parts {
                    let unit = part.text.map { Data($0.utf8) } ?? part.base64.flatMap { Data(base64Encoded: $0) } ?? Data()
                    for _ in 0..<(part.repeat ?? 1) { data.append(unit) }
                }
            } else {
                data = try Data(contentsOf: URL(fileURLWithPath: "\(Self.folder)/\(kept.name)/input"))
            }
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: target))
        }
        let before = try FileManager.default.subpathsOfDirectory(atPath: project).sorted()
        let arguments = kept.arguments.map { argument -> String in
            if argument == "F" { return target }
            return argument.hasPrefix("P") ? project + argument.dropFirst() : argument
        }
        let output = try #require(glance(within: 20, arguments))
        #expect([0, 1, 2].contains(output.exitCode))
        let lines = withoutSummary(output.standardError).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        if output.exitCode == 2 {
            #expect(lines.count == 1 && lines[0].hasPrefix("glance: error: "), "\(output.standardError)")
        } else {
            #expect(lines.allSatisfy { $0.hasPrefix("glance: note: ") || $0.hasPrefix("glance: warning: ") }, "\(output.standardError)")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: project).sorted() == before)
    }
}
