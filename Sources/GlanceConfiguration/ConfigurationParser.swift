import Foundation
import GlanceInput
import GlancePayload
import GlanceProject
import GlanceRules
import GlanceSurfaces

/// Reads `.glance.json` text into a `Configuration`, checking every key, type and rule id.
///
/// Errors are one line naming the file and the key: unknown keys and rule ids with a "did you mean" hint,
/// wrong value types, malformed JSON, and contradictions (`only_rules` with `disabled_rules`, a rule both
/// disabled and opted in).
public struct ConfigurationParser: Sendable {
    /// The rule ids the configuration may name.
    public let ruleIdentifiers: [String]
    /// The reporter names `reporter` may take.
    public let reporters: [String]

    public init(ruleIdentifiers: [String] = RuleRegistry.identifiers, reporters: [String]) {
        self.ruleIdentifiers = ruleIdentifiers
        self.reporters = reporters
    }

    /// - Parameters:
    ///   - file: the file as shown in messages.
    ///   - folder: the absolute folder that paths in the file are relative to.
    /// - Throws: `ConfigurationError`.
    public func parse(_ data: Data, file: String, folder: String) throws -> Configuration {
        func fail(_ message: String) -> ConfigurationError { ConfigurationError(file: file, message) }
        if let problem = JSONLimits.configuration.problem(in: data) { throw fail("line \(problem.line): \(problem.message)") }
        let json: JSONValue
        do { json = try JSONValue.parse(data) } catch let error as JSONSyntaxError { throw fail(error.reason) }
        // Foundation's parsers accept two things JSON (RFC 8259) does not, and a configuration must not: a comma
        // before a closing bracket, and a key given twice in one object (one value silently wins; almost always a
        // mistake). Neither is a syntax question Foundation answers, so the text it accepted is walked once by
        // JSONLocator, the token walk that gives payload findings their positions — not a second JSON parser.
        let tokens = JSONLocator(text: String(decoding: data, as: UTF8.self))
        if let comma = tokens.trailingCommas.first {
            throw fail("line \(comma.line): a comma before a closing bracket; JSON allows none (remove it)")
        }
        if let repeated = tokens.duplicateKeys.first {
            throw fail("line \(repeated.position.line): key '\(repeated.key)' is given twice in one object (first at line \(repeated.first.line)); remove one")
        }
        guard case .object(let object) = json else { throw fail("the configuration must be a JSON object, not \(json.kind)") }
        let keys = Configuration.Key.allCases.map(\.rawValue)
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw fail("unknown key '\(unknown)'\(Suggestion.hint(unknown, in: keys))")
        }

        var configuration = Configuration()
        configuration.file = file
        configuration.folder = folder
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            let key = Configuration.Key(rawValue: name)!
            switch key {
            case .disabledRules: configuration.disabledRules = try ruleIDs(value, key, fail)
            case .optInRules: configuration.optInRules = try ruleIDs(value, key, fail)
            case .onlyRules: configuration.onlyRules = try ruleIDs(value, key, fail)
            case .severity: configuration.severities = try severities(value, fail)
            case .included: configuration.included = try strings(value, "'included' must be a list of path globs", fail)
            case .excluded: configuration.excluded = try strings(value, "'excluded' must be a list of path globs", fail)
            case .excludedByRule: configuration.excludedByRule = try excludedByRule(value, fail)
            case .baseline:
                switch value {
                case .null: configuration.baseline = nil
                case .string(let path) where !path.isEmpty:
                    let absolute = path.hasPrefix("/") ? path : folder + "/" + path
                    guard FileSystem(confinedTo: folder).isInside(absolute) else {
                        throw fail("'baseline' leads outside the configuration's folder (\(path)); Glance reads no baseline there")
                    }
                    configuration.baseline = path
                default: throw fail("'baseline' must be a file path (a string) or null, not \(value.kind)")
                }
            case .reporter:
                guard case .string(let reporter) = value else { throw fail("'reporter' must be a string, not \(value.kind)") }
                guard reporters.contains(reporter) else {
                    throw fail("reporter: no reporter '\(reporter)' (\(reporters.joined(separator: ", ")))\(Suggestion.hint(reporter, in: reporters))")
                }
                configuration.reporter = reporter
            case .strict:
                guard case .bool(let strict) = value else { throw fail("'strict' must be true or false, not \(value.kind)") }
                configuration.strict = strict
            case .push:
                configuration.push = try push(value, folder: folder, fail)
            }
        }
        let globs = configuration.included + configuration.excluded + configuration.excludedByRule.keys.sorted().flatMap { configuration.excludedByRule[$0]! }
        if globs.count > PathPattern.maximumCount {
            throw fail("holds \(globs.count) path globs, over Glance's limit of \(PathPattern.maximumCount)")
        }
        if let long = globs.first(where: { PathPattern.problem($0) != nil }) {
            throw fail("the glob '\(long.prefix(40))…' \(PathPattern.problem(long)!)")
        }
        if !configuration.onlyRules.isEmpty && !(configuration.disabledRules.isEmpty && configuration.optInRules.isEmpty) {
            throw fail("only_rules cannot be combined with disabled_rules or opt_in_rules; list exactly the rules to run in only_rules")
        }
        if let both = configuration.disabledRules.first(where: configuration.optInRules.contains) {
            throw fail("rule '\(both)' is in both disabled_rules and opt_in_rules")
        }
        return configuration
    }

    /// `"push": {"bundle_id": …, "environment": "sandbox" | "production", "host": …, "key_file": …, "key_id": …,
    /// "team_id": …, "ca_file": …}`: strings; the values' own checks (a bundle identifier, a Key ID…) are `glance push`'s, which
    /// names this file in its messages. A value that is key material is refused without being shown.
    private func push(_ value: JSONValue, folder: String, _ fail: (String) -> ConfigurationError) throws -> Configuration.PushSettings {
        guard case .object(let object) = value else { throw fail("'push' must be an object, not \(value.kind)") }
        let keys = Configuration.PushSettings.Key.allCases.map(\.rawValue)
        var settings = Configuration.PushSettings()
        for (name, item) in object.sorted(by: { $0.key < $1.key }) {
            guard let key = Configuration.PushSettings.Key(rawValue: name) else {
                throw fail("push: unknown key '\(name)'\(Suggestion.hint(name, in: keys))")
            }
            guard case .string(let text) = item, !text.isEmpty else { throw fail("push.\(name) must be a non-empty string, not \(item.kind)") }
            if let material = Shown.keyMaterial(text) {
                throw fail("push.\(name) holds \(material), not a value to keep in a configuration file; give key_file the path of the .p8 file")
            }
            switch key {
            case .environment:
                guard ["sandbox", "production"].contains(text) else { throw fail("push.environment must be 'sandbox' or 'production', not \(Shown.quoted(text))") }
                settings.values[key] = text
            case .keyFile, .caFile:
                settings.values[key] = text.hasPrefix("/") || text.hasPrefix("~") ? text : folder + "/" + text
            default:
                settings.values[key] = text
            }
        }
        return settings
    }

    private func strings(_ value: JSONValue, _ expectation: String, _ fail: (String) -> ConfigurationError) throws -> [String] {
        guard case .array(let items) = value else { throw fail("\(expectation), not \(value.kind)") }
        return try items.enumerated().map { index, item in
            guard case .string(let text) = item else { throw fail("\(expectation); item \(index + 1) is \(item.kind)") }
            return text
        }
    }

    private func ruleID(_ id: String, in context: String, _ fail: (String) -> ConfigurationError) throws -> String {
        guard ruleIdentifiers.contains(id) else { throw fail("\(context): no rule '\(id)'\(Suggestion.hint(id, in: ruleIdentifiers))") }
        return id
    }

    private func ruleIDs(_ value: JSONValue, _ key: Configuration.Key, _ fail: (String) -> ConfigurationError) throws -> [String] {
        try strings(value, "'\(key.rawValue)' must be a list of rule ids", fail).map { try ruleID($0, in: key.rawValue, fail) }
    }

    private func severities(_ value: JSONValue, _ fail: (String) -> ConfigurationError) throws -> [String: Severity] {
        guard case .object(let object) = value else {
            throw fail("'severity' must be an object of rule ids to \"warning\" or \"error\", not \(value.kind)")
        }
        var result: [String: Severity] = [:]
        let names = Severity.allCases.map(\.rawValue)
        for (id, level) in object.sorted(by: { $0.key < $1.key }) {
            _ = try ruleID(id, in: "severity", fail)
            guard case .string(let text) = level else { throw fail("severity of '\(id)' must be \"warning\" or \"error\", not \(level.kind)") }
            guard let severity = Severity(rawValue: text) else {
                throw fail("severity of '\(id)' must be \"warning\" or \"error\", not \"\(text)\"\(Suggestion.hint(text, in: names))")
            }
            result[id] = severity
        }
        return result
    }

    private func excludedByRule(_ value: JSONValue, _ fail: (String) -> ConfigurationError) throws -> [String: [String]] {
        guard case .object(let object) = value else {
            throw fail("'excluded_by_rule' must be an object of rule ids to lists of path globs, not \(value.kind)")
        }
        var result: [String: [String]] = [:]
        for (id, globs) in object.sorted(by: { $0.key < $1.key }) {
            _ = try ruleID(id, in: "excluded_by_rule", fail)
            result[id] = try strings(globs, "excluded_by_rule of '\(id)' must be a list of path globs", fail)
        }
        return result
    }
}
