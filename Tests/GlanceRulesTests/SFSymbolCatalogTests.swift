import Testing
import GlanceProject
@testable import GlanceRules

/// The SF Symbols data (`SFSymbolsData`, written by Scripts/update-sf-symbols.py) parses whole and holds what the
/// sf_symbol rules rely on.
struct SFSymbolCatalogTests {
    let catalog = SFSymbolCatalog.shared

    @Test func everyLineParses() {
        let lines = SFSymbolsData.text.split(separator: "\n")
        let releaseLines = lines.filter { $0.hasPrefix("release ") }
        #expect(catalog.releases.count == releaseLines.count)
        #expect(catalog.allNames.count == lines.count - releaseLines.count)
        #expect(catalog.allNames.count > 9_000)
    }

    @Test func releasesMapToTheirOSVersions() throws {
        #expect(catalog.releases.map(\.version).first == "1.0")
        #expect(catalog.newest.version == "7.1")
        let first = try #require(catalog.releases.first)
        #expect(first.firstVersions == [.iOS: "13.0", .macOS: "10.15", .tvOS: "13.0", .visionOS: "1.0", .watchOS: "6.0"])
        let seven = try #require(catalog.releases.first { $0.version == "7.0" })
        #expect(seven.firstVersions[.iOS] == "26.0" && seven.firstVersions[.watchOS] == "26.0")
        let six = try #require(catalog.releases.first { $0.version == "6.0" })
        #expect(six.firstVersions == [.iOS: "18.0", .macOS: "15.0", .tvOS: "18.0", .visionOS: "2.0", .watchOS: "11.0"])
        // Every release names every platform, in order.
        #expect(catalog.releases.allSatisfy { $0.firstVersions.count == 5 })
        #expect(zip(catalog.releases, catalog.releases.dropFirst()).allSatisfy { OSVersion($0.firstVersions[.iOS]!)! <= OSVersion($1.firstVersions[.iOS]!)! })
    }

    @Test(arguments: [("star.fill", "1.0"), ("wave.3.left", "2.0"), ("123.rectangle", "3.0"), ("figure.walk.motion", "4.0"), ("2h.circle", "5.0"),
                      ("figure.run.treadmill", "6.0"), ("1.calendar", "7.0"), ("air.conditioner", "7.1")])
    func knownNamesOfSeveralReleases(name: String, release: String) {
        #expect(catalog.contains(name))
        #expect(catalog.release(of: name)?.version == release)
    }

    @Test func renamedSymbolsKeepTheirOldNames() {
        // Renamed in SF Symbols 2; the old name still resolves, from its own release.
        #expect(catalog.release(of: "radiowaves.left")?.version == "1.0")
        #expect(catalog.currentName(of: "radiowaves.left") == "wave.3.left")
        #expect(catalog.oldNames(of: "wave.3.left").map(\.name) == ["radiowaves.left"])
        // An old name the release lists do not hold: known, its release not.
        #expect(catalog.contains("arrow.upright.circle"))
        #expect(catalog.release(of: "arrow.upright.circle") == nil)
        #expect(catalog.currentName(of: "arrow.upright.circle") == "arrow.up.right.circle")
    }

    @Test func unknownNamesAndSuggestions() {
        #expect(!catalog.contains("arrow.double.up.circle"))
        #expect(!catalog.contains(""))
        #expect(catalog.closest(to: "lightbulb.fil") == "lightbulb.fill")
        #expect(catalog.closest(to: "person.crop.circle.badge.clock.fill.fill") == "person.crop.circle.badge.clock.fill")
    }

    /// Lines of another shape are left out, not misread.
    @Test func malformedLinesAreLeftOut() {
        let parsed = SFSymbolCatalog(text: "release 1.0 iOS 13.0\nbolt\t1.0\nno-tab\nbad\t9.9\nold\t-\t>bolt\n")
        #expect(parsed.allNames == ["bolt", "old"])
        #expect(parsed.release(of: "bolt")?.firstVersions == [.iOS: "13.0"])
    }
}
