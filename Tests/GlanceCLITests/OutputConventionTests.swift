import Foundation
import Testing
import GlanceRules
@testable import GlanceCLI

/// One path convention for every reporter, absolute paths on request or in an Xcode build phase, and the
/// summary line on standard error.
struct OutputConventionTests {
    /// `Examples/CommonMistakes` has these findings (CommonMistakes.lint.txt) in the Swift files it reads.

    /// The pinned report with every path made absolute.
    func absoluteReport() throws -> String {
        // Every path, the places inside messages too, below the absolute folder.
        try expected("CommonMistakes.lint.txt").replacingOccurrences(of: "Examples/CommonMistakes/", with: repositoryRoot + "/Examples/CommonMistakes/")
    }

    @Test func absolutePathsFlag() throws {
        let output = glance("lint", "Examples/CommonMistakes", "--absolute-paths")
        #expect(output.standardOutput == (try absoluteReport()))
        #expect(output.exitCode == 1)
        // Every reporter: the JSON files too.
        let json = glance("lint", "Examples/CommonMistakes", "--absolute-paths", "--reporter", "json")
        let violations = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(violations.allSatisfy { ($0["file"] as? String)?.hasPrefix(repositoryRoot + "/Examples/CommonMistakes/") == true })
    }

    /// Xcode sets XCODE_VERSION_ACTUAL in build phases: the xcode reporter prints absolute paths there, the
    /// others keep the convention.
    @Test func xcodeBuildPhasePrintsAbsolutePaths() throws {
        let xcode = ["XCODE_VERSION_ACTUAL": "1620", "SRCROOT": repositoryRoot + "/Examples/CommonMistakes"]
        #expect(glance(["lint", "Examples/CommonMistakes"], environment: xcode).standardOutput == (try absoluteReport()))
        #expect(glance(["lint", "Examples/CommonMistakes", "--reporter", "json"], environment: xcode).standardOutput
                == (try expected("CommonMistakes.lint.json")))
        #expect(glance(["lint", "Examples/CommonMistakes"], environment: ["XCODE_VERSION_ACTUAL": ""]).standardOutput
                == (try expected("CommonMistakes.lint.txt")))
    }

    /// The json reporter prints PATH as typed like the others: the same paths as the xcode lines.
    @Test func jsonPathsMatchTheXcodeReporter() throws {
        let json = glance("lint", "Examples/CommonMistakes", "--reporter", "json")
        let violations = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let xcodePaths = try expected("CommonMistakes.lint.txt").split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        #expect(violations.compactMap { $0["file"] as? String } == xcodePaths)
    }

    @Test func summaryLineOnStandardError() throws {
        let output = glance("lint", "Examples/CommonMistakes")
        #expect(output.standardError == (try commonMistakesSummary()))
        let json = glance("lint", "Examples/CommonMistakes", "--reporter", "json")
        #expect(json.standardError == output.standardError)
        #expect(glance("lint", "Examples/ProductivityTimer").standardError.hasPrefix("glance: 0 errors, 0 warnings in "))
    }

    @Test func quietLeavesTheSummaryOut() {
        for flag in ["-q", "--quiet"] {
            let output = glance("lint", "Examples/CommonMistakes", flag)
            #expect(output.standardError == "")
            #expect(output.standardOutput == glance("lint", "Examples/CommonMistakes").standardOutput)
            #expect(output.exitCode == 1)
        }
    }

    @Test func summaryWording() {
        #expect(CommandLineTool.summary(errors: 1, warnings: 0, files: 1, seconds: 0.44) == "1 error, 0 warnings in 1 file (0.4 s)")
        #expect(CommandLineTool.summary(errors: 0, warnings: 0, files: 0, seconds: 12.06) == "0 errors, 0 warnings in 0 files (12.1 s)")
    }

    /// The time comes from the clock: read when the lint starts and when it ends.
    @Test func summaryMeasuresTheRun() {
        let clock = TickingClock([100.0, 102.5])
        let output = CommandLineTool(environment: [:], clock: { clock.next() }).run(["lint", repositoryRoot + "/Examples/ProductivityTimer"])
        #expect(output.standardError.hasSuffix(" (2.5 s)\n"))
    }
}

/// A clock that returns the given times in turn (then the last one).
final class TickingClock: @unchecked Sendable {
    private var times: [Double]
    private let lock = NSLock()

    init(_ times: [Double]) { self.times = times }

    func next() -> Double {
        lock.lock(); defer { lock.unlock() }
        return times.count > 1 ? times.removeFirst() : times[0]
    }
}
