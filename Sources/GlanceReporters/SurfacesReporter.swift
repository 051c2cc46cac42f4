import Foundation
import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// Prints `glance surfaces`: what the project ships where, as a readable table per target (`text`) or
/// as JSON with stable field names (`json`, documented in docs/usage.md). Paths are relative to the lint root,
/// `/`-separated; lists are sorted, so the output is deterministic.
public enum SurfacesReporter {
    public static func json(_ model: SurfaceModel) -> String {
        JSONText.render(jsonObject(model))
    }

    static func location(_ model: SurfaceModel, _ location: SourceLocation) -> [String: Any] {
        ["file": model.relativePath(location.file), "line": location.line]
    }

    static func targetNames(_ targets: [Target]) -> [String] { targets.map(\.name).sorted() }

    public static func jsonObject(_ model: SurfaceModel) -> [String: Any] {
        var root: [String: Any] = [:]
        root["targets"] = model.targets.map { surface -> [String: Any] in
            let target = surface.target
            var entry: [String: Any] = [
                "name": target.name,
                "kind": surface.kind.rawValue,
                "platform": target.platforms.first?.displayName ?? NSNull(),
                "platforms": target.platforms.map(\.displayName),
                "bundleIdentifier": target.bundleIdentifier ?? NSNull(),
                "sources": target.sources.map(model.relativePath).sorted(),
            ]
            var groups: [String: Any] = [:]
            var plists: [String: Any] = [:]
            for configuration in target.configurations {
                groups[configuration.name] = configuration.appGroups ?? []
                plists[configuration.name] = configuration.infoPlist.mapValues(\.jsonObject)
            }
            entry["appGroups"] = groups
            entry["infoPlist"] = plists
            entry["embeds"] = target.embeds.compactMap { model.project.target(id: $0.embeddedTargetID)?.name }.sorted()
            if let deployment = target.platforms.first.flatMap(target.deploymentTarget(for:)) { entry["deploymentTarget"] = deployment }
            return entry
        }
        root["controls"] = model.controls.map { control -> [String: Any] in
            var entry = location(model, control.location)
            entry["type"] = control.typeName
            entry["kind"] = control.kind?.text ?? NSNull()
            entry["configuration"] = control.configuration?.rawValue ?? NSNull()
            entry["template"] = control.template?.rawValue ?? NSNull()
            entry["action"] = control.actionIntent ?? NSNull()
            entry["valueProvider"] = control.valueProvider ?? NSNull()
            entry["targets"] = targetNames(control.targets)
            entry["compiledIn"] = targetNames(control.compiledTargets)
            return entry
        }
        root["widgets"] = model.widgets.filter { $0.configuration != .activityConfiguration }.map { widget -> [String: Any] in
            var entry = location(model, widget.location)
            entry["type"] = widget.typeName
            entry["kind"] = widget.kind?.text ?? NSNull()
            entry["configuration"] = widget.configuration?.rawValue ?? NSNull()
            entry["families"] = widget.families ?? NSNull()
            entry["targets"] = targetNames(widget.targets)
            entry["compiledIn"] = targetNames(widget.compiledTargets)
            return entry
        }
        root["liveActivities"] = model.liveActivities.map { activity -> [String: Any] in
            var entry = location(model, activity.location)
            entry["widget"] = activity.widget.typeName
            entry["attributes"] = activity.attributes
            entry["attributeProperties"] = activity.attributeProperties.map { ["name": $0.name, "type": $0.type as Any? ?? NSNull()] as [String: Any] }
            entry["contentState"] = activity.contentState.map { ["name": $0.name, "type": $0.type as Any? ?? NSNull()] as [String: Any] }
            entry["presentations"] = activity.presentations.all.map(\.name)
            entry["targets"] = targetNames(activity.targets)
            return entry
        }
        root["intents"] = model.intents.map { intent -> [String: Any] in
            var entry = location(model, intent.location)
            entry["type"] = intent.typeName
            entry["conformances"] = intent.conformances.sorted()
            let target = intent.targets.first
            entry["opensApp"] = intent.opensApp(in: target, platform: target?.platforms.first)
            entry["runsInApp"] = intent.runsInApp(in: target, platform: target?.platforms.first)
            entry["targets"] = targetNames(intent.targets)
            return entry
        }
        root["alarms"] = model.alarms.map { alarm -> [String: Any] in
            var entry = location(model, alarm.location)
            entry["presentations"] = alarm.presentations
            entry["metadata"] = alarm.metadata ?? NSNull()
            entry["stopIntent"] = alarm.stopIntent ?? NSNull()
            entry["secondaryIntent"] = alarm.secondaryIntent ?? NSNull()
            entry["targets"] = targetNames(alarm.targets)
            return entry
        }
        root["deepLinks"] = model.deepLinks.map { link -> [String: Any] in
            var entry = location(model, link.location)
            entry["source"] = link.source.rawValue
            entry["surface"] = link.surface.rawValue
            entry["owner"] = link.owner
            entry["url"] = link.url ?? NSNull()
            entry["urlPrefix"] = link.url == nil ? (link.urlPrefix ?? NSNull()) : NSNull()
            entry["presentation"] = link.presentation ?? NSNull()
            entry["targets"] = targetNames(link.targets)
            return entry
        }
        root["appGroupUsages"] = model.appGroupUsages.map { usage -> [String: Any] in
            var entry = location(model, usage.location)
            entry["api"] = usage.api
            switch usage.value {
            case .literal(let id): entry["group"] = id
            case .infoPlistKey(let key): entry["infoPlistKey"] = key
            case .computed(_, _, let text): entry["computed"] = text
            }
            entry["targets"] = targetNames(usage.targets)
            return entry
        }
        root["storeAccesses"] = model.storeAccesses.map { access -> [String: Any] in
            var entry = location(model, access.location)
            entry["key"] = access.key
            entry["access"] = access.isWrite ? "write" : "read"
            entry["targets"] = targetNames(access.targets)
            return entry
        }
        root["reloads"] = model.reloads.map { reload -> [String: Any] in
            var entry = location(model, reload.location)
            entry["api"] = reload.api.rawValue
            entry["kind"] = reload.kind?.text ?? NSNull()
            entry["targets"] = targetNames(reload.targets)
            return entry
        }
        return root
    }

    /// The text table: per target, what it ships.
    public static func text(_ model: SurfaceModel) -> String {
        var lines: [String] = []
        var projectLine = model.project.projectFiles.joined(separator: ", ")
        if model.project.isLooseSources {
            let generators = model.project.generators.map { "\($0.name) generates it from \($0.evidence): run `\($0.command)` for a full check" }
            projectLine = generators.isEmpty ? "(no Xcode project: sources read as one target)" : "(no Xcode project; \(generators.joined(separator: "; ")))"
        }
        lines.append("Project: \(projectLine)")
        for surface in model.targets {
            let target = surface.target
            let platforms = target.platforms.map(\.displayName).joined(separator: ", ")
            lines.append("")
            var header = "\(target.name) — \(surface.kind.rawValue)"
            if !platforms.isEmpty { header += ", \(platforms)" }
            if let identifier = target.bundleIdentifier { header += ", \(identifier)" }
            lines.append(header)
            var rows: [(String, String, String)] = []
            func contains(_ targets: [Target]) -> Bool { targets.contains { $0.id == target.id } }
            for control in model.controls where contains(control.targets) {
                let action = control.actionIntent.map { " → \($0)" } ?? ""
                rows.append(("control", "\(control.typeName) [\(control.kind?.text ?? "?")] \(control.template?.rawValue ?? "?")\(action)", model.relativePath(control.location.file) + ":\(control.location.line)"))
            }
            for widget in model.widgets where contains(widget.targets) && widget.configuration != .activityConfiguration {
                rows.append(("widget", "\(widget.typeName) [\(widget.kind?.text ?? "?")] \(widget.configuration?.rawValue ?? "?")", model.relativePath(widget.location.file) + ":\(widget.location.line)"))
            }
            // Compiled into an extension that registers them nowhere: they do not ship.
            if surface.kind == .widgetExtension {
                let unshipped = model.widgets.map { ($0.type, $0.compiledTargets, $0.targets) } + model.controls.map { ($0.type, $0.compiledTargets, $0.targets) }
                for (type, compiled, shipping) in unshipped where contains(compiled) && !contains(shipping) {
                    rows.append(("not shipped", type.qualifiedName + " (compiled, not registered here)", model.relativePath(type.location.file) + ":\(type.location.line)"))
                }
            }
            for activity in model.liveActivities where contains(activity.targets) {
                let state = activity.contentState.map(\.name).joined(separator: ", ")
                rows.append(("live activity", "\(activity.attributes) (ContentState: \(state.isEmpty ? "-" : state))", model.relativePath(activity.location.file) + ":\(activity.location.line)"))
            }
            for intent in model.intents where contains(intent.targets) {
                let platform = target.platforms.first
                let flags = [intent.opensApp(in: target, platform: platform) ? "opens app" : nil,
                             intent.runsInApp(in: target, platform: platform) ? "runs in app" : nil].compactMap { $0 }.joined(separator: ", ")
                rows.append(("intent", intent.typeName + (flags.isEmpty ? "" : " (\(flags))"), model.relativePath(intent.location.file) + ":\(intent.location.line)"))
            }
            for alarm in model.alarms where contains(alarm.targets) {
                rows.append(("alarm", alarm.presentations.joined(separator: ", "), model.relativePath(alarm.location.file) + ":\(alarm.location.line)"))
            }
            for link in model.deepLinks where contains(link.targets) {
                rows.append(("deep link", "\(link.source.rawValue) \(link.url ?? (link.urlPrefix.map { $0 + "…" } ?? "?")) (\(link.owner))", model.relativePath(link.location.file) + ":\(link.location.line)"))
            }
            if rows.isEmpty { lines.append("  (no glanceable surfaces; \(target.sources.count) Swift file\(target.sources.count == 1 ? "" : "s"))"); continue }
            let width = rows.map(\.0.count).max() ?? 0
            for row in rows { lines.append("  " + row.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + row.1 + "  " + row.2) }
        }
        return lines.map { OutputText.escaped($0) }.joined(separator: "\n") + "\n"
    }
}

/// Deterministic JSON text: sorted keys, two-space indentation, slashes unescaped.
public enum JSONText {
    /// Pretty-printed JSON with sorted keys and every string escaped for printing (`OutputText`).
    public static func render(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: OutputText.escapingStrings(object), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]),
              let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text + "\n"
    }
}
