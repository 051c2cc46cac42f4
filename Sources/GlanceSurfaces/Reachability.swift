import GlanceSourceIndex

extension Resolver {
    /// The members (`Type#member`) a piece of code can run: the starting members (of the type as seen from
    /// `file`), then every member it names on a project type (`TimerState.isRunning`, `store.load()` on its
    /// own type, `Controller.shared.refresh()` on the type a static property holds), each looked up from the
    /// file that names it, up to a few levels deep.
    public func reachableMembers(from starts: [(type: String, member: String, file: String?)], depth: Int = 4) -> Set<String> {
        var visited: Set<String> = []
        var seen: Set<String> = []
        var frontier = starts.map { ($0.type, $0.member, $0.file) }
        for _ in 0...depth {
            var next: [(String, String, String?)] = []
            for (type, member, file) in frontier where seen.insert(type + "#" + member + "@" + (file ?? "")).inserted {
                visited.insert(type + "#" + member)
                for decl in declarations(of: type, from: file) {
                    for found in decl.members(named: member) {
                        found.code.walk { expr in
                            switch expr {
                            case .member(.member(.identifier(let owner, let location)?, let holder, _)?, let name, _)
                                where owner.first?.isUppercase == true && holder.first?.isLowercase == true:
                                // `Controller.shared.refresh()`: a method of the instance a static property holds.
                                if let primary = primaryDeclaration(of: owner, context: type, from: location.file),
                                   let held = heldType(of: holder, in: primary),
                                   let instance = primaryDeclaration(of: held, context: primary.qualifiedName, from: primary.location.file) {
                                    next.append((instance.qualifiedName, name, instance.location.file))
                                }
                            case .member(.identifier(let owner, let location)?, let name, _) where owner.first?.isUppercase == true:
                                // Only a type whose files declare a member of that name is looked up (not `L10n` for
                                // `L10n.Widget.title`, a nested type's member).
                                if index.typeMayDeclare(owner, member: name), let primary = primaryDeclaration(of: owner, context: type, from: location.file) {
                                    next.append((primary.qualifiedName, name, primary.location.file))
                                }
                            // `self.name` whatever the name; a bare name only when it starts lower-case (a property, not a type).
                            case .member(.identifier("self", _)?, let name, let location),
                                 .identifier(let name, let location) where name.first?.isLowercase == true:
                                next.append((type, name, location.file))
                            case .call(let call):
                                if case .identifier(let name, _) = call.callee, name.first?.isLowercase == true { next.append((type, name, call.location.file)) }
                            default:
                                break
                            }
                        }
                    }
                }
            }
            frontier = next
        }
        return visited
    }

    /// The type a static property of `type` holds: its annotation, the type its initial value constructs
    /// (`static let shared = Controller()`), or `type` itself for a singleton written `shared`/`default`/`current`
    /// without either.
    func heldType(of property: String, in type: TypeDecl) -> String? {
        let member = declarations(of: type).flatMap { $0.members(named: property) }.first { $0.isStatic && $0.kind != .function }
        guard let member else { return nil }
        if let annotation = member.type.map(TypeName.base), annotation.first?.isUppercase == true { return annotation }
        if case .call(let call)? = member.initializer, call.name.first?.isUppercase == true {
            return call.callee.dottedPath.map(TypeName.base) ?? call.name
        }
        return ["shared", "default", "current", "instance", "standard"].contains(property) ? type.qualifiedName : nil
    }
}
