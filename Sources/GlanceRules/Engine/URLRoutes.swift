import Foundation
import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// The string literals an app's URL handlers compare a URL against, found by following the handler into
/// the functions it calls. `isComplete` is false when a handler passes the URL to code Glance cannot follow
/// (a router from a package, a notification): then routes it does not list may still be handled.
struct URLRoutes {
    var literals: Set<String> = []
    var isComplete = true

    static let comparingMethods: Set<String> = ["hasPrefix", "hasSuffix", "contains", "starts", "range", "caseInsensitiveCompare",
                                                "localizedCaseInsensitiveCompare", "elementsEqual"]

    init(handlers: [URLHandler], model: SurfaceModel) {
        for handler in handlers { add(handler, model: model) }
    }

    private mutating func add(_ handler: URLHandler, model: SurfaceModel) {
        // An Objective-C handler's code is not read: any route may be handled there.
        if handler.isObjectiveC { isComplete = false; return }
        var pending: [(Block, String?)] = [(handler.body, handler.context)]
        var visited: Set<String> = []
        let parameter = handler.parameter
        while let (block, context) = pending.popLast() {
            // Dictionaries passed to a call are payloads (`userInfo: ["section": host]`), not route tables.
            var payloads: Set<SourceLocation> = []
            block.walk { expr in
                if case .call(let call) = expr {
                    for argument in call.arguments { if case .dictionary(_, let location) = argument.value { payloads.insert(location) } }
                }
                switch expr {
                case .operation(let op, let operands, _) where op.contains("==") || op.contains("!=") || op.contains("~="):
                    literals.formUnion(operands.compactMap(\.stringValue))
                case .call(let call) where Self.comparingMethods.contains(call.name):
                    literals.formUnion(call.arguments.compactMap(\.value.stringValue))
                case .branches(_, let clauses, _):
                    for clause in clauses { literals.formUnion(clause.literals) }
                case .dictionary(let items, let location) where !payloads.contains(location):
                    literals.formUnion(stride(from: 0, to: items.count, by: 2).compactMap { items[$0].stringValue })
                default:
                    break
                }
                guard case .call(let call) = expr else { return }
                // Follow calls into the project; note calls that take the URL somewhere Glance cannot see.
                let target = followed(call, context: context, model: model)
                if let (member, owner) = target {
                    if visited.insert((owner ?? "") + "#" + member.name + "\(member.location.line)").inserted { pending.append((member.code, owner)) }
                } else if passesURL(call, parameter: parameter), call.name.first?.isLowercase == true, call.callee.dottedPath.map({ !$0.hasPrefix((parameter ?? "\u{0}") + ".") }) ?? true {
                    isComplete = false
                }
            }
        }
    }

    /// The project function a call runs: a member of the context type, of a project type, or a global.
    private func followed(_ call: Call, context: String?, model: SurfaceModel) -> (Member, String?)? {
        let resolver = model.resolver
        let file = call.location.file
        switch call.callee {
        case .identifier(let name, _) where name.first?.isLowercase == true:
            if let context, let member = resolver.declarations(of: context, from: file).flatMap({ $0.members(named: name) }).first(where: { $0.kind == .function }) {
                return (member, context)
            }
            if let global = resolver.globals(named: name, from: file).first(where: { $0.kind == .function }) { return (global, nil) }
            return nil
        case .member(.identifier("self", _)?, let name, _):
            guard let context, let member = resolver.declarations(of: context, from: file).flatMap({ $0.members(named: name) }).first else { return nil }
            return (member, context)
        case .member(.identifier(let owner, _)?, let name, _) where owner.first?.isUppercase == true:
            guard let type = resolver.primaryDeclaration(of: owner, context: context, from: file),
                  let member = resolver.declarations(of: type).flatMap({ $0.members(named: name) }).first else { return nil }
            return (member, type.qualifiedName)
        case .member(.identifier(let property, _)?, let name, _):
            // `router.open(url)`: a stored property of the context type with a project type.
            guard let context, let holder = resolver.declarations(of: context, from: file).flatMap(\.members).first(where: { $0.name == property }),
                  let typeName = holder.type ?? holder.initializer.flatMap(Resolver.typeName(of:)),
                  let type = resolver.primaryDeclaration(of: typeName, context: context, from: holder.location.file),
                  let member = resolver.declarations(of: type).flatMap({ $0.members(named: name) }).first else { return nil }
            return (member, type.qualifiedName)
        default:
            return nil
        }
    }

    private func passesURL(_ call: Call, parameter: String?) -> Bool {
        guard let parameter else { return true }
        return call.arguments.contains { argument in
            var mentions = false
            argument.value.walk { if case .identifier(let name, _) = $0, name == parameter { mentions = true } }
            return mentions
        }
    }

    /// The part of a URL that picks a screen: the host of a custom-scheme URL (or its first path part), the
    /// first path part of an http(s) URL. Nil for a URL that only opens the app (`myapp://`, `myapp://open`,
    /// `https://example.com`): words such as `open`, `launch` or `app` name no screen.
    static func route(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else { return nil }
        let first = components.path.split(separator: "/").first.map(String.init)
        var route: String?
        if scheme == "http" || scheme == "https" { route = first }
        else if let host = components.host, !host.isEmpty { route = host }
        else { route = first }
        guard let route, !Self.openOnly.contains(route.lowercased()) || components.path.split(separator: "/").count > (components.host == nil ? 1 : 0)
            || components.query != nil else { return nil }
        return route
    }

    /// The known beginning of a URL when it holds the whole route (`app://group/` of `app://group/\(id)`: the host
    /// ends at the `/`; for https, the first path component ends), else nil.
    static func withWholeRoute(_ prefix: String) -> String? {
        guard let range = prefix.range(of: "://") else { return nil }
        let scheme = prefix[..<range.lowerBound].lowercased()
        var rest = prefix[range.upperBound...]
        if scheme == "http" || scheme == "https" {
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[rest.index(after: slash)...]
        } else if rest.first == "/" {
            rest = rest.dropFirst()   // `app:///group/…`: no host, the route is the first path component
        }
        guard let end = rest.firstIndex(where: { "/?#".contains($0) }), end > rest.startIndex else { return nil }
        return prefix
    }

    /// A URL with a scheme that names no screen (`myapp://`, `myapp://open`): it only opens the app.
    static func opensAppOnly(_ url: String) -> Bool {
        URLComponents(string: url)?.scheme != nil && route(of: url) == nil
    }

    /// URL hosts that only open the app.
    static let openOnly: Set<String> = ["open", "launch", "app", "start", "openapp", "home", "main", "default"]

    /// Whether a literal URL matches a compared literal: its host, first path component, or a prefix of it.
    func matches(_ url: String) -> Bool {
        guard let components = URLComponents(string: url) else { return true }
        let scheme = components.scheme ?? ""
        let host = components.host ?? ""
        let first = components.path.split(separator: "/").first.map(String.init) ?? ""
        return literals.contains { literal in
            literal == host || literal == first || literal == "/" + first || literal == url
                || (literal.count > scheme.count + 3 && url.hasPrefix(literal))
        }
    }

    /// Whether the literals look like routes (not only the scheme).
    func comparesRoutes(scheme: String) -> Bool {
        literals.contains { !$0.isEmpty && $0 != scheme && $0 != scheme + "://" }
    }
}
