import Testing
import GlanceProject
import GlanceSourceIndex
@testable import GlanceSurfaces

/// Kinds found on public apps no one on the project had used (round 3 of measuring precision and recall).
struct ModelKindsRound3Tests {
    /// One view draws every Dynamic Island region and switches on the region it is given: each region's tree
    /// holds only the case its instantiation names (`default` when none does).
    @Test func anEnumCasePassedToAViewChoosesTheCaseOfItsSwitch() throws {
        let surfaces = model([
            "/p/Island.swift": """
                struct IslandPart: View {
                    enum Slot { case center, compact, other }
                    let context: ActivityViewContext<PinAttributes>
                    let slot: Slot
                    var body: some View {
                        switch slot {
                        case .center: Link(destination: URL(string: "https://example.com/x")!) { Image("Big") }
                        case .compact: Image(systemName: "pin")
                        default: Text("other")
                        }
                    }
                }
                struct PinActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: PinAttributes.self) { _ in Text("lock") } dynamicIsland: { context in
                            DynamicIsland {
                                DynamicIslandExpandedRegion(.center) { IslandPart(context: context, slot: .center) }
                                DynamicIslandExpandedRegion(.bottom) { IslandPart(context: context, slot: .other) }
                            } compactLeading: { IslandPart(context: context, slot: .compact) }
                              compactTrailing: { IslandPart(context: context, slot: .compact) }
                              minimal: { IslandPart(context: context, slot: .compact) }
                        }
                    }
                }
                """,
        ])
        let activity = try #require(surfaces.liveActivities.first)
        let center = try #require(activity.presentations.expanded.first { $0.region == "center" }?.tree)
        let bottom = try #require(activity.presentations.expanded.first { $0.region == "bottom" }?.tree)
        #expect(center.calls(named: "Link").count == 1)
        #expect(center.calls(named: "Image").count == 1)
        #expect(bottom.calls(named: "Link").isEmpty && bottom.calls(named: "Text").count == 1)
        for tree in [activity.presentations.compactLeading, activity.presentations.compactTrailing, activity.presentations.minimal] {
            let tree = try #require(tree)
            #expect(tree.calls(named: "Link").isEmpty)
            #expect(tree.calls(named: "Image").map { $0.call.argument("systemName")?.stringValue } == ["pin"])
        }
    }

    /// Without an enum case at the instantiation (a value computed elsewhere), every case stays reachable.
    @Test func aComputedArgumentKeepsEveryCase() throws {
        let surfaces = model([
            "/p/Island.swift": """
                struct IslandPart: View {
                    let slot: Slot
                    var body: some View {
                        switch slot {
                        case .center: Link(destination: URL(string: "https://example.com/x")!) { Text("x") }
                        case .compact: Image(systemName: "pin")
                        }
                    }
                }
                struct PinActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: PinAttributes.self) { _ in Text("lock") } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("c") } }
                              compactLeading: { IslandPart(slot: context.state.slot) } compactTrailing: { Text("t") } minimal: { Text("m") }
                        }
                    }
                }
                """,
        ])
        let activity = try #require(surfaces.liveActivities.first)
        #expect(try #require(activity.presentations.compactLeading).calls(named: "Link").count == 1)
    }

    /// A name declared once per `#if os(…)` clause holds, in each target, the value that target's build compiles;
    /// without a build to ask, the value is unknown unless the clauses agree.
    @Test func constantsUnderIfHoldTheirBuildsValue() throws {
        let constants = """
            enum Shared {
                #if os(iOS)
                static let appGroupID = "group.com.example.ios"
                #elseif os(macOS)
                static let appGroupID = "group.com.example.mac"
                #endif
                #if DEBUG
                static let same = "group.com.example"
                #else
                static let same = "group.com.example"
                #endif
            }
            """
        let ios = Target(id: "I", name: "iOSWidgets", productType: nil, kind: .widgetExtension, kindReason: "test", platforms: [.iOS],
                         sources: ["/p/Shared.swift", "/p/Probe.swift"], assetCatalogs: [], configurations: [], defaultConfigurationName: nil,
                         dependencies: [], embeds: [], projectPath: nil)
        let mac = Target(id: "M", name: "MacWidgets", productType: nil, kind: .widgetExtension, kindReason: "test", platforms: [.macOS],
                         sources: ["/p/Shared.swift", "/p/Probe.swift"], assetCatalogs: [], configurations: [], defaultConfigurationName: nil,
                         dependencies: [], embeds: [], projectPath: nil)
        let sources = ["/p/Shared.swift": constants, "/p/Probe.swift": "let probe = Shared.appGroupID\nlet agreed = Shared.same"]
        let project = ProjectModel(root: "/p", projectFiles: [], targets: [ios, mac], unassignedSources: [], isLooseSources: false, notes: [])
        let surfaces = SurfaceModel.build(project: project, index: SourceIndex(sources: sources))
        let probe = try #require(surfaces.index.file("/p/Probe.swift")?.globals.first { $0.name == "probe" }?.initializer)
        let agreed = try #require(surfaces.index.file("/p/Probe.swift")?.globals.first { $0.name == "agreed" }?.initializer)
        let evaluator = StringEvaluator(resolver: surfaces.resolver)
        let value = { (target: Target, expr: Expr) in
            evaluator.value(of: expr, context: nil, in: StringEnvironment(bundleIdentifier: nil, infoPlist: [:], build: (target, "Release")))
        }
        #expect(value(ios, probe) == "group.com.example.ios")
        #expect(value(mac, probe) == "group.com.example.mac")
        #expect(evaluator.value(of: probe, context: nil, in: StringEnvironment(bundleIdentifier: nil, infoPlist: [:])) == nil)
        #expect(surfaces.resolver.stringValue(probe, context: nil) == nil)
        #expect(surfaces.resolver.stringValue(agreed, context: nil) == "group.com.example")
        #expect(value(ios, agreed) == "group.com.example")
    }
}
