import GlanceSourceIndex
import GlanceSurfaces

/// A control's state kept in an in-process singleton never reaches the app: the control runs in the widget
/// extension's process.
struct ControlStateInProcess: Rule {
    static let description = RuleDescription(
        identifier: "control_state_in_process",
        name: "Control state in an in-process singleton",
        group: .controls,
        defaultSeverity: .warning,
        summary: "A control's value provider or action intent keeps its state only in an in-process singleton (`Foo.shared…`), with no App Group storage on that path.",
        rationale: """
            Controls run in the widget extension's process, not in the app. A `Foo.shared` singleton exists once \
            per process, so what the app changes never reaches the control and what the control changes never \
            reaches the app: the toggle drifts or seems to do nothing. Persist the state in an App Group \
            (`UserDefaults(suiteName:)`, a shared container) and reload the control after changes. The rule \
            stays silent when the singleton's code reaches any storage, network or system service, or code \
            Glance cannot see.
            """,
        source: """
            Apple, Updating controls locally and remotely <https://developer.apple.com/documentation/widgetkit/updating-controls-locally-and-remotely>; \
            Apple, App Groups entitlement <https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.application-groups>
            """,
        premise: Premise("""
            A control's value provider and intent run in the widget extension, a process apart from the app, so a \
            singleton there is not the app's: the toggle shows and changes a state the app never sees.
            """, .inferred),
        triggeringExamples: [
            .widget("""
                struct TimerToggle: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.timer", provider: Provider()) { isOn in
                            ControlWidgetToggle("Timer", isOn: isOn, action: ToggleTimerIntent()) { on in Text(on ? "On" : "Off") }
                        }
                    }
                }
                extension TimerToggle {
                    struct Provider: ControlValueProvider {
                        var previewValue: Bool { false }
                        func currentValue() async throws -> Bool { ↓TimerService.shared.isRunning }
                    }
                }
                struct ToggleTimerIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Timer"
                    @Parameter(title: "Running") var value: Bool
                    func perform() async throws -> some IntentResult {
                        ↓TimerService.shared.setRunning(value)
                        return .result()
                    }
                }
                final class TimerService {
                    static let shared = TimerService()
                    private(set) var isRunning = false
                    func setRunning(_ running: Bool) { isRunning = running }
                }
                """),
        ],
        nonTriggeringExamples: [
            // A button whose intent opens the app: its perform() runs in the app, with the app's own singletons.
            .widget("""
                struct OpenPageControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        AppIntentControlConfiguration(kind: "open-page", intent: OpenPage.self) { configuration in
                            ControlWidgetButton(action: configuration) { Text("Open") }
                        }
                    }
                }
                struct OpenPage: ControlConfigurationIntent {
                    static let title: LocalizedStringResource = "Open Page"
                    static let openAppWhenRun = true
                    @Parameter(title: "Page", default: "home") var page: String
                    func perform() async throws -> some IntentResult {
                        Navigator.shared.open(page)
                        return .result()
                    }
                }
                final class Navigator {
                    static let shared = Navigator()
                    var page = ""
                    func open(_ page: String) { self.page = page }
                }
                """),
            // The singleton persists to the App Group.
            .widget("""
                struct TimerToggle: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.timer", provider: Provider()) { isOn in
                            ControlWidgetToggle("Timer", isOn: isOn, action: ToggleTimerIntent()) { on in Text(on ? "On" : "Off") }
                        }
                    }
                }
                extension TimerToggle {
                    struct Provider: ControlValueProvider {
                        var previewValue: Bool { false }
                        func currentValue() async throws -> Bool { TimerService.shared.isRunning }
                    }
                }
                struct ToggleTimerIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Timer"
                    @Parameter(title: "Running") var value: Bool
                    func perform() async throws -> some IntentResult {
                        TimerService.shared.setRunning(value)
                        return .result()
                    }
                }
                final class TimerService {
                    static let shared = TimerService()
                    private let defaults = UserDefaults(suiteName: "group.com.example.app")
                    var isRunning: Bool { defaults?.bool(forKey: "running") ?? false }
                    func setRunning(_ running: Bool) { defaults?.set(running, forKey: "running") }
                }
                """),
            // A singleton Glance cannot see into (a framework's).
            .widget("""
                struct VolumeToggle: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "com.example.app.mute", provider: Provider()) { isOn in
                            ControlWidgetToggle("Mute", isOn: isOn, action: MuteIntent()) { on in Text(on ? "Muted" : "On") }
                        }
                    }
                }
                struct Provider: ControlValueProvider {
                    var previewValue: Bool { false }
                    func currentValue() async throws -> Bool { HomeClient.shared.isMuted }
                }
                """),
        ])

    /// Names whose use means state leaves the process (storage, network, system services).
    static let externalState: Set<String> = [
        "containerURL", "suiteName", "FileManager", "URLSession", "URLRequest", "ModelContainer", "ModelConfiguration",
        "NSPersistentContainer", "NSPersistentCloudKitContainer", "CKContainer", "NSUbiquitousKeyValueStore", "SecItemCopyMatching",
        "SecItemAdd", "SecItemUpdate", "HKHealthStore", "HMHomeManager", "WCSession", "Activity", "AlarmManager", "NEVPNManager",
        "NETunnelProviderManager", "AVAudioSession", "MPMusicPlayerController", "EKEventStore", "CLLocationManager", "Keychain",
        "write", "contentsOf", "data", "AppStorage", "Database", "Realm", "GRDB", "SQLite",
    ]

    func validate(_ context: RuleContext) {
        let resolver = context.resolver
        for control in context.model.controls {
            var code: [(Block, String)] = []
            if let provider = control.valueProviderType {
                for member in resolver.declarations(of: provider).flatMap(\.members) where member.name == "currentValue" {
                    code.append((member.code, provider.qualifiedName))
                }
            }
            for action in control.actions {
                guard let intent = action.intentType.flatMap({ context.model.intent(declaredBy: $0) }), let perform = intent.perform,
                      // An intent the system runs in the app (it opens the app) uses the app's own singletons.
                      intent.runsInAppReason(in: control.targets.first, platform: control.targets.first?.platforms.first) == nil else { continue }
                code.append((perform.code, intent.typeName))
            }
            guard !code.isEmpty else { continue }
            // Nothing on the path may touch shared storage: the code itself, and what it calls.
            var singletons: [(name: String, location: SourceLocation)] = []
            var external = false
            for (block, owner) in code {
                block.walk { expr in
                    if case .member(.identifier(let name, let location)?, "shared", _) = expr, name.first?.isUppercase == true {
                        singletons.append((name, location))
                    }
                }
                if touchesExternalState(Expr.other(block.statements, location: control.location), context: owner, resolver: resolver,
                                        skipping: Set(singletons.map(\.name)), depth: 0) {
                    external = true
                }
            }
            guard !external, !singletons.isEmpty else { continue }
            var verdicts: [String: Bool] = [:]
            for (name, location) in singletons where verdicts[name] == nil {
                var visited: Set<String> = []
                verdicts[name] = !resolver.declarations(of: name, from: location.file).isEmpty
                    && !typeTouchesExternalState(name, file: location.file, resolver: resolver, visited: &visited, depth: 0)
            }
            let inProcess = singletons.filter { verdicts[$0.name] == true }
            // Every singleton on the path must be in-process: one that persists makes the path shared.
            guard !inProcess.isEmpty, Set(inProcess.map(\.name)) == Set(singletons.map(\.name)) else { continue }
            for singleton in inProcess {
                context.report(singleton.location, """
                    control \(control.typeName) keeps its state in \(singleton.name).shared, which lives only in this process; \
                    the control runs in the widget extension, so the app's changes never reach it (Glance infers this from Apple's documentation). Store the state in an \
                    App Group (UserDefaults(suiteName:)) and reload the control after changes.
                    """)
            }
        }
    }

    /// Whether code reaches storage, network or a system service, directly or through project types it names.
    private func touchesExternalState(_ expr: Expr, context: String?, resolver: Resolver, skipping: Set<String>, depth: Int) -> Bool {
        var found = false
        var visited: Set<String> = skipping
        expr.walk { inner in
            guard !found else { return }
            switch inner {
            case .call(let call) where Self.externalState.contains(call.name): found = true
            case .call(let call) where call.name == "UserDefaults" && call.argument("suiteName") != nil: found = true
            case .identifier(let name, _) where Self.externalState.contains(name): found = true
            case .identifier(let name, let location) where name.first?.isUppercase == true && !visited.contains(name):
                if !resolver.declarations(of: name, context: context, from: location.file).isEmpty,
                   typeTouchesExternalState(name, file: location.file, resolver: resolver, visited: &visited, depth: depth + 1) { found = true }
            default: break
            }
        }
        return found
    }

    /// A project type's code reaches external state (unknown depth counts as yes, so the rule stays silent).
    private func typeTouchesExternalState(_ name: String, file: String, resolver: Resolver, visited: inout Set<String>, depth: Int) -> Bool {
        guard visited.insert(name).inserted else { return false }
        guard depth < 4 else { return true }
        // Files that mention storage, network or services at all count as external, without parsing them.
        if resolver.index.typeMayMention(name, anyOf: Self.externalState.union(["UserDefaults"])) { return true }
        let declarations = resolver.declarations(of: name, from: file)
        if declarations.contains(where: { decl in decl.members.contains { $0.attribute("AppStorage") != nil } }) { return true }
        for decl in declarations {
            for member in decl.members {
                var found = false
                member.code.walk { expr in
                    guard !found else { return }
                    switch expr {
                    case .call(let call) where Self.externalState.contains(call.name): found = true
                    case .call(let call) where call.name == "UserDefaults" && call.argument("suiteName") != nil: found = true
                    case .identifier(let inner, _) where Self.externalState.contains(inner): found = true
                    case .identifier(let inner, let location) where inner.first?.isUppercase == true && inner != name:
                        if !resolver.declarations(of: inner, context: decl.qualifiedName, from: location.file).isEmpty,
                           typeTouchesExternalState(inner, file: location.file, resolver: resolver, visited: &visited, depth: depth + 1) { found = true }
                    default: break
                    }
                }
                if found { return true }
            }
        }
        return false
    }
}
