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
            #expect(violations.allSatisfy { $0.rule == identifier && $0.severity == (example.severity ?? rule.description.defaultSeverity) })
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

/// The same for the rules of `glance payload check`: examples are pushes, markers sit in the body or headers.
struct PayloadRuleExampleTests {
    @Test("triggering payload examples report at their markers", arguments: RuleRegistry.payloadIdentifiers)
    func triggeringExamples(identifier: String) throws {
        let rule = try #require(RuleRegistry.payloadRule(identifier))
        #expect(!rule.description.triggeringExamples.isEmpty, "\(identifier) has no triggering example")
        for (index, example) in rule.description.triggeringExamples.enumerated() {
            let payload = try #require(example.payload, "\(identifier) example \(index) is not a payload example")
            let violations = ExampleRunner.violations(of: rule, in: example)
            let expected = (example.expectedPlaces ?? ExampleRunner.preparePayload(payload).places).sorted()
            let actual = violations.map { "\($0.file):\($0.line):\($0.column)" }.sorted()
            #expect(!violations.isEmpty, "\(identifier) triggering example \(index) reported nothing")
            #expect(actual == expected, "\(identifier) triggering example \(index): \(violations.map(\.message))")
            #expect(violations.allSatisfy { $0.rule == identifier })
            #expect(violations.contains { $0.severity == rule.description.defaultSeverity })
        }
    }

    @Test("non-triggering payload examples report nothing", arguments: RuleRegistry.payloadIdentifiers)
    func nonTriggeringExamples(identifier: String) throws {
        let rule = try #require(RuleRegistry.payloadRule(identifier))
        #expect(!rule.description.nonTriggeringExamples.isEmpty, "\(identifier) has no non-triggering example")
        for (index, example) in rule.description.nonTriggeringExamples.enumerated() {
            let violations = ExampleRunner.violations(of: rule, in: example)
            #expect(violations.isEmpty, "\(identifier) non-triggering example \(index): \(violations.map { "\($0.file):\($0.line):\($0.column) \($0.message)" })")
        }
    }

    /// A valid body of each event passes every payload rule.
    @Test(arguments: ["start", "update", "end"])
    func validBodiesPassEveryRule(event: String) {
        let bodies = [
            "start": #"{"aps": {"timestamp": 1795946400, "event": "start", "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-1"}, "content-state": {"stage": "preparing", "eta": 817641000}, "alert": {"title": "A-1", "body": "Preparing"}}}"#,
            "update": #"{"aps": {"timestamp": 1795946400, "event": "update", "stale-date": 1795948200, "content-state": {"stage": "onTheWay", "eta": 817641000, "driverName": "Sam"}}}"#,
            "end": #"{"aps": {"timestamp": 1795946400, "event": "end", "dismissal-date": 1795947300, "content-state": {"stage": "delivered", "eta": 817641000}}}"#,
        ]
        let example = RuleExample.payload(bodies[event]!, headers: "apns-push-type: liveactivity\napns-topic: com.example.app.push-type.liveactivity\napns-priority: 5")
        for rule in RuleRegistry.payloadRules {
            #expect(ExampleRunner.violations(of: rule, in: example).isEmpty, "\(rule.description.identifier) fires on a valid \(event) body")
        }
    }
}
