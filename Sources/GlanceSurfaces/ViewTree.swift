import Foundation
import GlanceProject
import GlanceSourceIndex

/// A call found in a view tree, with the type its code belongs to (for resolving names).
public struct ScopedCall: Sendable {
    public let call: Call
    /// The qualified name of the type whose code holds the call (nil for closures outside any type).
    public let context: String?
    /// `#if` conditions around the call within the tree (not those of the declarations).
    public let conditions: [String]
    /// `switch` case labels the call sits under (`accessoryCircular`), innermost last.
    public let caseLabels: [[String]]
    /// The branches (`if`/`else`, `switch`, `#if`, `?:`) the call sits in within the tree, outermost first.
    public var choices: [BranchChoice] = []
}

/// One clause of a set of alternatives (`if`/`else`, `switch`, `#if`, `?:`) that a piece of code sits in. Code
/// in two different clauses of the same branches never runs together.
public struct BranchChoice: Sendable, Hashable {
    /// Where the branches start (the `if`, `switch`, `#if` or `?:`).
    public let branches: SourceLocation
    /// The clause: 0 for the first (`if`), 1 for the next (`else`, `else if`, `case`), …
    public let clause: Int
    /// For the clauses of `if #available(iOS 17, watchOS 10, *) { … } else if … else { … }` (and of
    /// `#unavailable`): the OS versions the clause runs on or above (`iOS: "17"`), or below, by platform name
    /// (a platform the check does not name is not bounded); empty otherwise.
    public let atLeast: [String: String]
    public let below: [String: String]

    public init(branches: SourceLocation, clause: Int, atLeast: [String: String] = [:], below: [String: String] = [:]) {
        self.branches = branches
        self.clause = clause
        self.atLeast = atLeast
        self.below = below
    }

    /// Whether code in two places can never run together: they sit in different clauses of the same branches.
    public static func excludeEachOther(_ first: [BranchChoice], _ second: [BranchChoice]) -> Bool {
        first.contains { one in second.contains { $0.branches == one.branches && $0.clause != one.clause } }
    }

    /// Whether two things registered at these places (a list of branches for each place) are never registered
    /// together: every place of one excludes every place of the other. False when either has no place.
    public static func areAlternatives(_ first: [[BranchChoice]], _ second: [[BranchChoice]]) -> Bool {
        !first.isEmpty && !second.isEmpty && first.allSatisfy { one in second.allSatisfy { excludeEachOther(one, $0) } }
    }

    /// The clauses of `branches` with what availability checks tell of them: in `if #available(iOS 17, *) { A }
    /// else if flag { B } else { C }`, A runs at or above the versions, B and C below them (an `if` whose only
    /// condition is the check fails only below them; `#unavailable` the other way round).
    static func clauses(of conditions: [Expr], _ clauses: [Clause], at location: SourceLocation) -> [BranchChoice] {
        var offset = 0
        var earlierBelow: [String: String] = [:]
        var earlierAtLeast: [String: String] = [:]
        var choices: [BranchChoice] = []
        for (index, clause) in clauses.enumerated() {
            let end = min(conditions.count, offset + clause.conditionCount)
            let tests = offset < end ? Array(conditions[offset..<end]) : []
            offset = end
            var atLeast = earlierAtLeast
            var below = earlierBelow
            for test in tests {
                guard let (available, versions) = availability(test) else { continue }
                if available { merge(versions, into: &atLeast, keeping: higher) } else { merge(versions, into: &below, keeping: lower) }
            }
            choices.append(BranchChoice(branches: location, clause: index, atLeast: atLeast, below: below))
            // The clauses after this one run only where its test failed.
            if tests.count == 1, let (available, versions) = availability(tests[0]) {
                if available { merge(versions, into: &earlierBelow, keeping: lower) } else { merge(versions, into: &earlierAtLeast, keeping: higher) }
            }
        }
        return choices
    }

    /// `#available(iOS 17, *)` → (true, ["iOS": "17"]); `#unavailable(…)` → false; nil for any other test.
    static func availability(_ test: Expr) -> (available: Bool, versions: [String: String])? {
        guard case .call(let check) = test, ["#available", "#unavailable"].contains(check.name) else { return nil }
        var versions: [String: String] = [:]
        for argument in check.arguments {
            if let platform = argument.label, case .number(let version, _) = argument.value { versions[platformName(platform)] = version }
        }
        return versions.isEmpty ? nil : (check.name == "#available", versions)
    }

    /// `iOSApplicationExtension` is the check for iOS, written for extension code.
    static func platformName(_ written: String) -> String {
        written.hasSuffix("ApplicationExtension") ? String(written.dropLast("ApplicationExtension".count)) : written
    }

    /// Adds versions by platform, keeping for a platform already there the one `keeping` prefers (both bounds
    /// hold: below 17 and below 16 is below 16).
    static func merge(_ versions: [String: String], into bounds: inout [String: String], keeping: ([Int], [Int]) -> Bool) {
        for (platform, version) in versions {
            guard let present = bounds[platform] else { bounds[platform] = version; continue }
            if keeping(numbers(version), numbers(present)) { bounds[platform] = version }
        }
    }

    static func lower(_ a: [Int], _ b: [Int]) -> Bool { a.lexicographicallyPrecedes(b) }
    static func higher(_ a: [Int], _ b: [Int]) -> Bool { b.lexicographicallyPrecedes(a) }

    /// "17.2" → [17, 2].
    public static func numbers(_ version: String) -> [Int] { version.split(separator: ".").map { Int($0) ?? 0 } }
}

/// The code that draws one presentation (a widget's content, a Live Activity's Lock Screen view, a
/// `compactLeading` region, …) together with everything it reaches, to any depth: project view types it
/// instantiates (`OrderView(context: context)` → `OrderView.body`, across files), helper properties and
/// methods of the type it is written in (`header`, `row(for:)`, a `@ViewBuilder` or `@WidgetBundleBuilder`
/// property named `Current`), and modifiers the project declares in extensions (`.card()`, which may call
/// `.cardBackground(…)`, which may call `.containerBackground(…)`). Every name is looked up from the file
/// that writes it, so same-named views of two modules are not mixed up. Each reached piece of code is
/// walked once, so recursion ends.
public struct ViewTree: Sendable {
    public let roots: [Block]
    /// The type the root code is written in.
    public let context: String?
    let resolver: Resolver
    /// Whether instantiated project view types are followed (false: only helpers of the same type).
    let followsTypes: Bool
    private let cache = WalkCache()

    /// The walk's results, computed once per tree.
    private final class WalkCache: @unchecked Sendable {
        let lock = NSLock()
        var calls: [ScopedCall]?
        var expressions: [(expr: Expr, context: String?)]?
        var opaque: [ScopedCall]?
        var placed: [ScopedCall]?
        var blocks: [Block]?
        /// `localValue`'s answers by name: the value at each use.
        var locals: [String: [SourceLocation: Expr?]] = [:]
        /// `memberCode` and `typeCode` by scope, context and name: a walk asks for the same names again and
        /// again, and an answer joins every declaration of a type (thousands, in a hostile file).
        var reached: [String: [(Reached, String?)]] = [:]

        func memo(_ key: String, _ compute: () -> [(Reached, String?)]) -> [(Reached, String?)] {
            lock.lock()
            if let found = reached[key] { lock.unlock(); return found }
            lock.unlock()
            let value = compute()
            lock.lock(); reached[key] = value; lock.unlock()
            return value
        }
    }

    public init(roots: [Block], context: String?, resolver: Resolver, followsTypes: Bool = true) {
        self.roots = roots
        self.context = context
        self.resolver = resolver
        self.followsTypes = followsTypes
    }

    public var isEmpty: Bool { roots.allSatisfy { $0.statements.isEmpty } }

    /// Every call the tree reaches, in source order of discovery (each reached type's code once).
    public var calls: [ScopedCall] {
        cache.lock.lock()
        if let cached = cache.calls { cache.lock.unlock(); return cached }
        cache.lock.unlock()
        var result: [ScopedCall] = []
        walkReachable { expr, scope in
            if case .call(let call) = expr {
                result.append(ScopedCall(call: call, context: scope.context, conditions: scope.conditions, caseLabels: scope.labels, choices: scope.choices))
            }
        }
        cache.lock.lock(); cache.calls = result; cache.lock.unlock()
        return result
    }

    /// The value a local `let` or `var` named `name` holds at `location`, in the code of the tree that holds it
    /// (`let url = URL(string: "myapp://open")!` … `OpenURLIntent(url)`): the latest binding or assignment before
    /// it in the blocks that enclose it (one in an inner block — an `if`'s, a loop's, a closure's — is not seen
    /// outside it, but a `do` block's statements count as the enclosing block's; `if let` binds inside the `if`,
    /// `guard let` after the `guard`). Nil when the name is bound
    /// nowhere there, or when its value is not known there (a `var` assigned inside a branch or a loop on the way,
    /// a loop's or a closure's own parameter of that name).
    public func localValue(_ name: String, before location: SourceLocation) -> Expr? {
        cache.lock.lock()
        let known = cache.locals[name]
        cache.lock.unlock()
        if let known { return known[location] ?? nil }
        // One walk per name answers every use of it.
        var values: [SourceLocation: Expr?] = [:]
        for block in blocks { Self.resolve(name, in: block.statements, inherited: nil, into: &values) }
        cache.lock.lock(); cache.locals[name] = values; cache.lock.unlock()
        return values[location] ?? nil
    }

    /// What an expression stands for where it is written: a local name's value (`localValue`), else a project
    /// property's or constant's (`Resolver.constant`), with the context to read that value in. Nil when neither
    /// is known.
    public func value(of expr: Expr, context: String?) -> (value: Expr, context: String?)? {
        if case .identifier(let name, let location) = expr, let local = localValue(name, before: location) { return (local, context) }
        if let constant = resolver.constant(expr, context: context), let value = constant.value { return (value, constant.context) }
        return nil
    }

    /// The roots and every piece of code the tree reaches (a helper's body, a view type's `body`), in the order
    /// the walk enters them.
    public var blocks: [Block] {
        cache.lock.lock()
        if let cached = cache.blocks { cache.lock.unlock(); return cached }
        cache.lock.unlock()
        var result: [Block] = []
        walkReachable(visit: { _, _ in }, block: { result.append($0) })
        cache.lock.lock(); cache.blocks = result; cache.lock.unlock()
        return result
    }

    /// Records, for each use of `name` in these statements, the value it holds there.
    private static func resolve(_ name: String, in statements: [Expr], inherited: Expr?, into values: inout [SourceLocation: Expr?]) {
        var current = inherited
        for statement in statements {
            visit(statement, name, current, &values)
            switch statement {
            case .binding(name, _, let value, _):
                current = value
            case .assignment(.identifier(name, _), "=", let value, _):
                current = value
            case .branches(let conditions, let clauses, _) where clauses.count == 1:
                // `guard let name = … else { … }`: bound after the guard.
                for case .binding(name, _, let value, _) in conditions { current = value }
            default:
                var assigned = false
                statement.walk { if case .assignment(.identifier(name, _), _, _, _) = $0 { assigned = true } }
                if assigned { current = nil }
            }
        }
    }

    /// Records the uses of `name` in one expression, holding `current`; its inner blocks get their own scope.
    private static func visit(_ expr: Expr, _ name: String, _ current: Expr?, _ values: inout [SourceLocation: Expr?]) {
        switch expr {
        case .identifier(name, let location):
            values[location] = current
        case .binding(_, _, let value?, _):
            visit(value, name, current, &values)
        case .branches(let conditions, let clauses, _):
            // A clause's conditions see the bindings of the conditions before them (`if let a = x, let b = f(a)`,
            // `guard let a = x, let b = f(a)`), and its body sees them all.
            var groups: [ArraySlice<Expr>] = []
            var offset = 0
            for clause in clauses {
                groups.append(conditions[min(offset, conditions.count)..<min(conditions.count, offset + clause.conditionCount)])
                offset += clause.conditionCount
            }
            if offset < conditions.count { groups.append(conditions[offset...]) }     // a `guard`'s conditions
            var bindings: [Expr?] = []
            for group in groups {
                var bound = current
                for condition in group {
                    visit(condition, name, bound, &values)
                    if case .binding(name, _, let value, _) = condition { bound = value }
                }
                bindings.append(bound)
            }
            for (index, clause) in clauses.enumerated() {
                resolve(name, in: clause.body.statements, inherited: index < bindings.count && clause.conditionCount > 0 ? bindings[index] : current,
                        into: &values)
            }
        case .closure(let closure):
            resolve(name, in: closure.body.statements, inherited: closure.parameters.contains(name) ? nil : current, into: &values)
        case .loop(let sequence, let variables, let body, _):
            if let sequence { visit(sequence, name, current, &values) }
            resolve(name, in: body.statements, inherited: variables.contains(name) ? nil : current, into: &values)
        default:
            for child in expr.children { visit(child, name, current, &values) }
        }
    }

    /// Calls with a given name (`Image`, `widgetURL`, `Link`).
    public func calls(named name: String) -> [ScopedCall] { calls.filter { $0.call.name == name } }

    /// Every expression the tree reaches (for references such as `context.isStale`).
    public var expressions: [(expr: Expr, context: String?)] {
        cache.lock.lock()
        if let cached = cache.expressions { cache.lock.unlock(); return cached }
        cache.lock.unlock()
        var result: [(Expr, String?)] = []
        walkReachable { expr, scope in result.append((expr, scope.context)) }
        cache.lock.lock(); cache.expressions = result; cache.lock.unlock()
        return result
    }

    /// Project types the tree instantiates, directly or not.
    public var reachedTypes: [String] {
        var types: Set<String> = []
        walkReachable { _, scope in if let context = scope.context { types.insert(context) } }
        return types.sorted()
    }

    /// Views the tree builds that name neither a project type nor a known framework type: code Glance
    /// cannot see into (a view from a binary framework or a package it could not read). Only calls in a
    /// view's place count — a statement of a view builder, the root of a modifier chain, a branch — not the
    /// values passed to views and modifiers (`Text(NSLocalizedString(…))`, `GridItem(…)`, `NSNumber(…)`).
    public var opaqueCalls: [ScopedCall] {
        cache.lock.lock()
        if let cached = cache.opaque { cache.lock.unlock(); return cached }
        cache.lock.unlock()
        var result: [ScopedCall] = []
        walkReachable(visit: { _, _ in }, viewExpr: { expr, scope in
            guard case .call(let call) = expr, case .identifier(let raw, _) = call.callee else { return }
            let name = TypeName.base(raw)
            guard name.first?.isUppercase == true, !KnownTypes.all.contains(name), !KnownTypes.isApplePrefixed(name), !KnownTypes.isConfigurationValue(name),
                  resolver.declarations(of: name, context: scope.context, from: call.location.file).isEmpty,
                  memberCode(name, in: scope.context, file: call.location.file).isEmpty else { return }
            result.append(ScopedCall(call: call, context: scope.context, conditions: scope.conditions, caseLabels: scope.labels, choices: scope.choices))
        })
        cache.lock.lock(); cache.opaque = result; cache.lock.unlock()
        return result
    }

    /// The calls that stand in a view's place (a statement of a view builder, the root of a modifier chain, a
    /// branch's view), with the branches each sits in: the views the tree draws, not the values passed to them.
    public var placedCalls: [ScopedCall] {
        cache.lock.lock()
        if let cached = cache.placed { cache.lock.unlock(); return cached }
        cache.lock.unlock()
        var result: [ScopedCall] = []
        walkReachable(visit: { _, _ in }, viewExpr: { expr, scope in
            guard case .call(let call) = expr else { return }
            result.append(ScopedCall(call: call, context: scope.context, conditions: scope.conditions, caseLabels: scope.labels, choices: scope.choices))
        })
        cache.lock.lock(); cache.placed = result; cache.lock.unlock()
        return result
    }

    /// The tree of one call this tree reaches, walked afresh from it (its branches relative to it).
    public func subtree(at scoped: ScopedCall) -> ViewTree {
        ViewTree(roots: [Block([.call(scoped.call)])], context: scoped.context, resolver: resolver, followsTypes: followsTypes)
    }

    /// The largest number of matching calls on one path through the tree: the calls of alternatives
    /// (`if`/`switch`/`#if` branches) are not added up, the calls of one view hierarchy are.
    public func maxCount(where matches: (Call) -> Bool) -> Int {
        // Cheap exit: nothing matches anywhere.
        guard calls.contains(where: { matches($0.call) }) else { return 0 }
        var visiting: Set<String> = []
        var memo: [String: Int] = [:]
        return roots.map { count($0, context: context, matches: matches, visiting: &visiting, memo: &memo) }.reduce(0, +)
    }

    // MARK: - Walking

    struct Scope {
        let context: String?
        let conditions: [String]
        let labels: [[String]]
        var choices: [BranchChoice] = []
        /// Properties of the view being walked whose value its instantiation fixed to an enum case
        /// (`IslandPart(slot: .compact)` → `slot: compact`): a `switch` on one walks only the matching case.
        var bindings: [String: String] = [:]
    }

    /// Visits every expression of the roots and of the code they reach; each reached type or member is
    /// walked once. `viewExpr` gets the expressions that stand in a view's place (see `opaqueCalls`).
    private func walkReachable(visit: (Expr, Scope) -> Void, viewExpr: (Expr, Scope) -> Void = { _, _ in }, block enter: (Block) -> Void = { _ in }) {
        var visited: Set<String> = []
        var pending: [(Block, Scope, Bool)] = roots.reversed().map { ($0, Scope(context: context, conditions: [], labels: []), true) }
        while !pending.isEmpty {
            let (block, scope, buildsViews) = pending.removeLast()
            enter(block)
            prefetchViewTypes(calledIn: block)
            for statement in block.statements {
                walk(statement, scope: scope, isView: buildsViews, visit: visit, viewExpr: viewExpr) { reached, reachedScope in
                    if visited.insert(reached.key).inserted { pending.append((reached.block, reachedScope, reached.buildsViews)) }
                }
            }
        }
    }

    /// Parses, in one batch on all cores, the files that declare (at the top level) the view types a block
    /// calls (`Row(…)`, `Card<Text>(…)`: types whose files declare a `body`), which the walk is about to look up
    /// one by one.
    private func prefetchViewTypes(calledIn block: Block) {
        guard followsTypes else { return }
        var names: Set<String> = []
        block.walk { expr in
            if case .call(let call) = expr, case .identifier(let written, _) = call.callee {
                let name = TypeName.base(written)
                if name.first?.isUppercase == true, !KnownTypes.all.contains(name) { names.insert(name) }
            }
        }
        resolver.index.prefetchTopLevelTypes(names.filter { resolver.index.typeMayDeclare($0, member: "body") })
    }

    /// `isView`: the expression stands where a view is built (a builder's statement, a returned value, a
    /// branch, the root of a modifier chain, a closure passed to a view), not where a value is passed.
    private func walk(_ expr: Expr, scope: Scope, isView: Bool, visit: (Expr, Scope) -> Void, viewExpr: (Expr, Scope) -> Void,
                      reach: (Reached, Scope) -> Void) {
        visit(expr, scope)
        if isView { viewExpr(expr, scope) }
        for (reached, context) in reachedCode(from: expr, context: scope.context, isView: isView) {
            let bindings = Self.bindings(passedBy: expr, reaching: context, from: scope)
            var reached = reached
            if !bindings.isEmpty { reached.key += "|" + bindings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") }
            reach(reached, Scope(context: context, conditions: scope.conditions, labels: scope.labels, choices: scope.choices, bindings: bindings))
        }
        func child(_ inner: Expr, _ innerIsView: Bool) {
            walk(inner, scope: scope, isView: innerIsView, visit: visit, viewExpr: viewExpr, reach: reach)
        }
        switch expr {
        case .branches(let conditions, let clauses, let location):
            for condition in conditions { child(condition, false) }
            let taken = Self.casesTaken(conditions, clauses, bindings: scope.bindings)
            for (index, (clause, choice)) in zip(clauses, BranchChoice.clauses(of: conditions, clauses, at: location)).enumerated()
                where taken?.contains(index) ?? true {
                let inner = Scope(context: scope.context, conditions: scope.conditions + (clause.condition.map { [$0] } ?? []),
                                  labels: clause.labels.isEmpty ? scope.labels : scope.labels + [clause.labels], choices: scope.choices + [choice],
                                  bindings: scope.bindings)
                for statement in clause.body.statements {
                    walk(statement, scope: inner, isView: isView, visit: visit, viewExpr: viewExpr, reach: reach)
                }
            }
        case .call(let call):
            // A modifier's receiver is the view; closures build views; other arguments are values.
            child(call.callee, isView && call.base != nil)
            for argument in call.arguments {
                if case .closure = argument.value { child(argument.value, true) } else { child(argument.value, false) }
            }
        case .member(let base?, _, _):
            child(base, isView)
        case .closure(let closure):
            for statement in closure.body.statements { child(statement, true) }
        case .returnStatement(let value?, _):
            child(value, isView)
        case .other(let items, _):
            for item in items { child(item, isView) }
        default:
            for inner in expr.children { child(inner, false) }
        }
    }

    /// The enum cases an instantiation passes for the view's properties (`IslandPart(context: c, slot: .compact)`
    /// → `["slot": "compact"]`), for the code of a project type it reaches; code of the same type (its helpers)
    /// keeps the bindings it is reached with; anything else has none.
    static func bindings(passedBy expr: Expr, reaching context: String?, from scope: Scope) -> [String: String] {
        guard context != scope.context else { return scope.bindings }
        guard case .call(let call) = expr else { return [:] }
        var bindings: [String: String] = [:]
        for argument in call.arguments {
            if let label = argument.label, case .member(nil, let name, _) = argument.value { bindings[label] = name }
        }
        return bindings
    }

    /// The clauses of a `switch` on a bound property (`switch slot`, `switch self.slot`) that can run: the case
    /// naming its value, else `default`; nil (all) for other branches.
    static func casesTaken(_ conditions: [Expr], _ clauses: [Clause], bindings: [String: String]) -> Set<Int>? {
        guard !bindings.isEmpty, conditions.count == 1, clauses.contains(where: { !$0.labels.isEmpty }) else { return nil }
        let name: String
        switch conditions[0] {
        case .identifier(let property, _): name = property
        case .member(.identifier("self", _)?, let property, _): name = property
        default: return nil
        }
        guard let value = bindings[name] else { return nil }
        let matching = Set(clauses.indices.filter { clauses[$0].labels.contains(value) })
        return matching.isEmpty ? Set(clauses.indices.filter { clauses[$0].labels == ["default"] }) : matching
    }

    struct Reached {
        var key: String
        let block: Block
        /// Whether the code builds views (`some View`, a builder attribute, an undeclared type) or computes a
        /// value (`-> [Item]`, `: AnyIterator<Entry>`): in value code, calls are not views.
        var buildsViews = true
    }

    /// Whether a member's code builds views: it returns an opaque or view-like type, or has a builder
    /// attribute, or its type is not written.
    static func buildsViews(_ member: Member) -> Bool {
        if member.attributes.contains(where: { $0.name.hasSuffix("Builder") }) { return true }
        guard let type = member.type?.trimmingCharacters(in: .whitespaces), !type.isEmpty else { return true }
        return type.hasPrefix("some ") || type.hasPrefix("any ") || type.contains("View") || type.contains("Widget")
            || type.contains("Scene") || type.contains("Content") || type.contains("Configuration") || type.count <= 2
    }

    /// The code an expression leads to: a project view type's body and helpers, or a member of the type in
    /// scope (which shadows a type of the same name, as in Swift), or a modifier declared in an extension; where a
    /// view is built (`isView`), also a project type's static helper (`AllWidgets.widgets`, `Rows.make()`).
    private func reachedCode(from expr: Expr, context: String?, isView: Bool = false) -> [(Reached, String?)] {
        let file = expr.location.file
        switch expr {
        case .call(let call):
            if case .identifier(let written, _) = call.callee {
                let name = TypeName.base(written)
                let member = memberCode(name, in: context, file: file)
                return member.isEmpty ? typeCode(name, context: context, file: file) : member
            }
            if case .member(let base, let name, _) = call.callee, case .identifier("self", _)? = base {
                return memberCode(name, in: context, file: file)
            }
            if case .member(let base, let name, _) = call.callee, name == "init", let type = base?.dottedPath {
                return typeCode(type, context: context, file: file)
            }
            // `Outer.Inner(…)`: a nested view type.
            if case .member(let base?, let name, _) = call.callee, name.first?.isUppercase == true, let outer = base.dottedPath,
               outer.first?.isUppercase == true {
                return typeCode(outer + "." + name, context: context, file: file)
            }
            if case .member(let base?, let name, _) = call.callee, name.first?.isLowercase == true, !KnownTypes.modifiers.contains(name) {
                if case .identifier("self", _) = base { return memberCode(name, in: context, file: file) }
                // `Widgets.make()`, `Self.row(…)` building a view: a static method of a project type, else a modifier.
                if isView, let owner = Self.typeReference(base, context: context) {
                    let member = memberCode(name, in: owner, file: file)
                    if !member.isEmpty { return member }
                }
                // `Bool.random()`: a static method of the type written, found only in that type's extensions (not
                // the project's `AppDatabase.random()`); on an instance (`view.widgetBackground()`) any extension.
                if case .identifier(let written, _) = base, written.first?.isUppercase == true {
                    return extensionFunctionCode(name, file: file).filter { TypeName.base($0.1 ?? "") == TypeName.base(written) }
                }
                return extensionFunctionCode(name, file: file)
            }
            return []
        case .identifier(let name, _):
            return memberCode(name, in: context, file: file)
        case .member(.identifier("self", _)?, let name, _):
            return memberCode(name, in: context, file: file)
        case .member(let base?, let name, _) where isView && name.first?.isLowercase == true:
            // `AllWidgets.widgets`, `Self.controls` where a view or widget is built: a static computed property of a
            // project type (in the type or an extension), such as a `@WidgetBundleBuilder` list a bundle's body returns.
            guard let owner = Self.typeReference(base, context: context) else { return [] }
            return memberCode(name, in: owner, file: file)
        default:
            return []
        }
    }

    /// The type an expression names when it is the base of a static member: `Self` (the type in scope), or a
    /// capitalized name or dotted path (`AllWidgets`, `Outer.Inner`); nil for values (`entry`, `context.state`).
    static func typeReference(_ base: Expr, context: String?) -> String? {
        if case .identifier("Self", _) = base { return context }
        guard let path = base.dottedPath, path.split(separator: ".").allSatisfy({ $0.first?.isUppercase == true }) else { return nil }
        return path
    }

    /// Names standing where a widget or view is built that lead to no code Glance can read: a property (`all`)
    /// or a type's static member (`ExternalWidgets.all`) that is not a computed property or function the project
    /// declares (in a package Glance did not read, a binary framework, or stored). For a bundle's body, where
    /// every statement must list widgets, these are lists Glance cannot see into.
    public var unfollowedReferences: [(name: String, location: SourceLocation)] {
        var result: [(name: String, location: SourceLocation)] = []
        walkReachable(visit: { _, _ in }, viewExpr: { expr, scope in
            switch expr {
            case .identifier(let name, let location) where name.first?.isLowercase == true:
                if reachedCode(from: expr, context: scope.context, isView: true).isEmpty { result.append((name, location)) }
            case .member(let base?, let name, let location) where name.first?.isLowercase == true:
                guard let owner = Self.typeReference(base, context: scope.context), reachedCode(from: expr, context: scope.context, isView: true).isEmpty else { return }
                result.append((base.dottedPath.map { $0 + "." + name } ?? owner + "." + name, location))
            default:
                break
            }
        })
        return result
    }

    private func typeCode(_ written: String, context: String?, file: String) -> [(Reached, String?)] {
        // `Card<Text>`: the generic type's own code.
        let name = TypeName.base(written)
        // Only types whose files declare a `body` (`var body`, in the type or an extension) can be views: others
        // are not parsed for nothing (an icon catalog whose strings say "body" included).
        let scope = resolver.scope(from: file)
        return cache.memo("type|\(scope.key)|\(context ?? "")|\(name)") { typeCode(name, context: context, file: file, scope: scope) }
    }

    private func typeCode(_ name: String, context: String?, file: String, scope: Resolver.Scope) -> [(Reached, String?)] {
        guard followsTypes, resolver.index.typeMayDeclare(name, member: "body", in: { resolver.isVisible($0, in: scope) }) else { return [] }
        let declarations = resolver.declarations(of: name, context: context, from: file)
        let primaries = declarations.filter { $0.kind != .extension }
        guard let primary = primaries.first, declarations.contains(where: { $0.member("body") != nil }) else { return [] }
        let qualified = primary.qualifiedName
        // The whole type: body and the helpers it uses are reached through `memberCode`.
        let body = declarations.flatMap { $0.members(named: "body") }.map(\.code.statements).flatMap { $0 }
        let key = primaries.map { "\($0.location.file):\($0.location.line)" }.joined(separator: "+")
        return [(Reached(key: key, block: Block(body)), qualified)]
    }

    /// A modifier the project declares in an extension (`extension View { func widgetBackground() … }`)
    /// that `file` can see.
    private func extensionFunctionCode(_ name: String, file: String) -> [(Reached, String?)] {
        guard followsTypes else { return [] }
        let scope = resolver.scope(from: file)
        return resolver.index.extensionFunctions(named: name, in: { resolver.isVisible($0, in: scope) }).map { extended, function in
            (Reached(key: "\(function.location.file):\(function.location.line)", block: function.code, buildsViews: Self.buildsViews(function)), extended)
        }
    }

    /// A computed property or method of the type in scope, from its declarations and the extensions `file`
    /// sees — also when the type is a framework type the project extends (`extension View { … }`) — else a
    /// file-scope one (`@WidgetBundleBuilder private var current: some Widget { … }`), as Swift looks names up.
    /// Whether the project declares code for a name written in `file` inside `context`: a member of the type (or a
    /// type around it, or an extension of a framework type such as `View`), or a file-scope function.
    public func projectDeclares(_ name: String, in context: String?, file: String) -> Bool {
        !memberCode(name, in: context, file: file).isEmpty
    }

    /// The code of the project's member or global `name` as seen from `file` in `context` (a modifier of its own,
    /// `extension View { func appEnvironment() -> some View { … } }`), with the type it is written in; empty when
    /// the project declares none.
    public func declaredCode(_ name: String, in context: String?, file: String) -> [(code: Block, context: String?)] {
        let found = memberCode(name, in: context, file: file).map { ($0.0.block, $0.1) }
        guard found.isEmpty else { return found }
        // A function of an extension of a framework type (`extension View { func appEnvironment() … }`).
        let scope = resolver.scope(from: file)
        return resolver.index.extensionFunctions(named: name, in: { resolver.isVisible($0, in: scope) })
            .filter { ["View", "Scene", "SwiftUI.View", "SwiftUI.Scene"].contains($0.extended) }
            .map { ($0.function.code, $0.extended) }
    }

    func memberCode(_ name: String, in context: String?, file: String) -> [(Reached, String?)] {
        cache.memo("member|\(resolver.scope(from: file).key)|\(context ?? "")|\(name)") { uncachedMemberCode(name, in: context, file: file) }
    }

    private func uncachedMemberCode(_ name: String, in context: String?, file: String) -> [(Reached, String?)] {
        var members: [Member] = []
        let scope = resolver.scope(from: file)
        // Only a type whose files declare a `func` or `var` of this name can have the member (a computed property or
        // a function): others are not parsed for nothing (an icon catalog of thousands of `static let`s, reached
        // through a helper in an extension that reads its stored `name`).
        if let context, resolver.index.typeMayDeclare(context, member: name, computedOnly: true, in: { resolver.isVisible($0, in: scope) }) {
            var declarations = resolver.declarations(of: context, from: file)
            if declarations.isEmpty {
                declarations = resolver.index.extensions(of: context, in: { resolver.isVisible($0, in: scope) })
            }
            members = declarations.flatMap { $0.members(named: name) }.filter { $0.kind == .computedProperty || $0.kind == .function }
        }
        var owner = context
        if members.isEmpty {
            members = resolver.globals(named: name, from: file).filter { $0.kind == .computedProperty || $0.kind == .function }
            owner = nil
        }
        guard !members.isEmpty else { return [] }
        let key = members.map { "\($0.location.file):\($0.location.line)" }.joined(separator: "+")
        return [(Reached(key: key, block: Block(members.flatMap(\.code.statements)), buildsViews: members.contains(where: Self.buildsViews)), owner)]
    }

    private func count(_ block: Block, context: String?, matches: (Call) -> Bool, visiting: inout Set<String>, memo: inout [String: Int]) -> Int {
        block.statements.reduce(0) { $0 + count($1, context: context, matches: matches, visiting: &visiting, memo: &memo) }
    }

    private func count(_ expr: Expr, context: String?, matches: (Call) -> Bool, visiting: inout Set<String>, memo: inout [String: Int]) -> Int {
        var total = 0
        switch expr {
        case .branches(let conditions, let clauses, _):
            total += conditions.reduce(0) { $0 + count($1, context: context, matches: matches, visiting: &visiting, memo: &memo) }
            total += clauses.map { count($0.body, context: context, matches: matches, visiting: &visiting, memo: &memo) }.max() ?? 0
            return total
        case .call(let call):
            if matches(call) { total += 1 }
        default:
            break
        }
        for child in expr.children { total += count(child, context: context, matches: matches, visiting: &visiting, memo: &memo) }
        for (reached, scope) in reachedCode(from: expr, context: context) where !visiting.contains(reached.key) {
            if let known = memo[reached.key] { total += known; continue }
            visiting.insert(reached.key)
            let value = count(reached.block, context: scope, matches: matches, visiting: &visiting, memo: &memo)
            visiting.remove(reached.key)
            memo[reached.key] = value
            total += value
        }
        return total
    }
}
