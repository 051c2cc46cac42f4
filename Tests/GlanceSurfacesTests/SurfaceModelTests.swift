import Testing
import GlanceProject
import GlanceSourceIndex
@testable import GlanceSurfaces

/// The surface model built from in-memory sources in one widget-extension target.
func model(_ sources: [String: String], platform: Platform = .iOS) -> SurfaceModel {
    let target = Target(id: "W", name: "Widgets", productType: nil, kind: .widgetExtension, kindReason: "test", platforms: [platform],
                        sources: sources.keys.sorted(), assetCatalogs: [], configurations: [], defaultConfigurationName: nil,
                        dependencies: [], embeds: [], projectPath: nil)
    let project = ProjectModel(root: "/p", projectFiles: [], targets: [target], unassignedSources: [], isLooseSources: false, notes: [])
    return SurfaceModel.build(project: project, index: SourceIndex(sources: sources))
}

struct SurfaceModelTests {
    @Test func kindsResolveThroughConstantsAndRawValues() {
        let surfaces = model([
            "/p/A.swift": """
                struct A: Widget {
                    static let kind = Kinds.prefix + ".a"
                    var body: some WidgetConfiguration { StaticConfiguration(kind: Self.kind, provider: P()) { _ in Text("") } }
                }
                struct B: Widget {
                    var body: some WidgetConfiguration { StaticConfiguration(kind: WidgetKind.b.rawValue, provider: P()) { _ in Text("") } }
                }
                struct C: ControlWidget {
                    var body: some ControlWidgetConfiguration { StaticControlConfiguration(kind: "\\(Kinds.prefix).c") { ControlWidgetButton(action: I()) { Text("") } } }
                }
                """,
            "/p/Kinds.swift": """
                enum Kinds { static let prefix = "com.example" }
                enum WidgetKind: String { case b }
                """,
        ])
        #expect(surfaces.widgets.map { $0.kind?.known } == ["com.example.a", "b"])
        #expect(surfaces.controls.map { $0.kind?.known } == ["com.example.c"])
    }

    @Test func conformanceThroughProjectProtocols() {
        let surfaces = model([
            "/p/Base.swift": "protocol ForegroundAction: AppIntent {}\nprotocol Opener: ForegroundAction {}",
            "/p/I.swift": "struct Go: Opener { static let openAppWhenRun = true; func perform() async throws -> some IntentResult { .result() } }",
        ])
        let intent = surfaces.intents.first
        #expect(intent?.typeName == "Go")
        #expect(intent?.conformances.isSuperset(of: ["Opener", "ForegroundAction", "AppIntent"]) == true)
        #expect(intent?.opensApp(in: surfaces.project.targets.first) == true)
    }

    /// `protocol LockScreenWidget where Self: Widget`: types adopting it are widgets.
    @Test func conformanceThroughSelfRequirements() {
        let surfaces = model([
            "/p/P.swift": "protocol LockScreenWidget where Self: Widget { var kind: String { get } }",
            "/p/W.swift": """
                struct Clock: LockScreenWidget {
                    let kind = "clock"
                    var body: some WidgetConfiguration { StaticConfiguration(kind: kind, provider: P()) { _ in Text("") } }
                }
                """,
        ])
        #expect(surfaces.widgets.map(\.typeName) == ["Clock"])
    }

    @Test func liveActivityPresentationsAndContentState() throws {
        let surfaces = model([
            "/p/LA.swift": """
                struct OrderActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: OrderAttributes.self) { context in
                            LockView(context: context)
                        } dynamicIsland: { context in
                            DynamicIsland {
                                DynamicIslandExpandedRegion(.leading) { Text("L") }
                                DynamicIslandExpandedRegion(.bottom) { Link(destination: u) { Text("B") } }
                            } compactLeading: { Text("CL") } compactTrailing: { Text("CT") } minimal: { Text("M") }
                            .widgetURL(URL(string: "app://order"))
                        }
                        .supplementalActivityFamilies([.small])
                    }
                }
                struct LockView: View { let context: ActivityViewContext<OrderAttributes>; var body: some View { Text(context.isStale ? "old" : "new") } }
                """,
            "/p/Attributes.swift": """
                struct OrderAttributes: ActivityAttributes {
                    struct ContentState: Codable, Hashable { var eta: Date; var driver: String? }
                    var orderID: Int
                }
                """,
        ])
        let activity = try #require(surfaces.liveActivities.first)
        #expect(activity.attributes == "OrderAttributes")
        #expect(activity.contentState.map(\.name) == ["eta", "driver"])
        #expect(activity.attributeProperties.map(\.name) == ["orderID"])
        #expect(activity.presentations.all.map(\.name) == ["lockScreen", "expanded.leading", "expanded.bottom", "compactLeading", "compactTrailing", "minimal"])
        #expect(activity.presentations.dynamicIslandModifiers.map(\.name) == ["widgetURL"])
        #expect(activity.modifier("supplementalActivityFamilies") != nil)
        // The Lock Screen view is followed into LockView, in another declaration.
        #expect(activity.presentations.lockScreen.reachedTypes == ["LockView", "OrderActivity"])
        #expect(surfaces.deepLinks.map { "\($0.source.rawValue) \($0.presentation ?? "")" } == ["Link expanded.bottom", "widgetURL dynamicIsland"])
    }

    @Test func viewTreeCountsAlternativesOnce() throws {
        let surfaces = model([
            "/p/W.swift": """
                struct W: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: "w", provider: P()) { e in V(e: e) } } }
                struct V: View {
                    var body: some View {
                        VStack {
                            header.widgetURL(a)
                            if e.big { Text("").widgetURL(b) } else { Text("").widgetURL(c) }
                        }
                    }
                    var header: some View { Text("").widgetURL(d) }
                }
                """,
        ])
        let tree = try #require(surfaces.widgets.first).content
        #expect(tree.maxCount { $0.name == "widgetURL" } == 3)
        #expect(tree.calls(named: "widgetURL").count == 4)
    }

}
