import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// An SF Symbol newer than the target's deployment target, drawn without an availability check: blank on older systems.
struct SFSymbolUnavailable: Rule {
    static let description = RuleDescription(
        identifier: "sf_symbol_unavailable",
        name: "SF Symbol newer than the deployment target",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "A shipped widget, control or Live Activity draws an SF Symbol that came with an SF Symbols release newer than its target's deployment target, with no availability check.",
        rationale: """
            Each SF Symbol exists from the OS versions of the SF Symbols release that introduced it: `figure.run.treadmill` \
            came with SF Symbols 6 (iOS 18), and on iOS 17 `Image(systemName: "figure.run.treadmill")` draws nothing. The \
            compiler does not know symbol names, so a widget extension that deploys to an older system than its symbols \
            builds and ships with blank icons there. The rule compares the release of each literal name that shipped \
            surfaces draw (see `sf_symbol_unknown`) with the deployment target of each platform the shipping target \
            builds for, and stays silent where the code runs only on a new enough system: under `if #available`, \
            `guard #available`, `@available` on the view, its member or the surface, a bundle that registers the surface \
            only under `if #available`, or a view reached only from such a branch. When the symbol had another name \
            before, the message gives it. SF Symbols releases map to OS versions by the table of the data file (SF \
            Symbols 1.0 = iOS 13, … 7.0 = iOS 26).
            """,
        source: """
            Apple, SF Symbols <https://developer.apple.com/sf-symbols/>; \
            Apple, Human Interface Guidelines: SF Symbols <https://developer.apple.com/design/human-interface-guidelines/sf-symbols>; \
            Apple, UIImage.init(systemName:) <https://developer.apple.com/documentation/uikit/uiimage/init(systemname:)>
            """,
        premise: Premise("A symbol is in the system only from the OS versions of the SF Symbols release that introduced it; before them its name loads no image.", .documented),
        optInScope: "the code of app targets too (every file an app compiles), not only the surfaces a widget extension ships.",
        triggeringExamples: [
            // SF Symbols 6 (iOS 18) in an extension that deploys to iOS 17.
            RuleExample.widget("""
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in
                            Label("\\(entry.steps)", systemImage: ↓"figure.run.treadmill")
                        }
                    }
                }
                """).with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"] },
            // Renamed in SF Symbols 2: on iOS 13 the symbol has its old name.
            RuleExample.widget("""
                struct RadioWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "radio", provider: RadioProvider()) { entry in
                            Image(systemName: ↓"wave.3.left")
                        }
                    }
                }
                """).with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "13.0"] },
            // The check guards another branch; this one runs on iOS 17 too.
            RuleExample.widget("""
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in StepsView(entry: entry) }
                    }
                }
                struct StepsView: View {
                    let entry: StepsEntry
                    var body: some View {
                        if #available(iOS 18, *) {
                            Image(systemName: "figure.run.treadmill")
                        } else {
                            Image(systemName: ↓"figure.run.treadmill")
                        }
                    }
                }
                """).with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"] },
            // App code, with the rule in `opt_in_rules`.
            RuleExample.app("""
                struct SettingsRow: View {
                    var body: some View { Image(systemName: ↓"figure.run.treadmill") }
                }
                """).with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"] }.optedIn(),
        ],
        nonTriggeringExamples: [
            // Guarded by `if #available`, `@available` on the view, a registration under `if #available`, and a
            // deployment target new enough.
            RuleExample(files: [.widget("""
                @main struct StepsBundle: WidgetBundle {
                    var body: some Widget {
                        StepsWidget()
                        if #available(iOS 18, *) { MotionWidget() }
                    }
                }
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in
                            if #available(iOS 18, *) { BadgeView() } else { Image(systemName: "figure.walk") }
                        }
                    }
                }
                @available(iOS 18, *)
                struct BadgeView: View {
                    var body: some View { Image(systemName: "figure.run.treadmill") }
                }
                @available(iOS 18, *)
                struct MotionWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "motion", provider: StepsProvider()) { entry in Image(systemName: "figure.run.treadmill") }
                    }
                }
                """)]).with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"] },
            RuleExample.widget("""
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in Image(systemName: "figure.run.treadmill") }
                    }
                }
                """).with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "18.0"] },
            // App code only with the rule in `opt_in_rules`.
            RuleExample.app("""
                struct SettingsRow: View {
                    var body: some View { Image(systemName: "figure.run.treadmill") }
                }
                """).with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"] },
        ])

    func validate(_ context: RuleContext) {
        let uses = SFSymbolCatalog.uses(context)
        guard !uses.isEmpty else { return }
        let catalog = SFSymbolCatalog.shared
        let model = context.model
        for use in uses {
            guard let release = catalog.release(of: use.name) else { continue }
            var guarded: [String: String]?
            for target in use.targets {
                for platform in target.platforms {
                    guard let needed = release.firstVersions[platform], let neededVersion = OSVersion(needed) else { continue }
                    guard let deploymentText = BuildConditions.shippingConfiguration(of: target)?.settings.value(platform.deploymentTargetSetting).known,
                          let deployment = OSVersion(deploymentText) else {
                        context.skip("'\(target.name)': its \(platform.displayName) deployment target is not known; the SF Symbols it draws are not checked against it")
                        continue
                    }
                    guard deployment < neededVersion else { continue }
                    // The code around the name, worked out only for a symbol newer than the deployment target.
                    if guarded == nil { guarded = Availability.raising(use.reachedUnder, model.availability(at: use.location)) }
                    var bounds = guarded!
                    if let surface = use.surface {
                        bounds = Availability.raising(bounds, Availability.raising(Availability.introduced(by: surface.attributes),
                                                                                   model.registeredAvailability(of: surface, in: target)))
                    }
                    if Availability.guarantees(bounds, platform, atLeast: needed) { continue }
                    let os = Availability.name(of: platform)
                    let older = catalog.oldNames(of: use.name).filter { old in
                        old.release.firstVersions[platform].flatMap(OSVersion.init).map { $0 <= deployment } ?? false
                    }
                    let hint = older.first.map { " (below \(os) \(needed) it is named '\($0.name)')" } ?? ""
                    context.report(use.location, """
                        '\(use.name)' came with SF Symbols \(release.version) (\(os) \(needed)); '\(target.name)' deploys to \(os) \
                        \(deploymentText), where \(use.api) draws nothing. Check #available(\(os) \(needed), *) and draw another symbol \
                        below it\(hint), or raise the deployment target.
                        """, target: target, cause: use.name + "|" + os)
                }
            }
        }
    }
}
