import Foundation
import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// What a rule sees while it runs: the surface model, and where it reports violations and skips.
public final class RuleContext: @unchecked Sendable {
    public let model: SurfaceModel
    public let ruleIdentifier: String
    public let severity: Severity
    /// Whether the configuration's `opt_in_rules` names this rule: a rule enabled by default then checks what its
    /// `optInScope` says besides.
    public let isOptedIn: Bool
    public private(set) var violations: [Violation] = []
    public private(set) var skips: [Skip] = []
    private var seen: Set<String> = []
    private var skipped: Set<Skip> = []
    let locator: ProjectLocator

    /// Whether the rule judges how an extension is built and installed (the project-structure rules): it reports in
    /// an extension no app embeds. Every other rule's findings there reach no user, and become one skip each.
    let judgesUninstalledExtensions: Bool
    private lazy var neverInstalled: [String: Target] = Dictionary(
        model.project.targets.filter { model.isNeverInstalled($0) }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    init(model: SurfaceModel, ruleIdentifier: String, severity: Severity, isOptedIn: Bool = false, judgesUninstalledExtensions: Bool = false,
         locator: ProjectLocator) {
        self.model = model
        self.isOptedIn = isOptedIn
        self.judgesUninstalledExtensions = judgesUninstalledExtensions
        self.ruleIdentifier = ruleIdentifier
        self.severity = severity
        self.locator = locator
    }

    public var project: ProjectModel { model.project }
    public var resolver: Resolver { model.resolver }

    /// Reports a violation at a place in Swift code. Duplicates (same place and message) are dropped.
    /// Violations given the same `cause` (and target) are one problem: they are reported once, at the first
    /// place in file order, with the others as `related` places (`mergingCauses()`).
    public func report(_ location: SourceLocation, _ message: String, target: Target? = nil, severity: Severity? = nil, cause: String? = nil,
                       subjects: [ViolationSubject] = []) {
        let owners = target.map { [$0] } ?? resolver.targets(ofFile: location.file).filter { $0.kind != .testBundle }
        guard !isOnlyInNeverInstalledExtensions(owners) else { return }
        report(file: model.relativePath(location.file), line: location.line, column: location.column, message, target: target,
               severity: severity, cause: cause, subjects: subjects)
    }

    /// Whether every one of `owners` (the target a finding names, or the targets compiling its file) is an extension
    /// no app embeds; records the skip for it then. False for the rules that judge such extensions.
    private func isOnlyInNeverInstalledExtensions(_ owners: [Target]) -> Bool {
        guard !judgesUninstalledExtensions, !owners.isEmpty, owners.allSatisfy({ neverInstalled[$0.id] != nil }) else { return false }
        for owner in owners {
            let widget = model.kind(of: owner) == .widgetExtension
            skip("finding in \(widget ? "widget" : "app") extension '\(owner.name)' not reported: no app embeds the extension, so nothing in it is installed"
                 + (widget ? " (see extension_not_embedded)" : ""))
        }
        return true
    }

    /// Reports a violation in a project file (Info.plist, entitlements, project.pbxproj) given relative to the root.
    public func report(file: String, line: Int, column: Int = 1, _ message: String, target: Target? = nil, severity: Severity? = nil,
                       cause: String? = nil, subjects: [ViolationSubject] = []) {
        if let target, isOnlyInNeverInstalledExtensions([target]) { return }
        let key = "\(file):\(line):\(column):\(message)"
        guard seen.insert(key).inserted else { return }
        var violation = Violation(rule: ruleIdentifier, severity: severity ?? self.severity, file: file, line: line, column: column,
                                  message: message, target: target?.name)
        violation.cause = cause
        violation.subjects = subjects
        violations.append(violation)
    }

    /// Reports at the place that configures a target: the line of `key` in its Info.plist or entitlements file
    /// when given, else the target's build settings in the project file.
    public func report(target: Target, configuration: TargetConfiguration?, plistKey: String? = nil, in file: String?,
                       _ message: String, severity: Severity? = nil, subjects: [ViolationSubject] = []) {
        let place = locator.place(target: target, configuration: configuration, key: plistKey, file: file)
        report(file: place.file, line: place.line, column: place.column, message, target: target, severity: severity, subjects: subjects)
    }

    /// Reports at a build setting of a target: its line in the configuration's block of project.pbxproj when
    /// the target assigns it there, else the block (or the target's entry).
    public func report(target: Target, configuration: TargetConfiguration?, setting: String, _ message: String, severity: Severity? = nil) {
        let place = locator.place(target: target, configuration: configuration, key: nil, file: nil, setting: setting)
        report(file: place.file, line: place.line, column: place.column, message, target: target, severity: severity)
    }

    /// Records that the rule could not decide something, and why (`--explain-skips`).
    public func skip(_ reason: String, file: String? = nil) {
        let skip = Skip(rule: ruleIdentifier, file: file, reason: reason)
        if skipped.insert(skip).inserted { skips.append(skip) }
    }

    public func relativePath(_ location: SourceLocation) -> String { model.relativePath(location.file) }
    /// `App/A.swift:3` for a message or a skip's reason, marked so reporters print it below the folder as typed
    /// (`MessagePlace`).
    public func place(_ location: SourceLocation) -> String { MessagePlace.mark("\(model.relativePath(location.file)):\(location.line)") }

    /// A file named in a message or a skip's reason (`App/A.swift`), marked as `place(_:)` marks a place.
    public func shownPath(_ file: String) -> String { MessagePlace.mark(model.relativePath(file)) }
}
