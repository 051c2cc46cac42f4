/// A small expression tree for the parts of Swift that Glance reasons about: calls (views, modifiers,
/// initializers), member accesses, literals, closures, assignments and branches. It is built from
/// SwiftSyntax by `Extractor` and read by the surface model, which never sees SwiftSyntax itself.
///
/// Control flow is kept only as far as rules need it: `if`/`switch`/`#if`/ternaries become `branches`
/// (so two `widgetURL`s in different `switch` cases are not "two in one tree"), loops become `loop`.

/// A position in a source file: 1-based line and column (UTF-8 columns, as Xcode reports them).
public struct SourceLocation: Sendable, Hashable, Comparable, Codable {
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    private enum CodingKeys: String, CodingKey { case file, line, column }

    /// `{"file", "line", "column"}`; inside a cached file's index (`CodingUserInfoKey.sourceFile` set), only
    /// `[line, column]`: the file is the one the entry is decoded for, so an entry stays right when the same text
    /// is found at another path (a renamed file, a checkout in another folder).
    public init(from decoder: any Decoder) throws {
        if let file = decoder.userInfo[.sourceFile] as? String {
            var container = try decoder.unkeyedContainer()
            let line = try container.decode(Int.self), column = try container.decode(Int.self)
            // A cache entry is data from disk: a position no Swift file of Glance's limits has is a broken entry.
            guard (1...50_000_000).contains(line), (1...50_000_000).contains(column) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "position \(line):\(column) out of range"))
            }
            self.init(file: file, line: line, column: column)
        } else {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
                      column: try container.decode(Int.self, forKey: .column))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if encoder.userInfo[.sourceFile] != nil {
            var container = encoder.unkeyedContainer()
            try container.encode(line)
            try container.encode(column)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
        }
    }
}

extension CodingUserInfoKey {
    /// The path a cached `FileIndex` is encoded from or decoded for (a `String`): its locations leave the file
    /// out and take it from here (see `SourceLocation`'s coding).
    public static let sourceFile = CodingUserInfoKey(rawValue: "glance.sourceFile")!
}

public indirect enum Expr: Sendable {
    case call(Call)
    /// `base.name`, or `.name` with an implicit base (`base == nil`).
    case member(base: Expr?, name: String, location: SourceLocation)
    /// A bare name: a variable, a type (`Image`), or a specialised type (`Activity<OrderAttributes>`).
    case identifier(String, location: SourceLocation)
    case string(StringLiteral)
    case number(String, location: SourceLocation)
    case bool(Bool, location: SourceLocation)
    case nilLiteral(location: SourceLocation)
    case closure(Closure)
    case array([Expr], location: SourceLocation)
    case dictionary([Expr], location: SourceLocation)
    /// `target = value`, `target += value`, …
    case assignment(target: Expr, op: String, value: Expr, location: SourceLocation)
    /// Alternatives: `if`/`else`, `switch` cases, `#if` clauses, `?:`, `guard … else`. `conditions` are the
    /// tested expressions; `clauses[i].condition` is the `#if` condition text of a compile-time branch.
    case branches(conditions: [Expr], clauses: [Clause], location: SourceLocation)
    /// `let name: Type = value` inside a body.
    case binding(name: String, type: String?, value: Expr?, location: SourceLocation)
    case returnStatement(Expr?, location: SourceLocation)
    /// A binary or prefix operation (`a + b`, `!a`, `a == b`, and `try?` / `try!` before an expression):
    /// operator text and operands.
    case operation(String, [Expr], location: SourceLocation)
    /// The body of a `for`/`while`/`repeat` loop; `sequence` is what is iterated, `variables` the names the
    /// `for` pattern binds (`for (index, kind) in …` → `index`, `kind`).
    case loop(sequence: Expr?, variables: [String], body: Block, location: SourceLocation)
    case keyPath(String, location: SourceLocation)
    /// Anything else, with the sub-expressions Glance could find inside it.
    case other([Expr], location: SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .call(let call): return call.location
        case .member(_, _, let location), .identifier(_, let location), .number(_, let location),
             .bool(_, let location), .nilLiteral(let location), .array(_, let location), .dictionary(_, let location),
             .assignment(_, _, _, let location), .branches(_, _, let location), .binding(_, _, _, let location),
             .returnStatement(_, let location), .operation(_, _, let location), .loop(_, _, _, let location),
             .keyPath(_, let location), .other(_, let location):
            return location
        case .string(let literal): return literal.location
        case .closure(let closure): return closure.location
        }
    }

    /// The direct sub-expressions (for generic walks).
    public var children: [Expr] {
        switch self {
        case .call(let call): return [call.callee] + call.arguments.map(\.value)
        case .member(let base, _, _): return base.map { [$0] } ?? []
        case .string(let literal): return literal.interpolations
        case .closure(let closure): return closure.body.statements
        case .array(let items, _), .dictionary(let items, _), .other(let items, _), .operation(_, let items, _): return items
        case .assignment(let target, _, let value, _): return [target, value]
        case .branches(let conditions, let clauses, _): return conditions + clauses.flatMap(\.body.statements)
        case .binding(_, _, let value, _): return value.map { [$0] } ?? []
        case .returnStatement(let value, _): return value.map { [$0] } ?? []
        case .loop(let sequence, _, let body, _): return (sequence.map { [$0] } ?? []) + body.statements
        case .identifier, .number, .bool, .nilLiteral, .keyPath: return []
        }
    }

    /// Calls every expression in this tree, depth first, parents before children.
    public func walk(_ visit: (Expr) -> Void) {
        visit(self)
        for child in children { child.walk(visit) }
    }

    /// All calls in this tree.
    public var allCalls: [Call] {
        var calls: [Call] = []
        walk { if case .call(let call) = $0 { calls.append(call) } }
        return calls
    }

    /// The text of a string literal without interpolation.
    public var stringValue: String? { if case .string(let literal) = self { return literal.value } else { return nil } }
    public var boolValue: Bool? { if case .bool(let value, _) = self { return value } else { return nil } }

    /// A dotted path for identifiers and member chains: `Self.kind`, `WidgetKinds.timer`, `.foreground`.
    /// Nil for anything else.
    public var dottedPath: String? {
        switch self {
        case .identifier(let name, _): return name
        case .member(let base, let name, _):
            guard let base else { return "." + name }
            return base.dottedPath.map { $0 + "." + name }
        default: return nil
        }
    }

    /// A Swift-like rendering of simple expressions (names, members, literals, calls of those), for
    /// messages and for comparing two expressions; nil for closures, branches and other complex code.
    public var text: String? {
        switch self {
        case .identifier(let name, _): return name
        case .member(let base, let name, _):
            guard let base else { return "." + name }
            return base.text.map { $0 + "." + name }
        case .string(let literal):
            var result = "\""
            for segment in literal.segments {
                switch segment {
                case .text(let part): result += part
                case .interpolation(let inner):
                    guard let innerText = inner.text else { return nil }
                    result += "\\(" + innerText + ")"
                }
            }
            return result + "\""
        case .number(let value, _): return value
        case .bool(let value, _): return value ? "true" : "false"
        case .nilLiteral: return "nil"
        case .keyPath(let value, _): return value
        case .call(let call):
            guard let callee = call.callee.text else { return nil }
            var parts: [String] = []
            for argument in call.arguments {
                guard let value = argument.value.text else { return nil }
                parts.append(argument.label.map { "\($0): \(value)" } ?? value)
            }
            return callee + "(" + parts.joined(separator: ", ") + ")"
        case .operation(let op, let operands, _):
            let texts = operands.compactMap(\.text)
            guard texts.count == operands.count else { return nil }
            return texts.count == 1 ? op + texts[0] : texts.joined(separator: " \(op) ")
        case .array(let items, _):
            let texts = items.compactMap(\.text)
            guard texts.count == items.count else { return nil }
            return "[" + texts.joined(separator: ", ") + "]"
        default:
            return nil
        }
    }

    /// The called name of a call, or the member name/identifier of a reference.
    public var name: String? {
        switch self {
        case .call(let call): return call.name
        case .member(_, let name, _): return name
        case .identifier(let name, _): return name
        default: return nil
        }
    }
}

/// One alternative of `Expr.branches`.
public struct Clause: Sendable {
    /// `#if` condition text for compile-time clauses (`os(watchOS)`, `!(os(watchOS))` for an `#else`); nil otherwise.
    public let condition: String?
    public let body: Block
    /// For `switch` cases: the member names in the case patterns (`case .systemSmall, .systemMedium:` →
    /// `["systemSmall", "systemMedium"]`); `["default"]` for `default:`; empty otherwise.
    public let labels: [String]
    /// For `switch` cases: string literal patterns (`case "timer", "history":`).
    public let literals: [String]
    /// For the clauses of an `if … else if … else` chain: how many of the branches' `conditions`, in order, are
    /// this clause's own (`if a, b { … } else if c { … } else { … }` → 2, 1, 0); 0 otherwise.
    public let conditionCount: Int

    public init(condition: String?, body: Block, labels: [String] = [], literals: [String] = [], conditionCount: Int = 0) {
        self.condition = condition
        self.body = body
        self.labels = labels
        self.literals = literals
        self.conditionCount = conditionCount
    }
}

public struct Call: Sendable {
    public let callee: Expr
    public let arguments: [Argument]
    public let location: SourceLocation

    public init(callee: Expr, arguments: [Argument], location: SourceLocation) {
        self.callee = callee
        self.arguments = arguments
        self.location = location
    }

    /// The called name: `Image` for `Image("x")`, `widgetURL` for `view.widgetURL(url)`, `request` for
    /// `Activity<A>.request(…)`. Generic arguments are dropped (`ActivityConfiguration`).
    public var name: String {
        switch callee {
        case .identifier(let name, _): return TypeName.base(name)
        case .member(_, let name, _): return name
        default: return ""
        }
    }

    /// `.name(…)` with no receiver: an enum case or static member (`.widgetURL(url)` as a case of the
    /// project's own enum), never a view modifier.
    public var isImplicitMember: Bool { if case .member(nil, _, _) = callee { return true } else { return false } }

    /// A view modifier call: `view.name(…)`, or `name(…)` on `self` inside a view's code.
    public var isModifier: Bool {
        switch callee {
        case .member(let base, _, _): return base != nil
        case .identifier(let name, _): return name.first?.isLowercase == true
        default: return false
        }
    }

    /// The receiver of a method or modifier call (`view` in `view.widgetURL(url)`); nil for plain calls.
    public var base: Expr? { if case .member(let base, _, _) = callee { return base } else { return nil } }

    /// The argument with a label (`kind:`), or nil.
    public func argument(_ label: String) -> Expr? { arguments.first { $0.label == label }?.value }
    /// The unlabeled arguments in order (trailing closures included).
    public var unlabeled: [Expr] { arguments.filter { $0.label == nil }.map(\.value) }
    /// Closure arguments (trailing or not) with their labels.
    public var closures: [(label: String?, closure: Closure)] {
        arguments.compactMap { argument in
            if case .closure(let closure) = argument.value { return (argument.label, closure) } else { return nil }
        }
    }
}

public struct Argument: Sendable {
    public let label: String?
    public let value: Expr

    public init(label: String?, value: Expr) {
        self.label = label
        self.value = value
    }
}

public struct Closure: Sendable {
    public let parameters: [String]
    public let body: Block
    public let location: SourceLocation

    public init(parameters: [String], body: Block, location: SourceLocation) {
        self.parameters = parameters
        self.body = body
        self.location = location
    }
}

public struct Block: Sendable {
    public let statements: [Expr]
    public init(_ statements: [Expr]) { self.statements = statements }
    public static let empty = Block([])

    public func walk(_ visit: (Expr) -> Void) { for statement in statements { statement.walk(visit) } }
    public var allCalls: [Call] { statements.flatMap(\.allCalls) }
}

public struct StringLiteral: Sendable {
    public enum Segment: Sendable {
        case text(String)
        case interpolation(Expr)
    }
    public let segments: [Segment]
    public let location: SourceLocation

    public init(segments: [Segment], location: SourceLocation) {
        self.segments = segments
        self.location = location
    }

    /// The literal's text when it has no interpolation.
    public var value: String? {
        var text = ""
        for segment in segments {
            guard case .text(let part) = segment else { return nil }
            text += part
        }
        return text
    }

    /// The text before the first interpolation (`"app://order/"` for `"app://order/\(id)"`).
    public var prefix: String {
        var text = ""
        for segment in segments {
            guard case .text(let part) = segment else { break }
            text += part
        }
        return text
    }

    public var interpolations: [Expr] {
        segments.compactMap { if case .interpolation(let expr) = $0 { return expr } else { return nil } }
    }
}

/// Helpers for type names as written in source.
public enum TypeName {
    /// Drops generic arguments, optionality and a module prefix of framework types:
    /// `Activity<OrderAttributes>` → `Activity`, `WidgetKit.Widget` → `Widget`, `Foo?` → `Foo`.
    public static func base(_ text: String) -> String {
        // Most names are plain (`Widget`, `Provider`): no space, generic, optional mark or module prefix to drop.
        if text.utf8.allSatisfy({ $0 != 0x20 && $0 != 0x09 && $0 != 0x3C && $0 != 0x3F && $0 != 0x21 && $0 != 0x2E && $0 < 0x80 }) { return text }
        var name = text.trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("some ") { name.removeFirst(5) }
        if name.hasPrefix("any ") { name.removeFirst(4) }
        if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
        while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        for module in ["WidgetKit.", "SwiftUI.", "AppIntents.", "ActivityKit.", "AlarmKit.", "Foundation.", "Swift."] where name.hasPrefix(module) {
            name.removeFirst(module.count)
        }
        return name
    }

    /// `base` without its enclosing types: `Outer.FollowAttributes<X>` → `FollowAttributes` (ActivityKit matches
    /// attributes types by this name).
    public static func unqualified(_ text: String) -> String {
        let name = base(text)
        return name.split(separator: ".").last.map(String.init) ?? name
    }

    /// The generic arguments of a specialised name: `AlarmAttributes<EventData>` → `["EventData"]`.
    public static func genericArguments(_ text: String) -> [String] {
        guard let open = text.firstIndex(of: "<"), let close = text.lastIndex(of: ">"), open < close else { return [] }
        var depth = 0
        var current = ""
        var result: [String] = []
        for character in text[text.index(after: open)..<close] {
            if character == "<" { depth += 1 }
            if character == ">" { depth -= 1 }
            if character == "," && depth == 0 { result.append(current.trimmingCharacters(in: .whitespaces)); current = ""; continue }
            current.append(character)
        }
        if !current.isEmpty { result.append(current.trimmingCharacters(in: .whitespaces)) }
        return result
    }

    /// True for `T?`, `T!` and `Optional<T>`.
    public static func isOptional(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.hasSuffix("?") || trimmed.hasSuffix("!") || trimmed.hasPrefix("Optional<")
    }
}


// MARK: - Coding (for the source cache)

// The expression tree is coded compactly: each value as an array of its fields in a fixed order, an `Expr` as its
// case number then the case's fields. Keys would be most of the bytes of a cached index, and reading it back
// would spend its time comparing them.

extension UnkeyedDecodingContainer {
    mutating func decodeOptional<T: Decodable>(_ type: T.Type) throws -> T? {
        try decodeNil() ? nil : try decode(type)
    }
}

extension UnkeyedEncodingContainer {
    mutating func encodeOptional<T: Encodable>(_ value: T?) throws {
        if let value { try encode(value) } else { try encodeNil() }
    }
}

extension Expr: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        switch try c.decode(Int.self) {
        case 0: self = .call(try c.decode(Call.self))
        case 1: self = .member(base: try c.decodeOptional(Expr.self), name: try c.decode(String.self), location: try c.decode(SourceLocation.self))
        case 2: self = .identifier(try c.decode(String.self), location: try c.decode(SourceLocation.self))
        case 3: self = .string(try c.decode(StringLiteral.self))
        case 4: self = .number(try c.decode(String.self), location: try c.decode(SourceLocation.self))
        case 5: self = .bool(try c.decode(Bool.self), location: try c.decode(SourceLocation.self))
        case 6: self = .nilLiteral(location: try c.decode(SourceLocation.self))
        case 7: self = .closure(try c.decode(Closure.self))
        case 8: self = .array(try c.decode([Expr].self), location: try c.decode(SourceLocation.self))
        case 9: self = .dictionary(try c.decode([Expr].self), location: try c.decode(SourceLocation.self))
        case 10:
            self = .assignment(target: try c.decode(Expr.self), op: try c.decode(String.self), value: try c.decode(Expr.self),
                               location: try c.decode(SourceLocation.self))
        case 11: self = .branches(conditions: try c.decode([Expr].self), clauses: try c.decode([Clause].self), location: try c.decode(SourceLocation.self))
        case 12:
            self = .binding(name: try c.decode(String.self), type: try c.decodeOptional(String.self), value: try c.decodeOptional(Expr.self),
                            location: try c.decode(SourceLocation.self))
        case 13: self = .returnStatement(try c.decodeOptional(Expr.self), location: try c.decode(SourceLocation.self))
        case 14: self = .operation(try c.decode(String.self), try c.decode([Expr].self), location: try c.decode(SourceLocation.self))
        case 15:
            self = .loop(sequence: try c.decodeOptional(Expr.self), variables: try c.decode([String].self), body: try c.decode(Block.self),
                         location: try c.decode(SourceLocation.self))
        case 16: self = .keyPath(try c.decode(String.self), location: try c.decode(SourceLocation.self))
        case 17: self = .other(try c.decode([Expr].self), location: try c.decode(SourceLocation.self))
        case let other:
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "no expression case \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        switch self {
        case .call(let call): try c.encode(0); try c.encode(call)
        case .member(let base, let name, let location): try c.encode(1); try c.encodeOptional(base); try c.encode(name); try c.encode(location)
        case .identifier(let name, let location): try c.encode(2); try c.encode(name); try c.encode(location)
        case .string(let literal): try c.encode(3); try c.encode(literal)
        case .number(let text, let location): try c.encode(4); try c.encode(text); try c.encode(location)
        case .bool(let value, let location): try c.encode(5); try c.encode(value); try c.encode(location)
        case .nilLiteral(let location): try c.encode(6); try c.encode(location)
        case .closure(let closure): try c.encode(7); try c.encode(closure)
        case .array(let items, let location): try c.encode(8); try c.encode(items); try c.encode(location)
        case .dictionary(let items, let location): try c.encode(9); try c.encode(items); try c.encode(location)
        case .assignment(let target, let op, let value, let location):
            try c.encode(10); try c.encode(target); try c.encode(op); try c.encode(value); try c.encode(location)
        case .branches(let conditions, let clauses, let location): try c.encode(11); try c.encode(conditions); try c.encode(clauses); try c.encode(location)
        case .binding(let name, let type, let value, let location):
            try c.encode(12); try c.encode(name); try c.encodeOptional(type); try c.encodeOptional(value); try c.encode(location)
        case .returnStatement(let value, let location): try c.encode(13); try c.encodeOptional(value); try c.encode(location)
        case .operation(let op, let operands, let location): try c.encode(14); try c.encode(op); try c.encode(operands); try c.encode(location)
        case .loop(let sequence, let variables, let body, let location):
            try c.encode(15); try c.encodeOptional(sequence); try c.encode(variables); try c.encode(body); try c.encode(location)
        case .keyPath(let path, let location): try c.encode(16); try c.encode(path); try c.encode(location)
        case .other(let items, let location): try c.encode(17); try c.encode(items); try c.encode(location)
        }
    }
}

extension Clause: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(condition: try c.decodeOptional(String.self), body: try c.decode(Block.self), labels: try c.decode([String].self),
                  literals: try c.decode([String].self), conditionCount: try c.decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encodeOptional(condition); try c.encode(body); try c.encode(labels); try c.encode(literals); try c.encode(conditionCount)
    }
}

extension Call: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(callee: try c.decode(Expr.self), arguments: try c.decode([Argument].self), location: try c.decode(SourceLocation.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(callee); try c.encode(arguments); try c.encode(location)
    }
}

extension Argument: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(label: try c.decodeOptional(String.self), value: try c.decode(Expr.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encodeOptional(label); try c.encode(value)
    }
}

extension Closure: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(parameters: try c.decode([String].self), body: try c.decode(Block.self), location: try c.decode(SourceLocation.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(parameters); try c.encode(body); try c.encode(location)
    }
}

extension Block: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([Expr].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(statements)
    }
}

extension StringLiteral: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(segments: try c.decode([Segment].self), location: try c.decode(SourceLocation.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(segments); try c.encode(location)
    }
}

extension StringLiteral.Segment: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self = try c.decode(Bool.self) ? .interpolation(try c.decode(Expr.self)) : .text(try c.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        switch self {
        case .text(let text): try c.encode(false); try c.encode(text)
        case .interpolation(let expr): try c.encode(true); try c.encode(expr)
        }
    }
}

import Foundation
