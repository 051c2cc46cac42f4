import GlanceSurfaces

/// Prints a `SurfaceMap` as Graphviz DOT (`dot`) or as a Mermaid flowchart (`mermaid`): the same groups, nodes
/// (ids, names, kinds) and edges (ends, labels) in both.
///
/// Text from the project (target, type and App Group names, URLs) goes through `OutputText.escaped` first, so no
/// control or bidirectional character reaches the output, then through the format's own escaping: DOT's quoted
/// strings (`\"`, `\\`); Mermaid's entity codes (`#34;` for `"`, `#35;` for `#`, `#60;` `#62;` `#38;` for `<` `>`
/// `&`, `#96;` for a backquote, `#124;` for `|`), so a name cannot end a label (or an edge's `|…|`), start HTML or a
/// Markdown string. Every other
/// character, non-ASCII ones included, is printed as it is (both formats are UTF-8).
///
/// Colours: each kind of node has its fill; a node or group with findings gets a red outline when one is an
/// error, orange otherwise, and a last line with the count (`2 errors, 1 warning`).
public enum SurfaceMapPrinter {
    static let fills: [SurfaceMap.NodeKind: String] = [
        .widget: "#E3F2FD", .control: "#E8F5E9", .liveActivity: "#F3E5F5", .alarm: "#FFF8E1", .intent: "#FFFFFF",
        .urlHandler: "#ECEFF1", .entitlements: "#E0F7FA", .appGroup: "#E0F7FA", .note: "#FAFAFA",
    ]
    static let errorColour = "#C62828", warningColour = "#EF6C00", plainColour = "#78909C", linkColour = "#1565C0", groupColour = "#00838F"

    static func outline(_ counts: SurfaceMap.Counts) -> String {
        counts.errors > 0 ? errorColour : counts.warnings > 0 ? warningColour : plainColour
    }

    /// A node's or group's lines: name, what it is, the findings' count when there are some.
    static func lines(name: String, detail: String, findings: SurfaceMap.Counts) -> [String] {
        [name, detail] + (findings.isEmpty ? [] : [findings.text])
    }

    static func title(_ map: SurfaceMap) -> String {
        var title = "\(map.title): what ships where"
        if !map.total.isEmpty {
            title += " (glance lint: \(map.total.text)"
            title += map.unplaced.isEmpty ? ")" : "; \(map.unplaced.text) on no target)"
        }
        return title
    }

    // MARK: DOT

    /// `"…"` for DOT: backslashes and double quotes escaped, lines joined with `\n`.
    public static func dotString(_ lines: [String]) -> String {
        "\"" + lines.map { OutputText.escaped($0).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") }
            .joined(separator: "\\n") + "\""
    }

    public static func dot(_ map: SurfaceMap) -> String {
        var out = "digraph surfaces {\n"
        out += "  graph [rankdir=LR, newrank=true, nodesep=0.2, ranksep=0.5, fontname=\"DejaVu Sans\", fontsize=12, labelloc=t, labeljust=l,\n"
        out += "         label=\(dotString([title(map), "arrow: runs (dashed: in the app's process) · blue: deep link · dotted: App Group entitlement", "dashed outline: compiled but not registered, or not in that target · red/orange: lint findings"]))];\n"
        out += "  node [fontname=\"DejaVu Sans\", fontsize=10, shape=box, style=\"rounded,filled\", penwidth=1.2];\n"
        out += "  edge [fontname=\"DejaVu Sans\", fontsize=9, color=\"#546E7A\", arrowsize=0.7];\n"
        func node(_ id: String, indent: String) {
            guard let node = map.node(id) else { return }
            let shape: String
            switch node.kind {
            case .widget, .control, .liveActivity: shape = "box"
            case .alarm: shape = "hexagon"
            case .intent: shape = "ellipse"
            case .urlHandler: shape = "cds"
            case .entitlements: shape = "note"
            case .appGroup: shape = "cylinder"
            case .note: shape = "plaintext"
            }
            var style = node.kind == .widget || node.kind == .control || node.kind == .liveActivity ? "rounded,filled" : "filled"
            if node.isDashed { style += ",dashed" }
            let penwidth = node.findings.isEmpty ? "1.2" : "2.4"
            out += "\(indent)\(id) [label=\(dotString(lines(name: node.name, detail: node.detail, findings: node.findings))), class=\"\(node.kind.rawValue)\", "
            out += "shape=\(shape), style=\"\(style)\", fillcolor=\"\(fills[node.kind]!)\", color=\"\(outline(node.findings))\", penwidth=\(penwidth)];\n"
        }
        func printGroup(_ id: String, indent: String) {
            guard let group = map.group(id) else { return }
            out += "\(indent)subgraph cluster_\(id) {\n"
            out += "\(indent)  label=\(dotString(lines(name: group.name, detail: group.detail, findings: group.findings))); style=\"rounded\"; "
            out += "color=\"\(outline(group.findings))\"; penwidth=\(group.findings.isEmpty ? "1" : "2.4");\n"
            for child in group.nodes { node(child, indent: indent + "  ") }
            for child in group.groups { printGroup(child, indent: indent + "  ") }
            out += "\(indent)}\n"
        }
        for id in map.topGroups { printGroup(id, indent: "  ") }
        for id in map.looseNodes { node(id, indent: "  ") }
        for edge in map.edges {
            var attributes: [String] = []
            if !edge.label.isEmpty { attributes.append("label=\(dotString(edge.label))") }
            switch edge.style {
            case .runs: break
            case .runsInApp: attributes.append("style=dashed")
            case .deepLink: attributes += ["color=\"\(linkColour)\"", "fontcolor=\"\(linkColour)\""]
            case .appGroup: attributes += ["dir=none", "color=\"\(groupColour)\"", "style=dotted", "penwidth=1.5"]
            }
            out += "  \(edge.from) -> \(edge.to)" + (attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]") + ";\n"
        }
        return out + "}\n"
    }

    // MARK: Mermaid

    /// `"…"` for Mermaid: characters that would end the label or be read as markup written as entity codes, lines
    /// joined with `<br>`.
    public static func mermaidString(_ lines: [String]) -> String {
        let codes: [(String, String)] = [("#", "#35;"), ("\"", "#34;"), ("<", "#60;"), (">", "#62;"), ("&", "#38;"), ("`", "#96;"), ("|", "#124;")]
        return "\"" + lines.map { line in
            codes.reduce(OutputText.escaped(line)) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }.joined(separator: "<br>") + "\""
    }

    public static func mermaid(_ map: SurfaceMap) -> String {
        // The title is a YAML double-quoted string.
        let yamlTitle = OutputText.escaped(title(map)).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        var out = "---\ntitle: \"\(yamlTitle)\"\n---\nflowchart LR\n"
        var classes: [String: [String]] = [:]
        func node(_ id: String, indent: String) {
            guard let node = map.node(id) else { return }
            let label = mermaidString(lines(name: node.name, detail: node.detail, findings: node.findings))
            let shaped: String
            switch node.kind {
            case .widget, .note: shaped = "[\(label)]"
            case .control: shaped = "([\(label)])"
            case .liveActivity: shaped = "[[\(label)]]"
            case .alarm: shaped = "{{\(label)}}"
            case .intent: shaped = "(\(label))"
            case .urlHandler: shaped = "[/\(label)/]"
            case .entitlements: shaped = "[/\(label)\\]"
            case .appGroup: shaped = "[(\(label))]"
            }
            out += "\(indent)\(id)\(shaped)\n"
            classes[node.kind.rawValue, default: []].append(id)
            if node.findings.errors > 0 { classes["error", default: []].append(id) } else if !node.findings.isEmpty { classes["warning", default: []].append(id) }
            if node.isDashed { classes["dashed", default: []].append(id) }
        }
        var groupStyles: [String] = []
        func printGroup(_ id: String, indent: String) {
            guard let group = map.group(id) else { return }
            out += "\(indent)subgraph \(id) [\(mermaidString(lines(name: group.name, detail: group.detail, findings: group.findings)))]\n"
            for child in group.nodes { node(child, indent: indent + "  ") }
            for child in group.groups { printGroup(child, indent: indent + "  ") }
            out += "\(indent)end\n"
            if !group.findings.isEmpty { groupStyles.append("  style \(id) stroke:\(outline(group.findings)),stroke-width:2px\n") }
        }
        for id in map.topGroups { printGroup(id, indent: "  ") }
        for id in map.looseNodes { node(id, indent: "  ") }
        var linkStyles: [String: [Int]] = [:]
        for (index, edge) in map.edges.enumerated() {
            let label = edge.label.isEmpty ? "" : "|\(mermaidString(edge.label))|"
            switch edge.style {
            case .runs: out += "  \(edge.from) -->\(label) \(edge.to)\n"
            case .runsInApp: out += "  \(edge.from) -.->\(label) \(edge.to)\n"
            case .deepLink: out += "  \(edge.from) -->\(label) \(edge.to)\n"; linkStyles[linkColour, default: []].append(index)
            case .appGroup: out += "  \(edge.from) -.-\(label) \(edge.to)\n"; linkStyles[groupColour, default: []].append(index)
            }
        }
        for kind in SurfaceMap.NodeKind.allCases { out += "  classDef \(kind.rawValue) fill:\(fills[kind]!),stroke:\(plainColour)\n" }
        out += "  classDef error stroke:\(errorColour),stroke-width:3px\n  classDef warning stroke:\(warningColour),stroke-width:2px\n"
        out += "  classDef dashed stroke-dasharray:4 3\n"
        for name in SurfaceMap.NodeKind.allCases.map(\.rawValue) + ["error", "warning", "dashed"] {
            if let ids = classes[name] { out += "  class \(ids.joined(separator: ",")) \(name)\n" }
        }
        out += groupStyles.joined()
        for colour in [linkColour, groupColour] {
            if let indices = linkStyles[colour] { out += "  linkStyle \(indices.map(String.init).joined(separator: ",")) stroke:\(colour)\n" }
        }
        return out
    }
}
