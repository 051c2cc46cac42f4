import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// How serious a violation is. `error` makes `glance lint` exit 1.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// The surface a rule is about; rules are grouped by it in folders, docs and `glance rules`.
public enum RuleGroup: String, Sendable, CaseIterable {
    case controls = "Controls"
    case widgets = "Widgets and bundles"
    case liveActivities = "Live Activities"
    case alarmKit = "AlarmKit"
    case deepLinks = "Deep links"
    case projectStructure = "Project structure"
    case payloads = "Live Activity push payloads"
    /// Glance's own inline suppressions.
    case suppressions = "Suppressions"
}

/// What a rule's findings rest on, and how sure that is: a rule whose premise is not Apple's documented
/// behaviour is a warning, and its message says so in a few words.
public struct Premise: Sendable {
    public enum Certainty: String, Sendable, CaseIterable {
        /// Apple's documentation, sample code or WWDC sessions that the rule's `source` cites state the behaviour.
        case documented
        /// Developers report the behaviour (issues, fix commits); Apple does not document it.
        case reported
        /// Glance reads the behaviour from what is documented, but no source states it in these words.
        case inferred
        /// Glance's own behaviour, as its documentation defines it (its suppression comments): no claim about
        /// Apple's systems.
        case defined

        /// For the rule docs: `documented by Apple`.
        public var phrase: String {
            switch self {
            case .documented: return "documented by Apple"
            case .reported: return "reported by developers, not documented by Apple"
            case .inferred: return "inferred from Apple's documentation, not stated there"
            case .defined: return "Glance's own behaviour, as its documentation defines it"
            }
        }

        /// The words every message of a rule with this premise carries, in parentheses, so that a reader knows
        /// the finding rests on a report or on Glance's reading: nil for premises Apple (or Glance) documents.
        public var messageNote: String? {
            switch self {
            case .reported: return "developers report this; Apple does not document it"
            case .inferred: return "Glance infers this from Apple's documentation"
            case .documented, .defined: return nil
            }
        }
    }

    /// The behaviour the finding assumes, in one or two sentences: what breaks, visibly, for whom.
    public let statement: String
    public let certainty: Certainty

    public init(_ statement: String, _ certainty: Certainty) {
        self.statement = statement
        self.certainty = certainty
    }

    /// `message` without the ` (…)` notes that name a premise as a report or an inference: baselines and
    /// fingerprints compare this, so a finding keeps its identity when its rule's premise is judged anew.
    public static func withoutNotes(_ message: String) -> String {
        Certainty.allCases.compactMap(\.messageNote).reduce(message) { $0.replacingOccurrences(of: " (\($1))", with: "") }
    }
}

/// What a rule is: its id, severity, the one-line summary, why it exists (with the public sources it rests
/// on) and the examples that must and must not trigger it. The examples are the rule's tests and documentation.
public struct RuleDescription: Sendable {
    /// snake_case, as in SwiftLint: `control_opens_app_on_watch`.
    public let identifier: String
    public let name: String
    public let group: RuleGroup
    public let defaultSeverity: Severity
    /// One line: what triggers the rule.
    public let summary: String
    /// Why: the failure users see, and the fix.
    public let rationale: String
    /// What the rule rests on, as users can open it: `Title <https://…>` items separated by `; ` (Apple
    /// documentation, WWDC sessions, public reports). Never the project's internal ids (RuleSourceTests).
    public let source: String
    /// Whether the rule runs without being enabled in the configuration.
    public let enabledByDefault: Bool
    /// What its findings rest on and how sure that is (shown in the rule's docs).
    public let premise: Premise?
    /// The facts beyond the code the rule needs (target kinds, embedding, Info.plist, entitlements, asset
    /// catalogs). The engine runs it only on a project model that has them (`ProjectModel.knownFacts`) and
    /// records one skip otherwise, so a rule never judges what it cannot see. Empty for rules that read only code.
    public let requires: ProjectFacts
    public let triggeringExamples: [RuleExample]
    public let nonTriggeringExamples: [RuleExample]

    public init(identifier: String, name: String, group: RuleGroup, defaultSeverity: Severity, summary: String, rationale: String,
                source: String, premise: Premise? = nil, enabledByDefault: Bool = true, requires: ProjectFacts = [],
                triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample]) {
        self.premise = premise
        self.requires = requires
        self.identifier = identifier
        self.name = name
        self.group = group
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.source = source
        self.enabledByDefault = enabledByDefault
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// What every rule has, lint and payload rules alike: its description.
public protocol DescribedRule: Sendable {
    static var description: RuleDescription { get }
}

/// A rule: reads the surface model and reports violations through the context.
public protocol Rule: DescribedRule {
    init()
    func validate(_ context: RuleContext)
}

extension DescribedRule {
    public var identifier: String { Self.description.identifier }
}

/// Another place with the same cause as a violation (see `Violation.related`).
public struct RelatedLocation: Sendable, Hashable, Codable {
    /// Path relative to the lint root, `/`-separated.
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// What a finding is about, as data `glance fix` acts on (never printed, not in baselines or JSON): the target
/// (`Target.id`) to change, the build configurations the finding holds for (by name; empty when it is not about
/// configurations), and the value it names (an App Group id, a URL scheme), if any.
public struct ViolationSubject: Sendable, Hashable {
    public let targetID: String
    public let configurations: [String]
    public let value: String?

    public init(targetID: String, configurations: [String] = [], value: String? = nil) {
        self.targetID = targetID
        self.configurations = configurations
        self.value = value
    }
}

/// One finding.
public struct Violation: Sendable, Hashable, Codable {
    public let rule: String
    public var severity: Severity
    /// Path relative to the lint root, `/`-separated.
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String
    /// The target the finding is about, when there is one.
    public let target: String?
    /// The other places where the same rule finds the same cause in the same target (one missing entitlement
    /// named at 29 call sites): one problem, reported once at its first place, in file order.
    public var related: [RelatedLocation] = []
    /// What the finding is about, when several places share it (a missing entitlement): set by the rule,
    /// used to merge those places into one violation; not part of the output.
    public var cause: String?
    /// What the finding is about, as data (see `ViolationSubject`): set by rules whose findings `glance fix` can
    /// repair, when the rule is sure of them; not part of the output.
    public var subjects: [ViolationSubject] = []

    enum CodingKeys: String, CodingKey { case rule, severity, file, line, column, message, target, related }

    public init(rule: String, severity: Severity, file: String, line: Int, column: Int, message: String, target: String?,
                related: [RelatedLocation] = []) {
        self.rule = rule
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.target = target
        self.related = related
    }

    /// What identifies the finding across runs, for fingerprints (SARIF, GitLab): its rule, target and cause when
    /// it has one (one cause found at several places keeps its identity when its first place moves), else its rule,
    /// file and `plainMessage` without the premise notes. Fields joined by NUL.
    public var identity: String {
        (cause.map { [rule, target ?? "", $0] } ?? [rule, file, Premise.withoutNotes(plainMessage)]).joined(separator: "\u{0}")
    }

    /// The message as reporters print it, its places (`MessagePlace`) and the other places of the same cause
    /// (`… (same cause at 2 more places: App/A.swift:3, App/B.swift:9)`) printed below `root`, as the finding's own
    /// file is (`root`: the folder as typed, "" for the current folder). The baseline compares `plainMessage`.
    public func displayMessage(root: String) -> String {
        let text = MessagePlace.shown(message, root: root)
        guard !related.isEmpty else { return text }
        let shown = related.prefix(Self.relatedShown).map { "\(MessagePlace.joined(root, $0.file)):\($0.line)" }.joined(separator: ", ")
        let rest = related.count > Self.relatedShown ? " and \(related.count - Self.relatedShown) more" : ""
        return "\(text) (same cause at \(related.count) more place\(related.count == 1 ? "" : "s"): \(shown)\(rest))"
    }

    /// `displayMessage(root:)` with places below the folder being linted.
    public var displayMessage: String { displayMessage(root: "") }

    /// The message with its places as paths below the folder being linted, whatever folder was typed: what a
    /// baseline records and fingerprints are made of.
    public var plainMessage: String { MessagePlace.plain(message) }

    /// How many related places `displayMessage` names.
    public static let relatedShown = 3

    /// Sorted by file, line, column, rule (then message), as the reporters print them.
    public static func ordered(_ lhs: Violation, _ rhs: Violation) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.rule, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.rule, rhs.message)
    }
}
