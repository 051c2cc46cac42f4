import Foundation
import GlanceInput
import GlancePayload
import GlanceProject
import GlanceReporters
import GlanceRules
import GlanceSurfaces

/// `glance payload check|template|simulate`: Live Activity push bodies against the app's own Swift types.
extension CommandLineTool {
    func payload(_ raw: [String], output: inout Output) throws {
        guard let subcommand = raw.first, !["--help", "-h"].contains(subcommand) else {
            output.standardOutput += PayloadHelp.main
            return
        }
        let rest = Array(raw.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            guard let text = PayloadHelp.command(subcommand) else { throw CLIError.usage("unknown payload command \(Shown.quoted(subcommand))", command: "payload") }
            output.standardOutput += text
            return
        }
        switch subcommand {
        case "check": try payloadCheck(rest, output: &output)
        case "template": try payloadTemplate(rest, output: &output)
        case "simulate": try payloadSimulate(rest, output: &output)
        default:
            let hint = Suggestion.hint(subcommand, in: ["check", "template", "simulate"])
            throw CLIError.usage("unknown payload command \(Shown.quoted(subcommand))\(hint)", command: "payload")
        }
    }

    // MARK: check

    private func payloadCheck(_ raw: [String], output: inout Output) throws {
        let arguments = try Arguments(raw, spec: .init(flags: ["--broadcast", "--strict", "--explain-skips"],
                                                       options: ["--project", "--attributes", "--headers", "--reporter"], maxPositionals: .max),
                                      command: "payload check")
        let reporter = ReporterKind(rawValue: try arguments.choice("--reporter", ReporterKind.allCases.map(\.rawValue), default: "xcode", command: "payload check"))!
        guard !arguments.positionals.isEmpty else { throw CLIError.usage("give the JSON body files to check (or - for standard input)", command: "payload check") }
        let catalog = try loadCatalog(arguments)
        let headers = try arguments.option("--headers").map { try readInput { try APNsHeaders.read(path: $0) }($0) }
        let checker = PayloadChecker()
        var violations: [Violation] = []
        var skips: [Skip] = []
        var checkedContentState = false
        for file in arguments.positionals {
            let document = try readInput { try PayloadDocument.read(path: $0) }(file)
            let push = Push(body: document, headers: headers, broadcast: arguments.flag("--broadcast"))
            try requireType(for: push, catalog: catalog, arguments: arguments)
            if push.aps?["content-state"] != nil { checkedContentState = true }
            let result = checker.check(push, catalog: catalog, attributes: arguments.option("--attributes"))
            violations += result.violations
            skips += result.skips
        }
        let result = LintResult(violations: violations.sorted(by: Violation.ordered), skips: skips)
        let options = ReportOptions(displayRoot: "", explainSkips: arguments.flag("--explain-skips"), toolVersion: Glance.version)
        output.standardOutput += ViolationReporter.render(result, as: reporter, options: options)
        output.standardOutputEncoding = reporter.encoding
        output.exitCode = result.violations.contains { $0.severity == .error || arguments.flag("--strict") } ? 1 : 0
        if catalog == nil, checkedContentState {
            output.standardError += "glance: note: content-state was not checked against the app's types (ContentState); give --project PATH to check it as ActivityKit decodes it\n"
        }
    }

    // MARK: template

    private func payloadTemplate(_ raw: [String], output: inout Output) throws {
        let arguments = try Arguments(raw, spec: .init(flags: ["--now"], options: ["--project", "--event"]), command: "payload template")
        guard let name = arguments.positionals.first else { throw CLIError.usage("give the ActivityAttributes type to write a body for", command: "payload template") }
        guard arguments.option("--project") != nil else { throw CLIError.usage("payload template needs --project PATH to read the type from", command: "payload template") }
        let event = PayloadTemplate.Event(rawValue: try arguments.choice("--event", PayloadTemplate.Event.allCases.map(\.rawValue), default: "update", command: "payload template"))!
        let catalog = try loadCatalog(arguments, requested: name)!
        let type = catalog.types(named: name)[0]
        // A fixed moment unless --now, so templates are reproducible: 2026-01-01T00:00:00Z.
        let time = arguments.flag("--now") ? Date() : Date(timeIntervalSince1970: 1_767_225_600)
        let (body, unfilled) = PayloadTemplate.body(for: type, event: event, time: time)
        output.standardOutput += PayloadTemplate.prettyText(body) + "\n"
        output.standardOutputEncoding = .json
        for part in unfilled {
            output.standardError += "glance: warning: \(OutputText.escaped(part)): no placeholder; fill in this value by hand\n"
        }
    }

    // MARK: simulate

    private func payloadSimulate(_ raw: [String], output: inout Output) throws {
        let arguments = try Arguments(raw, spec: .init(flags: ["--broadcast"], options: ["--project", "--attributes", "--headers", "--format"], maxPositionals: .max),
                                      command: "payload simulate")
        let format = try arguments.choice("--format", ["text", "json"], default: "text", command: "payload simulate")
        guard !arguments.positionals.isEmpty else { throw CLIError.usage("give the pushes to replay: JSON files in order, or one JSON Lines file", command: "payload simulate") }
        guard arguments.option("--project") != nil else { throw CLIError.usage("payload simulate needs --project PATH to read the app's types", command: "payload simulate") }
        let catalog = try loadCatalog(arguments)
        let headers = try arguments.option("--headers").map { try readInput { try APNsHeaders.read(path: $0) }($0) }
        var pushes: [SimulatedPush] = []
        for file in arguments.positionals {
            if file.hasSuffix(".jsonl") || file.hasSuffix(".ndjson") {
                pushes += try readInput { try PushSequence.jsonLines(path: $0, headers: headers, broadcast: arguments.flag("--broadcast")) }(file)
            } else {
                let document = try readInput { try PayloadDocument.read(path: $0) }(file)
                pushes.append(SimulatedPush(push: Push(body: document, headers: headers, broadcast: arguments.flag("--broadcast")), arrival: nil, source: document.name))
            }
        }
        for push in pushes { try requireType(for: push.push, catalog: catalog, arguments: arguments) }
        let timeline = ActivitySimulator(catalog: catalog, attributes: arguments.option("--attributes")).run(pushes)
        output.standardOutput += format == "json" ? TimelineReporter.json(timeline) : TimelineReporter.text(timeline)
        output.standardOutputEncoding = format == "json" ? .json : .text
        // As lint does: 1 when the timeline shows a mistake (a push lost, or a wrong date applied).
        output.exitCode = timeline.entries.contains(where: \.isProblem) ? 1 : 0
    }

    // MARK: inputs

    /// The project's ActivityAttributes types (nil without --project); checks that `--attributes` (or
    /// `requested`) names one of them.
    private func loadCatalog(_ arguments: Arguments, requested: String? = nil) throws -> ActivityTypeCatalog? {
        try loadProject(arguments, requested: requested)?.catalog
    }

    /// The surface model and ActivityAttributes types of `--project` (nil without it); checks that
    /// `--attributes` (or `requested`) names one of the types.
    func loadProject(_ arguments: Arguments, requested: String? = nil, command: String = "payload") throws -> (model: SurfaceModel, catalog: ActivityTypeCatalog)? {
        guard let path = arguments.option("--project") else {
            if arguments.option("--attributes") != nil { throw CLIError.usage("--attributes needs --project PATH to find the type", command: command) }
            return nil
        }
        let model = try Glance.surfaces(at: path)
        let catalog = ActivityTypeCatalog(model: model)
        if let name = requested ?? arguments.option("--attributes"), catalog.types(named: name).isEmpty {
            if let declaration = model.resolver.primaryDeclaration(of: name, from: nil) {
                let place = "\(model.relativePath(declaration.location.file)):\(declaration.location.line)"
                throw CLIError.failure("\(name) (\(place)) is not an ActivityAttributes type: it does not conform to ActivityAttributes, so ActivityKit cannot encode or decode it")
            }
            let hint = ShapeDecoder.closest(name, in: catalog.names).map { "; did you mean '\($0)'?" }
                ?? (catalog.names.isEmpty ? "; it declares none" : " (it has \(catalog.names.joined(separator: ", ")))")
            throw CLIError.failure("\(path): no ActivityAttributes type named \(Shown.quoted(name))\(hint)")
        }
        return (model, catalog)
    }

    /// With `--project`, a push whose content the project's types should check but cannot (several types and
    /// no `--attributes`, or none) is a failure of the run, not a silent pass.
    func requireType(for push: Push, catalog: ActivityTypeCatalog?, arguments: Arguments) throws {
        guard let catalog, push.aps?["content-state"] != nil || push.event == "start" else { return }
        let (type, reason) = PayloadChecker.chooseType(for: push, catalog: catalog, requested: arguments.option("--attributes"))
        if type == nil, let reason {
            throw CLIError.failure("\(push.body.name): cannot check content-state: \(reason)")
        }
    }

    /// Turns a `PayloadInputError` into the one-line failure of exit code 2.
    func readInput<T>(_ read: @escaping (String) throws -> T) -> (String) throws -> T {
        { path in
            do { return try read(path) } catch let error as PayloadInputError { throw CLIError.failure(error.description) }
        }
    }
}

/// Reads JSON Lines for `payload simulate`: one push per line, `{"at": seconds, "headers": {…}, "body": {…}}`.
enum PushSequence {
    /// `at` is UNIX seconds, or — below 10^8 — seconds after the first push's timestamp.
    static func jsonLines(path: String, headers: APNsHeaders?, broadcast: Bool) throws -> [SimulatedPush] {
        let data: Data
        do { data = try InputFile.read(path, limit: InputLimit.jsonLines.maximumBytes, kind: "a JSON Lines file") } catch let failure as InputFile.Failure {
            throw PayloadInputError(file: failure.subject, reason: failure.reason)
        }
        let name = InputFile.displayName(path)
        guard let text = String(data: data, encoding: .utf8) else { throw PayloadInputError(file: name, reason: "cannot be read as UTF-8 text") }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let pushCount = lines.count { !$0.allSatisfy(\.isWhitespace) }
        guard pushCount <= JSONLimits.maximumJSONLines else {
            throw PayloadInputError(file: name, reason: "holds \(pushCount) pushes, over Glance's limit of \(JSONLimits.maximumJSONLines) in a JSON Lines file")
        }
        var pushes: [SimulatedPush] = []
        var origin: Double?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let source = "\(InputFile.displayName(path)):\(index + 1)"
            // One line holds one push: the push body's size limit holds for it (with room for `at` and headers).
            let lineLimit = InputLimit.pushBody.maximumBytes + (64 << 10)
            guard trimmed.utf8.count <= lineLimit else {
                throw PayloadInputError(file: source, reason: "is \(trimmed.utf8.count) bytes; Glance reads at most \(lineLimit) bytes of one push in a JSON Lines file (its body at most \(InputLimit.pushBody.maximumBytes))")
            }
            if let problem = JSONLimits.pushBody.problem(in: Data(trimmed.utf8)) {
                throw PayloadInputError(file: "\(source):\(problem.column)", reason: problem.message)
            }
            guard let entry = (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) as? [String: Any] else {
                throw PayloadInputError(file: source, reason: "is not a JSON object {\"at\", \"headers\", \"body\"}")
            }
            guard JSONLocator(text: trimmed).trailingCommas.isEmpty else {
                throw PayloadInputError(file: source, reason: "is not valid JSON: a trailing comma before a closing bracket")
            }
            if let unknown = entry.keys.sorted().first(where: { !["at", "headers", "body"].contains($0) }) {
                let hint = Suggestion.hint(unknown, in: ["at", "headers", "body"])
                throw PayloadInputError(file: source, reason: "unknown key '\(unknown)'\(hint)")
            }
            guard let body = entry["body"], JSONSerialization.isValidJSONObject(body),
                  let bodyData = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes]) else {
                throw PayloadInputError(file: source, reason: "has no \"body\" object")
            }
            let document = PayloadDocument(name: source, data: bodyData)
            var lineHeaders = headers
            if let fields = entry["headers"] {
                guard let object = fields as? [String: Any], let headerData = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
                    throw PayloadInputError(file: source, reason: "\"headers\" is not an object")
                }
                lineHeaders = try APNsHeaders(name: source, text: String(decoding: headerData, as: UTF8.self))
            }
            if origin == nil { origin = document.aps?["timestamp"]?.number?.double }
            var arrival: Date?
            if let value = entry["at"] {
                // JSONSerialization gives true and false as __NSCFBoolean, which `is Bool` cannot tell from 0 and 1.
                let isBoolean = String(describing: type(of: value)).contains("Boolean")
                guard let at = (value as? NSNumber)?.doubleValue, !isBoolean, at >= 0, at < 1e11 else {
                    throw PayloadInputError(file: source, reason: "\"at\" must be seconds: UNIX time, or below 10^8 seconds after the first push")
                }
                arrival = Date(timeIntervalSince1970: at < 1e8 ? (origin ?? 0) + at : at)
            }
            pushes.append(SimulatedPush(push: Push(body: document, headers: lineHeaders, broadcast: broadcast), arrival: arrival, source: source))
        }
        guard !pushes.isEmpty else { throw PayloadInputError(file: path, reason: "holds no pushes") }
        return pushes
    }
}

enum PayloadHelp {
    static let main = """
        OVERVIEW: Build, check and replay Live Activity push payloads against the app's own Swift types.

        USAGE: glance payload <command> [options]

        COMMANDS:
          check      Check push bodies (and headers) the way APNs and ActivityKit will treat them
          template   Print a valid body for an ActivityAttributes type
          simulate   Replay a sequence of pushes and print the activity's life as a timeline

        Run 'glance payload <command> --help' for a command's options.

        """

    static func command(_ name: String) -> String? {
        switch name {
        case "check":
            return """
                OVERVIEW: Check Live Activity push bodies the way APNs and ActivityKit will treat them.

                USAGE: glance payload check FILE... [--project PATH] [--attributes TYPE] [--headers FILE] [--broadcast]
                                            [--reporter <name>] [--strict] [--explain-skips]

                ARGUMENTS:
                  FILE                 A JSON body, or - for standard input.

                OPTIONS:
                  --project <path>     Read the app's ActivityAttributes types (and bundle identifier) from this project,
                                       and check content-state and attributes against them.
                  --attributes <type>  The ActivityAttributes type, when the project has several (on start,
                                       attributes-type picks it).
                  --headers <file>     The APNs headers: 'name: value' lines, or a JSON object.
                  --broadcast          A broadcast (channel) push: 5120-byte limit, priority 1 allowed.
                  --reporter <name>    xcode (default: file:line:column: severity: json.path message [rule]), json,
                                       sarif, github-actions, checkstyle, junit or markdown (as for glance lint).
                  --strict             Exit 1 on warnings too.
                  --explain-skips      List what could not be checked, and why.

                EXIT CODES: 0 no errors, 1 error violations (or warnings with --strict), 2 the run failed.

                """
        case "template":
            return """
                OVERVIEW: Print a valid push body for an ActivityAttributes type: every content-state key with a typed
                placeholder (dates as seconds since 2001, enums with their first raw value), the timestamp, and on start
                the attributes-type, attributes and an alert.

                USAGE: glance payload template TYPE --project PATH [--event start|update|end] [--now]

                OPTIONS:
                  --project <path>     The project that declares TYPE.
                  --event <event>      start, update (default) or end.
                  --now                Use the current time; by default times are 2026-01-01T00:00:00Z, so the output
                                       is the same on every run.

                """
        case "simulate":
            return """
                OVERVIEW: Replay pushes through ActivityKit's documented rules and print the activity's life: started,
                each update applied or dropped (and why), stale, alerts, ended, dismissed, and the 8-hour and 12-hour
                limits. Steps that rest on uncertain facts are marked (uncertain).

                USAGE: glance payload simulate FILE... --project PATH [--attributes TYPE] [--headers FILE] [--broadcast]
                                               [--format text|json]

                ARGUMENTS:
                  FILE                 JSON bodies in the order they arrive (each at its timestamp), or a JSON Lines
                                       file (.jsonl) of {"at": seconds, "headers": {...}, "body": {...}}; "at" is UNIX
                                       seconds, or, below 10^8, seconds after the first push's timestamp.

                OPTIONS:
                  --project <path>     The project that declares the ActivityAttributes type.
                  --attributes <type>  The ActivityAttributes type, when the project has several.
                  --headers <file>     APNs headers for every push (a JSON Lines entry's own headers win).
                  --broadcast          Broadcast (channel) pushes.
                  --format <format>    text (default) or json.

                EXIT CODES: 0 every push applied as sent, 1 a push refused by APNs, dropped by the device (or
                  perhaps dropped) or applied with a date the app shows wrong, 2 the run failed.

                """
        default:
            return nil
        }
    }
}
