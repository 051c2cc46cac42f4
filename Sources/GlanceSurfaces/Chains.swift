import GlanceSourceIndex

/// Modifier chains: `Config(…).displayName("x").description("y")` is a root call with two modifiers.
public enum Chains {
    /// Splits an expression into the root and the modifiers applied to it, outermost last.
    public static func split(_ expr: Expr) -> (root: Expr, modifiers: [Call]) {
        let (root, modifiers) = splitWithConditions(expr)
        return (root, modifiers.map(\.call))
    }

    /// `split`, with the conditions of the postfix `#if` clauses each modifier is written in (`view #if os(watchOS)
    /// .supportedFamilies([.accessoryCorner]) #endif`: `["(os(watchOS))"]`), empty for a modifier written plainly.
    public static func splitWithConditions(_ expr: Expr) -> (root: Expr, modifiers: [(call: Call, conditions: [String])]) {
        var modifiers: [(call: Call, conditions: [String])] = []
        var current = expr
        while true {
            if case .call(let call) = current, let base = call.base {
                modifiers.append((call, []))
                current = base
                continue
            }
            // `view #if os(iOS) .modifier() #endif` arrives as `.other([base, branches])`.
            if case .other(let items, _) = current, let first = items.first, items.count == 2,
               case .branches(_, let clauses, _) = items[1] {
                // A clause holds a chain of its own (`.a().b()`, itself possibly with a postfix `#if`): its
                // modifiers, outermost last, each under the clause's condition too. Appended reversed, as above.
                for clause in clauses.reversed() {
                    let condition = clause.condition.map { [$0] } ?? []
                    for statement in clause.body.statements.reversed() {
                        let (root, inner) = splitWithConditions(statement)
                        for modifier in inner.reversed() { modifiers.append((modifier.call, condition + modifier.conditions)) }
                        if case .call(let call) = root { modifiers.append((call, condition)) }
                    }
                }
                current = first
                continue
            }
            break
        }
        return (current, modifiers.reversed())
    }

    /// The modifiers applied anywhere in `block` to the call at `rootLocation`, directly or through a local
    /// binding (`let configuration = ActivityConfiguration(…)` … `configuration.modifier()`).
    public static func modifiers(of rootLocation: SourceLocation, in block: Block) -> [Call] {
        conditionalModifiers(of: rootLocation, in: block).map(\.call)
    }

    /// `modifiers(of:in:)`, with the postfix `#if` conditions each modifier is written under (`splitWithConditions`).
    public static func conditionalModifiers(of rootLocation: SourceLocation, in block: Block) -> [(call: Call, conditions: [String])] {
        var boundNames: Set<String> = []
        block.walk { expr in
            if case .binding(let name, _, let value?, _) = expr, case .call(let call) = split(value).root, call.location == rootLocation {
                boundNames.insert(name)
            }
        }
        var result: [(call: Call, conditions: [String])] = []
        var seen: Set<SourceLocation> = []
        // Calls already split as modifiers of an outer chain: the walk reaches each link of a chain after the whole
        // chain, and splitting it again would find only what the chain gave (a chain of n links would cost n²).
        var covered: Set<SourceLocation> = []
        func isCovered(_ expr: Expr) -> Bool {
            switch expr {
            case .call(let call): return covered.contains(call.location)
            case .other(let items, _) where items.count == 2:
                guard case .branches(_, let clauses, _) = items[1] else { return false }
                return clauses.contains { clause in
                    clause.body.statements.contains { if case .call(let call) = $0 { return covered.contains(call.location) } else { return false } }
                }
            default: return false
            }
        }
        block.walk { expr in
            guard !isCovered(expr) else { return }
            let (root, modifiers) = splitWithConditions(expr)
            for modifier in modifiers { covered.insert(modifier.call.location) }
            let matches: Bool
            switch root {
            case .call(let call): matches = call.location == rootLocation
            case .identifier(let name, _): matches = boundNames.contains(name)
            default: matches = false
            }
            guard matches else { return }
            for modifier in modifiers where seen.insert(modifier.call.location).inserted { result.append(modifier) }
        }
        return result
    }

    /// The name of the view a modifier chain starts from (`Button` for `Button(…).buttonStyle(…)`).
    public static func rootName(_ expr: Expr) -> String? {
        let root = split(expr).root
        switch root {
        case .call(let call): return call.name.isEmpty ? nil : call.name
        case .identifier(let name, _): return name
        case .member(_, let name, _): return name
        default: return nil
        }
    }
}
