import GlanceProject
import GlanceSourceIndex

/// `AlarmManager.shared.schedule(id:configuration:)`, with where its id comes from and the ids the intents of its
/// configuration carry, as far as the function that schedules shows them.
public struct AlarmSchedule: Sendable {
    /// Where an id comes from, read within the scheduling function.
    public enum IDSource: Sendable, Equatable {
        /// A `UUID()` made there, by its place: inline, or bound to a local of that name (`let id = UUID()`).
        case fresh(SourceLocation, local: String?)
        /// Another expression, as written (`alarm.id`, `self.alarmID`, a parameter).
        case expression(String)
        /// Nothing the function shows (a call's result, a computed value).
        case unknown

        /// As written in messages: `UUID()`, `id`, `alarm.id`.
        public var text: String {
            switch self {
            case .fresh(_, let local): return local ?? "UUID()"
            case .expression(let text): return text
            case .unknown: return "an id"
            }
        }
    }

    /// An intent of the configuration (`stopIntent:`, `secondaryIntent:`) that carries an id.
    public struct Intent: Sendable {
        /// `stopIntent`, `secondaryIntent`.
        public let role: String
        public let type: String
        /// The initializer's argument that carries the id (`alarmID`; `_` when unlabeled).
        public let argument: String
        public let id: IDSource
        /// Where the id is passed.
        public let location: SourceLocation
    }

    public let location: SourceLocation
    public let id: IDSource
    /// Whether the function keeps or hands on the id it schedules with (assigns it to something, passes it to a call
    /// other than the schedule and the intents): then another name may hold it.
    public let idIsKept: Bool
    /// The configuration's intents that carry an id; empty when none does.
    public let intents: [Intent]
    /// Whether the configuration is built in the function (inline, or in a local): otherwise its intents are not known.
    public let configurationIsVisible: Bool
    public let targets: [Target]
    /// The type and member that schedule.
    public let context: String?
    public let member: String?
}

enum AlarmSchedules {
    /// The schedules among these `schedule(id:configuration:)` calls and their sites.
    /// `isConfiguration` tells an `AlarmConfiguration` initializer (`.alarm(…)`, `.timer(…)`, `AlarmConfiguration(…)`) from
    /// another call (a helper that returns one, whose intents are not visible here).
    static func build(_ calls: [(call: Call, site: CodeSite)], resolver: Resolver, isConfiguration: (Call) -> Bool) -> [AlarmSchedule] {
        calls.compactMap { call, site in
            guard let idExpr = call.argument("id"), let configurationExpr = call.argument("configuration") else { return nil }
            let code = ViewTree(roots: [function(holding: call.location, site: site, resolver: resolver) ?? Block([])], context: site.context,
                                resolver: resolver, followsTypes: false)
            let id = source(of: idExpr, in: code)
            var configuration: Expr? = configurationExpr
            if case .identifier(let name, let location) = configurationExpr { configuration = code.localValue(name, before: location) }
            var intents: [AlarmSchedule.Intent] = []
            var intentCalls: Set<SourceLocation> = []
            if case .call(let made)? = configuration, !isConfiguration(made) && !(made.isImplicitMember && made.argument("attributes") != nil) {
                configuration = nil
            }
            if case .call(let built)? = configuration {
                for role in ["stopIntent", "secondaryIntent"] {
                    guard var intentExpr = built.argument(role) else { continue }
                    if case .identifier(let name, let location) = intentExpr, let value = code.localValue(name, before: location) { intentExpr = value }
                    guard case .call(let intentCall) = intentExpr, let type = intentCall.callee.dottedPath else { continue }
                    intentCalls.insert(intentCall.location)
                    for argument in intentCall.arguments where carriesID(argument) {
                        // `alarmID.uuidString`: reported where the id's expression starts.
                        var start = argument.value
                        if case .member(let base?, "uuidString", _) = start { start = base }
                        intents.append(AlarmSchedule.Intent(role: role, type: type, argument: argument.label ?? "_", id: source(of: argument.value, in: code),
                                                            location: start.location))
                    }
                }
            }
            return AlarmSchedule(location: call.location, id: id, idIsKept: isKept(id, in: code, besides: intentCalls.union([call.location])),
                                 intents: intents, configurationIsVisible: configuration.map { if case .call = $0 { return true } else { return false } } ?? false,
                                 targets: resolver.targets(of: call.location, conditions: site.conditions), context: site.context, member: site.member)
        }
    }

    /// The code of the function (or property) at a site that holds the call.
    static func function(holding location: SourceLocation, site: CodeSite, resolver: Resolver) -> Block? {
        guard let file = resolver.index.file(site.file), let member = site.member else { return nil }
        let candidates = site.context.map { context in file.types.filter { $0.qualifiedName == context }.flatMap { $0.members(named: member) } }
            ?? file.globals(named: member)
        return candidates.map(\.code).first { block in block.allCalls.contains { $0.location == location } }
    }

    /// Whether an intent's argument carries an alarm id: its label says so (`alarmID`, `id`, `alarmIdentifier`), or an
    /// unlabeled value is a UUID or its string.
    static func carriesID(_ argument: Argument) -> Bool {
        if let label = argument.label { return label == "id" || label.hasSuffix("ID") || label.hasSuffix("Id") || label.lowercased().hasSuffix("identifier") }
        var mentions = false
        argument.value.walk { expr in
            if case .member(_, "uuidString", _) = expr { mentions = true }
            if case .call(let call) = expr, call.name == "UUID" { mentions = true }
        }
        return mentions
    }

    /// Where an id expression's value comes from: `UUID()`, `UUID().uuidString`, a local bound to one, another name.
    static func source(of expr: Expr, in code: ViewTree, depth: Int = 0) -> AlarmSchedule.IDSource {
        guard depth < 4 else { return .unknown }
        switch expr {
        case .member(let base?, "uuidString", _):
            return source(of: base, in: code, depth: depth + 1)
        case .call(let call) where call.name == "UUID" && call.arguments.isEmpty && call.base == nil:
            return .fresh(call.location, local: nil)
        case .identifier(let name, let location):
            guard let value = code.localValue(name, before: location) else { return .expression(name) }
            switch source(of: value, in: code, depth: depth + 1) {
            case .fresh(let place, _): return .fresh(place, local: name)
            case let other: return other
            }
        case .member:
            return expr.dottedPath.map(AlarmSchedule.IDSource.expression) ?? .unknown
        default:
            return .unknown
        }
    }

    /// Whether the function assigns the scheduled id to something or passes it to another call (not `besides`).
    static func isKept(_ id: AlarmSchedule.IDSource, in code: ViewTree, besides calls: Set<SourceLocation>) -> Bool {
        guard case .fresh(_, let local?) = id else { return false }
        var kept = false
        /// The id itself (`id`, `id.uuidString`), or a list or dictionary holding it.
        func mentions(_ expr: Expr) -> Bool {
            switch expr {
            case .identifier(local, _), .member(.identifier(local, _)?, "uuidString", _): return true
            case .array(let items, _), .dictionary(let items, _): return items.contains(where: mentions)
            default: return false
            }
        }
        for block in code.roots {
            block.walk { expr in
                switch expr {
                case .assignment(_, _, let value, _) where mentions(value): kept = true
                case .call(let call) where !calls.contains(call.location) && call.arguments.contains(where: { mentions($0.value) }): kept = true
                case .returnStatement(let value?, _) where mentions(value): kept = true
                default: break
                }
            }
        }
        return kept
    }
}
