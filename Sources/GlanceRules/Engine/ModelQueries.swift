import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// Questions several rules ask of the model.
extension SurfaceModel {
    /// The app targets that embed a target, directly or through an embedded app (a watch widget extension →
    /// watch app → iOS app). Nearest first.
    public func hostApps(of target: Target) -> [Target] {
        var result: [Target] = []
        var pending = [target]
        var seen: Set<String> = [target.id]
        while !pending.isEmpty {
            let current = pending.removeFirst()
            for (host, _) in project.hosts(of: current) where seen.insert(host.id).inserted {
                if kind(of: host).isApp { result.append(host) }
                pending.append(host)
            }
        }
        return result
    }

    /// The app a surface in `target` belongs to: the nearest embedding app on the same platform, else any
    /// app of that platform when nothing embeds the target, else nil.
    public func app(for target: Target) -> Target? {
        if kind(of: target).isApp { return target }
        let platform = target.platforms.first
        let hosts = hostApps(of: target)
        if let same = hosts.first(where: { $0.platforms.first == platform }) { return same }
        if let any = hosts.first { return any }
        let apps = targets.filter { $0.kind.isApp && $0.target.platforms.first == platform }.map(\.target)
        return apps.count == 1 ? apps[0] : nil
    }

    /// True when the target is one of the widget extensions (after refinement from sources).
    public func isWidgetExtension(_ target: Target) -> Bool { kind(of: target) == .widgetExtension }

    /// The text of a group id, expanded for a configuration; nil when it depends on unknown settings.
    public func appGroup(_ value: AppGroupUsage.Value, in configuration: TargetConfiguration) -> String? {
        switch value {
        case .literal(let text):
            guard let expanded = configuration.settings.expand(text).known, !expanded.contains("$(") else { return nil }
            return expanded
        case .infoPlistKey(let key):
            guard let text = configuration.infoPlist[key]?.string, !text.contains("$(") , !text.contains("${") else { return nil }
            return text
        case .unknown:
            return nil
        }
    }
}

extension String {
    /// Levenshtein distance, for "did you mean" hints.
    func editDistance(to other: String) -> Int {
        let a = Array(self), b = Array(other)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The closest candidate within a small distance, for "did you mean" hints.
    func closest(in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(to: $0)) }.filter { $0.1 <= Swift.max(2, count / 4) }
        return scored.min { $0.1 < $1.1 }?.0
    }
}

/// Joins names for messages: `'App'`, `'App' and 'Widgets'`.
func quotedList(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    switch quoted.count {
    case 0: return ""
    case 1: return quoted[0]
    default: return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }
}
