import Foundation

/// One assignment of a build setting: `NAME[sdk=iphoneos*] = value`.
public struct SettingAssignment: Sendable, Hashable {
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
public struct BuildSettings: Sendable {
    /// All assignments, lowest precedence first.
    public let assignments: [SettingAssignment]
    /// Built-in values (TARGET_NAME, SRCROOT, …), used when no assignment matches. They may hold macros.
    public let builtins: [String: String]
    /// The SDK name conditions are matched against (`iphoneos`, `watchos`, …).
    public let sdk: String?
    public let configuration: String
    private let positions: [String: [Int]]

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
        var stack: Set<String> = []
        return evaluate(name, below: assignments.count, stack: &stack, missingIsEmpty: false)
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
        var stack: Set<String> = []
        return expand(text, name: nil, layer: assignments.count, stack: &stack)
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
    private func evaluate(_ name: String, below limit: Int, stack: inout Set<String>, missingIsEmpty: Bool) -> SettingValue {
        for index in (positions[name] ?? []).reversed() where index < limit && matches(assignments[index].conditions) {
            return expand(assignments[index].value, name: name, layer: index, stack: &stack)
        }
        if let builtin = builtins[name] {
            let key = "builtin:" + name
            guard stack.insert(key).inserted else { return .unknown(missing: [name]) }
            defer { stack.remove(key) }
            return expand(builtin, name: nil, layer: assignments.count, stack: &stack)
        }
        return missingIsEmpty ? .known("") : .unknown(missing: [name])
    }

    private func expand(_ text: String, name: String?, layer: Int, stack: inout Set<String>) -> SettingValue {
        guard text.contains("$") else { return .known(text) }
        var output = ""
        var missing: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
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
                switch resolveReference(reference, name: name, layer: layer, stack: &stack) {
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
            let innerValue = expand(inner, name: name, layer: layer, stack: &stack)
            switch innerValue {
            case .unknown(let names): missing += names
            case .known(let innerText):
                switch resolveReference(innerText, name: name, layer: layer, stack: &stack) {
                case .known(let value): output += value
                case .unknown(let names): missing += names
                }
            }
            index = end + 1
        }
        return missing.isEmpty ? .known(output) : .unknown(missing: Array(NSOrderedSet(array: missing)) as? [String] ?? missing)
    }

    /// `NAME` or `NAME:op1:op2=arg`.
    private func resolveReference(_ reference: String, name: String?, layer: Int, stack: inout Set<String>) -> SettingValue {
        let parts = BuildSettings.splitOperators(reference)
        let referenced = parts[0].trimmingCharacters(in: .whitespaces)
        var value: SettingValue
        // `FOO = $(FOO) -x` refers to the value below, like `$(inherited)` (swift-build's nextValueForMacro).
        if referenced == "inherited" || (name != nil && referenced == name) {
            guard let name else { return .known("") }
            let key = "\(name)@\(layer)"
            guard stack.insert(key).inserted else { return .unknown(missing: [name]) }
            defer { stack.remove(key) }
            value = evaluate(name, below: layer, stack: &stack, missingIsEmpty: true)
        } else {
            let key = referenced
            guard stack.insert(key).inserted else { return .unknown(missing: [referenced]) }
            defer { stack.remove(key) }
            value = evaluate(referenced, below: assignments.count, stack: &stack, missingIsEmpty: false)
        }
        for operation in parts.dropFirst() {
            value = BuildSettings.apply(operation, to: value)
        }
        return value
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
