import Foundation
import GlancePayload
import GlanceSurfaces

/// A rule of `glance payload check`: reads one push (body, headers, the app's `ActivityAttributes` types) and
/// reports violations through the context. Its examples are pushes (`RuleExample.payload`).
public protocol PayloadRule: DescribedRule {
    init()
    func validate(_ context: PayloadContext)
}

/// What a payload rule sees: the push, the project's Live Activity types, and where it reports.
public final class PayloadContext: @unchecked Sendable {
    public let push: Push
    /// The project's `ActivityAttributes` types; nil without `--project`.
    public let catalog: ActivityTypeCatalog?
    /// The type the push is checked against, when one can be chosen (see `PayloadChecker`).
    public let activityType: ActivityType?
    /// Why no type was chosen, when none was.
    public let activityTypeSkip: String?
    /// The time pushes are judged at when they carry none (for telling a Unix time from a 2001-based one).
    public let now: Date
    public let ruleIdentifier: String
    public let severity: Severity
    public private(set) var violations: [Violation] = []
    public private(set) var skips: [Skip] = []
    /// What was reported already (a body or headers file can repeat one mistake thousands of times).
    private var reported: Set<Violation> = []
    private var skipped: Set<Skip> = []

    init(push: Push, catalog: ActivityTypeCatalog?, activityType: ActivityType?, activityTypeSkip: String?, now: Date,
         ruleIdentifier: String, severity: Severity) {
        self.push = push
        self.catalog = catalog
        self.activityType = activityType
        self.activityTypeSkip = activityTypeSkip
        self.now = now
        self.ruleIdentifier = ruleIdentifier
        self.severity = severity
    }

    public var aps: [String: JSONValue]? { push.aps }
    public var event: String? { push.event }
    public static let apsPath = JSONPath.root.appending("aps")

    /// Reports at a JSON path of the body; the message starts with the path.
    public func report(_ path: JSONPath, _ message: String, atKey: Bool = false, severity: Severity? = nil) {
        let locator = push.body.locator
        let position = atKey ? locator.keyPosition(of: path) : locator.position(of: path)
        report(file: push.body.name, line: position.line, column: position.column, "\(path) \(message)", severity: severity)
    }

    /// Reports at a header line (or the headers file's first line when the header is absent), or at the
    /// field's own `source` when it has one.
    public func report(header field: APNsHeaders.Field?, _ message: String, severity: Severity? = nil) {
        guard let headers = push.headers else { return }
        report(file: field?.source ?? headers.name, line: field?.line ?? 1, column: 1, message, severity: severity)
    }

    public func report(file: String, line: Int, column: Int, _ message: String, severity: Severity? = nil) {
        let violation = Violation(rule: ruleIdentifier, severity: severity ?? self.severity, file: file, line: line, column: column,
                                  message: message, target: nil)
        if reported.insert(violation).inserted { violations.append(violation) }
    }

    /// Reports a typed check of `content-state` or `attributes` (rooted at `root`): failures at the rule's
    /// severity; keys no property reads as warnings at the key, saying so when a key directly under `root` is
    /// one of `misplacedKeys`, a property of the other half of the push (`belongsIn`). Unchecked parts are skips.
    func report(_ check: ShapeCheck, root: JSONPath, misplacedKeys: Set<String>, belongsIn: String) {
        for issue in check.issues {
            if issue.isFailure {
                report(issue.path, issue.message)
            } else if case .key(let name)? = issue.path.components.last, misplacedKeys.contains(name),
                      issue.path.components.count == root.components.count + 1 {
                report(issue.path, "is not read: \(belongsIn)", atKey: true, severity: .warning)
            } else {
                report(issue.path, issue.message, atKey: true, severity: .warning)
            }
        }
        for part in check.unchecked { skip("not checked: \(part)") }
    }

    public func skip(_ reason: String) {
        let skip = Skip(rule: ruleIdentifier, file: push.body.name, reason: reason)
        if skipped.insert(skip).inserted { skips.append(skip) }
    }
}

/// Runs payload rules over pushes.
public struct PayloadChecker: Sendable {
    public let rules: [any PayloadRule.Type]
    public let severities: [String: Severity]

    public init(rules: [any PayloadRule.Type] = RuleRegistry.payloadRules, severities: [String: Severity] = [:]) {
        self.rules = rules
        self.severities = severities
    }

    /// Checks one push. `attributes` is the `--attributes` type name, already known to be in the catalog.
    public func check(_ push: Push, catalog: ActivityTypeCatalog?, attributes: String? = nil, now: Date = Date()) -> LintResult {
        let (type, skip) = Self.chooseType(for: push, catalog: catalog, requested: attributes)
        var violations: [Violation] = []
        var skips: [Skip] = []
        for rule in rules {
            let description = rule.description
            let context = PayloadContext(push: push, catalog: catalog, activityType: type, activityTypeSkip: skip, now: now,
                                         ruleIdentifier: description.identifier,
                                         severity: severities[description.identifier] ?? description.defaultSeverity)
            rule.init().validate(context)
            violations += context.violations
            skips += context.skips
        }
        return LintResult(violations: violations.sorted(by: Violation.ordered), skips: skips)
    }

    /// The type a push is checked against: `--attributes`; else, on `start`, the one `attributes-type` names;
    /// else the project's only `ActivityAttributes` type. Otherwise nil, with the reason.
    public static func chooseType(for push: Push, catalog: ActivityTypeCatalog?, requested: String?) -> (ActivityType?, String?) {
        guard let catalog else { return (nil, "no --project given, so content-state and attributes are not checked against Swift types") }
        if let requested { return (catalog.types(named: requested).first, nil) }
        if push.event == "start", let named = push.aps?["attributes-type"]?.string, let type = catalog.types(named: named).first {
            return (type, nil)
        }
        switch catalog.types.count {
        case 0: return (nil, "the project declares no ActivityAttributes type")
        case 1: return (catalog.types[0], nil)
        default: return (nil, "the project has \(catalog.types.count) ActivityAttributes types (\(catalog.names.joined(separator: ", "))); choose one with --attributes")
        }
    }
}
