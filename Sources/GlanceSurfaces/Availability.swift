import GlanceProject
import GlanceSourceIndex

/// OS versions that code runs at or above only, by the platform names `#available` and `@available` use (`iOS`,
/// `watchOS`, `macOS`, `visionOS`, `tvOS`; `iOSApplicationExtension` counts as `iOS`): `["iOS": "17.0"]`. A
/// platform a bound does not name is not bounded.
public enum Availability {
    /// The platform name `#available` uses for a platform (`iOS`, `macOS`, `visionOS`).
    public static func name(of platform: Platform) -> String { platform == .macOS ? "macOS" : platform.displayName }

    /// The versions an `@available` attribute introduces the declaration at: `@available(iOS 17, watchOS 10, *)` and
    /// `@available(iOS, introduced: 17.0)`. Attributes that only deprecate, rename or mark unavailable add nothing.
    public static func introduced(by attributes: [Attribute]) -> [String: String] {
        var bounds: [String: String] = [:]
        for attribute in attributes where attribute.name == "available" {
            if let (available, versions) = BranchChoice.availability(.call(Call(callee: .identifier("#available", location: origin),
                                                                                   arguments: attribute.arguments, location: origin))),
               available {
                bounds = raising(bounds, versions)
            }
            // `@available(iOS, introduced: 17.0)`
            if case .identifier(let platform, _)? = attribute.arguments.first?.value, attribute.arguments.first?.label == nil,
               case .number(let version, _)? = attribute.arguments.first(where: { $0.label == "introduced" })?.value {
                bounds = raising(bounds, [BranchChoice.platformName(platform): version])
            }
        }
        return bounds
    }

    /// Both bounds: for each platform, the higher version (code under both runs only where both hold).
    public static func raising(_ first: [String: String], _ second: [String: String]) -> [String: String] {
        var result = first
        BranchChoice.merge(second, into: &result, keeping: BranchChoice.higher)
        return result
    }

    /// Whether code under `bounds` runs on `platform` only at `version` or later.
    public static func guarantees(_ bounds: [String: String], _ platform: Platform, atLeast version: String) -> Bool {
        guard let bound = bounds[name(of: platform)] else { return false }
        return !precedes(bound, version)
    }

    /// Whether one version is lower than another, missing parts counting as 0 (`18` is `18.0`).
    static func precedes(_ first: String, _ second: String) -> Bool {
        var a = BranchChoice.numbers(first), b = BranchChoice.numbers(second)
        while a.last == 0 { a.removeLast() }
        while b.last == 0 { b.removeLast() }
        return a.lexicographicallyPrecedes(b)
    }

    private static let origin = SourceLocation(file: "", line: 1, column: 1)
}

extension SurfaceModel {
    /// The OS versions the code at `location` (an expression's or a member's place) runs at or above only, as the code around it
    /// says: the `@available` attributes of the type it is written in, of the types around that, and of its member;
    /// the `if #available` clauses around it in its member, and a `guard #available` before it there. Empty when
    /// nothing bounds it, or when no parsed declaration holds the place.
    public func availability(at location: SourceLocation) -> [String: String] {
        guard let file = index.file(location.file) else { return [:] }
        for type in file.types {
            for member in type.members {
                let own = Availability.introduced(by: member.attributes)
                // The member itself (a property's type), or a place in its code.
                guard let inside = member.location == location ? own : Self.availability(of: location, in: member.code.statements, bounds: own)
                else { continue }
                var bounds = Availability.raising(inside, Availability.introduced(by: type.attributes))
                // The types around it: `Outer` of `Outer.Inner`, declared in this file.
                var outer = type.qualifiedName
                while let dot = outer.lastIndex(of: ".") {
                    outer = String(outer[..<dot])
                    for declaration in file.types(named: outer) where declaration.qualifiedName == outer {
                        bounds = Availability.raising(bounds, Availability.introduced(by: declaration.attributes))
                    }
                }
                return bounds
            }
        }
        for member in file.globals {
            if let inside = Self.availability(of: location, in: member.code.statements, bounds: Availability.introduced(by: member.attributes)) { return inside }
        }
        return Self.availability(of: location, in: file.topLevel.statements, bounds: [:]) ?? [:]
    }

    /// The bounds at `location` within these statements, or nil when it is not among them.
    static func availability(of location: SourceLocation, in statements: [Expr], bounds: [String: String]) -> [String: String]? {
        var current = bounds
        for statement in statements {
            if let found = availability(of: location, in: statement, bounds: current) { return found }
            // `guard #available(iOS 17, *) else { return }`: what follows runs at or above.
            if case .branches(let conditions, let clauses, _) = statement, clauses.count == 1, clauses[0].conditionCount == 0 {
                for case let (true, versions)? in conditions.map(BranchChoice.availability) { current = Availability.raising(current, versions) }
            }
        }
        return nil
    }

    private static func availability(of location: SourceLocation, in expr: Expr, bounds: [String: String]) -> [String: String]? {
        if expr.location == location { return bounds }
        switch expr {
        case .branches(let conditions, let clauses, let at):
            for condition in conditions { if let found = availability(of: location, in: condition, bounds: bounds) { return found } }
            let choices = BranchChoice.clauses(of: conditions, clauses, at: at)
            for (clause, choice) in zip(clauses, choices) {
                if let found = availability(of: location, in: clause.body.statements, bounds: Availability.raising(bounds, choice.atLeast)) { return found }
            }
            return nil
        case .closure(let closure):
            return availability(of: location, in: closure.body.statements, bounds: bounds)
        case .loop(let sequence, _, let body, _):
            if let sequence, let found = availability(of: location, in: sequence, bounds: bounds) { return found }
            return availability(of: location, in: body.statements, bounds: bounds)
        default:
            for child in expr.children { if let found = availability(of: location, in: child, bounds: bounds) { return found } }
            return nil
        }
    }

    /// The OS versions a widget or control type is registered at or above only in the target's `@main` bundle: the
    /// lowest bound among the places that list it (`if #available(iOS 18, *) { NewWidget() }` → iOS 18). Empty when
    /// one place lists it outside any availability check, or the target has no bundle Glance follows.
    public func registeredAvailability(of type: TypeDecl, in target: Target) -> [String: String] {
        guard let paths = registrations(in: target)?[type.location], !paths.isEmpty else { return [:] }
        let bounds = paths.map { path in path.reduce([:]) { Availability.raising($0, $1.atLeast) } }
        var result: [String: String] = [:]
        for (platform, version) in bounds[0] {
            var lowest = version
            var everywhere = true
            for other in bounds.dropFirst() {
                guard let theirs = other[platform] else { everywhere = false; break }
                if Availability.precedes(theirs, lowest) { lowest = theirs }
            }
            if everywhere { result[platform] = lowest }
        }
        return result
    }
}
