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
            (`group.…` on every platform, `<Team ID>.…` on macOS, an id some target is entitled to, or a placeholder \
            such as "<App Group Here>"). An id read from the Info.plist at run time \
            (`Bundle.main.object(forInfoDictionaryKey:)`) is compared with each configuration's Info.plist value. \
            A group id or entitlement that depends on a setting Glance cannot resolve is skipped; so is a type \
            in a shared file that a target compiles while none of its other files names it (the group is never \
            opened there), and so is a \
            target entitled to no App Group that no other app or extension of the project runs beside (a tvOS or \
            macOS app without extensions: nothing of the project shares the group with it there). One missing \
            group is one finding, at its first use, however many places use it.
            """,
        source: """
            Apple, App Groups entitlement <https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.application-groups>; \
            Apple, containerURL(forSecurityApplicationGroupIdentifier:) <https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)>
            """,
        premise: Premise("""
            A target reaches an App Group's shared container only when its entitlements list the group \
            (`containerURL(forSecurityApplicationGroupIdentifier:)` returns nil otherwise), so the app and its \
            widgets stop sharing data and show stale or empty content.
            """, .documented),
        requires: [.targets, .entitlements],
        triggeringExamples: [
            // The same shared extension, used by the widget through `store: .shared`.
            RuleExample(files: [
                .shared("""
                    extension UserDefaults {
                        static var shared: UserDefaults { ↓UserDefaults(suiteName: "group.com.example.app")! }
                    }
                    """),
                .widget("""
                    struct CountView: View {
                        @AppStorage("count", store: .shared) var count = 0
                        var body: some View { Text("\\(count)") }
                    }
                    """),
            ]).with("App") { $0.set(appGroups: ["group.com.example.app"]) }.with("Widgets") { $0.set(appGroups: ["group.com.example.other"]) },
            RuleExample.widget("""
                let store = ↓UserDefaults(suiteName: "group.com.example.shared")
                """).with("Widgets") { $0.set(appGroups: ["group.com.example.other"]) },
            // A SwiftData store in the group's container.
            RuleExample.widget("""
                let configuration = ↓ModelConfiguration(schema: Schema([Score.self]), groupContainer: .identifier("group.com.example.scores"))
                """).with("Widgets") { $0.set(appGroups: ["group.com.example.other"]) },
            // A framework's App Group code runs in the extension that calls into it, with the extension's entitlements.
            RuleExample(files: [
                ExampleFile(path: "Kit/Store.swift", targets: ["Kit"], contents: """
                    public enum Store {
                        public static var defaults: UserDefaults? { ↓UserDefaults(suiteName: "group.com.example.app") }
                    }
                    """),
                .widget("let title = Store.defaults?.string(forKey: \"title\") ?? \"\""),
            ], targets: ExampleTarget.defaults + [ExampleTarget(name: "Kit", kind: .framework, platform: .iOS, bundleIdentifier: "com.example.kit")])
            .with("App") { $0.dependencies = ["Kit"]; $0.set(appGroups: ["group.com.example.app"]) }
            .with("Widgets") { $0.dependencies = ["Kit"] },
            // The id is built from the running bundle's id: in the widget extension it is the extension's own
            // (group.com.example.app.widgets), which neither target is entitled to (FC3-13).
            RuleExample(files: [.shared("""
                enum Shared {
                    static let suite = "group." + Bundle.main.bundleIdentifier!
                    static var defaults: UserDefaults? { ↓UserDefaults(suiteName: suite) }
                }
                """), .widget("let title = Shared.defaults?.string(forKey: \"title\")")]).with("App") { $0.set(appGroups: ["group.com.example.app"]) }.with("Widgets") { $0.set(appGroups: ["group.com.example.app"]) },
            RuleExample.app("""
                enum Shared { static let group = "group.com.example.shared" }
                let url = FileManager.default.↓containerURL(forSecurityApplicationGroupIdentifier: Shared.group)
                """).with("App") { target in
                    target.entitlements["Debug"] = ["com.apple.security.application-groups": .array([.string("group.com.example.shared")])]
                    target.entitlements["Release"] = [:]
                },
            // The same shared file, named by the extension's own code: it opens the group there.
            RuleExample(files: [
                ExampleFile(path: "Shared/Store.swift", targets: ["App", "Widgets"], contents: """
                    final class Store: ObservableObject {
                        static let defaults = ↓UserDefaults(suiteName: "group.com.example.app")
                    }
                    """),
                .app("let title = Store.defaults?.string(forKey: \"title\") ?? \"\""),
                .widget("let title = Store.defaults?.string(forKey: \"title\") ?? \"\""),
            ]).with("App") { $0.set(appGroups: ["group.com.example.app"]) },
            // A placeholder id with an empty group list.
            RuleExample.widget("""
                enum Shared { static let appGroup = "<App Group Here>" }
                let store = ↓UserDefaults(suiteName: Shared.appGroup)
                """).with("Widgets") { $0.set(appGroups: []) },
            // FC2-19: the id comes from the Info.plist, whose Debug value is not in the Debug entitlements.
            RuleExample.app("""
                enum AppGroup { static let id = Bundle.main.object(forInfoDictionaryKey: "AppGroup") as! String }
                let store = ↓UserDefaults(suiteName: AppGroup.id)
                """).with("App") { target in
                    target.infoPlist["Debug"]?["AppGroup"] = .string("group.com.example.reader-debug")
                    target.infoPlist["Release"]?["AppGroup"] = .string("group.com.example.reader")
                    target.set(appGroups: ["group.com.example.reader"])
                },
            // The Info.plist key read through a local name, and through a property the app adds to Bundle.
            RuleExample.app("""
                extension Bundle { var appGroup: String { object(forInfoDictionaryKey: "AppGroup") as! String } }
                func containers() {
                    let group = Bundle.main.object(forInfoDictionaryKey: "AppGroup") as! String
                    let url = FileManager.default.↓containerURL(forSecurityApplicationGroupIdentifier: group)
                    let defaults = UserDefaults(suiteName: Bundle.main.appGroup)
                }
                """).with("App") { target in
                    target.set(info: "AppGroup", .string("group.com.example.reader"))
                    target.set(appGroups: ["group.com.example.reader-debug"])
                },
            // FC2-20: one missing group used in three places is one finding, at the first.
            RuleExample.app("""
                let a = ↓UserDefaults(suiteName: "group.com.example.shared")
                let b = UserDefaults(suiteName: "group.com.example.shared")
                let c = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.shared")
                """).with("App") { $0.set(appGroups: ["group.com.example.other"]) },
            // A Team-ID-prefixed group on macOS.
            RuleExample(files: [ExampleFile(path: "Mac/Store.swift", targets: ["Mac"], contents: """
                let store = ↓UserDefaults(suiteName: "ABCDE12345.com.example.shared")
                """)], targets: [ExampleTarget(name: "Mac", kind: .app, platform: .macOS, bundleIdentifier: "com.example.mac",
                                               entitlements: ["com.apple.security.application-groups": .array([.string("ABCDE12345.com.example.other")])])]),
        ],
        nonTriggeringExamples: [
            // A widget's file compiled into a report extension too: that extension point hosts no widget and none of its
            // other files names the file's types, so the provider's store is never opened there.
            RuleExample(files: [
                .widget("@main struct Widgets: WidgetBundle { var body: some Widget { UsageWidget() } }", name: "Bundle.swift"),
                ExampleFile(path: "Widgets/Usage.swift", targets: ["Widgets", "Report"], contents: """
                    struct UsageProvider: TimelineProvider {
                        let store = UserDefaults(suiteName: "group.com.example.app")
                        func placeholder(in context: Context) -> UsageEntry { UsageEntry(date: .now, minutes: 0) }
                        func getSnapshot(in context: Context, completion: @escaping (UsageEntry) -> Void) { completion(placeholder(in: context)) }
                        func getTimeline(in context: Context, completion: @escaping (Timeline<UsageEntry>) -> Void) {
                            completion(Timeline(entries: [UsageEntry(date: .now, minutes: store?.integer(forKey: "minutes") ?? 0)], policy: .atEnd))
                        }
                    }
                    struct UsageEntry: TimelineEntry { let date: Date; let minutes: Int }
                    struct UsageWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in Text("\\(entry.minutes)") }
                        }
                    }
                    """),
                ExampleFile(path: "Report/Report.swift", targets: ["Report"], contents: "struct TotalActivityView: View { var body: some View { Text(\"Total\") } }"),
            ], targets: ExampleTarget.defaults + [ExampleTarget(name: "Report", kind: .appExtension, platform: .iOS, bundleIdentifier: "com.example.app.report")])
            .with("Report") { $0.set(info: "NSExtension", .dictionary(["NSExtensionPointIdentifier": .string("com.apple.deviceactivityui.report-extension")])) }
            .with("App") { $0.embeds.append("Report"); $0.set(appGroups: ["group.com.example.app"]) }
            .with("Widgets") { $0.set(appGroups: ["group.com.example.app"]) },
            // A shared extension of UserDefaults that only the app uses: the widget's code names neither UserDefaults
            // nor `.shared`, so the group is never opened there.
            RuleExample(files: [
                .shared("""
                    extension UserDefaults {
                        static var shared: UserDefaults { UserDefaults(suiteName: "group.com.example.app")! }
                    }
                    enum StoreError: Error { case missing }
                    """),
                .app("let repositories = UserDefaults.shared.stringArray(forKey: \"repositories\") ?? []"),
                .widget("let title = NetworkClient.shared.title"),
            ]).with("App") { $0.set(appGroups: ["group.com.example.app"]) }.with("Widgets") { $0.set(appGroups: ["group.com.example.other"]) },
            // SwiftData's own choice of container (`.automatic`: the first App Group the target is entitled to, if any).
            RuleExample.widget("""
                let configuration = ModelConfiguration(schema: Schema([Score.self]), groupContainer: .automatic)
                let shared = ModelConfiguration(groupContainer: .identifier("group.com.example.other"))
                """).with("Widgets") { $0.set(appGroups: ["group.com.example.other"]) },
            // The extension links the framework but names none of its types: the framework's code never runs there.
            RuleExample(files: [
                ExampleFile(path: "Kit/Store.swift", targets: ["Kit"], contents: """
                    public enum Store {
                        public static var defaults: UserDefaults? { UserDefaults(suiteName: "group.com.example.app") }
                    }
                    """),
                .app("let title = Store.defaults?.string(forKey: \"title\") ?? \"\""),
                .widget("import Kit\nlet title = \"Open\""),
            ], targets: ExampleTarget.defaults + [ExampleTarget(name: "Kit", kind: .framework, platform: .iOS, bundleIdentifier: "com.example.kit")])
            .with("App") { $0.dependencies = ["Kit"]; $0.set(appGroups: ["group.com.example.app"]) }
            .with("Widgets") { $0.dependencies = ["Kit"] },
            RuleExample.widget("""
                let store = UserDefaults(suiteName: "group.com.example.shared")
                """).with("Widgets") { $0.set(appGroups: ["group.com.example.shared"]) },
            // Built from the bundle id, in the app only, which is entitled to that group.
            RuleExample.app("""
                let store = UserDefaults(suiteName: "group.\\(Bundle.main.bundleIdentifier ?? "")")
                """).with("App") { $0.set(appGroups: ["group.com.example.app"]) },
            // A plain defaults suite, not an App Group.
            RuleExample.app("""
                let overrides = UserDefaults(suiteName: "com.example.debug-overrides")
                """),
            // Team-ID-like suites are App Groups on macOS only.
            RuleExample.app("""
                let overrides = UserDefaults(suiteName: "ABCDE12345.com.example.settings")
                """),
            // An app's own type named like a framework's is not UserDefaults.
            RuleExample.app("""
                import Foundation
                struct UserDefaults { init(suiteName: String) {} }
                let store = UserDefaults(suiteName: "group.com.example.elsewhere")
                """).withoutImplicitImports(),
            // Preview-only code is not shipped.
            RuleExample.app("""
                #Preview {
                    HomeView().defaultAppStorage(UserDefaults(suiteName: "group.preview")!)
                }
                """),
            // The tvOS app has no extension, and no other target of the project runs on tvOS: nothing shares the group
            // with it there (skipped).
            RuleExample.watch("""
                let store = UserDefaults(suiteName: "group.com.example.shared")
                """).with("Widgets") { $0.set(appGroups: ["group.com.example.shared"]) }
                .with("Watch") { $0.platform = .tvOS; $0.kind = .app; $0.embeds = [] },
            // Under a condition set only in a `.xcconfig` the project cannot read: which group the build uses is
            // open (skipped, not reported).
            RuleExample.widget("""
                #if MAC_DIRECT_DISTRIBUTION
                let store = UserDefaults(suiteName: "ABCDE12345.com.example.direct")
                #else
                let store = UserDefaults(suiteName: "group.com.example.shared")
                #endif
                """).with("Widgets") { $0.set(appGroups: ["group.com.example.shared"]); $0.unreadSettingsFiles = ["Config/Direct.xcconfig"] },
            // A shared file compiled into the extension too, whose files never name its type: the group is never
            // opened there (skipped for the extension; the app is entitled).
            RuleExample(files: [
                ExampleFile(path: "Shared/Store.swift", targets: ["App", "Widgets"], contents: """
                    final class Store: ObservableObject {
                        static let defaults = UserDefaults(suiteName: "group.com.example.app")
                    }
                    """),
                .app("let title = Store.defaults?.string(forKey: \"title\") ?? \"\""),
                .widget("let title = \"Open\""),
            ]).with("App") { $0.set(appGroups: ["group.com.example.app"]) },
            // A group built from a setting that cannot be resolved: skipped, not reported.
            RuleExample.widget("""
                let store = UserDefaults(suiteName: "group.$(UNKNOWN_SETTING)")
                """).with("Widgets") { $0.set(appGroups: ["group.com.example.shared"]) },
            // A LiveActivityIntent compiled into the app and the extension: the system runs its perform() in the app's
            // process, with the app's entitlements (the extension has none for the group).
            RuleExample(files: [
                ExampleFile(path: "Shared/CookIntents.swift", targets: ["App", "Widgets"], contents: """
                    import AppIntents
                    struct NextStepIntent: LiveActivityIntent {
                        static let title: LocalizedStringResource = "Next step"
                        func perform() async throws -> some IntentResult {
                            UserDefaults(suiteName: "group.com.example.cook")?.set(1, forKey: "step")
                            return .result()
                        }
                    }
                    """),
            ]).with("App") { $0.set(appGroups: ["group.com.example.cook"]) }
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        let entitledAnywhere = Set(model.project.targets.flatMap { $0.configurations.flatMap { $0.appGroups ?? [] } })
        let anyGroupEntitlement = model.project.targets.contains { $0.configurations.contains { $0.appGroups != nil } }
        for usage in model.appGroupUsages {
            // Code of a framework runs in the apps and extensions that link it, with their entitlements and their
            // bundle id (which an id computed from Bundle.main reads).
            var running: [Target] = []
            for target in usage.targets {
                let processes = model.processes(runningCodeOf: target)
                if processes.isEmpty, target.kind == .framework || target.kind == .library {
                    context.skip("App Group used in \(target.kind.rawValue) '\(target.name)', which no app or extension of the project links and calls into", file: context.relativePath(usage.location))
                }
                for process in processes where !running.contains(where: { $0.id == process.id }) { running.append(process) }
            }
            // An id computed when the code runs is worked out per target and configuration; one Glance cannot work
            // out in any of them is a skip naming the expression.
            if case .computed(_, _, let expression) = usage.value,
               !running.contains(where: { target in target.configurations.contains { model.appGroup(usage.value, in: $0, of: target) != nil } }) {
                context.skip("the App Group id passed to \(usage.api) is \(expression), whose value Glance cannot work out", file: context.relativePath(usage.location))
                continue
            }
            var missing: [(target: Target, configurations: [String], file: String?)] = []
            var subjects: [ViolationSubject] = []
            var ids: Set<String> = []
            var placeholder = false
            for target in running {
                let kind = model.kind(of: target)
                guard kind.isApp || kind.isExtension else { continue }
                guard Self.hasNeighbours(target, in: model) || target.configurations.contains(where: { !($0.appGroups ?? []).isEmpty }) else {
                    context.skip("App Group used in '\(target.name)', which is entitled to no App Group and which no other app or extension of the project runs beside; not reported", file: context.relativePath(usage.location))
                    continue
                }
                var configurations: [String] = []
                var file: String?
                for configuration in target.configurations {
                    // Only where the configuration surely compiles the use: a `#if` Glance cannot decide (a custom
                    // condition set in a file it could not read) keeps the verdict open.
                    switch context.resolver.build.compiles(usage.conditions, in: target, file: usage.location.file, configuration: configuration.name) {
                    case false?: continue
                    case nil:
                        context.skip("App Group use in '\(target.name)' (\(configuration.name)) sits under #if \(usage.conditions.joined(separator: " && ")), which Glance cannot decide for that build", file: context.relativePath(usage.location))
                        continue
                    case true?: break
                    }
                    guard let group = model.appGroup(usage.value, in: configuration, of: target) else {
                        context.skip("App Group id for '\(target.name)' (\(configuration.name)) depends on an unresolved setting or Info.plist key", file: context.relativePath(usage.location))
                        continue
                    }
                    // UserDefaults(suiteName:) also opens plain suites: only ids that are App Groups count.
                    let isPlaceholder = group.contains("<") || group.contains(">") || group.contains(" ")
                    guard usage.api.hasPrefix("containerURL") || Self.isGroupIdentifier(group, on: target.platforms)
                            || entitledAnywhere.contains(group) || (isPlaceholder && anyGroupEntitlement) else { continue }
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
                        if !isPlaceholder { subjects.append(ViolationSubject(targetID: target.id, configurations: [configuration.name], value: group)) }
                        ids.insert(group)
                        placeholder = placeholder || isPlaceholder
                        file = file ?? configuration.entitlementsFile
                    }
                }
                guard !configurations.isEmpty else { continue }
                // An intent that runs in the app's process (a LiveActivityIntent, one that opens the app), which an app
                // compiles too (the same declaration, or one of the same name): its perform() opens the group with the
                // app's entitlements, not the extension's.
                if !model.kind(of: target).isApp, usage.member == "perform", let owner = usage.context,
                   let intent = model.intent(named: owner, from: usage.location.file),
                   let reason = intent.runsInAppReason(in: target, platform: target.platforms.first),
                   // The system finds an intent by its type's name: the app's declaration of that name runs.
                   model.intents.contains(where: { $0.typeName == intent.typeName && $0.targets.contains { model.kind(of: $0).isApp } }) {
                    context.skip("App Group used in \(owner), which runs in the app's process (\(reason)); not judged by the entitlements of '\(target.name)'", file: context.relativePath(usage.location))
                    continue
                }
                // A shared file compiled into a target whose own code never names its type: the group is never
                // opened in that process (asked only of a target that would be reported).
                guard model.mayRun(codeOf: usage.context, member: usage.member, declaredIn: usage.location.file, in: target) else {
                    context.skip("App Group used in \(usage.context ?? "code"), which '\(target.name)' compiles but none of its other files names; not reported for it", file: context.relativePath(usage.location))
                    continue
                }
                missing.append((target, configurations, file))
            }
            guard !missing.isEmpty else { continue }
            // An extension no app embeds is never installed: named only when no installed target lacks the group
            // (the finding is then one of that extension's, which the engine leaves out).
            let installed = missing.filter { !context.model.isNeverInstalled($0.target) }
            if !installed.isEmpty { missing = installed }
            let where_ = missing.map { entry in
                let configurations = entry.configurations.count == entry.target.configurations.count ? "" : " (\(entry.configurations.joined(separator: ", ")))"
                return "'\(entry.target.name)'\(configurations)"
            }
            let id = ids.sorted().joined(separator: "\", \"")
            let lead = placeholder ? "App Group id \"\(id)\" is a placeholder" : "App Group \"\(id)\" is used here"
            let cause = id + "\u{0}" + missing.map { "\($0.target.id):\($0.configurations.joined(separator: ","))" }.joined(separator: ";")
            // Without the entitlement, UserDefaults(suiteName:) opens a store of the target's own; containerURL(…) returns nil.
            let consequence = usage.api.hasPrefix("containerURL") ? "returns nil"
                : usage.api.hasPrefix("ModelConfiguration") ? "cannot open the group's container, so the store is not shared"
                : "reaches a private store instead of the shared one"
            context.report(usage.location, """
                \(lead), but the entitlements of \(where_.joined(separator: ", ")) do not list it; \(usage.api) then \(consequence). \
                Add the group to com.apple.security.application-groups (and use the real id).
                """.replacingOccurrences(of: " (and use the real id)", with: placeholder ? " (and use the real id)" : ""),
                target: missing.first?.target, cause: cause, subjects: placeholder ? [] : subjects)
        }
    }

    /// An App Group identifier as the platform names them: `group.<name>` everywhere; on macOS also
    /// `<Team ID>.<name>` (ten upper-case letters or digits, a dot, a name).
    static func isGroupIdentifier(_ id: String, on platforms: [Platform]) -> Bool {
        if id.hasPrefix("group.") { return id.count > 6 }
        guard platforms.contains(.macOS), let dot = id.firstIndex(of: "."), id.distance(from: id.startIndex, to: dot) == 10 else { return false }
        return id[..<dot].allSatisfy { $0.isUppercase || $0.isNumber } && id.index(after: dot) < id.endIndex
    }

    /// Whether another app or extension of the project runs on one of the target's platforms: something that
    /// may share an App Group with it on the same device.
    static func hasNeighbours(_ target: Target, in model: SurfaceModel) -> Bool {
        model.project.targets.contains { other in
            let kind = model.kind(of: other)
            return other.id != target.id && (kind.isApp || kind.isExtension) && other.platforms.contains(where: target.platforms.contains)
        }
    }
}
