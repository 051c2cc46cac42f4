import Foundation
import Testing
import GlanceConfiguration
import GlanceRules

/// Baseline matching (rule, file, line text, message; not the line number; counted) and its file.
@Suite(.serialized)
struct BaselineTests {
    func violation(_ line: Int, _ message: String = "widgetURL twice", rule: String = "widget_url_multiple", file: String = "A.swift") -> Violation {
        Violation(rule: rule, severity: .warning, file: file, line: line, column: 5, message: message, target: nil)
    }

    func folder(_ files: [String: String]) throws -> String {
        let root = NSTemporaryDirectory() + "glance-baseline-\(UUID().uuidString)"
        for (name, text) in files {
            let path = root + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func linesMovedElsewhereStillMatch() throws {
        let root = try folder(["A.swift": "let a = 1\n    Text(x).widgetURL(u)  \n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let baseline = Baseline(violations: [violation(2)], root: root)
        #expect(baseline.entries == [Baseline.Entry(rule: "widget_url_multiple", file: "A.swift", line: 2, lineText: "Text(x).widgetURL(u)", message: "widgetURL twice")])
        try "// new\n// lines\nlet a = 1\n\tText(x).widgetURL(u)\n".write(toFile: root + "/A.swift", atomically: true, encoding: .utf8)
        #expect(baseline.filter([violation(4)], root: root) == [])
        // Another rule, message, file or line text is new.
        #expect(baseline.filter([violation(4, rule: "duplicate_kind")], root: root).count == 1)
        #expect(baseline.filter([violation(4, "other")], root: root).count == 1)
        #expect(baseline.filter([violation(3)], root: root).count == 1)
        #expect(baseline.filter([violation(4, file: "B.swift")], root: root).count == 1)
    }

    /// One cause found at several places (an app's links of one scheme) matches by rule and cause: its first
    /// place may move to another file, and its message change with it.
    @Test func violationsWithACauseMatchByCause() throws {
        let root = try folder(["A.swift": "Text(a).widgetURL(u)\n", "B.swift": "Text(b).widgetURL(v)\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        var first = violation(1, "SummaryWidget links shop://summary", rule: "deep_link_unhandled")
        first.cause = "APP|shop"
        let baseline = Baseline(violations: [first], root: root)
        #expect(baseline.entries.first?.cause == "\u{0}APP|shop")
        var moved = violation(1, "CartWidget links shop://cart", rule: "deep_link_unhandled", file: "B.swift")
        moved.cause = "APP|shop"
        #expect(baseline.filter([moved], root: root) == [])
        var otherScheme = moved
        otherScheme.cause = "APP|cart"
        #expect(baseline.filter([otherScheme], root: root).count == 1)
        // Read back from its file, the cause is kept.
        let path = root + "/baseline.json"
        try baseline.write(to: path, shown: "baseline.json", root: root)
        #expect(try Baseline.read(from: path, shown: "baseline.json").filter([moved], root: root) == [])
    }

    @Test func eachEntryAbsorbsOneViolation() throws {
        let root = try folder(["A.swift": "x\nx\nx\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let baseline = Baseline(violations: [violation(1), violation(2)], root: root)
        #expect(baseline.filter([violation(1), violation(2), violation(3)], root: root) == [violation(3)])
    }

    @Test func lineNumbersInMessagesAreIgnored() throws {
        let root = try folder(["A.swift": "x\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let baseline = Baseline(violations: [violation(1, "also at Widgets/A.swift:36 and App/Info.plist:3:2")], root: root)
        #expect(baseline.filter([violation(1, "also at Widgets/A.swift:40 and App/Info.plist:9:1")], root: root) == [])
        #expect(baseline.filter([violation(1, "also at Widgets/B.swift:36 and App/Info.plist:3:2")], root: root).count == 1)
    }

    /// A baseline written before a rule's message named its premise as a report or an inference still matches.
    @Test func premiseNotesAreIgnored() throws {
        let root = try folder(["A.swift": "x\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let baseline = Baseline(violations: [violation(1, "the tap is lost. Do the work in perform().")], root: root)
        #expect(baseline.filter([violation(1, "the tap is lost (developers report this; Apple does not document it). Do the work in perform().")], root: root) == [])
        #expect(baseline.filter([violation(1, "the tap is lost (Glance infers this from Apple's documentation). Do the work in perform().")], root: root) == [])
        #expect(baseline.filter([violation(1, "the tap is kept. Do the work in perform().")], root: root).count == 1)
    }

    @Test func missingAndBinaryFilesHaveEmptyLineText() throws {
        let root = try folder([:])
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data([0x62, 0x70, 0x00, 0x0A, 0x41]).write(to: URL(fileURLWithPath: root + "/Info.plist"))
        let baseline = Baseline(violations: [violation(1, file: "Gone.swift"), violation(2, file: "Info.plist"), violation(1, file: ".")], root: root)
        #expect(baseline.entries.map(\.lineText) == ["", "", ""])
    }

    @Test func fileRoundTripIsSortedAndDeterministic() throws {
        let root = try folder(["A.swift": "one\ntwo\n", "B.swift": "three\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let baseline = Baseline(violations: [violation(1, file: "B.swift"), violation(2), violation(1)], root: root)
        #expect(baseline.fileText == """
            {
              "version" : 1,
              "violations" : [
                {
                  "file" : "A.swift",
                  "line" : 1,
                  "lineText" : "one",
                  "message" : "widgetURL twice",
                  "rule" : "widget_url_multiple"
                },
                {
                  "file" : "A.swift",
                  "line" : 2,
                  "lineText" : "two",
                  "message" : "widgetURL twice",
                  "rule" : "widget_url_multiple"
                },
                {
                  "file" : "B.swift",
                  "line" : 1,
                  "lineText" : "three",
                  "message" : "widgetURL twice",
                  "rule" : "widget_url_multiple"
                }
              ]
            }

            """)
        try baseline.write(to: root + "/baseline.json", shown: "baseline.json", root: root)
        #expect(try Baseline.read(from: root + "/baseline.json", shown: "baseline.json") == baseline)
    }

    @Test func badBaselineFiles() throws {
        let root = try folder(["bad.json": "{", "wrong.json": #"{"violations": 3}"#, "future.json": #"{"version": 9, "violations": []}"#])
        defer { try? FileManager.default.removeItem(atPath: root) }
        func message(_ name: String) -> String? {
            do {
                _ = try Baseline.read(from: root + "/" + name, shown: name)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(message("missing.json") == "missing.json: no such baseline file (write one with --write-baseline)")
        // The reason in parentheses is Foundation's, and differs between platforms.
        #expect(message("bad.json")?.hasPrefix("bad.json: not a baseline: not valid JSON (") == true)
        #expect(message("wrong.json") == #"wrong.json: not a baseline: expected {"version": 1, "violations": [{"rule", "file", "line", "lineText", "message"}]}"#)
        #expect(message("future.json") == "future.json: baseline version 9 is not supported (this Glance reads version 1)")
    }
}
