import Foundation
import Testing
import GlanceCLI

/// Whole projects for the field cases that need one (Tests/GlanceCLITests/Fixtures, written by
/// Scripts/make_xcodeproj.py from Scripts/projects/), through the CLI with exact output.
@Suite(.serialized)
struct FieldCaseFixtureTests {
    static let twins = "Tests/GlanceCLITests/Fixtures/TwinWidgets"
    static let packages = "Tests/GlanceCLITests/Fixtures/LegacyPackages"
    static let unseen = "Tests/GlanceCLITests/Fixtures/UnseenShapes"
    static let alternatives = "Tests/GlanceCLITests/Fixtures/AlternativeWidgets"
    static let shipped = "Tests/GlanceCLITests/Fixtures/ShippedSurfaces"
    static let flags = "Tests/GlanceCLITests/Fixtures/FeatureFlagWidgets"
    static let tuist = "Tests/GlanceCLITests/Fixtures/TuistScoreboard"
    static let silent = "Tests/GlanceCLITests/Fixtures/SilentFailures"

    /// What each target compiles and ships (FC3-00…06, FC3-11…14, FC3-16…19). Reported: the Lock Screen branch
    /// without a container background (FC3-11); the Live Activity's route the app's router does not accept, its
    /// own link's unregistered scheme being no finding (FC3-18, FC3-00); the list of activities a plain intent
    /// reaches through a singleton (FC3-17); a URLComponents scheme the app does not register (FC3-16); the App
    /// Group named after the extension's own bundle id and the Release entitlements that share no group with the
    /// app (FC3-13, FC3-14); a reload kind typo in a package whose files sit in Sources/ (FC3-19); one finding for
    /// the Ticker app's two unhandled links despite its remote package (FC3-12); the widget no bundle registers
    /// (FC3-02). Silent: the shared-folder widgets where their bundle leaves them out (FC3-01), the parked widget
    /// and its asset, prose after `glance:` (FC3-03), a stale date given only to end at once (FC3-04), the
    /// configuration intent an App Shortcut runs (FC3-05). Leftover.xcodeproj is one note (FC3-06).
    @Test func shippedSurfaces() throws {
        let text = glance("lint", Self.shipped, "--explain-skips")
        #expect(text.standardOutput == (try expected("ShippedSurfaces.lint.txt")))
        #expect(text.standardError == "glance: note: \(Self.shipped)/Leftover.xcodeproj: no project.pbxproj inside; not read (the other projects are)\n"
                + summary(errors: 4, warnings: 6, files: 18))
        #expect(text.exitCode == 1)
        let json = glance("lint", Self.shipped, "--reporter", "json", "--quiet")
        #expect(json.standardOutput == (try expected("ShippedSurfaces.lint.json")))
        let surfaces = glance("surfaces", Self.shipped)
        #expect(surfaces.standardOutput == (try expected("ShippedSurfaces.surfaces.txt")))
    }

    /// FC3-10: a @main bundle compiled only in Debug ships nothing in Release (reported, naming the configuration);
    /// one set by OTHER_SWIFT_FLAGS -D ships (its widget is judged); one under CocoaPods' missing xcconfig is
    /// unknown (nothing reported as compiled out).
    @Test func featureFlagWidgets() throws {
        let text = glance("lint", Self.flags, "--explain-skips")
        #expect(text.standardOutput == (try expected("FeatureFlagWidgets.lint.txt")))
        #expect(text.standardError == summary(errors: 1, warnings: 1, files: 4))
        #expect(text.exitCode == 1)
    }

    /// FC3-20…22 (issue 21): silent failures. Reported: the control, widget and Live Activity templates the iOS
    /// bundle registers, once each at the declaration (the copy of the widget template no bundle lists is not); an
    /// SF Symbol name that does not exist, with "did you mean"; the extension's custom symbol drawn with
    /// `Image(systemName:)`, naming `Image(_:)`; an SF Symbols 6 name in an extension that deploys to iOS 17 (not
    /// under `if #available(iOS 18, *)`); an alarm whose stop intent gets a `UUID()` of its own (one id for both is
    /// silent, a configuration from a parameter a skip); a `RunSystemShortcutIntent` button compiled for watchOS
    /// (error) and for iOS 17 without a check (warning; silent under `if #available(iOS 27, *)`). The app's own
    /// unknown symbol only with the rule in `opt_in_rules`.
    @Test func silentFailures() throws {
        let text = glance("lint", Self.silent, "--explain-skips")
        #expect(text.standardOutput == (try expected("SilentFailures.lint.txt")))
        #expect(text.standardError == summary(errors: 1, warnings: 8, files: 11))
        #expect(text.exitCode == 1)
        let optedIn = glance("lint", Self.silent, "--config", Self.silent + "/Optin.glance.json", "--quiet")
        #expect(optedIn.standardOutput == (try expected("SilentFailures.optin.lint.txt")))
        let added = Set(optedIn.standardOutput.split(separator: "\n")).subtracting(text.standardOutput.split(separator: "\n"))
        #expect(added == ["\(Self.silent)/Brew/BrewApp.swift:14:42: warning: no SF Symbol is named 'hourglass.tophalf.filled.fill' (SF Symbols 1.0 to 7.1, the releases Glance knows): Label(_:systemImage:) draws nothing in the app. Did you mean 'hourglass.tophalf.filled'? [sf_symbol_unknown]"])
    }

    /// FC2-10: an iOS and a watchOS widget extension declare the same names, and each app its own
    /// `AppGroup`: no finding, and both widgets are in `surfaces` with their own target and kind.
    @Test func sameNamesInTwoModulesLintClean() throws {
        let output = glance("lint", Self.twins)
        #expect(output.standardOutput == "")
        #expect(output.standardError == summary(errors: 0, warnings: 0, files: 6))
        #expect(output.exitCode == 0)
        let surfaces = glance("surfaces", Self.twins, "--format", "json")
        #expect(surfaces.standardOutput == (try expected("TwinWidgets.surfaces.json")))
    }

    /// FC2-18, FC2-19, FC2-20: packages referenced as folders and inside an unowned synchronized folder are
    /// read; the group read from the Info.plist is wrong in Debug only; three uses of one wrong group are one
    /// finding.
    @Test func legacyPackagesAndInfoPlistGroups() throws {
        let text = glance("lint", Self.packages, "--explain-skips")
        #expect(text.standardOutput == (try expected("LegacyPackages.lint.txt")))
        #expect(text.exitCode == 1)
        let json = glance("lint", Self.packages, "--reporter", "json")
        #expect(json.standardOutput == (try expected("LegacyPackages.lint.json")))
    }

    /// Shapes of public apps that drew false findings (0.3.2 printed 5 errors and 4 warnings here, all false): an
    /// app delegate in Objective-C that handles URLs (a handler whose routes are not read: a skip, no
    /// `deep_link_unhandled`); a @main bundle listing its widgets through `@WidgetBundleBuilder` static properties
    /// in an extension of another type (no `widget_not_in_bundle`); a Live Activity under
    /// `#if canImport(ActivityKit)` in a file the watch widget extension also compiles (not a watch surface), drawing
    /// a custom SF Symbol whose SVG canvas is 3300×2200 (no `live_activity_image_too_large`); an iOS widget whose only
    /// `supportedFamilies` is a watch family under `#if os(watchOS)` (no `widget_no_supported_family`).
    @Test func shapesThatDrewFalseFindingsLintClean() throws {
        let text = glance("lint", Self.unseen, "--explain-skips")
        #expect(text.standardOutput == (try expected("UnseenShapes.lint.txt")))
        #expect(text.standardError == summary(errors: 0, warnings: 0, files: 6))
        #expect(text.exitCode == 0)
        let surfaces = glance("surfaces", Self.unseen, "--format", "json")
        #expect(surfaces.standardOutput == (try expected("UnseenShapes.surfaces.json")))
    }

    /// Shapes of public apps that drew false findings at later triages (0.3.3 printed 6 errors and 5 warnings
    /// here; 0.3.4 prints the one true warning and two skips): a bundle choosing between two widgets of one kind
    /// with `if #available(iOS 17, *) … else …` (no `duplicate_kind`; the older widget, registered only before
    /// iOS 17, needs no container background); an intent opening `pad://` through a local `let` (read: it only
    /// opens the app, so no `deep_link_unhandled`, and the custom scheme draws `open_url_intent_custom_scheme` as
    /// written inline would); one opening its parameter's URL (a skip); a stale date parameter that defaults to nil and no call passes (no `stale_date_never_read`); a
    /// Live Activity button whose intent the extension declares as a stub and the app with the work (no
    /// `intent_missing_app_membership`); a control whose configured intent is its own action and reaches
    /// UIApplication through `#keyPath` (no `configuration_intent_perform`, no `extension_intent_uses_app_api`); a
    /// tvOS app without extensions or App Group entitlements opening an App Group suite (a skip, no
    /// `app_group_not_entitled`); a Live Activity view reading a file from the App Group container through a local
    /// name (no `live_activity_view_network_access`); a widget nested in the bundle's type and listed as
    /// `Self.ShelfWidget()` (no `widget_not_in_bundle`).
    @Test func alternativesLocalURLsAndUnpassedStaleDates() throws {
        let text = glance("lint", Self.alternatives, "--explain-skips")
        #expect(text.standardOutput == (try expected("AlternativeWidgets.lint.txt")))
        #expect(text.standardError == summary(errors: 0, warnings: 1, files: 5))
        #expect(text.exitCode == 0)
        let surfaces = glance("surfaces", Self.alternatives)
        #expect(surfaces.standardOutput == (try expected("AlternativeWidgets.surfaces.txt")))
    }

    /// FC3-15: a Tuist folder without a generated project. Its `Project.swift` states every target literally
    /// (product, destinations, bundle id, deployment target, Info.plist, entitlements, resources, settings), so
    /// the rules that need them run: the app requests a Live Activity and its Info.plist file lacks
    /// `NSSupportsLiveActivities`; the widget extension's control reads the app's App Group, which the
    /// extension's entitlements (`.file(path:)`) do not list, and the two share no group.
    @Test func tuistManifestStatesWhatTheRulesNeed() throws {
        let output = glance("lint", Self.tuist, "--explain-skips")
        #expect(output.standardOutput == (try expected("TuistScoreboard.lint.txt")))
        #expect(output.standardError == """
            glance: note: no .xcodeproj in \(Self.tuist); Tuist generates it from Project.swift: run `tuist generate`, then lint again for a full check (target kinds, embedding, Info.plist, entitlements and asset catalogs read from the manifests)

            """ + summary(errors: 3, warnings: 0, files: 8))
        #expect(output.exitCode == 1)
    }

    /// The same folder with the widget extension built by helper code (`.widgetExtension(name:)`): which app
    /// embeds it and what its Info.plist and entitlements hold are unknown, so the rules that need them stay off
    /// and say why.
    @Test func aTuistTargetBuiltByHelperCodeKeepsTheRulesOff() throws {
        let folder = try scratchFolder("tuist-helper")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = folder + "/TuistScoreboard"
        try FileManager.default.copyItem(atPath: Self.tuist, toPath: copy)
        let manifest = try String(contentsOfFile: copy + "/Project.swift", encoding: .utf8)
        let start = try #require(manifest.range(of: "        .target(\n            name: \"ScoreboardWidgets\""))
        let end = try #require(manifest.range(of: "    ]\n)\n"))
        try (manifest[..<start.lowerBound] + "        .widgetExtension(name: \"ScoreboardWidgets\"),\n" + manifest[end.lowerBound...])
            .write(toFile: copy + "/Project.swift", atomically: true, encoding: .utf8)
        let output = glance("lint", copy, "--explain-skips")
        #expect(output.standardOutput == (try expected("TuistScoreboardHelper.lint.txt")))
        let helper = "Project.swift: target `.widgetExtension(name: \"ScoreboardWidget…` is built by helper code"
        #expect(output.standardOutput.contains("  [live_activities_not_enabled] not run: needs target kinds, embedding and Info.plist, which the manifests do not state literally (\(helper)) (run `tuist generate` for a full check)\n"))
        #expect(output.standardOutput.contains("  [app_group_not_entitled] not run: needs target kinds and entitlements, which the manifests do not state literally (\(helper)) (run `tuist generate` for a full check)\n"))
        #expect(output.standardError == """
            glance: note: no .xcodeproj in \(copy); Tuist generates it from Project.swift: run `tuist generate`, then lint again for a full check (\(GeneratedProjectTests.rulesNeedingAProject) rules that need it did not run; --explain-skips lists them)

            """ + summary(errors: 0, warnings: 0, files: 8))
        #expect(output.exitCode == 0)
    }

    /// An Objective-C app delegate too large to search (over 16 MiB) may hold the URL handler: no
    /// `deep_link_unhandled`, and the skips say why. The same app without the file is judged.
    @Test func anObjectiveCFileThatCannotBeSearchedMayHoldTheHandler() throws {
        let folder = try scratchFolder("objc-large")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = folder + "/UnseenShapes"
        try FileManager.default.copyItem(atPath: Self.unseen, toPath: copy)
        let line = "// " + String(repeating: "x", count: 1021) + "\n"
        try write("#import \"AppDelegate.h\"\n" + String(repeating: line, count: 17 * 1024), to: copy + "/Notes/AppDelegate.m")
        let large = glance("lint", copy, "--no-cache", "--explain-skips")
        #expect(!large.standardOutput.contains("[deep_link_unhandled]"))
        #expect(large.standardOutput.contains("  Notes/AppDelegate.m: not searched for URL-handling methods (not read: it is 17 MiB, over Glance's limit of 16 MiB for an Objective-C source file); it may hold one\n"))
        try write("#import \"AppDelegate.h\"\n@implementation AppDelegate\n@end\n", to: copy + "/Notes/AppDelegate.m")
        let plain = glance("lint", copy, "--no-cache")
        #expect(plain.standardOutput.contains("NotesWidgets/NoteWidget.swift:21:18: warning: widgetURL gives NoteWidget the deep link notes://note/1, but app 'Notes' has no URL handler"))
        // A file the project lists but the folder lacks (generated at build time) holds nothing, and is no note.
        try FileManager.default.removeItem(atPath: copy + "/Notes/AppDelegate.m")
        let missing = glance("lint", copy, "--no-cache", "--explain-skips")
        #expect(missing.standardOutput.contains("but app 'Notes' has no URL handler"))
        #expect(!missing.standardOutput.contains("not searched for URL-handling methods"))
    }
}
