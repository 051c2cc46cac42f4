import Foundation
import GlanceProject
import GlanceSourceIndex

/// A symbol name written as text where an SF Symbol is drawn: `Image(systemName: "bolt")`, `UIImage(systemName:)`,
/// `NSImage(systemSymbolName:accessibilityDescription:)`, and the `systemImage:` of any view or control initializer
/// (`Label(_:systemImage:)`, `Button(_:systemImage:intent:)`, `ControlWidgetButton(_:systemImage:action:)`). The name
/// is a string literal, one of the literals of a `?:` (`isOn ? "bolt.fill" : "bolt"`), or a type's constant (`Icons.bolt`).
public struct SymbolNameUse: Sendable {
    public let name: String
    /// The initializer, as `Image(systemName:)`.
    public let api: String
    /// Where the name is written.
    public let location: SourceLocation
    /// The targets that ship the code: the surface's, or for app code the apps compiling it.
    public let targets: [Target]
    /// The widget, control or Live Activity widget that draws it (nil for app code).
    public let surface: TypeDecl?
    /// The bounds of the `if #available` clauses the surface's view tree reaches it through (`if #available(iOS 18, *)
    /// { Badge() }`, whose own code has no check); see `SurfaceModel.availability(at:)` for the code around it.
    public let reachedUnder: [String: String]
}

/// The symbol names of the model, found once (see `SurfaceModel.symbolNameUses`).
final class SymbolNameIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var surfaces: [SymbolNameUse]?
    private var apps: [SymbolNameUse]?

    func uses(_ appCode: Bool, compute: () -> [SymbolNameUse]) -> [SymbolNameUse] {
        lock.lock()
        if let known = appCode ? apps : surfaces { lock.unlock(); return known }
        lock.unlock()
        let found = compute()
        lock.lock()
        if appCode { apps = found } else { surfaces = found }
        lock.unlock()
        return found
    }
}

extension SurfaceModel {
    /// The literal SF Symbol names that the shipped surfaces draw: the views of widgets and Live Activities a widget
    /// extension registers, and the content of registered controls (their labels), with everything those views reach.
    /// Read from the surfaces' view trees, found once per model. With `appCode`, the names in the code of app targets
    /// instead (every file an app compiles that mentions `systemName`, `systemImage` or `systemSymbolName`, parsed
    /// then if it was not yet), outside previews.
    public func symbolNameUses(inAppCode appCode: Bool = false) -> [SymbolNameUse] {
        symbolNames.uses(appCode) { appCode ? appSymbolNameUses() : surfaceSymbolNameUses() }
    }

    private func surfaceSymbolNameUses() -> [SymbolNameUse] {
        var trees: [(tree: ViewTree, surface: TypeDecl, targets: [Target])] = []
        for widget in widgets where widget.configuration != .activityConfiguration {
            let shipping = widget.targets.filter(isWidgetExtension)
            if !shipping.isEmpty { trees.append((widget.content, widget.type, shipping)) }
        }
        for control in controls where !control.targets.isEmpty {
            trees.append((control.content, control.type, control.targets))
        }
        for activity in liveActivities {
            let shipping = activity.targets.filter(isWidgetExtension)
            if !shipping.isEmpty { trees += activity.presentations.all.map { ($0.tree, activity.widget.type, shipping) } }
        }
        var found: [SymbolNameUse] = []
        var seen: [String: Int] = [:]
        for (tree, surface, targets) in trees {
            for scoped in tree.calls {
                for (name, api, location) in symbolNames(in: scoped.call, context: scoped.context) {
                    let key = "\(location.file):\(location.line):\(location.column):\(name)"
                    if let index = seen[key] {
                        // One view drawn by several surfaces: one use, shipped by each of their targets.
                        let known = found[index]
                        let more = targets.filter { target in !known.targets.contains { $0.id == target.id } }
                        if !more.isEmpty {
                            found[index] = SymbolNameUse(name: name, api: api, location: location, targets: known.targets + more, surface: known.surface,
                                                         reachedUnder: known.reachedUnder)
                        }
                        continue
                    }
                    seen[key] = found.count
                    let bounds = scoped.choices.reduce([:]) { Availability.raising($0, $1.atLeast) }
                    found.append(SymbolNameUse(name: name, api: api, location: location, targets: targets, surface: surface, reachedUnder: bounds))
                }
            }
        }
        return found.sorted { $0.location < $1.location }
    }

    private func appSymbolNameUses() -> [SymbolNameUse] {
        let apps = targets.filter { $0.kind.isApp }.map(\.target)
        let appFiles = Set(apps.flatMap(\.sources))
        let paths = Set(["systemName", "systemImage", "systemSymbolName"].flatMap { index.paths(mentioningAll: [$0]) }).filter(appFiles.contains)
        var found: [SymbolNameUse] = []
        CodeSites.walk(index.files(at: paths.sorted())) { expr, site in
            guard case .call(let call) = expr, !Self.isPreview(site) else { return }
            let shipping = resolver.targets(of: call.location, conditions: site.conditions).filter { target in apps.contains { $0.id == target.id } }
            guard !shipping.isEmpty else { return }
            for (name, api, location) in symbolNames(in: call, context: site.context) {
                found.append(SymbolNameUse(name: name, api: api, location: location, targets: shipping, surface: nil, reachedUnder: [:]))
            }
        }
        return found.sorted { $0.location < $1.location }
    }

    /// Code written for Xcode's previews (`PreviewProvider` types are left out by the walk itself).
    private static func isPreview(_ site: CodeSite) -> Bool {
        site.member == "previews" || site.context?.hasSuffix("_Previews") == true
    }

    /// The names a call draws, with its initializer and each name's place.
    func symbolNames(in call: Call, context: String?) -> [(name: String, api: String, location: SourceLocation)] {
        let label: String
        switch call.name {
        case "Image" where call.argument("systemName") != nil, "UIImage" where call.argument("systemName") != nil: label = "systemName"
        case "NSImage" where call.argument("systemSymbolName") != nil: label = "systemSymbolName"
        default:
            guard call.argument("systemImage") != nil, call.callee.name?.first?.isUppercase == true else { return [] }
            label = "systemImage"
        }
        guard let argument = call.argument(label) else { return [] }
        let api = call.name + "(" + call.arguments.filter { if case .closure = $0.value { return false } else { return true } }
            .map { ($0.label ?? "_") + ":" }.joined() + ")"
        return literals(argument, context: context).map { ($0.name, api, $0.location) }
    }

    /// The names an expression is known to hold: a literal, each literal of a `?:` or `if`/`switch` expression, or a
    /// project constant's literal.
    private func literals(_ expr: Expr, context: String?) -> [(name: String, location: SourceLocation)] {
        switch expr {
        case .string(let literal):
            return literal.value.map { [($0, literal.location)] } ?? []
        case .branches(_, let clauses, _):
            return clauses.flatMap { clause in clause.body.statements.count == 1 ? literals(clause.body.statements[0], context: context) : [] }
        case .member(let base?, _, _) where base.dottedPath?.first?.isUppercase == true:
            // `Icons.bolt`, `Self.icon`: a type's constant (a bare name may be a local or a parameter).
            return resolver.stringValue(expr, context: context).map { [($0, expr.location)] } ?? []
        default:
            return []
        }
    }
}
