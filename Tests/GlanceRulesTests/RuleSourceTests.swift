import Foundation
import Testing
@testable import GlanceRules

/// A rule's `source` is for users: it cites what they can open (Apple documentation, WWDC sessions, public
/// reports), never the project's internal references (fact ids such as `LA-03`, field cases such as `FC-08`
/// or `FC2-04`, seed documents).
struct RuleSourceTests {
    /// `LA-03`, `APNS-16`, `FC-08`, `FC2-04`, `XC-01…XC-05`: upper-case letters (and digits), a dash, a number.
    static let internalID = try! NSRegularExpression(pattern: #"\b[A-Z][A-Z0-9]{1,4}-[0-9]{1,3}\b"#)
    /// The seed documents of the project's reference folder, and the words that introduced internal references.
    static let internalWords = ["seed", "facts.md", "field case", "controls-and-live-activities-on-apple-watch", "launching-app-from-live-activity",
                                "linking-to-app-scenes-from-widgets", "alarmkit-live-activities-integration", "widgets-and-control-center-controls"]

    /// The URLs of a source: every `https://…` up to a space, `>` or `;`.
    static func urls(in source: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"https://[^\s>;]+"#)
        return pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)).map { String(source[Range($0.range, in: source)!]) }
    }

    /// Internal references in a text.
    static func internalReferences(in source: String) -> [String] {
        // Inside a URL an id-like part (a commit hash, a path) is not a reference.
        var text = source
        for url in urls(in: source) { text = text.replacingOccurrences(of: url, with: "") }
        let ids = internalID.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
        return ids + internalWords.filter { text.lowercased().contains($0) }
    }

    @Test("sources cite URLs, not internal ids", arguments: RuleRegistry.documented.map { $0.description.identifier })
    func sourceCitesURLs(identifier: String) throws {
        let rule = try #require(RuleRegistry.describedRule(identifier))
        let source = rule.description.source
        #expect(Self.internalReferences(in: source).isEmpty, "\(identifier) cites internal references: \(Self.internalReferences(in: source))")
        let urls = Self.urls(in: source)
        #expect(!urls.isEmpty, "\(identifier) cites no URL")
        for url in urls {
            #expect(URL(string: url)?.host != nil, "\(identifier): \(url) is not a URL")
        }
    }

    /// The check itself finds what it must.
    @Test func internalReferencesAreFound() {
        #expect(Self.internalReferences(in: "facts LA-03, XC-01…XC-05; field case FC-08") == ["LA-03", "XC-01", "XC-05", "FC-08", "field case"])
        #expect(Self.internalReferences(in: "field cases FC2-04") == ["FC2-04", "field case"])
        #expect(Self.internalReferences(in: "seed controls-and-live-activities-on-apple-watch") == ["seed", "controls-and-live-activities-on-apple-watch"])
        #expect(Self.internalReferences(in: "Apple, Keeping a widget up to date <https://developer.apple.com/documentation/widgetkit/keeping-a-widget-up-to-date>").isEmpty)
        #expect(Self.internalReferences(in: "swift-build <https://github.com/swiftlang/swift-build/blob/41aee626/SWB-12/x>").isEmpty)
        #expect(Self.urls(in: "A <https://a.example/x>; B <https://b.example/y(z:)>") == ["https://a.example/x", "https://b.example/y(z:)"])
        #expect(Self.urls(in: "fact WK-14").isEmpty)
    }
}
