import Foundation
import Testing
@testable import GlanceCLI

/// `glance lint FILE…`: each file in its project's context, only its findings, printed as typed.
struct LintFileTests {
    /// The lines of the pinned CommonMistakes report that are about `file` (a path below the example).
    func pinnedLines(_ files: String...) throws -> String {
        let lines = try expected("CommonMistakes.lint.txt").split(separator: "\n", omittingEmptySubsequences: false)
        return lines.filter { line in files.contains { line.hasPrefix("Examples/CommonMistakes/\($0):") } }.map { $0 + "\n" }.joined()
    }

    func counts(_ report: String) -> (errors: Int, warnings: Int) {
        let lines = report.split(separator: "\n")
        let errors = lines.filter { $0.contains(": error: ") }.count
        return (errors, lines.count - errors)
    }

    @Test func swiftFileGetsTheFindingsOfAWholeProjectRun() throws {
        let output = glance("lint", "Examples/CommonMistakes/Widgets/LampControl.swift")
        let want = try pinnedLines("Widgets/LampControl.swift")
        #expect(!want.isEmpty)
        #expect(output.standardOutput == want)
        let (errors, warnings) = counts(want)
        #expect(output.standardError == summary(errors: errors, warnings: warnings, files: 1))
        #expect(output.exitCode == (errors > 0 ? 1 : 0))
    }

    /// Findings that need the project (targets, Info.plists): a project-less lint of the file's folder, as
    /// before, could not report them.
    @Test func projectContextFindingsAreReported() throws {
        let output = glance("lint", "Examples/CommonMistakes/App/Info.plist", "Examples/CommonMistakes/WatchWidgets/WatchWidgets.entitlements")
        let want = try pinnedLines("App/Info.plist", "WatchWidgets/WatchWidgets.entitlements")
        #expect(want.contains("[live_activities_not_enabled]") && want.contains("[app_group_not_shared]"))
        #expect(output.standardOutput == want)
        #expect(output.standardError == summary(errors: counts(want).errors, warnings: counts(want).warnings, files: 2))
    }

    @Test func filesOfSeveralProjectsInOneRun() throws {
        let output = glance("lint", "Examples/ProductivityTimer/Widgets/FocusWidget.swift", "Examples/CommonMistakes/Widgets/WeatherWidget.swift",
                            "Examples/CommonMistakes/Widgets/LampControl.swift", "Examples/CommonMistakes/Widgets/LampControl.swift")
        let want = try pinnedLines("Widgets/LampControl.swift", "Widgets/WeatherWidget.swift")
        #expect(output.standardOutput == want)
        #expect(output.standardError == summary(errors: counts(want).errors, warnings: counts(want).warnings, files: 3))
        #expect(output.exitCode == 1)
    }

    /// Alone, a project.pbxproj names the project (every finding); among files, it is a file (its findings).
    @Test func projectFileAmongFiles() throws {
        let project = "Examples/CommonMistakes/CommonMistakes.xcodeproj/project.pbxproj"
        let output = glance("lint", project, "Examples/CommonMistakes/Widgets/LampControl.swift")
        let want = try pinnedLines("CommonMistakes.xcodeproj/project.pbxproj", "Widgets/LampControl.swift")
        #expect(want.contains("project.pbxproj:1:1: error:"))
        #expect(output.standardOutput == want)
        #expect(glance("lint", project).standardOutput == (try expected("CommonMistakes.lint.txt")))
    }

    @Test func cleanFileExitsZero() {
        let output = glance("lint", "Examples/ProductivityTimer/Widgets/FocusWidget.swift")
        #expect(output.standardOutput == "")
        #expect(output.standardError == summary(errors: 0, warnings: 0, files: 1))
        #expect(output.exitCode == 0)
    }

    /// Every reporter prints the file as typed; with --absolute-paths, absolute.
    @Test func filesArePrintedAsTyped() throws {
        let json = glance("lint", "Examples/CommonMistakes/Widgets/LampControl.swift", "--reporter", "json")
        let violations = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(!violations.isEmpty && violations.allSatisfy { $0["file"] as? String == "Examples/CommonMistakes/Widgets/LampControl.swift" })
        let absolute = glance("lint", "Examples/CommonMistakes/Widgets/LampControl.swift", "--absolute-paths")
        #expect(absolute.standardOutput == (try pinnedLines("Widgets/LampControl.swift")).replacingOccurrences(of: "Examples/", with: repositoryRoot + "/Examples/"))
    }

    /// Without an Xcode project, the nearest Package.swift (below the repository's root) is the context: the
    /// other file's finding there is not reported, and a file outside the package is not part of it.
    @Test func packageFolderIsTheContextWithoutAProject() throws {
        let folder = try scratchFolder("file-package")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: true)
        try write("// swift-tools-version:6.0\n", to: folder + "/Kit/Package.swift")
        let reload = "import WidgetKit\nfunc refresh() { WidgetCenter.shared.reloadTimelines(ofKind: \"KIND\") }\n"
        try write(reload.replacingOccurrences(of: "KIND", with: "one"), to: folder + "/Kit/Sources/Kit/One.swift")
        try write(reload.replacingOccurrences(of: "KIND", with: "two"), to: folder + "/Kit/Sources/Kit/Two.swift")
        let output = glance("lint", folder + "/Kit/Sources/Kit/One.swift")
        let lines = output.standardOutput.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(folder + "/Kit/Sources/Kit/One.swift:2:") == true)
        #expect(lines.first?.hasSuffix("[reload_unknown_kind]") == true)
        #expect(output.exitCode == 1)
        // The whole package has both findings: the context was the package, and the file filter kept one.
        let whole = glance("lint", folder + "/Kit", "--quiet")
        #expect(whole.standardOutput.split(separator: "\n").count == 2)
    }

    @Test func writeBaselineNeedsAProject() {
        let output = glance("lint", "Examples/CommonMistakes/Widgets/LampControl.swift", "--write-baseline", "/tmp/never.json")
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: --write-baseline records a whole project; give a folder or project, not files (see 'glance lint --help')\n")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.json"))
    }

    @Test func severalPathsMustAllBeFiles() {
        let folder = glance("lint", "Examples/CommonMistakes/Widgets/LampControl.swift", "Examples/ProductivityTimer")
        #expect(folder.exitCode == 2)
        #expect(folder.standardError == "glance: error: 'Examples/ProductivityTimer' is a folder; lint takes one folder or project, or any number of files (see 'glance lint --help')\n")
        let missing = glance("lint", "Examples/CommonMistakes/Widgets/LampControl.swift", "Examples/Nope.swift")
        #expect(missing.exitCode == 2)
        #expect(missing.standardError == "glance: error: Examples/Nope.swift: no such file or directory\n")
    }

    @Test func projectRootIsFoundByWalkingUp() {
        let root = repositoryRoot + "/Examples/CommonMistakes"
        #expect(LintRequest.projectRoot(containing: root + "/Widgets/LampControl.swift") == root)
        #expect(LintRequest.projectRoot(containing: root + "/Widgets/Assets.xcassets/Header.imageset/header.png") == root)
        // Glance's own sources: no Xcode project up to the repository's root, which has the Package.swift.
        #expect(LintRequest.projectRoot(containing: repositoryRoot + "/Sources/GlanceCLI/LintCommand.swift") == repositoryRoot)
    }

    /// Loose files in a repository without a project or package: the file's own folder, not the whole
    /// repository (which could be a home folder); the walk stops at the repository's root. Once the
    /// repository holds an Xcode project somewhere, its root.
    @Test func looseFileIsLintedWithItsFolder() throws {
        let folder = try scratchFolder("file-loose")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/repo/.git", withIntermediateDirectories: true)
        try write("// swift-tools-version:6.0\n", to: folder + "/Package.swift")   // above the repository: not reached
        try write("let a = 1\n", to: folder + "/repo/Notes/A.swift")
        #expect(LintRequest.projectRoot(containing: folder + "/repo/Notes/A.swift") == folder + "/repo/Notes")
        // A project elsewhere in the repository may compile the file (ios/App.xcodeproj with ../Shared):
        // the repository's root, whose lint finds the project.
        try FileManager.default.createDirectory(atPath: folder + "/repo/ios/App.xcodeproj", withIntermediateDirectories: true)
        #expect(LintRequest.projectRoot(containing: folder + "/repo/Notes/A.swift") == folder + "/repo")
    }
}
