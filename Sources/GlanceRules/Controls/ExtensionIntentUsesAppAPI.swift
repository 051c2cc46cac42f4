import GlanceSourceIndex
import GlanceSurfaces

/// Intents compiled into a widget extension cannot use app-only API.
struct ExtensionIntentUsesAppAPI: Rule {
    static let description = RuleDescription(
        identifier: "extension_intent_uses_app_api",
        name: "Widget-extension intent uses app-only API",
        group: .controls,
        defaultSeverity: .warning,
        summary: "An intent compiled into a widget extension calls `UIApplication.shared` or imports a module only the app links (Capacitor, Cordova, React Native, Flutter, Expo).",
        rationale: """
            Widgets and controls run in the widget extension, where `UIApplication.shared` does not exist and the \
            app's web or JavaScript bridge is not linked. To open the app, use an OpenIntent (in both targets) or \
            a `Link`/`widgetURL`; to change data, write to the App Group from the intent itself.
            """,
        source: """
            Apple, Adding interactivity to widgets and Live Activities <https://developer.apple.com/documentation/widgetkit/adding-interactivity-to-widgets-and-live-activities>; \
            report: UIApplication is unavailable in the control's extension <https://developer.apple.com/forums/thread/758911>
            """,
        premise: Premise("""
            A widget's or control's button runs its intent in the widget extension, where `UIApplication.shared` is \
            unavailable and the app's web or JavaScript bridge is not linked, so the intent cannot open the app or \
            reach the bridge.
            """, .inferred),
        requires: [.targets],
        triggeringExamples: [
            .widget("""
                struct OpenPageIntent: AppIntent {
                    static let title: LocalizedStringResource = "Open page"
                    static let openAppWhenRun = true
                    @MainActor func perform() async throws -> some IntentResult {
                        await ↓UIApplication.shared.open(URL(string: "exampleapp://page")!)
                        return .result()
                    }
                }
                """),
            .widget("""
                import AppIntents
                import ↓Capacitor

                struct RefreshIntent: AppIntent {
                    static let title: LocalizedStringResource = "Refresh"
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct RefreshIntent: AppIntent {
                    static let title: LocalizedStringResource = "Refresh"
                    func perform() async throws -> some IntentResult {
                        UserDefaults(suiteName: "group.com.example.app")?.set(Date(), forKey: "refreshed")
                        return .result()
                    }
                }
                """),
            // `#keyPath(UIApplication.shared)` names the property in a string (code that compiles in the extension
            // and reaches the app's UIApplication at run time); it is not a use of it.
            .widget("""
                struct OpenPageIntent: AppIntent {
                    static let title: LocalizedStringResource = "Open page"
                    static let openAppWhenRun = true
                    @MainActor func perform() async throws -> some IntentResult {
                        if let application = UIApplication.value(forKeyPath: #keyPath(UIApplication.shared)) as? UIApplication {
                            await application.open(URL(string: "exampleapp://page")!)
                        }
                        return .result()
                    }
                }
                """),
            // The same code in the app target is fine.
            .app("""
                struct OpenPageIntent: AppIntent {
                    static let title: LocalizedStringResource = "Open page"
                    static let openAppWhenRun = true
                    @MainActor func perform() async throws -> some IntentResult {
                        await UIApplication.shared.open(URL(string: "exampleapp://page")!)
                        return .result()
                    }
                }
                """),
        ])

    static let appOnlyModules: Set<String> = ["Capacitor", "Cordova", "React", "React_RCTAppDelegate", "Flutter", "ExpoModulesCore", "ExpoModulesProvider"]

    func validate(_ context: RuleContext) {
        let model = context.model
        for intent in model.intents {
            guard let target = intent.targets.first(where: model.isWidgetExtension) else { continue }
            for decl in context.resolver.declarations(of: intent.type) {
                for member in decl.members {
                    member.code.walk { expr in
                        if case .member(.identifier("UIApplication", let location)?, "shared", _) = expr {
                            context.report(location, """
                                \(intent.typeName) is compiled into widget extension '\(target.name)', where UIApplication.shared \
                                is unavailable (Glance infers this from Apple's documentation); open the app with an OpenIntent (in the app and the extension) or a Link/widgetURL instead.
                                """, target: target)
                        }
                    }
                }
            }
            guard let file = context.model.index.file(intent.location.file) else { continue }
            for importDecl in file.imports where Self.appOnlyModules.contains(importDecl.module) {
                context.report(importDecl.location, """
                    \(context.shownPath(intent.location.file)) imports \(importDecl.module), which only the app links, but it is compiled \
                    into widget extension '\(target.name)' with intent \(intent.typeName) (Glance infers this from Apple's documentation); keep the bridge out of the extension \
                    and share data through the App Group.
                    """, target: target)
            }
        }
    }
}
