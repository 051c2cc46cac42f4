import GlanceProject
import GlanceSourceIndex

/// Where a piece of code sits: the type and member it belongs to, its `#if` conditions, and whether it
/// runs inside a loop.
public struct CodeSite: Sendable {
    public let file: String
    /// Qualified name of the enclosing type (nil for globals and top-level code).
    public let context: String?
    /// The enclosing member's name (`perform`, `body`, …), nil for top-level code.
    public let member: String?
    public let conditions: [String]
    public let insideLoop: Bool
    /// Names bound by the enclosing loops (`for kind in …`, `kinds.forEach { kind in … }`).
    public var loopVariables: Set<String> = []
    /// What a loop's single variable runs over (`for kind in ["a", "b"]` → `kind`: the array).
    public var loopSequences: [String: Expr] = [:]
}

/// Walks all code of the parsed files: every member of every type, globals and top-level statements.
enum CodeSites {
    /// Calls `visit` for each expression with its site. Loops (`for`, `while`, `forEach` and friends)
    /// mark their bodies as `insideLoop`.
    static func walk(_ files: [FileIndex], visit: (Expr, CodeSite) -> Void) {
        for file in files {
            // Preview providers are not shipped code.
            for type in file.types where !type.inheritedTypes.contains("PreviewProvider") {
                for member in type.members {
                    let site = CodeSite(file: file.path, context: type.qualifiedName, member: member.name,
                                        conditions: type.conditions + member.conditions, insideLoop: false)
                    walk(member.code, site: site, visit: visit)
                }
            }
            for member in file.globals {
                let site = CodeSite(file: file.path, context: nil, member: member.name, conditions: member.conditions, insideLoop: false)
                walk(member.code, site: site, visit: visit)
            }
            walk(file.topLevel, site: CodeSite(file: file.path, context: nil, member: nil, conditions: [], insideLoop: false), visit: visit)
        }
    }

    static let iterationMethods: Set<String> = ["forEach", "map", "compactMap", "flatMap", "filter", "reduce", "concurrentPerform"]

    /// Names that mark a reactive stream (RxSwift, Combine, ReactiveSwift): a `map`, `flatMap` or `filter` whose
    /// receiver or closure uses one is an operator on values that arrive over time, not a loop
    /// (`upload().flatMap { url -> Observable<Bool> in save(url).do { … } }` runs once per value the upload sends).
    static let reactiveNames: Set<String> = [
        "just", "do", "subscribe", "sink", "eraseToAnyPublisher", "asObservable", "asDriver", "asSingle", "drive",
        "flatMapLatest", "catchAndReturn", "disposed", "Observable", "Single", "Maybe", "Completable", "Just", "Future",
        "AnyPublisher", "Driver", "SignalProducer",
    ]

    /// Whether an iteration-named call (`map`, `flatMap`, …) is a reactive stream's operator: its receiver chain, or
    /// its closure's code, names one of `reactiveNames`. `forEach` and `concurrentPerform` are always loops.
    static func isReactiveOperator(_ call: Call) -> Bool {
        guard call.name != "forEach", call.name != "concurrentPerform" else { return false }
        var found = false
        func look(_ expr: Expr) {
            expr.walk { inner in
                switch inner {
                case .call(let other) where reactiveNames.contains(other.name): found = true
                case .member(_, let name, _) where reactiveNames.contains(name): found = true
                case .identifier(let name, _) where reactiveNames.contains(name): found = true
                default: break
                }
            }
        }
        if let base = call.base { look(base) }
        for argument in call.arguments { if case .closure = argument.value { look(argument.value) } }
        return found
    }

    static func walk(_ block: Block, site: CodeSite, visit: (Expr, CodeSite) -> Void) {
        for statement in block.statements { walk(statement, site: site, visit: visit) }
    }

    static func walk(_ expr: Expr, site: CodeSite, visit: (Expr, CodeSite) -> Void) {
        visit(expr, site)
        switch expr {
        case .loop(let sequence, let variables, let body, _):
            if let sequence { walk(sequence, site: site, visit: visit) }
            var inner = looping(site, binding: variables)
            if variables.count == 1, let sequence { inner.loopSequences[variables[0]] = sequence }
            walk(body, site: inner, visit: visit)
        case .call(let call) where iterationMethods.contains(call.name) && !isReactiveOperator(call):
            walk(call.callee, site: site, visit: visit)
            for argument in call.arguments {
                if case .closure(let closure) = argument.value {
                    let variables = closure.parameters.isEmpty ? ["$0"] : closure.parameters
                    var inner = looping(site, binding: variables)
                    if variables.count == 1, call.name == "forEach", let sequence = call.base { inner.loopSequences[variables[0]] = sequence }
                    walk(argument.value, site: inner, visit: visit)
                } else {
                    walk(argument.value, site: site, visit: visit)
                }
            }
        case .branches(let conditions, let clauses, _):
            for condition in conditions { walk(condition, site: site, visit: visit) }
            for clause in clauses {
                let clauseSite = clause.condition.map {
                    CodeSite(file: site.file, context: site.context, member: site.member, conditions: site.conditions + [$0], insideLoop: site.insideLoop,
                             loopVariables: site.loopVariables, loopSequences: site.loopSequences)
                } ?? site
                walk(clause.body, site: clauseSite, visit: visit)
            }
        default:
            for child in expr.children { walk(child, site: site, visit: visit) }
        }
    }

    private static func looping(_ site: CodeSite, binding variables: [String]) -> CodeSite {
        CodeSite(file: site.file, context: site.context, member: site.member, conditions: site.conditions, insideLoop: true,
                 loopVariables: site.loopVariables.union(variables), loopSequences: site.loopSequences)
    }
}
