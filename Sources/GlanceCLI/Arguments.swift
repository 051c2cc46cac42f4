import GlanceInput
import GlanceSurfaces

/// A small command-line argument parser: `--flag`, `--option value`, `--option=value`, positionals, with
/// errors for unknown options that suggest the closest known one.
struct Arguments {
    struct Spec {
        var flags: Set<String> = []
        var options: Set<String> = []
        var maxPositionals = 1
    }

    private(set) var flags: Set<String> = []
    private(set) var options: [String: String] = [:]
    /// Every value of each option, in order (`--rule A --rule B`); `options` keeps the last.
    private(set) var allValues: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    /// - Throws: `CLIError.usage` for unknown options, missing values and extra arguments; `CLIError.failure` for
    ///   an argument that is a key's contents (PEM text) or a provider token (a JWT), which no option takes.
    init(_ arguments: [String], spec: Spec, command: String) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if let material = Shown.keyMaterial(argument), material.contains("PEM") || material == "a JWT" {
                throw CLIError.failure("\(Self.place(of: index - 1, in: arguments, spec: spec)) is \(material), not shown: Glance takes a key only as a file: --key-file PATH, or --key-file <(printenv VARIABLE) for a key held in a variable")
            }
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw CLIError.usage("option '\(name)' takes no value", command: command) }
                flags.insert(name)
            } else if spec.options.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                    allValues[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                        throw CLIError.usage("option '\(name)' needs a value", command: command)
                    }
                    options[name] = arguments[index]
                    allValues[name, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                let known = Array(spec.flags) + Array(spec.options)
                let hint = Suggestion.hint(name, in: known)
                throw CLIError.usage("unknown option \(Shown.quoted(name))\(hint)", command: command)
            }
        }
        if positionals.count > spec.maxPositionals {
            throw CLIError.usage("unexpected argument \(Shown.quoted(positionals[spec.maxPositionals]))", command: command)
        }
    }

    /// How a message names argument `index`: "the value of --key-id" (`--key-id=…`, or after `--key-id`), or "an
    /// argument".
    private static func place(of index: Int, in arguments: [String], spec: Spec) -> String {
        let argument = arguments[index]
        if let equals = argument.firstIndex(of: "="), spec.options.contains(String(argument[..<equals])) {
            return "the value of \(argument[..<equals])"
        }
        if index > 0, spec.options.contains(arguments[index - 1]) { return "the value of \(arguments[index - 1])" }
        return "an argument"
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func option(_ name: String) -> String? { options[name] }

    /// A value that must be one of `choices`.
    func choice(_ name: String, _ choices: [String], default fallback: String, command: String) throws -> String {
        guard let value = options[name] else { return fallback }
        guard choices.contains(value) else {
            let hint = Suggestion.hint(value, in: choices)
            throw CLIError.usage("\(Shown.quoted(value)) is not a valid value for \(name) (\(choices.joined(separator: ", ")))\(hint)", command: command)
        }
        return value
    }
}

/// A failure of the run itself (exit code 2), printed as one line.
enum CLIError: Error {
    case usage(String, command: String)
    case failure(String)

    var message: String {
        switch self {
        case .usage(let text, let command): return "\(text) (see 'glance \(command.isEmpty ? "" : command + " ")--help')"
        case .failure(let text): return text
        }
    }
}
