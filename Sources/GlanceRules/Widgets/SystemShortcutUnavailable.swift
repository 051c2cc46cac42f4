import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// `RunSystemShortcutIntent` and `SystemShortcut` exist on iOS and iPadOS 27 only.
struct SystemShortcutUnavailable: Rule {
    static let description = RuleDescription(
        identifier: "system_shortcut_unavailable",
        name: "System shortcut button where it cannot run",
        group: .widgets,
        defaultSeverity: .error,
        summary: "`RunSystemShortcutIntent` or `SystemShortcut` in code a watchOS, macOS, visionOS or tvOS target builds (error), or in an iOS target that deploys below iOS 27 without an availability check (warning).",
        rationale: """
            iOS 27 lets a widget offer a button that runs a shortcut the person chooses: `Button(intent: \
            RunSystemShortcutIntent(shortcut:))` with a `SystemShortcut` parameter of the widget's configuration intent. \
            It is narrow, "iOS 27, iPhone and iPad only", as the widget guidance puts it, and Apple's documentation \
            lists the two types for iOS and iPadOS 27 and nothing else, not Mac Catalyst. Code that names them and is \
            compiled for watchOS, macOS, visionOS or tvOS (a shared widget file, a watch extension that compiles it) \
            does not build there: an error, unless `#if os(iOS)` leaves it out, which the rule evaluates per target. \
            In an iOS target that deploys below iOS 27 the code needs `if #available(iOS 27, *)`, `guard #available` \
            or `@available(iOS 27, *)` on its type or member: a warning where none of them is there. The Mac Catalyst \
            variant of an iOS target is not judged.
            """,
        source: """
            Apple, RunSystemShortcutIntent <https://developer.apple.com/documentation/appintents/runsystemshortcutintent>; \
            Apple, SystemShortcut <https://developer.apple.com/documentation/appintents/systemshortcut>; \
            Apple, RunSystemShortcutIntent.init(shortcut:) <https://developer.apple.com/documentation/appintents/runsystemshortcutintent/init(shortcut:)>
            """,
        premise: Premise("RunSystemShortcutIntent and SystemShortcut are available in iOS and iPadOS 27 and later only.", .documented),
        requires: [.targets],
        triggeringExamples: [
            // A widget file the watch widget extension compiles too.
            RuleExample(files: [ExampleFile(path: "Shared/LauncherWidget.swift", targets: ["Widgets", "WatchWidgets"], contents: """
                @available(iOS 27, *)
                struct LauncherConfiguration: WidgetConfigurationIntent {
                    static let title: LocalizedStringResource = "Launcher"
                    @Parameter(title: "Shortcut") var ↓shortcut: SystemShortcut
                }
                @available(iOS 27, *)
                struct LauncherView: View {
                    let configuration: LauncherConfiguration
                    var body: some View { Button("Run", intent: RunSystemShortcutIntent(shortcut: configuration.shortcut)) }
                }
                """)]).with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "27.0"] },
            // An iOS widget extension that deploys to iOS 18, without a check.
            RuleExample.widget("""
                struct LauncherView: View {
                    let ↓shortcut: SystemShortcut
                    var body: some View { Button("Run", intent: RunSystemShortcutIntent(shortcut: shortcut)) }
                }
                """).with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "18.0"] }.reported(as: .warning),
        ],
        nonTriggeringExamples: [
            // Under `#if os(iOS)` in the shared file, and `@available`, `if #available` and `guard #available` in an
            // extension that deploys to iOS 18.
            RuleExample(files: [ExampleFile(path: "Shared/LauncherWidget.swift", targets: ["Widgets", "WatchWidgets"], contents: """
                #if os(iOS)
                @available(iOS 27, *)
                struct LauncherView: View {
                    let shortcut: SystemShortcut
                    var body: some View { Button("Run", intent: RunSystemShortcutIntent(shortcut: shortcut)) }
                }
                struct Buttons {
                    func run(_ intent: any AppIntent) -> some View {
                        if #available(iOS 27, *) {
                            Button("Run", intent: RunSystemShortcutIntent())
                        } else {
                            Text("Needs iOS 27")
                        }
                    }
                    func later() -> (any AppIntent)? {
                        guard #available(iOS 27, *) else { return nil }
                        return RunSystemShortcutIntent()
                    }
                }
                #endif
                """)]).with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "18.0"] },
            // An extension that deploys to iOS 27.
            RuleExample.widget("""
                struct LauncherView: View {
                    let shortcut: SystemShortcut
                    var body: some View { Button("Run", intent: RunSystemShortcutIntent(shortcut: shortcut)) }
                }
                """).with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "27.0"] },
            // The app's own type of that name is not the framework's.
            RuleExample.watchWidget("""
                struct SystemShortcut { let name: String }
                struct ShortcutRow: View {
                    let shortcut: SystemShortcut
                    var body: some View { Text(shortcut.name) }
                }
                """),
        ])

    static let names: Set<String> = ["RunSystemShortcutIntent", "SystemShortcut"]
    static let required = "27"

    func validate(_ context: RuleContext) {
        let model = context.model
        for reference in model.references(to: Self.names, of: "AppIntents") {
            var bounds: [String: String]?
            for target in reference.targets where target.kind != .testBundle {
                for platform in target.platforms {
                    switch model.resolver.build.compiles(reference.conditions, in: target, platform: platform, file: reference.location.file) {
                    case false?:
                        continue
                    case nil:
                        context.skip("\(context.place(reference.location)): whether '\(target.name)' compiles it for \(platform.displayName) is not known; \(reference.name) not checked there",
                                     file: context.relativePath(reference.location))
                        continue
                    case true?:
                        break
                    }
                    guard platform == .iOS else {
                        context.report(reference.location, """
                            \(reference.name) exists on iOS and iPadOS 27 only, and '\(target.name)' builds this code for \(platform.displayName): \
                            the target does not build. Leave it out there with #if os(iOS).
                            """, target: target, severity: .error, cause: platform.rawValue)
                        continue
                    }
                    guard let text = BuildConditions.shippingConfiguration(of: target)?.settings.value(platform.deploymentTargetSetting).known,
                          let deployment = OSVersion(text) else {
                        context.skip("'\(target.name)': its iOS deployment target is not known; \(reference.name) not checked against it",
                                     file: context.relativePath(reference.location))
                        continue
                    }
                    guard deployment < OSVersion(Self.required)! else { continue }
                    if bounds == nil { bounds = model.availability(at: reference.location) }
                    guard !Availability.guarantees(bounds!, .iOS, atLeast: Self.required) else { continue }
                    context.report(reference.location, """
                        \(reference.name) needs iOS 27, and '\(target.name)' deploys to iOS \(text) with no #available(iOS 27, *) or \
                        @available(iOS 27, *) around this code. Check availability, or raise the deployment target.
                        """, target: target, severity: .warning, cause: platform.rawValue)
                }
            }
        }
    }
}
