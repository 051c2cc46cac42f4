import GlanceProject
import GlanceSurfaces

/// Code that names an App Group needs that group in the target's entitlements, in every configuration.
struct AppGroupNotEntitled: Rule {
    static let description = RuleDescription(
        identifier: "app_group_not_entitled",
        name: "App Group used but not entitled",
        group: .widgets,
        defaultSeverity: .error,
        summary: "Code in a target names an App Group that the target's entitlements do not list, in some build configuration (settings and .xcconfig values resolved).",
        rationale: """
            Without the group in `com.apple.security.application-groups`, `UserDefaults(suiteName:)` silently \
            uses a private store and `containerURL(forSecurityApplicationGroupIdentifier:)` returns nil, so the \
            app and its widgets stop sharing data. Debug and Release may use different entitlements files; each \
            is checked. `UserDefaults(suiteName:)` also opens plain suites, so only ids that are App Groups count \
            (`group.…`, an id some target is entitled to, or a placeholder such as "<App Group Here>"). A group id \
            or entitlement that depends on a setting Glance cannot resolve is skipped.
            """,
        source: "seed widgets-and-control-center-controls; facts WK-14, XC-06, XC-07",
        requires: [.targets, .entitlements],
        triggeringExamples: [
            RuleExample.widget("""
                let store = ↓UserDefaults(suiteName: "group.com.example.shared")
                """).with("Widgets") { $0.set(appGroups: ["group.com.example.other"]) },
            RuleExample.app("""
                enum Shared { static let group = "group.com.example.shared" }
                let url = FileManager.default.↓containerURL(forSecurityApplicationGroupIdentifier: Shared.group)
                """).with("App") { target in
                    target.entitlements["Debug"] = ["com.apple.security.application-groups": .array([.string("group.com.example.shared")])]
                    target.entitlements["Release"] = [:]
                },
            // A placeholder id with an empty group list.
            RuleExample.widget("""
                enum Shared { static let appGroup = "<App Group Here>" }
                let store = ↓UserDefaults(suiteName: Shared.appGroup)
                """).with("Widgets") { $0.set(appGroups: []) },
        ],
        nonTriggeringExamples: [
            RuleExample.widget("""
                let store = UserDefaults(suiteName: "group.com.example.shared")
                """).with("Widgets") { $0.set(appGroups: ["group.com.example.shared"]) },
            // A plain defaults suite, not an App Group.
            RuleExample.app("""
                let overrides = UserDefaults(suiteName: "com.example.debug-overrides")
                """),
            // Preview-only code is not shipped.
            RuleExample.app("""
                #Preview {
                    HomeView().defaultAppStorage(UserDefaults(suiteName: "group.preview")!)
                }
                """),
            // A group built from a setting that cannot be resolved: skipped, not reported.
            RuleExample.widget("""
                let store = UserDefaults(suiteName: "group.$(UNKNOWN_SETTING)")
                """).with("Widgets") { $0.set(appGroups: ["group.com.example.shared"]) },
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        let entitledAnywhere = Set(model.project.targets.flatMap { $0.configurations.flatMap { $0.appGroups ?? [] } })
        let anyGroupEntitlement = model.project.targets.contains { $0.configurations.contains { $0.appGroups != nil } }
        for usage in model.appGroupUsages {
            if case .unknown(let reason) = usage.value {
                context.skip("App Group id is \(reason)", file: context.relativePath(usage.location))
                continue
            }
            var missing: [(target: Target, configurations: [String], file: String?)] = []
            var ids: Set<String> = []
            var placeholder = false
            for target in usage.targets {
                let kind = model.kind(of: target)
                guard kind.isApp || kind.isExtension else {
                    if kind == .framework || kind == .library {
                        context.skip("App Group used in \(kind.rawValue) '\(target.name)'; its entitlements are those of the app or extension that runs it", file: context.relativePath(usage.location))
                    }
                    continue
                }
                var configurations: [String] = []
                var file: String?
                for configuration in target.configurations {
                    guard let group = model.appGroup(usage.value, in: configuration) else {
                        context.skip("App Group id for '\(target.name)' (\(configuration.name)) depends on an unresolved setting or Info.plist key", file: context.relativePath(usage.location))
                        continue
                    }
                    // UserDefaults(suiteName:) also opens plain suites: only ids that are App Groups count.
                    let isPlaceholder = group.contains("<") || group.contains(">") || group.contains(" ")
                    guard usage.api.hasPrefix("containerURL") || group.hasPrefix("group.") || entitledAnywhere.contains(group)
                            || (isPlaceholder && anyGroupEntitlement) else { continue }
                    if let problem = configuration.entitlementsProblem {
                        context.skip("entitlements of '\(target.name)' (\(configuration.name)) are unknown: \(problem)", file: context.relativePath(usage.location))
                        continue
                    }
                    let entitled = configuration.appGroups ?? []
                    if entitled.contains(where: { $0.contains("$(") || $0.contains("${") }) {
                        context.skip("entitlements of '\(target.name)' (\(configuration.name)) hold an unresolved setting", file: configuration.entitlementsFile)
                        continue
                    }
                    if !entitled.contains(group) {
                        configurations.append(configuration.name)
                        ids.insert(group)
                        placeholder = placeholder || isPlaceholder
                        file = file ?? configuration.entitlementsFile
                    }
                }
                if !configurations.isEmpty { missing.append((target, configurations, file)) }
            }
            guard !missing.isEmpty else { continue }
            let where_ = missing.map { entry in
                let configurations = entry.configurations.count == entry.target.configurations.count ? "" : " (\(entry.configurations.joined(separator: ", ")))"
                return "'\(entry.target.name)'\(configurations)"
            }
            let id = ids.sorted().joined(separator: "\", \"")
            let lead = placeholder ? "App Group id \"\(id)\" is a placeholder" : "App Group \"\(id)\" is used here"
            context.report(usage.location, """
                \(lead), but the entitlements of \(where_.joined(separator: ", ")) do not list it; \(usage.api) then reaches a \
                private store instead of the shared one. Add the group to com.apple.security.application-groups (and use the real id).
                """.replacingOccurrences(of: " (and use the real id)", with: placeholder ? " (and use the real id)" : ""), target: missing.first?.target)
        }
    }
}
