import Foundation
import Testing
import GlanceCLI
import GlanceSourceIndex

/// Bad input gives a one-line error naming the file (exit 2) or a recorded skip — never a crash.
@Suite(.serialized)
struct BadInputTests {
    @Test func missingPath() {
        let output = glance("lint", "No/Such/Folder")
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: No/Such/Folder: no such file or directory\n")
    }

    @Test func corruptProjectFile() throws {
        let folder = try scratchFolder("corrupt")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("// !$*UTF8*$!\n{ objects = { AAA = {isa = PBXProject; ", to: folder + "/Broken.xcodeproj/project.pbxproj")
        let output = glance("lint", folder)
        #expect(output.exitCode == 2)
        #expect(output.standardError.hasPrefix("glance: error: \(folder)/Broken.xcodeproj/project.pbxproj: not a property list"))
        #expect(output.standardError.filter { $0 == "\n" }.count == 1)
    }

    @Test func projectWithoutRoot() throws {
        let folder = try scratchFolder("noroot")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("{ objects = {}; }", to: folder + "/Empty.xcodeproj/project.pbxproj")
        let output = glance("lint", folder)
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: \(folder)/Empty.xcodeproj/project.pbxproj: no `rootObject`\n")
    }

    @Test func projectFolderWithoutProjectFile() throws {
        let folder = try scratchFolder("nopbx")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/App.xcodeproj", withIntermediateDirectories: true)
        let output = glance("lint", folder + "/App.xcodeproj")
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: \(folder)/App.xcodeproj: no project.pbxproj inside\n")
    }

    @Test func projectFileThatIsAFolder() throws {
        let folder = try scratchFolder("dirpbx")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/App.xcodeproj/project.pbxproj", withIntermediateDirectories: true)
        let output = glance("lint", folder)
        #expect(output.exitCode == 2)
        #expect(output.standardError.hasPrefix("glance: error: \(folder)/App.xcodeproj/project.pbxproj: cannot be read"))
    }

    @Test func binaryInfoPlistIsRead() throws {
        let folder = try scratchFolder("binary")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("ProductivityTimer", to: folder)
        // Replace the app's Info.plist with the same content in binary form.
        let plistPath = folder + "/App/Info.plist"
        let value = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: plistPath)), format: nil)
        try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0).write(to: URL(fileURLWithPath: plistPath))
        let output = glance("lint", folder)
        #expect(output.standardOutput == "")
        #expect(output.exitCode == 0)
    }

    @Test func malformedInfoPlistIsASkipNotACrash() throws {
        let folder = try scratchFolder("badplist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("ProductivityTimer", to: folder)
        try write("<plist><dict><key>oops", to: folder + "/App/Info.plist")
        let output = glance("lint", folder, "--explain-skips")
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.contains("App/Info.plist: not a property list"))
    }

    /// An image set's `Contents.json` cut short: the rules that need it stay silent about that image, and a skip
    /// line names the file.
    @Test func truncatedAssetContentsIsASkip() throws {
        let folder = try scratchFolder("badcontents")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("CommonMistakes", to: folder)
        let file = folder + "/Widgets/Assets.xcassets/Header.imageset/Contents.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try write(String(text.prefix(text.count / 2)), to: file)
        let output = glance("lint", folder, "--explain-skips")
        #expect(output.exitCode == 1)
        #expect(output.standardOutput.contains("Header.imageset/Contents.json: not valid JSON; what it says about Header.imageset is not checked"))
        // Named like every other skip: the file below the folder as typed, the reason apart.
        let json = glance("lint", folder, "--explain-skips", "--reporter", "json")
        let skipped = try #require((try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])?["skipped"] as? [[String: Any]])
        let entry = try #require(skipped.first { ($0["reason"] as? String)?.hasPrefix("not valid JSON") == true })
        #expect(entry["file"] as? String == folder + "/Widgets/Assets.xcassets/Header.imageset/Contents.json")
        #expect(entry["reason"] as? String == "not valid JSON; what it says about Header.imageset is not checked")
    }

    @Test func nonUTF8SwiftFileIsRecorded() throws {
        let folder = try scratchFolder("latin1")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("ProductivityTimer", to: folder)
        let bytes = Array("// caf".utf8) + [0xE9] + Array("\nstruct Cafe {}\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/App/Cafe.swift"))
        let output = glance("lint", folder, "--explain-skips")
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.contains("App/Cafe.swift: not valid UTF-8; read with replacement characters"))
    }

    @Test func symlinkLoopIsRecorded() throws {
        let folder = try scratchFolder("loop")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("ProductivityTimer", to: folder)
        try FileManager.default.createSymbolicLink(atPath: folder + "/App/Loop", withDestinationPath: folder + "/App")
        try FileManager.default.createSymbolicLink(atPath: folder + "/App/Dangling.swift", withDestinationPath: folder + "/Nowhere.swift")
        let output = glance("lint", folder, "--explain-skips")
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.contains("symbolic link loop; not followed"))
        #expect(output.standardOutput.contains("broken symbolic link; skipped"))
        let json = glance("lint", folder, "--explain-skips", "--reporter", "json")
        let skipped = try #require((try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])?["skipped"] as? [[String: Any]])
        #expect(skipped.contains { $0["file"] as? String == folder + "/App/Loop" && $0["reason"] as? String == "symbolic link loop; not followed" })
    }

    @Test func pathThatIsNotAProject() throws {
        let folder = try scratchFolder("file")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("hello", to: folder + "/notes.txt")
        let output = glance("lint", folder + "/notes.txt")
        #expect(output.exitCode == 2)
        #expect(output.standardError.hasSuffix("notes.txt: not a folder, .xcodeproj, .xcworkspace or project.pbxproj, nor a file findings can be in (.swift, .plist, .entitlements, .xcconfig, .json, .strings, images)\n"))
    }

    @Test func unknownOptionSuggestsTheClosest() {
        let output = glance("lint", "--reportr", "json")
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: unknown option '--reportr'; did you mean '--reporter'? (see 'glance lint --help')\n")
    }

    @Test func unknownReporter() {
        let output = glance("lint", "Examples/ProductivityTimer", "--reporter", "jsn")
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: 'jsn' is not a valid value for --reporter (xcode, json, sarif, github-actions, checkstyle, junit, markdown, gitlab); did you mean 'json'? (see 'glance lint --help')\n")
    }

    @Test func unknownCommand() {
        let output = glance("lnt")
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: unknown command 'lnt'; did you mean 'lint'? (see 'glance --help')\n")
    }

    @Test func loneSwiftFolderIsReadAsOneTarget() throws {
        let folder = try scratchFolder("loose")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("""
            struct ToggleIntent: SetValueIntent {
                static let title: LocalizedStringResource = "Toggle"
                @Parameter(title: "On") var value: Bool
                func perform() async throws -> some IntentResult {
                    value = true
                    return .result()
                }
            }
            """, to: folder + "/Sources/ToggleIntent.swift")
        let output = glance("lint", folder, "--explain-skips")
        #expect(output.exitCode == 1)
        #expect(output.standardOutput.contains("Sources/ToggleIntent.swift:5:9: error:"))
        #expect(output.standardOutput.contains("no .xcodeproj found"))
    }

    /// A link to a folder that holds the project leads back into the walk: not followed, same findings.
    @Test func symbolicLinkToAnAncestorIsNotFollowed() throws {
        let folder = try scratchFolder("ancestor-link")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("CommonMistakes", to: folder)
        try FileManager.default.createSymbolicLink(atPath: folder + "/Widgets/loop", withDestinationPath: "..")
        let plain = glance("lint", "Examples/CommonMistakes", "--reporter", "json")
        let linked = CommandLineTool(environment: [:], clock: { 0 }).run(["lint", folder, "--reporter", "json"])
        #expect(linked.exitCode == 1)
        // Every reporter prints PATH as typed: strip each run's PATH to compare the findings.
        #expect(linked.standardOutput.replacingOccurrences(of: folder + "/", with: "")
                == plain.standardOutput.replacingOccurrences(of: "Examples/CommonMistakes/", with: ""))
        #expect(CommandLineTool(environment: [:], clock: { 0 }).run(["lint", folder, "--explain-skips"]).standardOutput.contains("Widgets/loop: symbolic link loop; not followed"))
    }

    @Test func corruptOrEmptyWorkspaceIsAnError() throws {
        let folder = try scratchFolder("workspace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("garbage<\n", to: folder + "/A.xcworkspace/contents.xcworkspacedata")
        let corrupt = CommandLineTool(environment: [:], clock: { 0 }).run(["lint", folder + "/A.xcworkspace"])
        #expect(corrupt.exitCode == 2)
        #expect(corrupt.standardError == "glance: error: \(folder)/A.xcworkspace/contents.xcworkspacedata: not valid workspace XML (line 1)\n")
        try write("<?xml version=\"1.0\"?>\n<Workspace version=\"1.0\"><FileRef location=\"group:Missing.xcodeproj\"></FileRef></Workspace>\n",
                  to: folder + "/A.xcworkspace/contents.xcworkspacedata")
        let missing = CommandLineTool(environment: [:], clock: { 0 }).run(["lint", folder + "/A.xcworkspace"])
        #expect(missing.exitCode == 2)
        #expect(missing.standardError == "glance: error: \(folder)/A.xcworkspace/contents.xcworkspacedata: every project the workspace names is missing (Missing.xcodeproj)\n")
    }

    /// Brackets nested deeper than CoreFoundation's parser reads: one line saying so, with the depth and the line
    /// (CoreFoundation blamed the first comment: "Unexpected character / at line 1"); 511 levels still read.
    @Test func projectFileNestedTooDeepSaysSo() throws {
        let folder = try scratchFolder("nested-deep")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/N.xcodeproj", withIntermediateDirectories: true)
        func lint(arrays: Int) throws -> CommandLineTool.Output {
            let nested = String(repeating: "(", count: arrays) + String(repeating: ")", count: arrays)
            try write("// !$*UTF8*$!\n{\narchiveVersion = 1;\nclasses = {x = \(nested);};\nobjectVersion = 56;\nobjects = {\nP1 = {isa = PBXProject; mainGroup = G0; targets = (); projectDirPath = \"\";};\nG0 = {isa = PBXGroup; children = (); sourceTree = \"<group>\";};\n};\nrootObject = P1;\n}\n",
                      to: folder + "/N.xcodeproj/project.pbxproj")
            return CommandLineTool(environment: [:], clock: { 0 }).run(["lint", folder, "--no-cache"])
        }
        #expect(try lint(arrays: 511).exitCode == 0)
        let deep = try lint(arrays: 600)
        #expect(deep.exitCode == 2)
        #expect(deep.standardError == "glance: error: \(folder)/N.xcodeproj/project.pbxproj: not a property list Glance reads: its brackets nest 602 levels deep (from line 4), deeper than the 512 levels CoreFoundation's parser reads\n")
    }

    /// A truncated project file: one line, saying that the file ends early and where (CoreFoundation named the
    /// first character it could not place: "Unexpected character / at line 1" for a file cut inside a comment).
    /// A file that is whole but broken keeps CoreFoundation's diagnosis, with its line.
    @Test func truncatedProjectFileSaysItEndsEarly() throws {
        let folder = try scratchFolder("truncated")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("CommonMistakes", to: folder)
        let project = folder + "/CommonMistakes.xcodeproj/project.pbxproj"
        let whole = try Data(contentsOf: URL(fileURLWithPath: project))
        for (length, end) in [(100, "at line 9, inside a comment"), (5039, "at line 205, inside a dictionary (3 brackets still open)")] {
            try Data(whole.prefix(length)).write(to: URL(fileURLWithPath: project))
            let output = CommandLineTool(environment: [:], clock: { 0 }).run(["lint", folder])
            #expect(output.exitCode == 2)
            #expect(output.standardError == "glance: error: \(folder)/CommonMistakes.xcodeproj/project.pbxproj: not a property list: the file ends early, \(end) (it is cut off, or a closing bracket is missing)\n")
        }
        let broken = String(decoding: whole, as: UTF8.self).replacingOccurrences(of: "isa = PBXGroup;", with: "isa = PBXGroup", options: [], range: nil)
        try broken.write(toFile: project, atomically: true, encoding: .utf8)
        let output = CommandLineTool(environment: [:], clock: { 0 }).run(["lint", folder])
        #expect(output.exitCode == 2)
        #expect(output.standardError.hasPrefix("glance: error: \(folder)/CommonMistakes.xcodeproj/project.pbxproj: not a property list (missing semicolon"), "\(output.standardError)")
    }

    /// Issue 22: a mistyped path printed first a warning that the cache folder is inside the folder being linted
    /// (the missing path's parent), then the real error. One line now.
    @Test func mistypedPathIsOneLine() throws {
        let folder = try scratchFolder("mistyped")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = CommandLineTool(environment: ["XDG_CACHE_HOME": folder], clock: { 0 }).run(["lint", folder + "/Exampels"])
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: \(folder)/Exampels: no such file or directory\n")
    }

    /// Issue 22: a file that cannot be written said "cannot be written" with no reason. Now the system's reason.
    @Test func writeErrorsGiveTheSystemsReason() throws {
        let folder = try scratchFolder("write-reasons")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let baseline = glance("lint", "Examples/ProductivityTimer", "--no-cache", "--write-baseline", folder + "/missing/baseline.json")
        #expect(baseline.exitCode == 2)
        #expect(baseline.standardError == "glance: error: \(folder)/missing/baseline.json: the baseline cannot be written (no such file or directory)\n")
        try write("a file\n", to: folder + "/file")
        let docs = glance("rules", "--docs", folder + "/file/docs")
        #expect(docs.exitCode == 2)
        #expect(docs.standardError == "glance: error: \(folder)/file/docs: cannot write the rule docs (not a directory)\n")
    }

    /// Entitlements that cannot be read are unknown, not empty: no App Group finding, a recorded skip.
    @Test func unreadableEntitlementsAreASkipNotAFinding() throws {
        let folder = try scratchFolder("entitlements")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try copyExample("ProductivityTimer", to: folder)
        try write("garbage", to: folder + "/Widgets/ProductivityTimerWidgets.entitlements")
        try FileManager.default.removeItem(atPath: folder + "/App/ProductivityTimer.entitlements")
        let output = CommandLineTool(environment: [:], clock: { 0 }).run(["lint", folder])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == "")
        let skips = CommandLineTool(environment: [:], clock: { 0 }).run(["lint", folder, "--explain-skips"]).standardOutput
        #expect(skips.contains("[app_group_not_entitled] \(folder)/Shared/AppGroup.swift: entitlements of 'ProductivityTimerWidgets' (Debug) are unknown: Widgets/ProductivityTimerWidgets.entitlements: entitlements are not a dictionary"))
        #expect(skips.contains("[live_activity_push_without_entitlement] entitlements of 'ProductivityTimer' (Release) are unknown: App/ProductivityTimer.entitlements: CODE_SIGN_ENTITLEMENTS file does not exist"))
    }

    /// SwiftSyntax recurses as deep as a modifier chain is long; the CLI runs on a deep stack, and so do the threads
    /// that work for it (the cache's encoding among them).
    @Test func longModifierChainDoesNotOverflowTheStack() throws {
        let folder = try scratchFolder("chain")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("import SwiftUI\nimport WidgetKit\nstruct Chain: Widget {\n    var body: some WidgetConfiguration {\n        StaticConfiguration(kind: \"chain\", provider: Provider()) { _ in\n            Text(\"x\")"
                  + String(repeating: ".padding()", count: 3000) + "\n        }\n    }\n}\n", to: folder + "/Chain.swift")
        let output = onDeepStack { CommandLineTool(environment: [:], clock: { 0 }).run(["lint", folder]) }
        #expect(output.exitCode == 0)
        #expect(output.standardError == summary(errors: 0, warnings: 0, files: 1))
        // With a cache, whose entries are encoded on a thread of their own while the surface model is built.
        let cache = try scratchFolder("chain-cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let cached = onDeepStack { CommandLineTool(environment: [:], clock: { 0 }).run(["lint", folder, "--cache-path", cache]) }
        #expect(cached.exitCode == 0)
        #expect(cached.standardError == summary(errors: 0, warnings: 0, files: 1))
    }

}

/// Copies a bundled example into a scratch folder.
func copyExample(_ name: String, to folder: String) throws {
    let source = repositoryRoot + "/Examples/" + name
    for item in try FileManager.default.contentsOfDirectory(atPath: source) {
        try FileManager.default.copyItem(atPath: source + "/" + item, toPath: folder + "/" + item)
    }
}

/// `glance rules --docs` into a place that cannot hold a folder.
struct DocsOutputErrorTests {
    @Test func docsIntoAFile() throws {
        let folder = try scratchFolder("docs-file")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("x", to: folder + "/file")
        let output = CommandLineTool(environment: [:], clock: { 0 }).run(["rules", "--docs", folder + "/file"])
        #expect(output.exitCode == 2)
        #expect(output.standardError.hasPrefix("glance: error: \(folder)/file: cannot write the rule docs ("))
        #expect(output.standardError.filter { $0 == "\n" }.count == 1)
    }

    /// Issue 22, defect 9: a symbolic link at a page's name (a repository's docs/rules/README.md leading to a
    /// file of the user's) is refused in one line, and its target is left as it was; nothing is written.
    @Test func docsAreNotWrittenThroughLinks() throws {
        let folder = try scratchFolder("docs-links")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("the user's own file\n", to: folder + "/outside/notes.txt")
        try FileManager.default.createDirectory(atPath: folder + "/docs", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/docs/duplicate_kind.md", withDestinationPath: folder + "/outside/notes.txt")
        let output = CommandLineTool(environment: [:], clock: { 0 }).run(["rules", "--docs", folder + "/docs"])
        #expect(output.exitCode == 2)
        #expect(output.standardError == "glance: error: \(folder)/docs/duplicate_kind.md: is a symbolic link; Glance does not write the rule docs through a link (remove it, or give another folder)\n")
        #expect(try String(contentsOfFile: folder + "/outside/notes.txt", encoding: .utf8) == "the user's own file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/docs") == ["duplicate_kind.md"])
        // Without the link, every page is written, as regular files.
        try FileManager.default.removeItem(atPath: folder + "/docs/duplicate_kind.md")
        #expect(CommandLineTool(environment: [:], clock: { 0 }).run(["rules", "--docs", folder + "/docs"]).exitCode == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: folder + "/docs/duplicate_kind.md")[.type] as? FileAttributeType == .typeRegular)
    }
}
