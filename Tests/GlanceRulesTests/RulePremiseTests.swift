import Testing
@testable import GlanceRules

/// Every rule states what its findings rest on and how sure that is (issue 20, "Debatable findings"): a rule whose
/// premise is a developers' report or Glance's inference is a warning, and each of its messages says so with the
/// shared words of its certainty (`Premise.Certainty.messageNote`).
struct RulePremiseTests {
    static let identifiers = RuleRegistry.documented.map { $0.description.identifier }

    /// The violations of a lint or payload rule's triggering examples, one list per example.
    static func triggered(_ rule: any DescribedRule.Type) -> [[Violation]] {
        rule.description.triggeringExamples.map { example in
            if let lint = rule as? any Rule.Type { return ExampleRunner.violations(of: lint, in: example) }
            if let payload = rule as? any PayloadRule.Type { return ExampleRunner.violations(of: payload, in: example) }
            return []
        }
    }

    @Test("every rule states its premise in one or two sentences", arguments: identifiers)
    func premiseIsStated(identifier: String) throws {
        let rule = try #require(RuleRegistry.describedRule(identifier))
        let premise = try #require(rule.description.premise, "\(identifier) states no premise")
        let statement = premise.statement
        #expect(statement.hasSuffix("."), "\(identifier): \(statement)")
        // A sentence ends at ". " before a capital letter (not at `Info.plist` or `…, …`).
        let words = statement.split(separator: " ")
        let sentences = zip(words, words.dropFirst()).filter { $0.hasSuffix(".") && $1.first?.isUppercase == true }.count + 1
        #expect((1...2).contains(sentences), "\(identifier): \(sentences) sentences")
        #expect(statement.count <= 360, "\(identifier): \(statement.count) characters")
        // Glance's own behaviour is a premise only of the rules about Glance's own comments.
        #expect((premise.certainty == .defined) == (rule.description.group == .suppressions), "\(identifier): \(premise.certainty)")
    }

    /// A premise that is not Apple's documented behaviour makes a warning, never an error: by default, and in
    /// every finding its examples produce.
    @Test("rules that rest on reports or inferences are warnings", arguments: identifiers)
    func undocumentedPremiseIsAWarning(identifier: String) throws {
        let rule = try #require(RuleRegistry.describedRule(identifier))
        let certainty = try #require(rule.description.premise).certainty
        guard certainty.messageNote != nil else { return }
        #expect(rule.description.defaultSeverity == .warning, "\(identifier) rests on a \(certainty) premise but defaults to \(rule.description.defaultSeverity)")
        for (index, violations) in Self.triggered(rule).enumerated() {
            #expect(violations.allSatisfy { $0.severity == .warning }, "\(identifier) triggering example \(index): \(violations.map(\.severity))")
        }
    }

    /// Each message of such a rule says, in the shared words, that its premise is a report or an inference.
    @Test("their messages say so", arguments: identifiers)
    func undocumentedPremiseIsNamedInTheMessage(identifier: String) throws {
        let rule = try #require(RuleRegistry.describedRule(identifier))
        guard let note = try #require(rule.description.premise).certainty.messageNote else { return }
        for (index, violations) in Self.triggered(rule).enumerated() {
            #expect(!violations.isEmpty, "\(identifier) triggering example \(index) reported nothing")
            for violation in violations {
                #expect(violation.message.contains("(\(note))"), "\(identifier) triggering example \(index): \(violation.message)")
            }
        }
    }

    /// A documented rule's messages do not call its premise a report or an inference, with one exception:
    /// `url_scheme_not_registered` judges a macOS widget's own link on a developer's report, and says so there only.
    @Test("documented rules' messages carry no such words, except on the macOS case that rests on a report", arguments: identifiers)
    func documentedPremiseCarriesNoNote(identifier: String) throws {
        let rule = try #require(RuleRegistry.describedRule(identifier))
        guard try #require(rule.description.premise).certainty.messageNote == nil else { return }
        let notes = Premise.Certainty.allCases.compactMap(\.messageNote)
        for (index, violations) in Self.triggered(rule).enumerated() {
            let example = rule.description.triggeringExamples[index]
            let macOSOwnLink = identifier == URLSchemeNotRegistered.description.identifier && example.targets.contains { $0.platform == .macOS }
            for violation in violations {
                let carried = notes.filter { violation.message.contains($0) }
                #expect(carried == (macOSOwnLink ? [Premise.Certainty.reported.messageNote!] : []), "\(identifier) triggering example \(index): \(violation.message)")
            }
        }
    }

    /// Baselines and fingerprints compare messages without the notes.
    @Test func notesAreRemovedForComparison() throws {
        let reported = try #require(Premise.Certainty.reported.messageNote), inferred = try #require(Premise.Certainty.inferred.messageNote)
        #expect(Premise.withoutNotes("the tap is lost (\(reported)). Fix it.") == "the tap is lost. Fix it.")
        #expect(Premise.withoutNotes("it renders nothing (\(inferred)); add it") == "it renders nothing; add it")
        #expect(Premise.withoutNotes("a (note) stays") == "a (note) stays")
        #expect(reported != inferred)
    }

    /// The check above sees the macOS case at all.
    @Test func urlSchemeRuleHasAMacOSExample() {
        #expect(URLSchemeNotRegistered.description.triggeringExamples.contains { $0.targets.contains { $0.platform == .macOS } })
    }
}
