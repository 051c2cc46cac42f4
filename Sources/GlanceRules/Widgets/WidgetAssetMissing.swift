import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// Images and colors a widget names must be in the extension's own asset catalogs.
struct WidgetAssetMissing: Rule {
    static let description = RuleDescription(
        identifier: "widget_asset_missing",
        name: "Widget asset not in the extension",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "A widget or Live Activity view names an image or color asset (`Image(\"x\")`, `Color(\"x\")`) that no asset catalog of the extension target contains.",
        rationale: """
            Widgets and Live Activities load assets from the extension's bundle, not the app's. An asset that \
            exists only in the app's catalog renders as nothing. Add the asset to a catalog that is a member of \
            the extension (or a catalog shared by both targets). Assets loaded from another bundle \
            (`bundle:`) are not checked.
            """,
        source: """
            Apple, Managing assets with asset catalogs <https://developer.apple.com/documentation/xcode/managing-assets-with-asset-catalogs>; \
            Apple, Creating a widget extension <https://developer.apple.com/documentation/widgetkit/creating-a-widget-extension>
            """,
        premise: Premise("""
            A widget extension loads `Image("…")` and `Color("…")` assets from its own bundle's catalogs, not the \
            app's, so an asset only the app's catalog holds shows as nothing in the widget or Live Activity.
            """, .inferred),
        requires: [.targets, .resources],
        triggeringExamples: [
            RuleExample.widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                            HStack {
                                ↓Image("Logo")
                                Text(entry.title).foregroundStyle(↓Color("Brand"))
                            }
                            .containerBackground(.fill, for: .widget)
                        }
                    }
                }
                """).with("Widgets") { $0.images = ["Header": (width: 300, height: 100, scale: 3)] }
                .with("App") { $0.images = ["Logo": (width: 90, height: 90, scale: 3)]; $0.colors = ["Brand"] },
        ],
        nonTriggeringExamples: [
            // The extension's own `Color.init(_ hex: String)` takes the string: it is a hex value, not an asset name.
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                                Text(entry.title).foregroundStyle(Color("#007AFF")).containerBackground(.fill, for: .widget)
                            }
                        }
                    }
                    """),
                .widget("""
                    extension Color {
                        init(_ hex: String) {
                            let value = UInt64(hex.dropFirst(), radix: 16) ?? 0
                            self.init(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255, blue: Double(value & 0xFF) / 255)
                        }
                    }
                    """, name: "Color+Hex.swift"),
            ]),
            RuleExample.widget("""
                struct SummaryWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                            HStack {
                                Image("Logo")
                                Image(systemName: "star")
                                Image("PackageIcon", bundle: .module)
                                Text(entry.title).foregroundStyle(Color("Brand"))
                            }
                            .containerBackground(.fill, for: .widget)
                        }
                    }
                }
                """).with("Widgets") { $0.images = ["Logo": (width: 90, height: 90, scale: 3)]; $0.colors = ["Brand"] },
            // `Bool.random()` is the standard library's: the project's own `random()` of another type, which loads a
            // sample image only the app has, is not what the widget runs.
            RuleExample(files: [
                .widget("""
                    struct SummaryWidget: Widget {
                        var body: some WidgetConfiguration {
                            StaticConfiguration(kind: "summary", provider: SummaryProvider()) { entry in
                                Text(Bool.random() ? "Hello" : "Hi").containerBackground(.fill, for: .widget)
                            }
                        }
                    }
                    """),
                .shared("""
                    extension SampleData {
                        static func random() -> SampleData { SampleData(image: UIImage(named: "PreviewPhoto")) }
                    }
                    """),
            ]).with("App") { $0.images = ["PreviewPhoto": (width: 90, height: 90, scale: 3)] },
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        var trees: [(String, ViewTree, [Target])] = model.widgets.filter { $0.configuration != .activityConfiguration }
            .map { ("widget \($0.typeName)", $0.content, $0.targets) }
        for activity in model.liveActivities {
            trees += activity.presentations.all.map { ("the \(activity.attributes) Live Activity", $0.tree, activity.targets) }
        }
        for (owner, tree, targets) in trees {
            for target in targets where model.isWidgetExtension(target) {
                let catalogs = model.project.catalogs(of: target)
                let images = Set(catalogs.flatMap(\.imageNames))
                let colors = catalogs.reduce(into: Set<String>()) { $0.formUnion($1.colors) }
                let looseImages = Set(target.resourceImages.map { ($0.lastPathComponent as NSString).deletingPathExtension.replacingOccurrences(of: "@2x", with: "").replacingOccurrences(of: "@3x", with: "") })
                for scoped in tree.calls {
                    guard let (kind, name, location) = assetReference(scoped.call) else { continue }
                    // `Color("#007AFF")` calling the project's `extension Color { init(_ hex: String) }`: no asset.
                    if scoped.call.arguments.first?.label == nil, shadows(scoped.call.name, in: target, context.resolver) { continue }
                    let found = kind == "color" ? colors.contains(name) : (images.contains(name) || looseImages.contains(name))
                    guard !found else { continue }
                    context.report(location, "\(kind) asset \"\(name)\" used by \(owner) is not in any asset catalog of extension '\(target.name)'; the extension cannot load assets from the app's bundle, so it renders nothing (Glance infers this from Apple's documentation). Add it to a catalog in '\(target.name)'.", target: target)
                }
            }
        }
    }

    /// `shadows(_:in:_:)`'s answers in this run, by type and target.
    private final class Answers: @unchecked Sendable { var value: [String: Bool] = [:] }
    private let shadowing = Answers()

    /// Whether code the target compiles declares an initializer of `type` that an unlabeled string calls instead of
    /// the asset initializer (`extension Color { init(_ hex: String) }`: Swift picks it over `init(_:bundle:)`,
    /// which needs its default argument).
    private func shadows(_ type: String, in target: Target, _ resolver: Resolver) -> Bool {
        let key = type + "|" + target.id
        if let known = shadowing.value[key] { return known }
        let found = resolver.index.extensions(of: type, in: { path in resolver.targets(ofFile: path).contains { $0.id == target.id } })
            .flatMap(\.members).contains { member in
                member.kind == .initializer && member.parameters.first?.label == "_"
                    && member.parameters.first?.type.map(TypeName.base) == "String" && member.parameters.dropFirst().allSatisfy { $0.defaultValue != nil }
            }
        shadowing.value[key] = found
        return found
    }

    /// `Image("x")`, `Image(decorative: "x")`, `UIImage(named: "x")`, `Color("x")` without a `bundle:` argument.
    private func assetReference(_ call: Call) -> (String, String, SourceLocation)? {
        guard call.argument("bundle") == nil, call.argument("in") == nil else { return nil }
        switch call.name {
        case "Image":
            if let name = (call.arguments.first { $0.label == nil || $0.label == "decorative" })?.value.stringValue { return ("image", name, call.location) }
        case "UIImage":
            if let name = call.argument("named")?.stringValue { return ("image", name, call.location) }
        case "Color":
            if let first = call.arguments.first, first.label == nil, let name = first.value.stringValue { return ("color", name, call.location) }
        default:
            break
        }
        return nil
    }
}

import Foundation
