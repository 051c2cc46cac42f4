import Foundation
import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// A literal SF Symbol name that no SF Symbols release has: the image is blank.
struct SFSymbolUnknown: Rule {
    static let description = RuleDescription(
        identifier: "sf_symbol_unknown",
        name: "SF Symbol that does not exist",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "A widget, control or Live Activity draws `Image(systemName:)` (or `Label(_:systemImage:)`, `UIImage(systemName:)`, `NSImage(systemSymbolName:…)`) with a name no SF Symbol has.",
        rationale: """
            A symbol name that no SF Symbols release has finds no image: `UIImage(systemName:)` and \
            `NSImage(systemSymbolName:accessibilityDescription:)` return nil, and SwiftUI's `Image(systemName:)` draws \
            nothing, so the widget, the control's label or the Live Activity shows an empty space where its icon should \
            be, and nothing fails at build time. The rule reads the literal names (also each literal of a `?:`, and a \
            type's constants) that shipped surfaces draw, with the views and helpers they reach, and looks them up in a \
            list of every SF Symbol name of SF Symbols 1.0 to 7.1 with the old names of renamed symbols (they still \
            resolve); the message suggests the closest real name. A name can be newer than that list, so the rule is a \
            warning and the message names the newest release it knows. A name that is the app's own custom symbol (a \
            `.symbolset` in an asset catalog) is a different mistake, and the message says so: `Image(systemName:)` \
            loads only SF Symbols; `Image(_:)` loads custom ones.
            """,
        source: """
            Apple, Image.init(systemName:) <https://developer.apple.com/documentation/swiftui/image/init(systemname:)>; \
            Apple, UIImage.init(systemName:) <https://developer.apple.com/documentation/uikit/uiimage/init(systemname:)>; \
            Apple, NSImage.init(systemSymbolName:accessibilityDescription:) <https://developer.apple.com/documentation/appkit/nsimage/init(systemsymbolname:accessibilitydescription:)>; \
            Apple, SF Symbols <https://developer.apple.com/sf-symbols/>
            """,
        premise: Premise("A name that no SF Symbol has loads no image: UIKit and AppKit return nil, and the symbol image is blank.", .documented),
        optInScope: "the code of app targets too (every file an app compiles), not only the surfaces a widget extension ships.",
        triggeringExamples: [
            // FC3-21: the name a public app shipped in its widget; "arrow.up.circle" exists.
            .widget("""
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in
                            Label("\\(entry.steps)", systemImage: ↓"arrow.double.up.circle")
                                .containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                """),
            // A control's label, through a `?:`.
            .widget("""
                struct LampControl: ControlWidget {
                    var body: some ControlWidgetConfiguration {
                        StaticControlConfiguration(kind: "lamp", provider: LampProvider()) { isOn in
                            ControlWidgetToggle("Lamp", isOn: isOn, action: SetLampIntent()) { on in
                                Label(on ? "On" : "Off", systemImage: on ? "lightbulb.fill" : ↓"lightbulb.of")
                            }
                        }
                    }
                }
                """),
            // A Live Activity view reached through a project view, and a custom symbol written as a system one.
            RuleExample(files: [.widget("""
                struct DeliveryLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: DeliveryAttributes.self) { context in
                            CourierRow(name: context.state.courier)
                        } dynamicIsland: { context in
                            DynamicIsland {
                                DynamicIslandExpandedRegion(.center) { Image(systemName: ↓"scooter.custom") }
                            } compactLeading: { Image(systemName: "box.truck") } compactTrailing: { Text("") } minimal: { Text("") }
                        }
                    }
                }
                struct CourierRow: View {
                    let name: String
                    var body: some View { HStack { Image(systemName: ↓"person.crop.circle.badge.clock.fill.fill"); Text(name) } }
                }
                """)]).with("Widgets") { $0.symbols = ["scooter.custom"] },
            // In the app's own code, with the rule in `opt_in_rules`.
            RuleExample.app("""
                struct SettingsRow: View {
                    var body: some View { Label("Sync", systemImage: ↓"arrow.triangle.2.circlepath.icloud.fill.badge") }
                }
                """).optedIn(),
        ],
        nonTriggeringExamples: [
            // Real names, an old name of a renamed symbol (still resolves), a custom symbol loaded with Image(_:), and a
            // name computed at run time.
            RuleExample(files: [.widget("""
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in
                            VStack {
                                Label("\\(entry.steps)", systemImage: "figure.walk")
                                Image(systemName: "arrow.2.circlepath")
                                Image("scooter.custom")
                                Image(systemName: entry.goalReached ? "checkmark.circle.fill" : "circle")
                                Image(systemName: "battery.\\(entry.level)")
                            }
                            .containerBackground(.fill.tertiary, for: .widget)
                        }
                    }
                }
                """)]).with("Widgets") { $0.symbols = ["scooter.custom"] },
            // App code is read only with the rule in `opt_in_rules`.
            .app("""
                struct SettingsRow: View {
                    var body: some View { Label("Sync", systemImage: "arrow.triangle.2.circlepath.icloud.fill.badge") }
                }
                """),
            // A widget no bundle of the extension registers does not ship.
            .widget("""
                @main struct StepsBundle: WidgetBundle { var body: some Widget { StepsWidget() } }
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in Image(systemName: "figure.walk") }
                    }
                }
                struct ParkedWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "parked", provider: StepsProvider()) { entry in Image(systemName: "figure.walkk") }
                    }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        let uses = SFSymbolCatalog.uses(context)
        guard !uses.isEmpty else { return }
        let catalog = SFSymbolCatalog.shared
        let model = context.model
        let customSymbols = Dictionary(model.project.assetCatalogs.values.flatMap { catalog in
            catalog.images.filter(\.isSymbol).map { ($0.name, catalog.path) }
        }, uniquingKeysWith: { first, _ in first })
        for use in uses where !use.name.isEmpty && !catalog.contains(use.name) {
            let drawer = use.surface.map { "in \($0.qualifiedName)" } ?? "in the app"
            if let folder = customSymbols[use.name] {
                context.report(use.location, """
                    '\(use.name)' is a custom symbol of \(model.relativePath(folder)), not an SF Symbol: \(use.api) loads only SF \
                    Symbols, so it draws nothing \(drawer). Load it with \(Self.customLoader(use.api, name: use.name)).
                    """, target: use.targets.first, cause: use.name)
                continue
            }
            let suggestion = catalog.closest(to: use.name).map { " Did you mean '\($0)'?" } ?? ""
            context.report(use.location, """
                no SF Symbol is named '\(use.name)' (SF Symbols 1.0 to \(catalog.newest.version), the releases Glance knows): \(use.api) \
                draws nothing \(drawer).\(suggestion)
                """, target: use.targets.first, cause: use.name)
        }
    }

    /// What loads a custom symbol where `api` loads only SF Symbols: `Image("name")`, `UIImage(named: "name")`.
    static func customLoader(_ api: String, name: String) -> String {
        if api.hasPrefix("UIImage(") { return "UIImage(named: \"\(name)\")" }
        if api.hasPrefix("NSImage(") { return "NSImage(named: \"\(name)\")" }
        if api.hasPrefix("Image(") { return "Image(\"\(name)\")" }
        // `Label(_:systemImage:)` → `Label(_:image:)`.
        return api.replacingOccurrences(of: "systemImage:", with: "image:")
    }
}

extension SFSymbolCatalog {
    /// The symbol names a rule judges: those the shipped surfaces draw, and with the rule in `opt_in_rules`, those of
    /// the apps' own code too (each place once).
    static func uses(_ context: RuleContext) -> [SymbolNameUse] {
        let surfaces = context.model.symbolNameUses()
        guard context.isOptedIn else { return surfaces }
        let places = Set(surfaces.map(\.location))
        return surfaces + context.model.symbolNameUses(inAppCode: true).filter { !places.contains($0.location) }
    }
}
