import Foundation
import GlanceProject
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `glance fix` through the CLI, on copies of fixture projects: the exact diff it prints, what `--write` leaves
/// (checked by linting again, by Glance's reader and by the `pbxproj` package from PyPI), and what it refuses.
@Suite struct FixCommandTests {
    /// A copy of a fixture in a scratch folder; `run` runs `glance fix` on it and gives the output with the scratch
    /// folder left out of paths (`--- FixClassic/App/Info.plist`).
    struct Copy {
        let scratch: String
        let name: String
        var path: String { scratch + "/" + name }

        init(_ fixture: String, from folder: String = "Tests/GlanceCLITests/Fixtures") throws {
            scratch = try scratchFolder("fix-\(fixture)")
            name = fixture
            try FileManager.default.copyItem(atPath: repositoryRoot + "/" + folder + "/" + fixture, toPath: scratch + "/" + fixture)
        }

        func run(_ arguments: String...) -> (exitCode: Int32, standardOutput: String, standardError: String) {
            let output = glance(["fix", path] + arguments)
            // As `glance fix NAME` run in the scratch folder prints it.
            func shown(_ text: String) -> String {
                text.replacingOccurrences(of: "--- \(scratch)/", with: "--- a/").replacingOccurrences(of: "+++ \(scratch)/", with: "+++ b/")
                    .replacingOccurrences(of: scratch + "/", with: "")
            }
            return (output.exitCode, shown(output.standardOutput), shown(output.standardError))
        }

        func text(_ file: String) throws -> String { try String(contentsOfFile: path + "/" + file, encoding: .utf8) }

        /// Every file below the copy with its bytes, for comparing before and after.
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            let walk = FileManager.default.enumerator(atPath: path)
            while let file = walk?.nextObject() as? String {
                var folder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path + "/" + file, isDirectory: &folder), !folder.boolValue {
                    files[file] = FileManager.default.contents(atPath: path + "/" + file)
                }
            }
            return files
        }

        func remove() { try? FileManager.default.removeItem(atPath: scratch) }
    }

    static let classicNotes = """
        glance: not fixed: FixClassic/FixClassic.xcodeproj/project.pbxproj:242: [alarmkit_usage_description_missing] needs the usage text: --rule alarmkit_usage_description_missing --value TEXT
        glance: the diff above fixes 7 findings in 4 files; run with --write to apply it

        """

    static let synchronizedNotes = """
        glance: not fixed: FixSynchronized/Widgets/CafeWidgets.swift:38: [intent_missing_app_membership] the file also holds @main CafeWidgets, which the app must not compile: move the intent into a file of its own first
        glance: not fixed: FixSynchronized/Widgets/CafeWidgets.swift:43: [url_scheme_not_registered] registering a URL scheme is a choice: --rule url_scheme_not_registered --value cafe
        glance: not fixed: FixSynchronized/Widgets/CafeWidgets.swift:51: [widget_missing_container_background] 'CafeWidgets' is deployed to iOS 16.0; containerBackground needs iOS 17, so it needs an availability check
        glance: the diff above fixes 6 findings in 5 files; run with --write to apply it

        """

    /// Classic groups, three configurations: build settings in each, a build file in the app's Sources phase, a new
    /// Embed Foundation Extensions phase with a target dependency, Info.plist and entitlements keys, a Swift edit.
    @Test func classicGroupsDiff() throws {
        let copy = try Copy("FixClassic")
        defer { copy.remove() }
        let before = try copy.snapshot()
        let result = copy.run()
        #expect(result.standardOutput == (try expected("FixClassic.fix.diff")))
        #expect(result.standardError == Self.classicNotes)
        #expect(result.exitCode == 1)
        #expect(try copy.snapshot() == before, "without --write nothing changes")
    }

    /// Synchronized folders: an exclusion removed (and its emptied exception set), an inclusion added (a new set),
    /// a new Info.plist excluded from the folder's membership, "Copy only when installing" cleared, a group per
    /// configuration in each configuration's entitlements; and three findings it is not sure of.
    @Test func synchronizedFoldersDiff() throws {
        let copy = try Copy("FixSynchronized")
        defer { copy.remove() }
        let result = copy.run()
        #expect(result.standardOutput == (try expected("FixSynchronized.fix.diff")))
        #expect(result.standardError == Self.synchronizedNotes)
        #expect(result.exitCode == 1)
    }

    /// The two fixes that take `--value`: a usage text in a new Info.plist (classic groups: a file reference in the
    /// target's group, INFOPLIST_FILE in every configuration), a URL scheme in an existing one.
    @Test func valueFixes() throws {
        let classic = try Copy("FixClassic")
        defer { classic.remove() }
        let alarm = classic.run("--rule", "alarmkit_usage_description_missing", "--value", "Diner wakes you when your table is ready.")
        #expect(alarm.standardOutput == (try expected("FixClassic.alarmkit.diff")))
        #expect(alarm.exitCode == 1)
        let synchronized = try Copy("FixSynchronized")
        defer { synchronized.remove() }
        let scheme = synchronized.run("--rule", "url_scheme_not_registered", "--value", "cafe")
        #expect(scheme.standardOutput == (try expected("FixSynchronized.url-scheme.diff")))
        #expect(scheme.exitCode == 1)
        let other = synchronized.run("--rule", "url_scheme_not_registered", "--value", "coffee")
        #expect(other.standardOutput == "")
        #expect(other.standardError.contains("the link's scheme is \"cafe\", not the --value given"))
        #expect(other.exitCode == 0)
    }

    /// `--write` writes what the diff showed, lints again, and a second run finds nothing to fix; every written
    /// project.pbxproj reads back the same with Glance's reader and with the `pbxproj` package.
    @Test(arguments: [
        ("FixClassic", [String]()), ("FixSynchronized", []),
        ("FixClassic", ["--rule", "alarmkit_usage_description_missing", "--value", "Diner wakes you when your table is ready."]),
        ("FixSynchronized", ["--rule", "url_scheme_not_registered", "--value", "cafe"]),
    ])
    func writeLintsAgainAndASecondWriteChangesNothing(fixture: String, options: [String]) throws {
        let copy = try Copy(fixture)
        defer { copy.remove() }
        let planned = glance(["fix", copy.path] + options)
        let written = glance(["fix", copy.path, "--write"] + options)
        #expect(written.exitCode == 0, "\(written.standardError)")
        #expect(written.standardOutput == planned.standardOutput)
        #expect(written.standardError.hasSuffix("glance: fixed " + (planned.standardError.components(separatedBy: "fixes ").last ?? "")
            .replacingOccurrences(of: "; run with --write to apply it", with: "")))
        let snapshot = try copy.snapshot()
        let again = glance(["fix", copy.path, "--write"] + options)
        #expect(again.standardOutput == "")
        #expect(again.exitCode == 0)
        #expect(again.standardError.hasSuffix("glance: nothing to fix\n"))
        #expect(try copy.snapshot() == snapshot)
        let project = copy.path + "/\(fixture).xcodeproj/project.pbxproj"
        try IndependentReader.expectSameObjects(project)
        #expect(glance(["lint", copy.path]).exitCode != 2)
    }

    /// docs/fix.md's example: the diff `glance fix` prints on Examples/CommonMistakes (read only here).
    @Test func bundledExampleDiff() throws {
        let output = glance("fix", "Examples/CommonMistakes")
        #expect(output.standardOutput == (try expected("CommonMistakes.fix.diff")))
        #expect(output.exitCode == 1)
        let readme = try String(contentsOfFile: repositoryRoot + "/docs/fix.md", encoding: .utf8)
        let shown = try expected("CommonMistakes.fix.diff").components(separatedBy: "--- a/Examples/CommonMistakes/Widgets/NoBackgroundWidget.swift")[1]
            .components(separatedBy: "--- ")[0]
        #expect(readme.contains("--- a/Examples/CommonMistakes/Widgets/NoBackgroundWidget.swift" + shown), "docs/fix.md shows the example's Swift diff")
    }

    /// When the lint after writing reports a finding the project did not have, every file is put back. Here the
    /// intent joins the app, and with it a use of an App Group the app is not entitled to.
    @Test func restoresTheFilesWhenTheLintAfterWritingDisagrees() throws {
        let copy = try Copy("FixClassic")
        defer { copy.remove() }
        let intent = copy.path + "/DinerWidgets/ReorderIntent.swift"
        try (try copy.text("DinerWidgets/ReorderIntent.swift")).replacingOccurrences(of: "await OrderHistory.shared.reorderLast()", with: """
            UserDefaults(suiteName: "group.com.example.diner.reorders")?.set(true, forKey: "again")
            """).write(toFile: intent, atomically: true, encoding: .utf8)
        let before = try copy.snapshot()
        let result = copy.run("--rule", "intent_missing_app_membership", "--write")
        #expect(result.exitCode == 2)
        #expect(result.standardError == "glance: error: after writing, DinerWidgets/ReorderIntent.swift:9: [app_group_not_entitled] is reported now; the files were restored\n")
        #expect(try copy.snapshot() == before)
    }

    /// Hostile CI (issue 22, re-attack): SIGTERM while `fix --write` renamed its files into place ended the process
    /// between two renames — some files fixed, others not, and a `.NAME.glance-fix-XXXXXX` temporary left (2 of 13
    /// timings). The writes and their undoing now hold SIGINT and SIGTERM until done: at every moment a signal
    /// leaves the project as it was or as fixed, and no temporary file.
    @Test func signalsDuringWriteLeaveTheProjectWhole() throws {
        let reference = try Copy("FixClassic")
        defer { reference.remove() }
        let original = try reference.snapshot()
        let started = Date()
        #expect(reference.run("--write").exitCode == 0)
        let fixed = try reference.snapshot()
        let duration = Date().timeIntervalSince(started)
        var outcomes: [String: Int] = [:]
        for step in 1...24 {
            let copy = try Copy("FixClassic")
            defer { copy.remove() }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: glanceExecutable)
            process.arguments = ["fix", copy.path, "--write", "--no-cache"]
            process.environment = testEnvironment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(duration * Double(step) / 25 * 1_000_000))
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            let left = try copy.snapshot()
            let outcome = left == original ? "as it was" : left == fixed ? "fixed" : "part fixed: \(left.keys.filter { left[$0] != fixed[$0] }.sorted())"
            outcomes[outcome, default: 0] += 1
        }
        #expect(Set(outcomes.keys).isSubset(of: ["as it was", "fixed"]), "\(outcomes)")
    }

    /// A new Embed Foundation Extensions phase goes right after Copy Bundle Resources, before a script phase (as
    /// Flutter's Thin Binary script): after it, Xcode 15 reports a dependency cycle.
    @Test func anEmbedPhaseGoesBeforeScriptPhases() throws {
        let copy = try Copy("FixClassic")
        defer { copy.remove() }
        let project = copy.path + "/FixClassic.xcodeproj/project.pbxproj"
        let script = """
            /* Begin PBXShellScriptBuildPhase section */
            \t\t3B06AD1E1E4923F5004D2608 /* Thin Binary */ = {
            \t\t\tisa = PBXShellScriptBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\tname = "Thin Binary";
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t\tshellPath = /bin/sh;
            \t\t\tshellScript = "echo thin";
            \t\t};
            /* End PBXShellScriptBuildPhase section */

            /* Begin PBXSourcesBuildPhase section */
            """
        try (try String(contentsOfFile: project, encoding: .utf8))
            .replacingOccurrences(of: "\t\t\t\t86E34F8940345A1D58E23791 /* Resources */,\n", with: "\t\t\t\t86E34F8940345A1D58E23791 /* Resources */,\n\t\t\t\t3B06AD1E1E4923F5004D2608 /* Thin Binary */,\n")
            .replacingOccurrences(of: "/* Begin PBXSourcesBuildPhase section */", with: script)
            .write(toFile: project, atomically: true, encoding: .utf8)
        let result = copy.run("--rule", "extension_not_embedded")
        #expect(result.standardOutput.contains("""
             \t\t\t\t86E34F8940345A1D58E23791 /* Resources */,
            +\t\t\t\tE7F2EAB6CE72C603102A6B73 /* Embed Foundation Extensions */,
             \t\t\t\t3B06AD1E1E4923F5004D2608 /* Thin Binary */,
            """), "\(result.standardOutput)")
        #expect(result.exitCode == 1)
    }

    /// A file that is not UTF-8 through and through is not edited: writing it back would change more than the edit.
    @Test func aFileThatIsNotUTF8IsLeftAlone() throws {
        let copy = try Copy("FixClassic")
        defer { copy.remove() }
        let file = copy.path + "/DinerWidgets/DinerWidgets.swift"
        var data = try Data(contentsOf: URL(fileURLWithPath: file))
        data.insert(contentsOf: Array("// caf\u{E9} in Latin-1: ".utf8) + [0x63, 0x61, 0x66, 0xE9, 0x0A], at: 0)
        try data.write(to: URL(fileURLWithPath: file))
        let result = copy.run("--rule", "widget_missing_container_background")
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("[widget_missing_container_background] DinerWidgets/DinerWidgets.swift is not UTF-8 text"), "\(result.standardError)")
    }

    /// A target with no entitlements file in any configuration gets one beside its sources, and
    /// CODE_SIGN_ENTITLEMENTS in each configuration (its reference in the group kept: the file was deleted).
    @Test func anEntitlementsFileIsMadeWhereThereIsNone() throws {
        let copy = try Copy("FixClassic")
        defer { copy.remove() }
        let project = copy.path + "/FixClassic.xcodeproj/project.pbxproj"
        try (try String(contentsOfFile: project, encoding: .utf8))
            .replacingOccurrences(of: "\t\t\t\tCODE_SIGN_ENTITLEMENTS = DinerWidgets/DinerWidgets.entitlements;\n", with: "")
            .write(toFile: project, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: copy.path + "/DinerWidgets/DinerWidgets.entitlements")
        let result = copy.run("--rule", "app_group_not_entitled", "--write")
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(try copy.text("DinerWidgets/DinerWidgets.entitlements") == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>com.apple.security.application-groups</key>
            \t<array>
            \t\t<string>group.com.example.diner</string>
            \t</array>
            </dict>
            </plist>

            """)
        let written = try String(contentsOfFile: project, encoding: .utf8)
        #expect(written.components(separatedBy: "\t\t\t\tCODE_SIGN_ENTITLEMENTS = DinerWidgets/DinerWidgets.entitlements;\n").count == 4)
        #expect(written.components(separatedBy: "/* DinerWidgets.entitlements */ = {isa = PBXFileReference;").count == 2, "the one reference")
        try IndependentReader.expectSameObjects(project)
    }

    /// Groups that differ per configuration are the developer's to reconcile: with Debug entitled to a group of
    /// its own, the group the code names (Release's) is not added to Debug.
    @Test func perConfigurationGroupsAreNotGuessed() throws {
        let copy = try Copy("FixSynchronized")
        defer { copy.remove() }
        try (try copy.text("App/Info.plist")).replacingOccurrences(of: "$(APP_GROUP)", with: "group.com.example.cafe")
            .write(toFile: copy.path + "/App/Info.plist", atomically: true, encoding: .utf8)
        for (configuration, group) in [("Debug", "group.com.example.cafe.debug"), ("Release", "group.com.example.cafe")] {
            try entitlements(group).write(toFile: copy.path + "/App/\(configuration).entitlements", atomically: true, encoding: .utf8)
        }
        let result = copy.run("--rule", "app_group_not_entitled")
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("[app_group_not_entitled] 'Cafe' is entitled to group.com.example.cafe.debug in Debug and to group.com.example.cafe in Release: its groups differ per configuration, so the id in the code may be the one to change"), "\(result.standardError)")
        #expect(result.exitCode == 0)
    }

    private func entitlements(_ group: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>com.apple.security.application-groups</key>
        \t<array>
        \t\t<string>\(group)</string>
        \t</array>
        </dict>
        </plist>

        """
    }

    /// Never through a link: an Info.plist that is a link (to a file inside the project, which Glance reads) is
    /// refused with one line, and nothing is written, not even the other files.
    @Test func refusesToWriteThroughALink() throws {
        let copy = try Copy("FixClassic")
        defer { copy.remove() }
        let plist = copy.path + "/DinerWidgets/Info.plist"
        try FileManager.default.moveItem(atPath: plist, toPath: copy.path + "/Widgets-Info.plist")
        try FileManager.default.createSymbolicLink(atPath: plist, withDestinationPath: "../Widgets-Info.plist")
        let before = try copy.snapshot()
        let result = copy.run("--write", "-q")
        #expect(result.exitCode == 2)
        #expect(result.standardError == "glance: error: DinerWidgets/Info.plist: is a link or not a regular file; nothing was changed\n")
        #expect(try copy.snapshot() == before)
    }

    @Test func usageErrors() {
        #expect(glance("fix", "Examples/CommonMistakes", "--rule", "duplicate_kind").standardError
            == "glance: error: Glance has no fix for 'duplicate_kind'; fix repairs live_activities_not_enabled, widget_extension_point_missing, intent_missing_app_membership, extension_not_embedded, app_group_not_entitled, app_group_not_shared, widget_missing_container_background, alarmkit_usage_description_missing, url_scheme_not_registered (see 'glance fix --help')\n")
        #expect(glance("fix", "Examples/CommonMistakes", "--value", "meter").exitCode == 2)
        #expect(glance("fix", "Examples/CommonMistakes", "--rule", "url_scheme_not_registered,alarmkit_usage_description_missing", "--value", "x").exitCode == 2)
        #expect(glance("fix", "Examples/Missing").exitCode == 2)
        #expect(glance("fix", "Examples/ProductivityTimer").exitCode == 0, "a project with nothing to fix")
    }
}

/// The `pbxproj` package from PyPI (Scripts/setup-fix-tests.sh installs it), run through Scripts/read_pbxproj.py.
enum IndependentReader {
    static let home = ProcessInfo.processInfo.environment["GLANCE_FIX_TEST_HOME"] ?? (NSHomeDirectory() + "/.cache/glance/fix-tests")
    static var python: String { home + "/venv/bin/python" }
    /// CI sets `GLANCE_FIX_TESTS_REQUIRED=1`: then a missing package fails instead of skipping.
    static let required = ProcessInfo.processInfo.environment["GLANCE_FIX_TESTS_REQUIRED"] == "1"

    /// Reads the file with the package and with Glance's reader, and expects the same objects.
    static func expectSameObjects(_ path: String) throws {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            if required { Issue.record("GLANCE_FIX_TESTS_REQUIRED=1, but \(python) is missing: run Scripts/setup-fix-tests.sh") }
            else { print("note: the pbxproj package is not installed (Scripts/setup-fix-tests.sh), so \(path) was read by Glance only") }
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [repositoryRoot + "/Scripts/read_pbxproj.py", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "pbxproj could not read \(path)")
        guard process.terminationStatus == 0 else { return }
        let theirs = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let pbx = try PBXProj(data: try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
        let ours: [String: Any] = ["rootObject": pbx.rootObject, "objects": pbx.objects.mapValues { $0.mapValues(\.jsonObject) }]
        let normalized = { (value: Any) in try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) }
        #expect(try normalized(theirs ?? [:]) == normalized(ours), "pbxproj and Glance read \(path) differently")
    }
}
