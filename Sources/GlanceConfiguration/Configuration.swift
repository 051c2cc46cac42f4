import GlanceRules

/// What a `.glance.json` file says: which rules run, at which severity, which files' violations are
/// reported, the baseline, the default reporter and strictness. Parsed by `ConfigurationParser`, applied
/// by `Configuration+Linting.swift`. The default value (no file) runs every rule enabled by default and
/// reports everything.
public struct Configuration: Sendable, Equatable {
    /// The keys of the file, in the order `glance init` writes them.
    public enum Key: String, CaseIterable, Sendable {
        case disabledRules = "disabled_rules"
        case optInRules = "opt_in_rules"
        case onlyRules = "only_rules"
        case severity
        case included
        case excluded
        case excludedByRule = "excluded_by_rule"
        case baseline
        case reporter
        case strict
        case push
    }

    /// The `push` section: what `glance push` and `glance channels` take when neither a flag nor a `GLANCE_APNS_*`
    /// variable gives it. Never key material: `key_file` is a path.
    public struct PushSettings: Sendable, Equatable {
        public enum Key: String, CaseIterable, Sendable {
            case bundleID = "bundle_id"
            case environment
            case host
            case keyFile = "key_file"
            case keyID = "key_id"
            case teamID = "team_id"
            case caFile = "ca_file"
        }

        /// By key; `key_file` and `ca_file` made absolute against the configuration's folder.
        public var values: [Key: String] = [:]

        public init(values: [Key: String] = [:]) { self.values = values }
    }

    /// The `push` section, if the file has one.
    public var push: PushSettings?

    /// The file name looked for in PATH's folder and every folder above it.
    public static let fileName = ".glance.json"

    /// Rule ids that do not run.
    public var disabledRules: [String] = []
    /// Rule ids, enabled by default or not, that run in addition to the rules enabled by default.
    public var optInRules: [String] = []
    /// When not empty: exactly these rule ids run (and `disabled_rules`/`opt_in_rules` must be empty).
    public var onlyRules: [String] = []
    /// Severity by rule id, replacing the rule's default.
    public var severities: [String: Severity] = [:]
    /// Path globs (relative to `folder`): when not empty, only violations in matching files are reported.
    public var included: [String] = []
    /// Path globs (relative to `folder`): violations in matching files are not reported.
    public var excluded: [String] = []
    /// Path globs by rule id: that rule's violations in matching files are not reported.
    public var excludedByRule: [String: [String]] = [:]
    /// The baseline file, as written in the configuration (relative to `folder`).
    public var baseline: String?
    /// The reporter to use when `--reporter` is not given.
    public var reporter: String?
    /// Exit 1 on warnings too (`--strict` turns it on as well).
    public var strict = false

    /// The absolute folder of the configuration file; globs and `baseline` are relative to it. Nil without a file.
    public var folder: String?
    /// The configuration file as shown in messages. Nil without a file.
    public var file: String?

    public init() {}

    /// The absolute path of `baseline`, if set.
    public var baselinePath: String? {
        guard let baseline else { return nil }
        if baseline.hasPrefix("/") || folder == nil { return baseline }
        return folder! + "/" + baseline
    }

    /// The text `glance init` writes: every key of linting at its default value, in `Key` order (`push`, which
    /// names a key file and a team, is not a default to write).
    public static let initialFileText: String = {
        let values: [Key: String] = [
            .disabledRules: "[]", .optInRules: "[]", .onlyRules: "[]", .severity: "{}", .included: "[]", .excluded: "[]",
            .excludedByRule: "{}", .baseline: "null", .reporter: "\"xcode\"", .strict: "false",
        ]
        return "{\n" + Key.allCases.filter { $0 != .push }.map { "  \"\($0.rawValue)\": \(values[$0]!)" }.joined(separator: ",\n") + "\n}\n"
    }()
}
