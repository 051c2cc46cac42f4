import Foundation
import GlanceProject
import GlanceRules
import GlanceSurfaces

/// What `glance fix` is asked to repair.
public struct FixOptions: Sendable {
    /// Only findings of these rules (nil: every rule `Fixer` repairs).
    public var rules: Set<String>?
    /// The text (`alarmkit_usage_description_missing`) or URL scheme (`url_scheme_not_registered`) given with
    /// `--value`; those rules are repaired only with it.
    public var value: String?

    public init(rules: Set<String>? = nil, value: String? = nil) {
        self.rules = rules
        self.value = value
    }
}

/// One file a fix writes: its path, its text before (nil for a new file) and after.
public struct FileChange: Sendable, Equatable {
    /// Absolute.
    public let path: String
    /// Relative to the lint root, `/`-separated.
    public let relativePath: String
    public let original: String?
    public let text: String

    /// The unified diff of the change, paths relative to the lint root.
    public var diff: String { UnifiedDiff.diff(path: relativePath, old: original, new: text) }
}

/// The edits of a run: files to write, and which findings they repair or why others are left.
public struct FixPlan: Sendable {
    public let changes: [FileChange]
    public let fixed: [Violation]
    /// Findings of repairable rules that are left, each with why (one line).
    public let notFixed: [(violation: Violation, reason: String)]
}

/// Turns findings and the project model into edits. Each fix reads the violation's rule, target, file and
/// `subjects` and what the project model says, never the message text, and repairs only what it is sure of;
/// anything else is left with a reason. Every edited file is checked before the plan is returned: a
/// project.pbxproj or property list must read back (PropertyListSerialization) as exactly the model its edits
/// describe, and a Swift file must parse as before.
public enum Fixer {
    /// The rules whose findings can be repaired.
    public static let rules: [String] = [
        "live_activities_not_enabled", "widget_extension_point_missing", "intent_missing_app_membership", "extension_not_embedded",
        "app_group_not_entitled", "app_group_not_shared", "widget_missing_container_background",
        "alarmkit_usage_description_missing", "url_scheme_not_registered",
    ]
    /// The rules repaired only with `--value`.
    public static let rulesTakingValue: Set<String> = ["alarmkit_usage_description_missing", "url_scheme_not_registered"]

    /// A failure of the run (a file that cannot be read, an edit whose result does not check): one line.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    struct NotCertain: Error { let reason: String }

    /// Plans the edits for `violations` (from a lint of `model`).
    /// - Throws: `Failure` when a file to edit cannot be read or an edited file does not check.
    public static func plan(_ violations: [Violation], model: SurfaceModel, options: FixOptions) throws -> FixPlan {
        var workspace = Workspace(model: model)
        var fixed: [Violation] = []
        var notFixed: [(Violation, String)] = []
        let chosen = violations.filter { rules.contains($0.rule) && (options.rules?.contains($0.rule) ?? true) }
        // Swift edits insert text after an expression: bottom-up in a file, so earlier positions hold.
        let ordered = chosen.sorted { lhs, rhs in
            (lhs.file, -lhs.line, -lhs.column, lhs.rule) < (rhs.file, -rhs.line, -rhs.column, rhs.rule)
        }
        for violation in ordered {
            var attempt = workspace
            do {
                try fix(violation, in: &attempt, options: options)
                workspace = attempt
                fixed.append(violation)
            } catch let error as NotCertain {
                notFixed.append((violation, error.reason))
            } catch let error as Failure {
                throw error
            } catch {
                notFixed.append((violation, "\(error)"))
            }
        }
        let changes = try workspace.checkedChanges()
        return FixPlan(changes: changes, fixed: fixed.sorted(by: Violation.ordered),
                       notFixed: notFixed.sorted { Violation.ordered($0.0, $1.0) })
    }

    private static func fix(_ violation: Violation, in workspace: inout Workspace, options: FixOptions) throws {
        let model = workspace.model
        guard let subject = violation.subjects.first else { throw NotCertain(reason: reasonWithoutSubjects(violation.rule)) }
        guard let target = model.project.target(id: subject.targetID) else { throw NotCertain(reason: "its target is not in the project") }
        switch violation.rule {
        case "live_activities_not_enabled":
            try enableLiveActivities(target, configurations: subject.configurations, in: &workspace)
        case "widget_extension_point_missing":
            let point = PlistValue.dictionary(["NSExtensionPointIdentifier": .string("com.apple.widgetkit-extension")])
            for (file, _) in try workspace.propertyListFiles(.infoPlist, of: target, configurations: subject.configurations) {
                try workspace.editPlist(file) { try $0.set("NSExtension", to: point) }
            }
        case "intent_missing_app_membership":
            let file = model.project.root.appendingPath(violation.file)
            try requireIntentOnly(file, model: model)
            try workspace.addMembership(of: file, to: target)
        case "extension_not_embedded":
            try workspace.embed(target)
        case "app_group_not_entitled", "app_group_not_shared":
            try addAppGroups(violation.subjects, in: &workspace)
        case "widget_missing_container_background":
            try requireContainerBackgroundSDK(target)
            try workspace.editSwift(model.project.root.appendingPath(violation.file)) {
                try SwiftEditor.addingContainerBackground(to: $0, line: violation.line, column: violation.column)
            }
        case "alarmkit_usage_description_missing":
            guard let text = options.value, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw NotCertain(reason: "needs the usage text: --rule alarmkit_usage_description_missing --value TEXT")
            }
            for (file, _) in try workspace.propertyListFiles(.infoPlist, of: target, configurations: subject.configurations) {
                try workspace.editPlist(file) { try $0.set("NSAlarmKitUsageDescription", to: .string(text)) }
            }
        case "url_scheme_not_registered":
            guard let scheme = subject.value else { throw NotCertain(reason: "the finding names no scheme") }
            guard let given = options.value else {
                throw NotCertain(reason: "registering a URL scheme is a choice: --rule url_scheme_not_registered --value \(scheme)")
            }
            guard given == scheme else { throw NotCertain(reason: "the link's scheme is \"\(scheme)\", not the --value given") }
            let urlType = PlistValue.dictionary(["CFBundleTypeRole": .string("Editor"), "CFBundleURLSchemes": .array([.string(scheme)])])
            for (file, _) in try workspace.propertyListFiles(.infoPlist, of: target, configurations: subject.configurations) {
                try workspace.editPlist(file) { editor in
                    let registered = editor.value["CFBundleURLTypes"]?.array?.contains { $0["CFBundleURLSchemes"]?.strings?.contains(scheme) == true } ?? false
                    if !registered { try editor.append(urlType, toArray: "CFBundleURLTypes") }
                }
            }
        default:
            throw NotCertain(reason: "no fix for this rule")
        }
    }

    private static func reasonWithoutSubjects(_ rule: String) -> String {
        switch rule {
        case "widget_extension_point_missing": return "the Info.plist declares another extension point, or the code is another kind of extension: which one is meant is a choice"
        case "app_group_not_entitled": return "the App Group id is a placeholder: the real id is not known"
        case "app_group_not_shared": return "the two targets' code names different groups: which one they should share is a choice"
        default: return "the finding does not say what to change"
        }
    }

    /// `NSSupportsLiveActivities = YES`: in the configuration's Info.plist file when it has one (unless the build
    /// setting is assigned, which would win over the file), else `INFOPLIST_KEY_NSSupportsLiveActivities = YES`
    /// in the target's build settings (which the build generates the key from with GENERATE_INFOPLIST_FILE = YES).
    private static func enableLiveActivities(_ app: Target, configurations names: [String], in workspace: inout Workspace) throws {
        let setting = GeneratedInfoPlistKeys.settingName(for: "NSSupportsLiveActivities")
        for name in names {
            guard let configuration = app.configurations.first(where: { $0.name == name }) else { continue }
            let generates = configuration.settings.bool("GENERATE_INFOPLIST_FILE") == true
            if let file = configuration.infoPlistFile, !(generates && configuration.settings.isAssigned(setting)) {
                try workspace.editPlist(workspace.model.project.root.appendingPath(file)) { try $0.set("NSSupportsLiveActivities", to: .bool(true)) }
            } else if generates {
                try workspace.setBuildSetting(setting, to: "YES", target: app, configuration: configuration)
            } else {
                throw NotCertain(reason: "'\(app.name)' (\(name)) has neither an Info.plist file nor GENERATE_INFOPLIST_FILE = YES")
            }
        }
    }

    /// Adds each subject's group to its target's entitlements for its configuration. A file that configurations
    /// needing different groups share is not edited (each would get the other's group).
    private static func addAppGroups(_ subjects: [ViolationSubject], in workspace: inout Workspace) throws {
        let key = "com.apple.security.application-groups"
        var byTarget: [String: [String: Set<String>]] = [:]   // target → configuration → groups
        for subject in subjects {
            guard let group = subject.value else { continue }
            for configuration in subject.configurations { byTarget[subject.targetID, default: [:]][configuration, default: []].insert(group) }
        }
        guard !byTarget.isEmpty else { throw NotCertain(reason: "the finding names no group") }
        // A group that only this target names, and no target is entitled to, may be a plain suite with a group-like
        // name: entitling it moves the data the target keeps there, and needs a new App Group registered.
        let model = workspace.model
        for group in Set(subjects.compactMap(\.value)).sorted() {
            let users = Set(subjects.filter { $0.value == group }.map(\.targetID))
            let entitled = model.project.targets.contains { $0.configurations.contains { ($0.appGroups ?? []).contains(group) } }
            let namedElsewhere = model.appGroupUsages.contains { usage in
                usage.targets.contains { other in
                    !users.contains(other.id) && other.configurations.contains { model.appGroup(usage.value, in: $0, of: other) == group }
                }
            }
            guard entitled || namedElsewhere else {
                throw NotCertain(reason: "no other target names \(group) or is entitled to it: whether it is meant as a shared App Group (a new one to register; the data kept in the suite moves) is a choice")
            }
        }
        // Groups that differ per configuration (a Beta configuration entitled to a beta group, another brand to its
        // own): a configuration entitled to groups of its own that lacks the one another configuration has may be
        // right, and the code's id the thing to change.
        for subject in subjects {
            guard let group = subject.value, let target = model.project.target(id: subject.targetID) else { continue }
            for name in subject.configurations {
                guard let lacking = target.configurations.first(where: { $0.name == name }) else { continue }
                let own = Set(lacking.appGroups ?? [])
                if let other = target.configurations.first(where: { ($0.appGroups ?? []).contains(group) && !own.subtracting($0.appGroups ?? []).isEmpty }) {
                    throw NotCertain(reason: "'\(target.name)' is entitled to \(own.subtracting(other.appGroups ?? []).sorted().joined(separator: ", ")) in \(name) and to \(group) in \(other.name): its groups differ per configuration, so the id in the code may be the one to change")
                }
            }
        }
        for (targetID, needs) in byTarget.sorted(by: { $0.key < $1.key }) {
            guard let target = model.project.target(id: targetID) else { throw NotCertain(reason: "its target is not in the project") }
            for (file, configurations) in try workspace.propertyListFiles(.entitlements, of: target, configurations: Array(needs.keys)) {
                let groups = Set(configurations.map { needs[$0] ?? [] })
                guard groups.count == 1, let add = groups.first else {
                    throw NotCertain(reason: "\(workspace.relative(file)) serves \(configurations.joined(separator: " and ")) of '\(target.name)', which need different groups")
                }
                try workspace.editPlist(file) { editor in
                    for group in add.sorted() where !(editor.value[key]?.strings ?? []).contains(group) {
                        if editor.value[key] != nil, editor.value[key]?.array == nil { throw NotCertain(reason: "\(key) is not an array") }
                        try editor.append(.string(group), toArray: key)
                    }
                }
            }
        }
    }

    /// A file holding the extension's own entry point or surfaces cannot join the app (two `@main`s; the
    /// extension's widgets in the app): the intent needs a file of its own first, which is the developer's move.
    private static func requireIntentOnly(_ file: String, model: SurfaceModel) throws {
        let types = model.index.files(at: [file]).flatMap(\.types)
        if let main = types.first(where: \.isMain) {
            throw NotCertain(reason: "the file also holds @main \(main.name), which the app must not compile: move the intent into a file of its own first")
        }
        let surfaces = model.widgets.map(\.type) + model.controls.map(\.type) + model.bundles.map(\.type)
        if let surface = surfaces.first(where: { $0.location.file == file }) {
            throw NotCertain(reason: "the file also holds \(surface.name), which belongs to the extension: move the intent into a file of its own first")
        }
    }

    /// The container background API exists from iOS 17, watchOS 10 and macOS 14: on an extension deployed to
    /// earlier systems, the modifier needs an availability check, which is the developer's to write.
    private static func requireContainerBackgroundSDK(_ target: Target) throws {
        let required: [Platform: Int] = [.iOS: 17, .watchOS: 10, .macOS: 14, .visionOS: 1]
        guard !target.platforms.isEmpty else { throw NotCertain(reason: "'\(target.name)' builds for no known platform") }
        for platform in target.platforms {
            guard let minimum = required[platform] else { throw NotCertain(reason: "'\(target.name)' builds for \(platform.displayName)") }
            guard let text = target.deploymentTarget(for: platform), let major = Int(text.split(separator: ".").first ?? "") else {
                throw NotCertain(reason: "the \(platform.displayName) deployment target of '\(target.name)' is not known; containerBackground needs \(platform.displayName) \(minimum)")
            }
            guard major >= minimum else {
                throw NotCertain(reason: "'\(target.name)' is deployed to \(platform.displayName) \(text); containerBackground needs \(platform.displayName) \(minimum), so it needs an availability check")
            }
        }
    }
}
