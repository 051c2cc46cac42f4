import Foundation
import GlanceProject
import GlanceRules
import GlanceSourceIndex
import GlanceSurfaces

/// The surface map of `glance surfaces --format dot|mermaid`: one graph, printed by `SurfaceMapPrinter` as
/// Graphviz DOT or Mermaid with the same nodes and edges.
///
/// - Groups: one per app, extension or watch app (and any other target that ships a surface), nested inside the
///   first app that embeds it, so the picture shows what is installed with what.
/// - Nodes in a group: its widgets, controls and Live Activities (those its `@main` bundle registers; a widget or
///   control it compiles without registering is drawn dashed, "not registered"), its alarms, the intents they run,
///   and its app's URL handler when a deep link leads there. A target with none of these gets one note node.
/// - Intents sit in the group of the process that runs them: the extension's, or — for an intent that runs in the
///   app (an `OpenIntent`, `openAppWhenRun`, a `LiveActivityIntent`, …; `IntentSurface.runsInApp`) — the app that
///   embeds the extension. An intent whose file the target of that process does not compile is drawn dashed.
/// - Edges: surface → intent it runs (`runsInApp` edges dashed, labelled "runs in app"), surface → the app's URL
///   handler (labelled with the URLs), a target's "App Groups" entitlements node — each App Group node it lists (in
///   any build configuration); App Group nodes sit outside the groups, so one that two targets list is shared.
/// - Findings: each violation is counted on the node whose declaration comes last at or before the finding's line
///   in the finding's file (the surface's type, a Live Activity's `ActivityConfiguration` or attributes type, an
///   alarm's configuration, an intent's type); otherwise on its target's group; otherwise in the graph's title.
///   Where several nodes share that place (one widget registered by two extensions), those in the finding's target
///   are chosen when there are any.
///
/// Ids are given in the order things are added (targets in the project's order, then surfaces by kind in the
/// model's order), so the output is deterministic.
public struct SurfaceMap: Sendable {
    public enum NodeKind: String, Sendable, CaseIterable {
        case widget, control, liveActivity, alarm, intent, urlHandler, entitlements, appGroup, note
    }

    public struct Counts: Sendable, Equatable {
        public var errors = 0
        public var warnings = 0
        public var isEmpty: Bool { errors == 0 && warnings == 0 }

        mutating func add(_ violation: Violation) {
            if violation.severity == .error { errors += 1 } else { warnings += 1 }
        }

        /// `2 errors, 1 warning`.
        public var text: String {
            func count(_ number: Int, _ noun: String) -> String? { number == 0 ? nil : "\(number) \(noun)\(number == 1 ? "" : "s")" }
            return [count(errors, "error"), count(warnings, "warning")].compactMap { $0 }.joined(separator: ", ")
        }
    }

    public struct Node: Sendable {
        public let id: String
        public let kind: NodeKind
        /// The name (first line) and what it is (second line); the printers add the findings' count.
        public let name: String
        public let detail: String
        /// Compiled without being registered, or placed in a process whose target does not compile it.
        public let isDashed: Bool
        public internal(set) var findings = Counts()
    }

    public struct Group: Sendable {
        public let id: String
        public let name: String
        /// `app · iOS`.
        public let detail: String
        /// Findings about the target that concern none of its nodes.
        public internal(set) var findings = Counts()
        public internal(set) var nodes: [String] = []
        public internal(set) var groups: [String] = []
    }

    public struct Edge: Sendable {
        public enum Style: String, Sendable { case runs, runsInApp, deepLink, appGroup }
        public let from: String
        public let to: String
        public let style: Style
        /// Lines of the label (empty: none).
        public let label: [String]
    }

    /// What the project is: its project files (`CommonMistakes.xcodeproj`), or the folder's name and
    /// `(no Xcode project)`.
    public let title: String
    public let nodes: [Node]
    public let groups: [Group]
    /// Ids of the groups no other group holds, in order.
    public let topGroups: [String]
    /// Nodes outside any group (App Groups), in order.
    public let looseNodes: [String]
    public let edges: [Edge]
    /// Findings placed on no node and no group.
    public let unplaced: Counts
    /// All findings.
    public let total: Counts

    private let nodePositions: [String: Int]
    private let groupPositions: [String: Int]

    init(title: String, nodes: [Node], groups: [Group], topGroups: [String], looseNodes: [String], edges: [Edge], unplaced: Counts, total: Counts) {
        self.title = title
        self.nodes = nodes
        self.groups = groups
        self.topGroups = topGroups
        self.looseNodes = looseNodes
        self.edges = edges
        self.unplaced = unplaced
        self.total = total
        nodePositions = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
        groupPositions = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($1.id, $0) })
    }

    public func node(_ id: String) -> Node? { nodePositions[id].map { nodes[$0] } }
    public func group(_ id: String) -> Group? { groupPositions[id].map { groups[$0] } }

    /// Builds the map of a model, with the findings of a lint of it (paths relative to the lint root).
    public static func build(_ model: SurfaceModel, violations: [Violation]) -> SurfaceMap {
        var builder = SurfaceMapBuilder(model: model)
        builder.build()
        builder.place(violations)
        let folder = (model.project.root as NSString).lastPathComponent
        return builder.map(title: model.project.isLooseSources ? "\(folder) (no Xcode project)" : model.project.projectFiles.joined(separator: ", "),
                           violations: violations)
    }
}

/// Collects `SurfaceMap`'s groups, nodes and edges from a model.
private struct SurfaceMapBuilder {
    let model: SurfaceModel
    var nodes: [SurfaceMap.Node] = []
    var nodeIndex: [String: Int] = [:]
    var groups: [SurfaceMap.Group] = []
    var groupIndex: [String: Int] = [:]          // target id → position in `groups`
    var looseNodes: [String] = []
    var edges: [SurfaceMap.Edge] = []
    var edgeIndex: [String: Int] = [:]           // "from\0to" → position in `edges`
    /// Places findings are matched against: file (relative), line, node id, the target of the node's group.
    var anchors: [String: [(line: Int, node: String, target: String)]] = [:]
    /// Surface nodes by kind, name and target id.
    var surfaceNodes: [String: [String]] = [:]
    var intentNodes: [String: String] = [:]      // "process target id\0intent" → node id
    var handlerNodes: [String: String] = [:]     // app target id → node id
    var appGroupNodes: [String: String] = [:]    // App Group id → node id
    var unplaced = SurfaceMap.Counts()
    /// Group position → the position of the group it is nested in.
    var parent: [Int: Int] = [:]

    init(model: SurfaceModel) { self.model = model }

    // MARK: groups

    /// Apps, extensions, watch apps and targets of unknown kind are always shown; other targets only when they ship
    /// something.
    static func isShown(_ kind: TargetKind) -> Bool { kind.isApp || kind.isExtension || kind == .unknown }

    mutating func group(for target: Target) -> Int {
        if let index = groupIndex[target.id] { return index }
        let surface = model.surface(of: target)
        let kind = surface?.kind ?? target.kind
        let platforms = target.platforms.map(\.displayName).joined(separator: ", ")
        let detail = [kind.rawValue, platforms].filter { !$0.isEmpty }.joined(separator: " · ")
        groups.append(SurfaceMap.Group(id: "t\(groups.count + 1)", name: target.name, detail: detail))
        groupIndex[target.id] = groups.count - 1
        return groups.count - 1
    }

    /// The app a target's surfaces belong to: the target itself when it is an app, else the first app that embeds
    /// it (directly, or through a watch app or extension that is embedded in turn).
    func app(of target: Target) -> Target? {
        var current = target
        var seen: Set<String> = []
        while seen.insert(current.id).inserted {
            if model.kind(of: current).isApp { return current }
            guard let host = model.project.hosts(of: current).first?.host else { return nil }
            current = host
        }
        return nil
    }

    // MARK: nodes

    mutating func addNode(_ kind: SurfaceMap.NodeKind, name: String, detail: String, dashed: Bool = false, in target: Target?,
                          at locations: [SourceLocation] = []) -> String {
        let id = "n\(nodes.count + 1)"
        nodes.append(SurfaceMap.Node(id: id, kind: kind, name: name, detail: detail, isDashed: dashed))
        nodeIndex[id] = nodes.count - 1
        if let target {
            let index = group(for: target)
            groups[index].nodes.append(id)
            for location in locations {
                anchors[model.relativePath(location.file), default: []].append((location.line, id, target.name))
            }
        } else {
            looseNodes.append(id)
        }
        return id
    }

    static func key(_ kind: SurfaceMap.NodeKind, _ name: String, _ target: Target) -> String { "\(kind.rawValue)\u{0}\(name)\u{0}\(target.id)" }

    mutating func addSurface(_ kind: SurfaceMap.NodeKind, name: String, detail: String, dashed: Bool = false, in target: Target, at locations: [SourceLocation]) {
        let id = addNode(kind, name: name, detail: detail, dashed: dashed, in: target, at: locations)
        if !dashed { surfaceNodes[Self.key(kind, name, target), default: []].append(id) }
    }

    func surfaces(_ kind: SurfaceMap.NodeKind, _ name: String, in targets: [Target]) -> [(node: String, target: Target)] {
        targets.flatMap { target in (surfaceNodes[Self.key(kind, name, target)] ?? []).map { ($0, target) } }
    }

    mutating func build() {
        for surface in model.targets where Self.isShown(surface.kind) { _ = group(for: surface.target) }
        nest()
        for control in model.controls {
            let detail = "control" + (control.template.map { $0 == .toggle ? " · toggle" : " · button" } ?? "")
            for target in control.targets { addSurface(.control, name: control.typeName, detail: detail, in: target, at: [control.location]) }
            for target in Self.unregistered(control.compiledTargets, shipping: control.targets, model: model) {
                addSurface(.control, name: control.typeName, detail: "control · not registered", dashed: true, in: target, at: [control.location])
            }
        }
        for widget in model.widgets where widget.configuration != .activityConfiguration {
            for target in widget.targets { addSurface(.widget, name: widget.typeName, detail: "widget", in: target, at: [widget.location]) }
            for target in Self.unregistered(widget.compiledTargets, shipping: widget.targets, model: model) {
                addSurface(.widget, name: widget.typeName, detail: "widget · not registered", dashed: true, in: target, at: [widget.location])
            }
        }
        for activity in model.liveActivities {
            let locations = [activity.widget.location, activity.location] + (activity.attributesType.map { [$0.location] } ?? [])
            for target in activity.targets {
                addSurface(.liveActivity, name: activity.attributes, detail: activity.isAlarm ? "Live Activity · alarm" : "Live Activity",
                           in: target, at: locations)
            }
        }
        var alarmNodes: [(node: String, alarm: AlarmSurface, target: Target)] = []
        for alarm in model.alarms where !alarm.isPreviewOrMock {
            let place = "\((alarm.location.file as NSString).lastPathComponent):\(alarm.location.line)"
            let detail = (["alarm"] + (alarm.presentations.isEmpty ? [] : [alarm.presentations.joined(separator: ", ")])).joined(separator: " · ")
            for target in alarm.targets {
                let id = addNode(.alarm, name: alarm.metadata.map { "\(place) (\($0))" } ?? place, detail: detail, in: target, at: [alarm.location])
                alarmNodes.append((id, alarm, target))
            }
        }
        // What surfaces run.
        for use in model.intentUses where use.site != .alarm {
            let kind: SurfaceMap.NodeKind = use.site == .control ? .control : use.site == .widgetButton ? .widget : .liveActivity
            for (node, target) in surfaces(kind, use.owner, in: use.targets) {
                run(use.intent, declaredBy: model.intent(of: use), from: node, in: target)
            }
        }
        for (node, alarm, target) in alarmNodes {
            for name in [alarm.stopIntent, alarm.secondaryIntent].compactMap({ $0 }) {
                run(name, declaredBy: model.intent(named: name, from: alarm.location.file), from: node, in: target)
            }
        }
        // Where deep links lead.
        for link in model.deepLinks {
            let owners: [(node: String, target: Target)]
            switch link.surface {
            case .widget: owners = surfaces(.widget, link.owner, in: link.targets)
            case .control: owners = surfaces(.control, link.owner, in: link.targets)
            case .liveActivity: owners = surfaces(.liveActivity, link.owner, in: link.targets)
            case .intent:
                // The intent's nodes (one per process that runs it), in the order they were added.
                let intents = intentNodes.filter { $0.key.hasSuffix("\u{0}" + link.owner) }.map(\.value).sorted { nodeIndex[$0]! < nodeIndex[$1]! }
                owners = link.targets.flatMap { target in intents.map { ($0, target) } }
            }
            let url = link.url ?? (link.urlPrefix.map { $0 + "…" } ?? "(URL not known)")
            var seen: Set<String> = []
            for (node, target) in owners where seen.insert(node).inserted {
                guard let app = app(of: target) else { continue }
                connect(node, handler(of: app), style: .deepLink, label: url)
            }
        }
        // App Groups, from the entitlements of the targets shown.
        for surface in model.targets where groupIndex[surface.id] != nil {
            let entitled = Set(surface.target.configurations.flatMap { $0.appGroups ?? [] })
            guard !entitled.isEmpty else { continue }
            let anchor = addNode(.entitlements, name: "App Groups", detail: "entitlements", in: surface.target)
            for identifier in entitled.sorted() {
                let node = appGroupNodes[identifier] ?? addNode(.appGroup, name: identifier, detail: "App Group", in: nil)
                appGroupNodes[identifier] = node
                connect(anchor, node, style: .appGroup, label: nil)
            }
        }
        // Something in every group, so it is drawn.
        for index in groups.indices where groups[index].nodes.isEmpty && groups[index].groups.isEmpty {
            let target = model.project.targets.first { groupIndex[$0.id] == index }
            let files = target?.sources.count ?? 0
            _ = addNode(.note, name: "no glanceable surfaces", detail: "\(files) Swift file\(files == 1 ? "" : "s")", in: target)
        }
    }

    /// Widget extensions that compile a widget or control without registering it.
    static func unregistered(_ compiled: [Target], shipping: [Target], model: SurfaceModel) -> [Target] {
        compiled.filter { target in model.kind(of: target) == .widgetExtension && !shipping.contains { $0.id == target.id } }
    }

    /// Adds the edge from a surface to the intent it runs, in the process that runs it.
    mutating func run(_ name: String, declaredBy intent: IntentSurface?, from node: String, in target: Target) {
        let inApp = intent?.runsInApp(in: target, platform: target.platforms.first) == true
        let process = inApp && !model.kind(of: target).isApp ? (app(of: target) ?? target) : target
        let key = "\(process.id)\u{0}\(name)"
        let id: String
        if let existing = intentNodes[key] {
            id = existing
        } else {
            let compiled = intent?.targets.contains { $0.id == process.id } ?? true
            let detail = intent == nil ? "intent · not declared in the project" : compiled ? "intent" : "intent · file not in \(process.name)"
            id = addNode(.intent, name: name, detail: detail, dashed: !compiled, in: process, at: intent.map { [$0.location] } ?? [])
            intentNodes[key] = id
        }
        connect(node, id, style: inApp ? .runsInApp : .runs, label: inApp ? "runs in app" : nil)
    }

    mutating func handler(of app: Target) -> String {
        if let existing = handlerNodes[app.id] { return existing }
        let kinds = model.urlHandlers.filter { $0.handlesURLs && $0.targets.contains { $0.id == app.id } }.map(\.kind.rawValue)
        var unique: [String] = []
        for kind in kinds where !unique.contains(kind) { unique.append(kind) }
        let id = addNode(.urlHandler, name: unique.isEmpty ? "no URL handler" : unique.joined(separator: ", "), detail: "URL handler", in: app)
        handlerNodes[app.id] = id
        return id
    }

    /// One edge per pair: a second URL from the same surface to the same handler joins the label.
    mutating func connect(_ from: String, _ to: String, style: SurfaceMap.Edge.Style, label: String?) {
        let key = "\(from)\u{0}\(to)"
        if let index = edgeIndex[key] {
            let old = edges[index]
            if let label, !old.label.contains(label) {
                edges[index] = SurfaceMap.Edge(from: from, to: to, style: old.style, label: (old.label + [label]).sorted())
            }
            return
        }
        edgeIndex[key] = edges.count
        edges.append(SurfaceMap.Edge(from: from, to: to, style: style, label: label.map { [$0] } ?? []))
    }

    // MARK: findings

    mutating func place(_ violations: [Violation]) {
        for violation in violations {
            let before = (anchors[violation.file] ?? []).filter { $0.line <= violation.line }
            if let line = before.map(\.line).max() {
                let here = before.filter { $0.line == line }
                let inTarget = here.filter { $0.target == violation.target }
                for anchor in (inTarget.isEmpty ? here : inTarget) {
                    nodes[nodeIndex[anchor.node]!].findings.add(violation)
                }
            } else if let index = groupOfFinding(violation) {
                groups[index].findings.add(violation)
            } else {
                unplaced.add(violation)
            }
        }
    }

    /// The group of the finding's target when it names one that is shown, else of the first target shown that
    /// compiles the finding's file.
    func groupOfFinding(_ violation: Violation) -> Int? {
        if let name = violation.target, let target = model.project.targets.first(where: { $0.name == name }), let index = groupIndex[target.id] {
            return index
        }
        return model.project.targets.lazy.filter { target in target.sources.contains { model.relativePath($0) == violation.file } }
            .compactMap { groupIndex[$0.id] }.first
    }

    // MARK: nesting

    /// Nests each group in the group of the first target that embeds it (watch widgets in the watch app, which sits
    /// in the iPhone app); a group whose hosts are not shown, or that would hold itself, stays on top.
    mutating func nest() {
        let positions = groupIndex
        for target in model.project.targets {
            guard let index = positions[target.id],
                  let host = model.project.hosts(of: target).compactMap({ positions[$0.host.id] }).first(where: { $0 != index }) else { continue }
            var ancestor: Int? = host
            var cycle = false
            while let current = ancestor { if current == index { cycle = true; break }; ancestor = parent[current] }
            if !cycle { parent[index] = host }
        }
        for index in groups.indices { if let host = parent[index] { groups[host].groups.append(groups[index].id) } }
    }

    // MARK: result

    func map(title: String, violations: [Violation]) -> SurfaceMap {
        var total = SurfaceMap.Counts()
        for violation in violations { total.add(violation) }
        return SurfaceMap(title: title, nodes: nodes, groups: groups, topGroups: groups.indices.filter { parent[$0] == nil }.map { groups[$0].id },
                          looseNodes: looseNodes, edges: edges, unplaced: unplaced, total: total)
    }
}
