import GlanceProject

/// Evaluates `#if` conditions for one platform: `os(…)`, `targetEnvironment(…)`, `swift(…)`,
/// `compiler(…)`, `canImport(…)` of the Apple frameworks whose platforms are known (`frameworkPlatforms`),
/// `true`/`false`, `!`, `&&`, `||` and parentheses. Anything else (`DEBUG`, `canImport(Foo)`) is unknown, and
/// unknown is kept apart from false so that rules can stay silent.
public enum CompileConditions {
    /// True, false, or nil when the condition cannot be decided for `platform` (nil platform: unknown target).
    public static func evaluate(_ condition: String, platform: Platform?) -> Bool? {
        var parser = Parser(tokens: tokenize(condition), platform: platform)
        let value = parser.parseOr()
        return parser.position == parser.tokens.count ? value : nil
    }

    /// Whether code under all of `conditions` is compiled for the platform: false only when some condition is
    /// surely false.
    public static func mayBeCompiled(_ conditions: [String], platform: Platform?) -> Bool {
        !conditions.contains { evaluate($0, platform: platform) == false }
    }

    /// Apple frameworks that exist only on some platforms, for `canImport(…)`: ActivityKit and AlarmKit only on iOS
    /// and iPadOS (Apple Watch shows the iPhone's Live Activities), AppKit only on macOS. On a platform listed
    /// `canImport` is true, on iOS, macOS, watchOS or tvOS not listed it is false, elsewhere unknown.
    static let frameworkPlatforms: [String: Set<Platform>] = [
        "ActivityKit": [.iOS], "AlarmKit": [.iOS], "AppKit": [.macOS],
    ]

    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var chars = Array(text)
        var index = 0
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        while index < chars.count {
            let character = chars[index]
            if character == "(" || character == ")" || character == "!" && (index + 1 >= chars.count || chars[index + 1] != "=") || character == "," {
                flush(); tokens.append(String(character))
            } else if character == "&" || character == "|" {
                flush()
                if index + 1 < chars.count, chars[index + 1] == character { tokens.append(String([character, character])); index += 1 }
            } else if character.isWhitespace {
                flush()
            } else {
                current.append(character)
            }
            index += 1
        }
        flush()
        chars.removeAll()
        return tokens
    }

    private struct Parser {
        let tokens: [String]
        let platform: Platform?
        var position = 0
        var depth = 0

        init(tokens: [String], platform: Platform?) {
            self.tokens = tokens
            self.platform = platform
        }

        mutating func peek() -> String? { position < tokens.count ? tokens[position] : nil }
        mutating func next() -> String? { defer { position += 1 }; return peek() }

        mutating func parseOr() -> Bool? {
            var value = parseAnd()
            while peek() == "||" {
                position += 1
                let right = parseAnd()
                if value == true || right == true { value = true } else if value == nil || right == nil { value = nil } else { value = false }
            }
            return value
        }

        mutating func parseAnd() -> Bool? {
            var value = parseUnary()
            while peek() == "&&" {
                position += 1
                let right = parseUnary()
                if value == false || right == false { value = false } else if value == nil || right == nil { value = nil } else { value = true }
            }
            return value
        }

        mutating func parseUnary() -> Bool? {
            var negations = 0
            while peek() == "!" { position += 1; negations += 1 }
            let value = parsePrimary()
            return negations % 2 == 0 ? value : value.map { !$0 }
        }

        mutating func parsePrimary() -> Bool? {
            guard let token = next() else { return nil }
            if token == "(" {
                // Parentheses nest as deep as the source's brackets (which `ParseGuard` bounds); past 256, unknown.
                guard depth < 256 else { position = tokens.count; return nil }
                depth += 1
                let value = parseOr()
                depth -= 1
                if peek() == ")" { position += 1 }
                return value
            }
            if token == "true" { return true }
            if token == "false" { return false }
            if peek() == "(" {
                position += 1
                var argument: [String] = []
                var depth = 1
                while let inner = next() {
                    if inner == "(" { depth += 1 }
                    if inner == ")" { depth -= 1; if depth == 0 { break } }
                    argument.append(inner)
                }
                return function(token, argument.joined(separator: " "))
            }
            return nil   // a custom flag such as DEBUG
        }

        func function(_ name: String, _ argument: String) -> Bool? {
            switch name {
            case "os":
                guard let platform else { return nil }
                switch argument {
                case "iOS": return platform == .iOS
                case "watchOS": return platform == .watchOS
                case "macOS", "OSX": return platform == .macOS
                case "tvOS": return platform == .tvOS
                case "visionOS", "xrOS": return platform == .visionOS
                case "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI": return false
                default: return nil
                }
            case "targetEnvironment":
                return argument == "simulator" || argument == "macCatalyst" ? false : nil
            case "swift", "compiler":
                return true
            case "canImport":
                guard let platform, let platforms = CompileConditions.frameworkPlatforms[argument] else { return nil }
                if platforms.contains(platform) { return true }
                return [.iOS, .macOS, .watchOS, .tvOS].contains(platform) ? false : nil
            case "arch":
                return nil
            default:
                return nil
            }
        }
    }
}
