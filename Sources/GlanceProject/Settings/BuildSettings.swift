import Foundation

/// One assignment of a build setting: `NAME[sdk=iphoneos*] = value`.
public struct SettingAssignment: Sendable, Hashable, Codable {
    public let name: String
    /// Conditions such as `sdk` → `iphoneos*`, `config` → `Debug`, `arch` → `arm64`.
    public let conditions: [String: String]
    public let value: String
    /// Where it was written (a `.xcconfig` path relative to the project folder, or "project"/"target").
    public let origin: String

    public init(name: String, conditions: [String: String] = [:], value: String, origin: String) {
        self.name = name
        self.conditions = conditions
        self.value = value
        self.origin = origin
    }

    /// Coded as one list, `[name, value, origin, condition, pattern, …]` (conditions sorted): a project record holds
    /// thousands of assignments, and a list decodes several times faster than an object with its keys.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        name = try container.decode(String.self)
        value = try container.decode(String.self)
        origin = try container.decode(String.self)
        var conditions: [String: String] = [:]
        while !container.isAtEnd { conditions[try container.decode(String.self)] = try container.decode(String.self) }
        self.conditions = conditions
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(name)
        try container.encode(value)
        try container.encode(origin)
        for (condition, pattern) in conditions.sorted(by: { $0.key < $1.key }) {
            try container.encode(condition)
            try container.encode(pattern)
        }
    }

    /// Splits `NAME[sdk=iphoneos*][arch=*]` into the name and its conditions.
    public static func parseKey(_ key: String) -> (name: String, conditions: [String: String]) {
        guard let bracket = key.firstIndex(of: "[") else { return (key.trimmingCharacters(in: .whitespaces), [:]) }
        let name = String(key[..<bracket]).trimmingCharacters(in: .whitespaces)
        var conditions: [String: String] = [:]
        for part in key[bracket...].split(separator: "]") {
            let body = part.drop { $0 == "[" }
            let pieces = body.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            if pieces.count == 2 { conditions[pieces[0]] = pieces[1] }
        }
        return (name, conditions)
    }

    /// A pbxproj value: a string, or a list joined by spaces (elements with spaces quoted).
    public static func text(of value: PlistValue) -> String {
        switch value {
        case .string(let text): return text
        case .array(let items):
            return items.compactMap(\.string).map { $0.contains(" ") && !$0.hasPrefix("\"") ? "\"\($0)\"" : $0 }
                .joined(separator: " ")
        default: return ""
        }
    }
}

/// The build settings of one target in one configuration: every assignment in the order the build system
/// pushes them — project `.xcconfig` (file order, includes inlined) → project settings (sorted by key, so
/// `NAME[sdk=…]` comes after `NAME`) → target `.xcconfig` → target settings. The last assignment whose
/// conditions match wins; `$(inherited)` is the next matching assignment below it.
///
/// Values are expanded the way Xcode expands macros: `$(NAME)`, `${NAME}`, `$(inherited)`, nested
/// references (`$(A_$(B))`) and retrieval operators (`$(NAME:default=x)`, `:lower`, `:upper`,
/// `:rfc1034identifier`, `:c99extidentifier`, `:identifier`, `:base`, `:dir`, `:file`, `:suffix`,
/// `:standardizepath`, `:quote`, `:not`). A setting that is defined nowhere (and has no built-in value) is
/// `.unknown`, never the empty string. Source: facts.md section 7; swift-build SWBMacro @ 41aee626.
///
/// Expansion is bounded, so settings that expand each other exponentially (`A = $(B)$(B)`, `B = $(C)$(C)`, …)
/// or nest `$(…)` thousands deep end quickly: at most `maximumDepth` nested expansions, `maximumReferences`
/// references and `maximumLength` characters per value. A value past a bound, or one defined in terms of
/// itself, is `.unknown` — like a setting defined nowhere — and the reason is what it is missing
/// (`A (expands past Glance's limit of 262144 characters)`), so notes and skips say why.
public struct BuildSettings: Sendable, Codable {
    /// `$(…)` nested in `$(…)`, and settings referring to settings, at most this deep.
    public static let maximumDepth = 64
    /// References (`$(NAME)`) followed to expand one value.
    public static let maximumReferences = 100_000
    /// Characters of one expanded value.
    public static let maximumLength = 256 << 10

    /// The state of one expansion: the settings being expanded (for cycles) and the budget spent.
    private struct Expansion {
        var stack: Set<String> = []
        /// Settings already evaluated in this expansion, by name and layer: each is expanded once, so a value
        /// that refers to another many times costs one expansion of it.
        var evaluated: [String: SettingValue] = [:]
        var depth = 0
        var references = 0
        /// Set once a bound is passed: every further step gives up with this reason.
        var overflow: String?
    }
    /// All assignments, lowest precedence first.
    public let assignments: [SettingAssignment]
    /// Built-in values (TARGET_NAME, SRCROOT, …), used when no assignment matches. They may hold macros.
    public let builtins: [String: String]
    /// The SDK name conditions are matched against (`iphoneos`, `watchos`, …).
    public let sdk: String?
    public let configuration: String
    private let positions: [String: [Int]]
    private let cache = ValueCache()

    private enum CodingKeys: String, CodingKey { case assignments, builtins, sdk, configuration }

    /// Decodes what `encode(to:)` wrote; the lookup positions are worked out again.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(layers: [try container.decode([SettingAssignment].self, forKey: .assignments)],
                  builtins: try container.decode([String: String].self, forKey: .builtins),
                  sdk: try container.decodeIfPresent(String.self, forKey: .sdk),
                  configuration: try container.decode(String.self, forKey: .configuration))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(assignments, forKey: .assignments)
        try container.encode(builtins, forKey: .builtins)
        try container.encodeIfPresent(sdk, forKey: .sdk)
        try container.encode(configuration, forKey: .configuration)
    }

    public init(layers: [[SettingAssignment]], builtins: [String: String], sdk: String?, configuration: String) {
        let flat = layers.flatMap { $0 }
        assignments = flat
        self.builtins = builtins
        self.sdk = sdk
        self.configuration = configuration
        var positions: [String: [Int]] = [:]
        for (index, assignment) in flat.enumerated() { positions[assignment.name, default: []].append(index) }
        self.positions = positions
    }

    /// The resolved value of a setting.
    public func value(_ name: String) -> SettingValue {
        if let cached = cache.value(name) { return cached }
        var state = Expansion()
        let value = evaluate(name, below: assignments.count, state: &state, missingIsEmpty: false)
        cache.store(value, for: name)
        return value
    }

    /// True when some layer assigns the setting (for this SDK and configuration).
    public func isAssigned(_ name: String) -> Bool {
        (positions[name] ?? []).contains { matches(assignments[$0].conditions) }
    }

    /// Names of all settings assigned somewhere, sorted.
    public var assignedNames: [String] {
        positions.keys.filter(isAssigned).sorted()
    }

    /// Expands the macros in a text (an Info.plist value, an entitlement, a path).
    public func expand(_ text: String) -> SettingValue {
        var state = Expansion()
        return expand(text, name: nil, layer: assignments.count, state: &state)
    }

    /// A boolean setting: YES/NO/true/false; nil when unknown or unassigned without a default.
    public func bool(_ name: String) -> Bool? {
        guard let text = value(name).known?.trimmingCharacters(in: .whitespaces) else { return nil }
        switch text.uppercased() {
        case "YES", "TRUE", "1": return true
        case "NO", "FALSE", "0", "": return false
        default: return nil
        }
    }

    // MARK: - Evaluation

    private func matches(_ conditions: [String: String]) -> Bool {
        for (key, pattern) in conditions {
            switch key {
            case "sdk":
                guard let sdk, BuildSettings.glob(pattern.lowercased(), sdk.lowercased()) else { return false }
            case "config":
                guard BuildSettings.glob(pattern, configuration) else { return false }
            default:
                if pattern != "*" { return false }
            }
        }
        return true
    }

    /// Evaluates `name` using only the assignments below index `limit`.
    private func evaluate(_ name: String, below limit: Int, state: inout Expansion, missingIsEmpty: Bool) -> SettingValue {
        for index in (positions[name] ?? []).reversed() where index < limit && matches(assignments[index].conditions) {
            let key = "\(name)@\(index)"
            if let known = state.evaluated[key] { return known }
            let value = expand(assignments[index].value, name: name, layer: index, state: &state)
            state.evaluated[key] = value
            return value
        }
        if let builtin = builtins[name] {
            let key = "builtin:" + name
            guard state.stack.insert(key).inserted else { return .unknown(missing: ["\(name) (defined in terms of itself)"]) }
            defer { state.stack.remove(key) }
            return expand(builtin, name: nil, layer: assignments.count, state: &state)
        }
        return missingIsEmpty ? .known("") : .unknown(missing: [name])
    }

    private func expand(_ text: String, name: String?, layer: Int, state: inout Expansion) -> SettingValue {
        if let overflow = state.overflow { return .unknown(missing: [overflow]) }
        guard text.contains("$") else { return .known(text) }
        guard state.depth < Self.maximumDepth, state.depth + Self.referenceNesting(text) <= Self.maximumDepth else {
            state.overflow = "\(name ?? "a value") (nests $(…) or setting references more than \(Self.maximumDepth) deep, Glance's limit)"
            return .unknown(missing: [state.overflow!])
        }
        state.depth += 1
        defer { state.depth -= 1 }
        var output = ""
        var missing: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            if output.utf8.count > Self.maximumLength, state.overflow == nil {
                state.overflow = "\(name ?? "a value") (expands past Glance's limit of \(Self.maximumLength) characters)"
            }
            if let overflow = state.overflow { return .unknown(missing: [overflow]) }
            let character = characters[index]
            guard character == "$", index + 1 < characters.count else {
                output.append(character); index += 1; continue
            }
            let opener = characters[index + 1]
            guard opener == "(" || opener == "{" else {
                // `$NAME` without parentheses: an identifier run.
                var end = index + 1
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
                if end == index + 1 { output.append(character); index += 1; continue }
                let reference = String(characters[(index + 1)..<end])
                switch resolveReference(reference, name: name, layer: layer, state: &state) {
                case .known(let value): output += value
                case .unknown(let names): missing += names
                }
                index = end
                continue
            }
            let closer: Character = opener == "(" ? ")" : "}"
            var depth = 0
            var end = index + 1
            while end < characters.count {
                if characters[end] == opener { depth += 1 }
                if characters[end] == closer { depth -= 1; if depth == 0 { break } }
                end += 1
            }
            guard end < characters.count else { output += String(characters[index...]); break }
            let inner = String(characters[(index + 2)..<end])
            // Nested references inside the parentheses are expanded first.
            let innerValue = expand(inner, name: name, layer: layer, state: &state)
            switch innerValue {
            case .unknown(let names): missing += names
            case .known(let innerText):
                switch resolveReference(innerText, name: name, layer: layer, state: &state) {
                case .known(let value): output += value
                case .unknown(let names): missing += names
                }
            }
            index = end + 1
        }
        if output.utf8.count > Self.maximumLength, state.overflow == nil {
            state.overflow = "\(name ?? "a value") (expands past Glance's limit of \(Self.maximumLength) characters)"
        }
        if let overflow = state.overflow { return .unknown(missing: [overflow]) }
        return missing.isEmpty ? .known(output) : .unknown(missing: Array(NSOrderedSet(array: missing)) as? [String] ?? missing)
    }

    /// `NAME` or `NAME:op1:op2=arg`.
    private func resolveReference(_ reference: String, name: String?, layer: Int, state: inout Expansion) -> SettingValue {
        if let overflow = state.overflow { return .unknown(missing: [overflow]) }
        state.references += 1
        guard state.references <= Self.maximumReferences else {
            state.overflow = "\(name ?? "a value") (takes more than \(Self.maximumReferences) setting references to expand, Glance's limit)"
            return .unknown(missing: [state.overflow!])
        }
        let parts = BuildSettings.splitOperators(reference)
        let referenced = parts[0].trimmingCharacters(in: .whitespaces)
        var value: SettingValue
        // `FOO = $(FOO) -x` refers to the value below, like `$(inherited)` (swift-build's nextValueForMacro).
        if referenced == "inherited" || (name != nil && referenced == name) {
            guard let name else { return .known("") }
            let key = "\(name)@\(layer)"
            guard state.stack.insert(key).inserted else { return .unknown(missing: ["\(name) (defined in terms of itself)"]) }
            defer { state.stack.remove(key) }
            value = evaluate(name, below: layer, state: &state, missingIsEmpty: true)
        } else {
            let key = referenced
            guard state.stack.insert(key).inserted else { return .unknown(missing: ["\(referenced) (defined in terms of itself)"]) }
            defer { state.stack.remove(key) }
            value = evaluate(referenced, below: assignments.count, state: &state, missingIsEmpty: false)
        }
        for operation in parts.dropFirst() {
            value = BuildSettings.apply(operation, to: value)
        }
        return value
    }

    /// How deeply `$(…)`/`${…}` nest in a text, by one pass over its bytes (so a value nested thousands deep is
    /// refused before it is expanded level by level).
    static func referenceNesting(_ text: String) -> Int {
        var depth = 0, deepest = 0
        var previous: UInt8 = 0
        var openers: [Bool] = []   // for each open bracket: whether it opened a reference
        for byte in text.utf8 {
            if byte == 0x28 || byte == 0x7B {
                let reference = previous == 0x24
                openers.append(reference)
                if reference { depth += 1; deepest = max(deepest, depth) }
            } else if byte == 0x29 || byte == 0x7D, let reference = openers.popLast(), reference {
                depth -= 1
            }
            previous = byte
        }
        return deepest
    }

    static func splitOperators(_ reference: String) -> [String] {
        // `default=` takes the rest of the text, colons included.
        var parts: [String] = []
        var current = ""
        var rest = Substring(reference)
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == ":" {
                parts.append(current); current = ""
                if rest.hasPrefix("default=") { parts.append(String(rest)); return parts }
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    static func apply(_ operation: String, to value: SettingValue) -> SettingValue {
        if operation.hasPrefix("default=") {
            let fallback = String(operation.dropFirst("default=".count))
            switch value {
            case .known(let text): return .known(text.isEmpty ? fallback : text)
            case .unknown: return value
            }
        }
        guard case .known(let text) = value else { return value }
        switch operation {
        case "lower": return .known(text.lowercased())
        case "upper": return .known(text.uppercased())
        case "rfc1034identifier":
            var result = identifier(text, allowed: { $0.isLetter || $0.isNumber || $0 == "-" }, replacement: "-")
            if let first = result.first, first.isNumber { result = "-" + result.dropFirst() }
            return .known(result)
        case "c99extidentifier", "identifier":
            var result = identifier(text, allowed: { $0.isLetter || $0.isNumber || $0 == "_" }, replacement: "_")
            if let first = result.first, first.isNumber { result = "_" + result.dropFirst() }
            return .known(result)
        case "base": return .known(((text as NSString).lastPathComponent as NSString).deletingPathExtension)
        case "dir":
            let folder = (text as NSString).deletingLastPathComponent
            return .known(folder.isEmpty ? "./" : folder + "/")
        case "not": return .known(text == "YES" ? "NO" : "YES")
        case "file": return .known((text as NSString).lastPathComponent)
        case "suffix":
            let ext = (text as NSString).pathExtension
            return .known(ext.isEmpty ? "" : "." + ext)
        case "standardizepath": return .known((text as NSString).standardizingPath)
        case "quote": return .known(text.contains(" ") ? "\"\(text)\"" : text)
        default: return .unknown(missing: ["operator :\(operation)"])
        }
    }

    private static func identifier(_ text: String, allowed: (Character) -> Bool, replacement: Character) -> String {
        String(text.map { $0.isASCII && allowed($0) ? $0 : replacement })
    }

    /// Shell-style glob with `*` and `?` (as used in setting conditions).
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] { pi += 1; ti += 1 }
            else if pi < p.count, p[pi] == "*" { star = pi; mark = ti; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
            else { return false }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}

/// The values `BuildSettings.value(_:)` computed, by name (settings are asked for the same names many times).
private final class ValueCache: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: SettingValue] = [:]

    func value(_ name: String) -> SettingValue? {
        lock.lock(); defer { lock.unlock() }
        return values[name]
    }

    func store(_ value: SettingValue, for name: String) {
        lock.lock(); defer { lock.unlock() }
        values[name] = value
    }
}
