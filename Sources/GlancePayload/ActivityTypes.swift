import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// An `ActivityAttributes` type of the project, with the JSON shapes of its `attributes` and `content-state`.
public struct ActivityType: Sendable {
    /// The name `attributes-type` must carry (the type's own name, PAY-06).
    public let name: String
    public let qualifiedName: String
    public let declaration: TypeDecl
    /// The static attributes: the type's stored properties.
    public let attributes: JSONShape
    /// `ContentState` (nested type or typealias).
    public let contentState: JSONShape
    /// Bundle identifiers of the app targets this type is compiled into, in every configuration.
    public let appBundleIdentifiers: [String]
    /// Path relative to the project root.
    public let file: String
}

/// The `ActivityAttributes` types a project declares.
public struct ActivityTypeCatalog: Sendable {
    public let types: [ActivityType]

    public init(types: [ActivityType]) { self.types = types }

    /// Reads the types from a surface model.
    public init(model: SurfaceModel) {
        let resolver = model.resolver
        let shapes = CodableShapes(resolver: resolver)
        types = resolver.types(conformingTo: "ActivityAttributes").compactMap { declaration -> ActivityType? in
            guard declaration.kind == .struct || declaration.kind == .class else { return nil }
            let state: JSONShape
            let owner = declaration.qualifiedName
            let file = declaration.location.file
            if let alias = resolver.typeAlias("ContentState", context: owner, from: file) {
                state = shapes.shape(of: alias, context: owner, from: file)
            } else if let nested = resolver.primaryDeclaration(of: "ContentState", context: owner, from: file),
                      nested.qualifiedName == owner + ".ContentState" {
                state = shapes.shape(of: nested)
            } else {
                state = .unknown("\(declaration.name) has no ContentState Glance can find")
            }
            let apps = resolver.targets(of: declaration).filter { $0.kind == .app }
            let bundles = Set(apps.flatMap { app in app.configurations.compactMap { $0.settings.value("PRODUCT_BUNDLE_IDENTIFIER").known } })
            return ActivityType(name: declaration.name, qualifiedName: declaration.qualifiedName, declaration: declaration,
                                attributes: shapes.shape(of: declaration), contentState: state,
                                appBundleIdentifiers: bundles.sorted(), file: model.relativePath(declaration.location.file))
        }
    }

    /// Types whose name is `name` (or whose qualified name is).
    public func types(named name: String) -> [ActivityType] {
        types.filter { $0.name == name || $0.qualifiedName == name }
    }

    public var names: [String] { types.map(\.name) }
}
