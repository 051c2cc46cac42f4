import Foundation
import Testing
@testable import GlancePayload

struct JSONLocatorTests {
    @Test func positionsOfValuesAndKeys() {
        let text = """
            {"aps": {"timestamp": 1,
              "content-state": {"stops": [{"eta": 2}, {"eta": 3}], "é": "x"}}}
            """
        let locator = JSONLocator(text: text)
        let state = JSONPath.root.appending("aps").appending("content-state")
        #expect(locator.position(of: JSONPath.root.appending("aps").appending("timestamp")) == .init(line: 1, column: 23))
        #expect(locator.position(of: state.appending("stops").appending(index: 1).appending("eta")) == .init(line: 2, column: 51))
        #expect(locator.keyPosition(of: state.appending("é")) == .init(line: 2, column: 56))
        #expect(locator.position(of: state.appending("é")) == .init(line: 2, column: 61))
        // A path that is not in the text falls back to its nearest enclosing value.
        #expect(locator.position(of: state.appending("missing")) == .init(line: 2, column: 20))
        #expect(locator.trailingCommas.isEmpty)
    }

    @Test func trailingCommasAreFound() {
        let locator = JSONLocator(text: "{\"a\": [1, 2,],\n \"b\": {\"c\": 1 , }}")
        #expect(locator.trailingCommas == [.init(line: 1, column: 12), .init(line: 2, column: 15)])
    }

    @Test func documentReportsWhereJSONBreaks() {
        let document = PayloadDocument(name: "p.json", data: Data("{\"aps\":\n {\"event\": update}}".utf8))
        #expect(document.problem == .init(message: "is not valid JSON: Invalid value", line: 2, column: 12))
        let comma = PayloadDocument(name: "p.json", data: Data("{\"aps\": {\"event\": \"update\",}}".utf8))
        #expect(comma.problem?.message == "is not valid JSON: a trailing comma before a closing bracket")
        #expect(comma.problem?.column == 27)
        let latin1 = PayloadDocument(name: "p.json", data: Data([0x7B, 0x22, 0x61, 0xE9, 0x22, 0x7D]))
        #expect(latin1.problem == .init(message: "is not valid UTF-8 (byte 3)", line: 1, column: 4))
    }
}
