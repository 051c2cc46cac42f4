import GlanceProject
import GlanceSourceIndex

/// A place in code that names a framework type: its initializer (`RunSystemShortcutIntent(shortcut: …)`), a
/// reference (`RunSystemShortcutIntent.self`), or a property's type (`var shortcut: SystemShortcut`).
public struct TypeReference: Sendable {
    /// The type, as the framework names it.
    public let name: String
    public let location: SourceLocation
    /// The `#if` conditions around it (of its declarations and within its code), outermost first.
    public let conditions: [String]
    /// The targets whose files hold it and whose shipping build does not rule those conditions out.
    public let targets: [Target]
}

extension SurfaceModel {
    /// The places that name one of these types of `framework`, where the name means the framework's type (the file
    /// imports the framework and no project declaration shadows the name), outside previews. Only the files that
    /// mention one of the names are read (parsed then, if they were not yet).
    public func references(to names: Set<String>, of framework: String) -> [TypeReference] {
        let paths = Set(names.flatMap { index.paths(mentioningAll: [$0]) }).sorted()
        guard !paths.isEmpty else { return [] }
        let files = index.files(at: paths)
        var found: [SourceLocation: TypeReference] = [:]
        func add(_ written: String, _ location: SourceLocation, conditions: [String], context: String?) {
            let name = TypeName.base(written)
            guard names.contains(name), found[location] == nil,
                  resolver.isFrameworkName(name, of: framework, from: location.file, context: context) else { return }
            found[location] = TypeReference(name: name, location: location, conditions: conditions,
                                            targets: resolver.targets(of: location, conditions: conditions))
        }
        CodeSites.walk(files) { expr, site in
            guard site.member != "previews", case .identifier(let written, let location) = expr else { return }
            add(written, location, conditions: site.conditions, context: site.context)
        }
        for file in files {
            for type in file.types where !type.inheritedTypes.contains("PreviewProvider") {
                for member in type.members where member.kind == .storedProperty || member.kind == .computedProperty {
                    if let written = member.type { add(written, member.location, conditions: type.conditions + member.conditions, context: type.qualifiedName) }
                }
            }
        }
        return found.values.sorted { $0.location < $1.location }
    }
}
