import Testing
@testable import GlanceRules

/// Every rule's examples are its tests: each triggering example must report exactly at its `↓` markers
/// (or its listed places), and each non-triggering example must report nothing.
struct RuleExampleTests {
    @Test("triggering examples report at their markers", arguments: RuleRegistry.identifiers)
    func triggeringExamples(identifier: String) throws {
        let rule = try #require(RuleRegistry.rule(identifier))
        #expect(!rule.description.triggeringExamples.isEmpty, "\(identifier) has no triggering example")
        for (index, example) in rule.description.triggeringExamples.enumerated() {
            let violations = ExampleRunner.violations(of: rule, in: example)
            let expected = ExampleRunner.prepare(example).places.sorted()
            let actual = violations.map { "\($0.file):\($0.line):\($0.column)" }.sorted()
            #expect(!violations.isEmpty, "\(identifier) triggering example \(index) reported nothing")
            if !expected.isEmpty {
                #expect(actual == expected, "\(identifier) triggering example \(index): \(violations.map(\.message))")
            }
            #expect(violations.allSatisfy { $0.rule == identifier && $0.severity == rule.description.defaultSeverity })
        }
    }

    @Test("non-triggering examples report nothing", arguments: RuleRegistry.identifiers)
    func nonTriggeringExamples(identifier: String) throws {
        let rule = try #require(RuleRegistry.rule(identifier))
        #expect(!rule.description.nonTriggeringExamples.isEmpty, "\(identifier) has no non-triggering example")
        for (index, example) in rule.description.nonTriggeringExamples.enumerated() {
            let violations = ExampleRunner.violations(of: rule, in: example)
            #expect(violations.isEmpty, "\(identifier) non-triggering example \(index): \(violations.map { "\($0.file):\($0.line):\($0.column) \($0.message)" })")
        }
    }

    @Test func identifiersAreUniqueSnakeCase() {
        let identifiers = RuleRegistry.identifiers
        #expect(Set(identifiers).count == identifiers.count)
        for identifier in identifiers {
            #expect(identifier.allSatisfy { $0.isLowercase || $0 == "_" }, "\(identifier)")
        }
    }
}
