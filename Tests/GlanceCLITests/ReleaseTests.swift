import Foundation
import Testing
@testable import GlanceCLI

/// The version (written once), `glance --version`, CHANGELOG, LICENSE and the two manifests.
struct ReleaseTests {
    func read(_ path: String) throws -> String { try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8) }

    @Test func versionNamesWhereSwiftSyntaxCameFrom() {
        let output = glance("--version")
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first == Glance.version)
        #expect(lines.last?.hasPrefix("SwiftSyntax \(SwiftSyntaxOrigin.release) from ") == true)
        #expect(glance("version").standardOutput == output.standardOutput)
        #if os(Linux)
        if !SwiftSyntaxOrigin.isPackage {
            // The toolchain's copy: the file this process loaded it from.
            let path = try? #require(lines.last?.components(separatedBy: ": ").last)
            #expect(path?.hasSuffix("/libSwiftSyntax.so") == true)
            #expect(path.map { FileManager.default.fileExists(atPath: $0) } == true)
        }
        #endif
    }

    /// swift-syntax's major version follows the compiler's: 600 for Swift 6.0 … 603 for Swift 6.3.
    @Test func swiftSyntaxReleaseFollowsTheCompiler() {
        #if compiler(>=6.3)
        let expected = "603"
        #elseif compiler(>=6.2)
        let expected = "602"
        #elseif compiler(>=6.1)
        let expected = "601"
        #else
        let expected = "600"
        #endif
        #expect(SwiftSyntaxOrigin.release == expected)
    }

    /// The version string appears in the sources once, in Version.swift.
    @Test func versionIsWrittenOnce() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: repositoryRoot + "/Sources"))
        var places: [String] = []
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            if try read("Sources/" + path).contains("\"\(Glance.version)\"") { places.append(path) }
        }
        #expect(places == ["GlanceCLI/Version.swift"])
    }

    /// The released version comes first, after an `## Unreleased` section of changes not yet released, if any.
    @Test func changelogLeadsWithTheVersion() throws {
        // Work not released yet is listed under "## Unreleased", above the version's entry.
        let headings = try read("CHANGELOG.md").split(separator: "\n").filter { $0.hasPrefix("## ") && $0 != "## Unreleased" }
        #expect(headings.first == "## \(Glance.version)")
    }

    @Test func licenseIsApache2() throws {
        let license = try read("LICENSE")
        #expect(license.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(license.contains("END OF TERMS AND CONDITIONS"))
    }

    /// Package@swift-6.0.swift (picked by Swift 6.0 and 6.1) is Package.swift at tools-version 6.0.
    @Test func manifestsAgree() throws {
        let current = try read("Package.swift").split(separator: "\n", omittingEmptySubsequences: false)
        let older = try read("Package@swift-6.0.swift").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(current.first == "// swift-tools-version:6.2")
        #expect(older.first == "// swift-tools-version:6.0")
        let difference = zip(current, older).enumerated().dropFirst().first { $0.element.0 != $0.element.1 }
        #expect(difference == nil && current.count == older.count,
                "Package@swift-6.0.swift differs from Package.swift (line \((difference?.offset ?? min(current.count, older.count)) + 1)); run make manifests")
    }

    /// The pre-commit hooks run glance commands that exist, with options they take.
    @Test func preCommitHooksRunGlance() throws {
        let hooks = try read(".pre-commit-hooks.yaml")
        let ids = hooks.split(separator: "\n").filter { $0.hasPrefix("- id: ") }.map { String($0.dropFirst(6)) }
        #expect(ids == ["glance-lint", "glance-lint-system", "glance-payload-check", "glance-payload-check-system"])
        let entries = Set(hooks.split(separator: "\n").filter { $0.hasPrefix("  entry: ") }.map { String($0.dropFirst(9)) })
        #expect(entries == ["glance lint --quiet", "glance payload check"])
        #expect(glance("lint", "--quiet", "Examples/ProductivityTimer/App/ContentView.swift").exitCode == 0)
    }
}
