import GlanceProject
import GlanceSourceIndex

/// What a string computed at run time can depend on in one build of a target: the bundle's own identifier, its
/// Info.plist, and which `#if` clauses the build compiles.
public struct StringEnvironment: Sendable {
    /// `Bundle.main.bundleIdentifier` (the configuration's `PRODUCT_BUNDLE_IDENTIFIER`), when known.
    public let bundleIdentifier: String?
    /// The merged Info.plist (build settings expanded), for `Bundle.main.object(forInfoDictionaryKey:)`.
    public let infoPlist: [String: PlistValue]
    /// The target and configuration whose build chooses between declarations of one name under `#if`; without
    /// them, such declarations are known only when they hold the same value.
    public let build: (target: Target, configuration: String)?

    public init(bundleIdentifier: String?, infoPlist: [String: PlistValue], build: (target: Target, configuration: String)? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.infoPlist = infoPlist
        self.build = build
    }

    /// The environment of one configuration of a target: its bundle id, merged Info.plist and build conditions.
    public init(_ configuration: TargetConfiguration, of target: Target) {
        let bundle = configuration.settings.value("PRODUCT_BUNDLE_IDENTIFIER").known
        self.init(bundleIdentifier: bundle.flatMap { $0.isEmpty || $0.contains("$") ? nil : $0 }, infoPlist: configuration.infoPlist,
                  build: (target, configuration.name))
    }
}

/// Works out a string the way the code computes it when it runs, for App Group ids and the like: literals and
/// interpolations, `+`, `??`, the project's constants and computed properties (their `let`/`var` locals,
/// reassignments, `guard let` and `return`, followed in order), closures called where they are written
/// (`static let prefix: String = { … }()`), `Bundle.main.bundleIdentifier`, `Bundle.main.object(forInfoDictionaryKey:)`,
/// and the string methods `lowercased()`, `uppercased()`, `replacingOccurrences(of:with:)` and `appending(_:)`.
/// A name declared once per `#if` clause means the declaration the environment's build compiles.
/// Anything else (a parameter, a branch that chooses, a call Glance does not follow) makes the result unknown (nil),
/// never a guess.
public struct StringEvaluator {
    let resolver: Resolver
    /// Steps of one evaluation, so that constants defined in terms of each other end.
    static let maximumDepth = 24

    public init(resolver: Resolver) { self.resolver = resolver }

    /// The string `expr` (written in the type `context`) holds in the environment, or nil when it cannot be known.
    public func value(of expr: Expr, context: String?, in environment: StringEnvironment) -> String? {
        var state = State(environment: environment)
        return evaluate(expr, context: context, locals: [:], state: &state)
    }

    private struct State {
        let environment: StringEnvironment
        var depth = 0
    }

    private typealias Locals = [String: String?]

    private func evaluate(_ expr: Expr, context: String?, locals: Locals, state: inout State) -> String? {
        guard state.depth < Self.maximumDepth else { return nil }
        state.depth += 1
        defer { state.depth -= 1 }
        if let path = expr.dottedPath {
            if path == "Bundle.main.bundleIdentifier" {
                return state.environment.bundleIdentifier
            }
            if case .identifier(let name, _) = expr, let local = locals[name] { return local }
        }
        switch expr {
        case .string(let literal):
            var text = ""
            for segment in literal.segments {
                switch segment {
                case .text(let part): text += part
                case .interpolation(let inner):
                    guard let value = evaluate(inner, context: context, locals: locals, state: &state) else { return nil }
                    text += value
                }
            }
            return text
        case .operation("+", let operands, _):
            var text = ""
            for operand in operands {
                guard let value = evaluate(operand, context: context, locals: locals, state: &state) else { return nil }
                text += value
            }
            return text
        case .operation("??", let operands, _) where operands.count == 2:
            // `a ?? b` is `b` only where `a` is nil when the code runs: a left side Glance cannot work out (a
            // package's property) may well hold a value, so the result is unknown, not `b`.
            if case .identifier("nil", _) = operands[0] { return evaluate(operands[1], context: context, locals: locals, state: &state) }
            return evaluate(operands[0], context: context, locals: locals, state: &state)
        case .call(let call):
            return evaluateCall(call, context: context, locals: locals, state: &state)
        case .identifier, .member:
            // One declaration, or one per `#if` clause: those the build leaves out do not count, and the others must agree.
            var found = resolver.constants(expr, context: context)
            if found.count > 1, let build = state.environment.build {
                found = found.filter {
                    resolver.build.compiles($0.member.conditions, in: build.target, file: $0.member.location.file, configuration: build.configuration) != false
                }
            }
            guard !found.isEmpty else { return nil }
            var values: [String?] = []
            for constant in found {
                if let value = constant.value { values.append(evaluate(value, context: constant.context, locals: [:], state: &state)) }
                else if let body = constant.member.body, constant.member.kind == .computedProperty {
                    values.append(run(body, context: constant.context, locals: [:], state: &state))
                } else { return nil }
            }
            guard let first = values[0], values.allSatisfy({ $0 == first }) else { return nil }
            return first
        default:
            return nil
        }
    }

    private func evaluateCall(_ call: Call, context: String?, locals: Locals, state: inout State) -> String? {
        // `{ … }()`: a closure called where it is written.
        if case .closure(let closure) = call.callee, call.arguments.isEmpty {
            return run(closure.body, context: context, locals: locals, state: &state)
        }
        if call.name == "String", call.arguments.count == 1, call.arguments[0].label == nil || call.arguments[0].label == "describing" {
            return evaluate(call.arguments[0].value, context: context, locals: locals, state: &state)
        }
        guard let base = call.base else { return nil }
        if call.name == "object", base.dottedPath == "Bundle.main", let key = call.argument("forInfoDictionaryKey") {
            guard let name = evaluate(key, context: context, locals: locals, state: &state) else { return nil }
            return state.environment.infoPlist[name]?.string
        }
        switch (call.name, call.arguments.count) {
        case ("lowercased", 0): return evaluate(base, context: context, locals: locals, state: &state)?.lowercased()
        case ("uppercased", 0): return evaluate(base, context: context, locals: locals, state: &state)?.uppercased()
        case ("replacingOccurrences", 2):
            guard let of = call.argument("of"), let with = call.argument("with"),
                  let text = evaluate(base, context: context, locals: locals, state: &state),
                  let target = evaluate(of, context: context, locals: locals, state: &state),
                  let replacement = evaluate(with, context: context, locals: locals, state: &state), !target.isEmpty else { return nil }
            return text.replacingOccurrences(of: target, with: replacement)
        case ("appending", 1):
            guard let text = evaluate(base, context: context, locals: locals, state: &state),
                  let tail = evaluate(call.arguments[0].value, context: context, locals: locals, state: &state) else { return nil }
            return text + tail
        default:
            return nil
        }
    }

    /// Runs a body's statements in order: bindings and reassignments of locals, `guard let` (its else leaves),
    /// and the `return` (or the single expression of an implicit return). A branch that chooses is unknown.
    private func run(_ body: Block, context: String?, locals start: Locals, state: inout State) -> String? {
        var locals = start
        for (index, statement) in body.statements.enumerated() {
            switch statement {
            case .binding(let name, _, let value?, _):
                locals[name] = .some(evaluate(value, context: context, locals: locals, state: &state))
            case .assignment(.identifier(let name, _), "=", let value, _):
                locals[name] = .some(evaluate(value, context: context, locals: locals, state: &state))
            case .assignment(.identifier(let name, _), "+=", let value, _):
                let tail = evaluate(value, context: context, locals: locals, state: &state)
                locals[name] = .some((locals[name] ?? nil).flatMap { head in tail.map { head + $0 } })
            case .returnStatement(let value?, _):
                return evaluate(value, context: context, locals: locals, state: &state)
            case .branches(let conditions, let clauses, _) where clauses.count == 1 && clauses[0].condition == nil
                    && conditions.allSatisfy({ if case .binding = $0 { return true } else { return false } }):
                // `guard let name = value … else { … }`: the rest runs with the names bound.
                for case .binding(let name, _, let value?, _) in conditions {
                    locals[name] = .some(evaluate(value, context: context, locals: locals, state: &state))
                }
            default:
                // The last statement of a one-expression body is its value; anything else may choose.
                if index == body.statements.count - 1, body.statements.count == 1 {
                    return evaluate(statement, context: context, locals: locals, state: &state)
                }
                return nil
            }
        }
        return nil
    }
}
