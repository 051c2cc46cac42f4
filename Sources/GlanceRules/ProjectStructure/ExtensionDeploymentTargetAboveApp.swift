import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// An extension whose deployment target is above its app's is left out on the OS versions in between.
struct ExtensionDeploymentTargetAboveApp: Rule {
    static let description = RuleDescription(
        identifier: "extension_deployment_target_above_app",
        name: "Extension deployment target above the app's",
        group: .projectStructure,
        defaultSeverity: .warning,
        summary: "An app extension (a widget extension, a watch app's extensions) has a higher deployment target than the app that embeds it on the same platform, and the app's code never checks availability for that version.",
        rationale: """
            The app installs on every OS version from its own deployment target, but an embedded extension only \
            where its deployment target allows: in between, the app runs without its widgets, controls and Live \
            Activity views (or without the other extension), and nothing tells the user. Xcode gives a new \
            extension target the newest SDK's version, so this happens by accident. Raising an extension on \
            purpose is common too; Glance stays quiet when the app's own code checks \
            `#available` for the extension's release (`#available(iOS 18.4, *)` for an extension at 18.4) above the app's (read from the parsed code; \
            `OSX` counts as `macOS`); a check for another release guards other APIs and does not count, \
            and neither does `@available` on a declaration, which does not keep the app from running there. It is also \
            quiet where a widget extension's deployment target is the first release with WidgetKit on its platform \
            (iOS 14, macOS 11, watchOS 9), and where the extension's own code needs its version outside any \
            availability check (`ActivityConfiguration` iOS 16.1, controls iOS 18, `AppIntentConfiguration` iOS 17, an \
            accessory family iOS 16, `.containerBackground` iOS 17 and `.widgetAccentable()` iOS 16 in a widget's \
            views, a widget or control whose type is `@available` from its version and which the \
            `@main` bundle lists without `if #available`): it cannot be lowered without changing code, so the raise is \
            deliberate. Lower the extension's deployment target and guard \
            newer APIs with `if #available`, or raise the app's.
            """,
        source: """
            Apple, Running code on a specific platform or OS version <https://developer.apple.com/documentation/xcode/running-code-on-a-specific-version>; \
            Apple, Build settings reference: iOS Deployment Target <https://developer.apple.com/documentation/xcode/build-settings-reference#iOS-Deployment-Target>
            """,
        premise: Premise("""
            An app installs from its own deployment target, but an embedded extension runs only from its own; on the \
            OS versions in between people get the app without its widgets, controls and Live Activity views, and \
            nothing tells them.
            """, .inferred),
        requires: [.targets, .embedding],
        triggeringExamples: [
            RuleExample.widget("""
                struct UsageWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in UsageView(entry: entry) }
                    }
                }
                """)
                .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"] }
                .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "18.4"] }
                .expecting([".:1:1"]),
            // A watch widget extension above its watch app.
            RuleExample.watchWidget("""
                struct PlayerWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "player", provider: PlayerProvider()) { entry in PlayerView(entry: entry) }
                    }
                }
                """)
                .with("Watch") { $0.settings = ["WATCHOS_DEPLOYMENT_TARGET": "10.0"] }
                .with("WatchWidgets") { $0.settings = ["WATCHOS_DEPLOYMENT_TARGET": "11"] }
                .expecting([".:1:1"]),
            // The app checks availability, but for a later version than the extension's and as a deprecation:
            // neither guards iOS 16.
            RuleExample(files: [
                .widget("""
                    struct UsageWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in UsageView(entry: entry) }
                        }
                    }
                    """),
                .app("""
                    @available(iOS 18.0, *)
                    struct UsageControlProvider {}
                    @available(iOS, deprecated: 18.0, message: "Use UsageEntity")
                    struct LegacyUsage {}
                    """),
            ])
            .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "16.0"] }
            .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"] }
            .expecting([".:1:1"]),
            // The app checks for iOS 15.0, for APIs of its own: that says nothing of the extension's 15.5, Xcode's
            // default when the target was made.
            RuleExample(files: [
                .widget("""
                    struct UsageWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in UsageView(entry: entry) }
                        }
                    }
                    """),
                .app("""
                    func share() {
                        if #available(iOS 15.0, *) { presentSheet() }
                    }
                    """),
            ])
            .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "14.0"] }
            .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "15.5"] }
            .expecting([".:1:1"]),
            // The app at 18.5 checks for 18.0 and 18.1 only: nothing guards 18.5.
            RuleExample(files: [
                .widget("""
                    struct UsageControl: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "usage") { ControlWidgetButton(action: RefreshIntent()) { Text("Refresh") } }
                        }
                    }
                    """),
                .app("""
                    func offerControls() {
                        if #available(iOS 18.0, *) { ControlCenter.shared.reloadAllControls() }
                        if #available(iOS 18.1, *) { ControlCenter.shared.reloadAllControls() }
                    }
                    """),
            ])
            .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "18.5"] }
            .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "18.6"] }
            .expecting([".:1:1"]),
            // The Live Activity needs iOS 16.1, the extension asks 16.4: on 16.1–16.3 it is missing.
            RuleExample.widget(Self.printLiveActivity)
                .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "15.6"] }
                .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "16.4"] }
                .expecting([".:1:1"]),
        ],
        nonTriggeringExamples: [
            // The same deployment target, or a lower one.
            RuleExample.widget("""
                struct UsageWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in UsageView(entry: entry) }
                    }
                }
                """)
                .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"] }
                .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0.0"] },
            // Deliberate: the app checks availability before offering what the extension adds.
            RuleExample(files: [
                .widget("""
                    struct UsageControl: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "usage") { ControlWidgetButton(action: RefreshIntent()) { Text("Refresh") } }
                        }
                    }
                    """),
                .app("""
                    func offerControls() {
                        if #available(iOS 18.4, *) {
                            ControlCenter.shared.reloadAllControls()
                        }
                    }
                    """),
            ])
            .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"] }
            .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "18.4"] },
            // macOS 11 is the first release with WidgetKit: the widget extension cannot go lower.
            RuleExample(files: [.widget("""
                struct CPUWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "cpu", provider: CPUProvider()) { entry in CPUView(entry: entry) }
                    }
                }
                """)])
            .with("App") { $0.platform = .macOS; $0.settings = ["MACOSX_DEPLOYMENT_TARGET": "10.15"] }
            .with("Widgets") { $0.platform = .macOS; $0.settings = ["MACOSX_DEPLOYMENT_TARGET": "11.0"] },
            // The app at 18.5 checks for 18.6, the extension's version, before offering its controls.
            RuleExample(files: [
                .widget("""
                    struct UsageControl: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "usage") { ControlWidgetButton(action: RefreshIntent()) { Text("Refresh") } }
                        }
                    }
                    """),
                .app("""
                    func offerControls() {
                        if #available(iOS 18.6, *) { ControlCenter.shared.reloadAllControls() }
                    }
                    """),
            ])
            .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "18.5"] }
            .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "18.6"] },
            // The widget lists an accessory family (iOS 16) without an availability check: the extension cannot be
            // built for iOS 14.2, so the raise is deliberate.
            RuleExample.widget("""
                struct RateWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "rate", provider: RateProvider()) { entry in RateView(entry: entry) }
                            .supportedFamilies([.systemSmall, .accessoryCircular, .accessoryInline])
                    }
                }
                """)
                .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "14.2"] }
                .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "16.0"] },
            // The same, in an extension built for iOS and macOS that gives each platform its families under `#if`.
            RuleExample.widget("""
                struct RateWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "rate", provider: RateProvider()) { entry in RateView(entry: entry) }
                        #if os(iOS)
                            .supportedFamilies([.accessoryCircular, .accessoryInline, .systemSmall])
                        #endif
                        #if os(macOS)
                            .supportedFamilies([.systemSmall])
                        #endif
                    }
                }
                """)
                .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "15.0"] }
                .with("Widgets") { $0.additionalPlatforms = [.macOS]; $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "16.0", "MACOSX_DEPLOYMENT_TARGET": "13.0"] },
            // The widget's type is `@available(iOS 17.0, *)` and the bundle lists it outside any check: the bundle
            // cannot be built for less than iOS 17.
            RuleExample.widget("""
                @main
                struct StepsBundle: WidgetBundle {
                    var body: some Widget { StepsWidget() }
                }
                @available(iOS 17.0, *)
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in StepsView(entry: entry) }
                    }
                }
                """)
                .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "16.0"] }
                .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"] },
            // A Live Activity cannot exist before iOS 16.1, the extension's version.
            RuleExample.widget(Self.printLiveActivity)
                .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "15.6"] }
                .with("Widgets") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "16.1"] },
            // Not known: the extension's deployment target is not set anywhere Glance can read.
            RuleExample.widget("""
                struct UsageWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "usage", provider: UsageProvider()) { entry in UsageView(entry: entry) }
                    }
                }
                """)
                .with("App") { $0.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"] },
        ])

    /// The examples' Live Activity widget (it needs iOS 16.1).
    static let printLiveActivity = """
        struct PrintLiveActivity: Widget {
            var body: some WidgetConfiguration {
                ActivityConfiguration(for: PrintAttributes.self) { context in Text("Printing") } dynamicIsland: { context in
                    DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("Printing") } }
                        compactLeading: { Text("P") } compactTrailing: { Text("1") } minimal: { Text("P") }
                }
            }
        }
        """

    func validate(_ context: RuleContext) {
        let model = context.model
        for surface in model.targets where surface.kind.isExtension {
            let target = surface.target
            for platform in target.platforms {
                guard let app = model.hostApps(of: target).first(where: { $0.platforms.contains(platform) }) else { continue }
                let setting = platform.deploymentTargetSetting
                guard let extensionText = target.deploymentTarget(for: platform), let appText = app.deploymentTarget(for: platform),
                      let extensionVersion = OSVersion(extensionText), let appVersion = OSVersion(appText) else {
                    if target.defaultConfiguration?.settings.isAssigned(setting) == true || app.defaultConfiguration?.settings.isAssigned(setting) == true {
                        context.skip("\(setting) of '\(target.name)' or '\(app.name)' is not known; deployment targets not compared")
                    }
                    continue
                }
                guard appVersion < extensionVersion else { continue }
                if surface.kind == .widgetExtension, let first = Self.firstWidgetKitRelease[platform], !(first < extensionVersion) {
                    context.skip("'\(target.name)' needs \(platform.displayName) \(extensionText), above '\(app.name)' (\(appText)), but no \(platform.displayName) release before it has WidgetKit; not reported")
                    continue
                }
                // What the extension's own code needs without an availability check: it cannot be built for less.
                let floor = requiredRelease(of: target, on: platform, model)
                if let floor, !(floor.version < extensionVersion) {
                    context.skip("'\(target.name)' needs \(platform.displayName) \(extensionText), above '\(app.name)' (\(appText)), but \(floor.reason) (\(context.shownPath(floor.location.file)):\(floor.location.line)) outside any availability check needs \(platform.displayName) \(floor.version.text): it cannot be lowered without changing code; looks deliberate, not reported")
                    continue
                }
                // Below that version the extension's surfaces cannot exist whatever its setting says (nor below the
                // first release with WidgetKit, for a widget extension).
                var lowest = floor.map { max(appVersion, $0.version) } ?? appVersion
                if surface.kind == .widgetExtension, let first = Self.firstWidgetKitRelease[platform] { lowest = max(lowest, first) }
                if let file = availabilityCheck(in: app, between: appVersion, and: extensionVersion, platform: platform, model) {
                    context.skip("'\(target.name)' needs \(platform.displayName) \(extensionText), above '\(app.name)' (\(appText)); looks deliberate: \(context.shownPath(file)) checks availability for \(platform.displayName) \(extensionVersion.major).\(extensionVersion.parts[1])")
                    continue
                }
                let missing = contents(of: target, kind: surface.kind, model)
                let between = extensionVersion.previousText == lowest.text ? lowest.text : "\(lowest.text)–\(extensionVersion.previousText)"
                context.report(target: target, configuration: target.defaultConfiguration, setting: setting, """
                    '\(target.name)' has \(setting) \(extensionText), above app '\(app.name)' (\(appText)): on \(platform.displayName) \
                    \(between) the app installs without \(missing) (Glance infers this from Apple's documentation). Lower the extension's \
                    deployment target to \(lowest == appVersion ? appText : lowest.text) and check availability in code (if #available), or raise the app's.
                    """)
            }
        }
    }

    /// The highest release the target's shipped widgets, Live Activities and controls need where no availability
    /// check (an `@available` on their type or member, an `if #available` around the code, or the `@main` bundle's
    /// check around their listing) allows less: `ActivityConfiguration` needs iOS 16.1, controls iOS 18 (macOS and
    /// watchOS 26), `AppIntentConfiguration` iOS 17 (macOS 14, watchOS 10), an accessory family iOS 16. Nil when
    /// nothing of these is used without a check.
    private func requiredRelease(of target: Target, on platform: Platform, _ model: SurfaceModel) -> (version: OSVersion, reason: String, location: SourceLocation)? {
        var result: (version: OSVersion, reason: String, location: SourceLocation)?
        func need(_ version: String?, _ reason: String, at location: SourceLocation?, type: TypeDecl) {
            guard let version, let needed = OSVersion(version), let location else { return }
            let bounds = Availability.raising(model.availability(at: location), model.registeredAvailability(of: type, in: target))
            guard !Availability.guarantees(bounds, platform, atLeast: version) else { return }
            if result == nil || result!.version < needed { result = (needed, reason, location) }
        }
        let ships = { (targets: [Target]) in targets.contains { $0.id == target.id } }
        for widget in model.widgets where ships(widget.targets) {
            let call = widget.configurationCall?.location ?? widget.location
            switch widget.configuration {
            case .activityConfiguration?: need(Self.activityConfigurationRelease[platform], "ActivityConfiguration", at: call, type: widget.type)
            case .appIntentConfiguration?: need(Self.appIntentConfigurationRelease[platform], "AppIntentConfiguration", at: call, type: widget.type)
            default: break
            }
            // The families of every platform, or those the modifier for this platform gives (`#if os(iOS) .supportedFamilies(…)`).
            let given = widget.families.map { ($0, widget.familiesModifier) } ?? widget.families(in: target, platform: platform).map { ($0.families, Optional($0.modifier)) }
            if let (families, modifier) = given, let family = families.first(where: { $0.hasPrefix("accessory") && $0 != "accessoryCorner" }) {
                need(Self.accessoryFamilyRelease[platform], "." + family, at: modifier?.call.location, type: widget.type)
            }
            // WidgetKit's view APIs in the widget's views (`.containerBackground` iOS 17, `.widgetAccentable()` iOS 16).
            for scoped in widget.content.calls {
                guard let releases = Self.viewAPIReleases[scoped.call.name], let release = releases[platform] else { continue }
                need(release, "." + scoped.call.name + "(…)", at: scoped.call.location, type: widget.type)
            }
        }
        for control in model.controls where ships(control.targets) {
            need(Self.controlRelease[platform], "a control (\(control.configuration?.rawValue ?? "ControlWidget"))",
                 at: control.configurationCall?.location ?? control.location, type: control.type)
        }
        // A widget or control type `@available` from a release, which the bundle lists (outside a check that `need`
        // finds in the registration): the bundle cannot be built for less.
        let registered = model.registrations(in: target) ?? [:]
        let types = model.widgets.filter { ships($0.targets) }.map { ($0.type, "widget") } + model.controls.filter { ships($0.targets) }.map { ($0.type, "control") }
        for (type, kind) in types where registered[type.location]?.isEmpty == false {
            guard let version = Availability.introduced(by: type.attributes)[Availability.name(of: platform)] else { continue }
            need(version, "the \(kind) \(type.name) (`@available(\(Availability.name(of: platform)) \(version), *)`), listed by the `@main` bundle",
                 at: type.location, type: type)
        }
        return result
    }

    /// First releases of the APIs `requiredRelease` looks for, from Apple's documentation of each.
    static let activityConfigurationRelease: [Platform: String] = [.iOS: "16.1"]
    static let controlRelease: [Platform: String] = [.iOS: "18.0", .macOS: "26.0", .watchOS: "26.0"]
    static let appIntentConfigurationRelease: [Platform: String] = [.iOS: "17.0", .macOS: "14.0", .watchOS: "10.0"]
    static let accessoryFamilyRelease: [Platform: String] = [.iOS: "16.0"]
    /// WidgetKit and SwiftUI view APIs for widgets, with their first releases.
    static let viewAPIReleases: [String: [Platform: String]] = [
        "containerBackground": [.iOS: "17.0", .macOS: "14.0", .watchOS: "10.0"],
        "widgetAccentable": [.iOS: "16.0", .macOS: "13.0"],
        "widgetLabel": [.iOS: "16.0"],
        "AccessoryWidgetBackground": [.iOS: "16.0"],
    ]

    /// The first release of each platform with WidgetKit widgets: a widget extension cannot run below it.
    static let firstWidgetKitRelease: [Platform: OSVersion] = [.iOS: OSVersion("14.0")!, .macOS: OSVersion("11.0")!, .watchOS: OSVersion("9.0")!]

    /// What the user misses when the extension is left out.
    private func contents(of target: Target, kind: TargetKind, _ model: SurfaceModel) -> String {
        var parts: [String] = []
        let inTarget = { (targets: [Target]) in targets.contains { $0.id == target.id } }
        if model.widgets.contains(where: { $0.configuration != .activityConfiguration && inTarget($0.targets) }) { parts.append("widgets") }
        if model.controls.contains(where: { inTarget($0.targets) }) { parts.append("controls") }
        if model.liveActivities.contains(where: { inTarget($0.targets) }) { parts.append("Live Activity views") }
        if parts.isEmpty { return kind == .widgetExtension ? "its widgets" : "this extension" }
        return "its " + (parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!)
    }

    /// A file of the app that checks availability (`#available`, read from the parsed code) for the extension's
    /// release (its major and minor version), above the app's and at most the extension's: `#available(iOS 18.6, *)`
    /// for an app at 18.5 and an extension at 18.6. A check for another release (`#available(iOS 15.0, *)` under an
    /// extension at 15.5) guards other APIs, not what the extension brings.
    private func availabilityCheck(in app: Target, between appVersion: OSVersion, and version: OSVersion, platform: Platform,
                                   _ model: SurfaceModel) -> String? {
        let sources = Set(app.sources)
        // `OSX` is the older spelling of `macOS` in availability checks.
        let names = platform == .macOS ? ["macOS", "OSX"] : [platform.displayName]
        let labels = Set(names.flatMap { [$0, $0 + "ApplicationExtension"] })
        // Only files whose words hold the platform and the extension's major version, and whose text holds `#available`
        // (not only `@available`), are parsed for it.
        let mentioning = Set(names.flatMap { model.index.paths(mentioningAll: ["available", $0, String(version.major)]) }).filter(sources.contains).sorted()
        let candidates = model.index.paths(mentioning, containingText: "#available")
        // Parsed a few at a time (on all cores), stopping at the first file that checks.
        let batches = stride(from: 0, to: candidates.count, by: 8).map { Array(candidates[$0..<min($0 + 8, candidates.count)]) }
        for file in batches.lazy.flatMap({ model.index.files(at: $0) }) {
            var found = false
            let visit = { (expr: Expr) in
                guard !found, case .call(let call) = expr, call.name == "#available" else { return }
                found = call.arguments.contains { argument in
                    guard let label = argument.label, labels.contains(label), case .number(let text, _) = argument.value,
                          let checked = OSVersion(text) else { return false }
                    return checked.major == version.major && checked.parts[1] == version.parts[1] && appVersion < checked && !(version < checked)
                }
            }
            for type in file.types { for member in type.members { member.code.walk(visit) } }
            for member in file.globals { member.code.walk(visit) }
            file.topLevel.walk(visit)
            if found { return file.path }
        }
        return nil
    }
}

/// A dotted OS version (`17`, `18.4`, `18.4.1`), compared part by part.
struct OSVersion: Comparable, CustomStringConvertible {
    let parts: [Int]

    init?(_ text: String) {
        let pieces = text.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard !pieces.isEmpty, pieces.count <= 3 else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard let value = Int(piece), value >= 0 else { return nil }
            parts.append(value)
        }
        while parts.count < 2 { parts.append(0) }
        while parts.count > 2, parts.last == 0 { parts.removeLast() }
        self.parts = parts
    }

    var major: Int { parts[0] }
    var text: String { parts.map(String.init).joined(separator: ".") }
    var description: String { text }

    /// The last version before this one, as people name it: 18.3 before 18.4, 18.4 before 18.4.1, 17.x before 18.0.
    var previousText: String {
        if parts.count == 3 { return "\(parts[0]).\(parts[1])" + (parts[2] > 1 ? ".\(parts[2] - 1)" : "") }
        if parts[1] > 0 { return "\(parts[0]).\(parts[1] - 1)" }
        return "\(parts[0] - 1).x"
    }

    static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        let count = max(lhs.parts.count, rhs.parts.count)
        let left = lhs.parts + Array(repeating: 0, count: count - lhs.parts.count)
        let right = rhs.parts + Array(repeating: 0, count: count - rhs.parts.count)
        return left.lexicographicallyPrecedes(right)
    }

    static func == (lhs: OSVersion, rhs: OSVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}
