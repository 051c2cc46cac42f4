import Foundation
import GlanceInput
import GlancePayload
import GlancePush
import GlanceReporters
import GlanceRules
import GlanceSurfaces

/// `glance push BODY.json --token HEX | --tokens FILE | --channel ID`: checks a Live Activity push like
/// `glance payload check`, then sends it to APNs with a provider token and explains every answer.
///
/// Exit codes: 0 every push accepted; 1 APNs refused at least one (and every other push was answered); 2 the
/// run failed: nothing could be sent (bad flags, key or body, an invalid push without `--force`, no
/// connection), or a push got no answer or was left unsent because the connection failed; 128 + the signal
/// (130 for Ctrl-C) when interrupted.
extension CommandLineTool {
    static let pushOptions: Set<String> = APNsOptions.options.union([
        "--token", "--tokens", "--channel", "--attributes", "--headers", "--priority", "--expiration", "--collapse-id",
        "--apns-id", "--request-id", "--concurrency", "--connections", "--reporter", "--log",
    ]).union(PushBodies.flagOptions)

    /// The most bytes of a push body `glance push` reads (APNs takes 4096, 5120 on broadcast; more is refused).
    static let pushBodyLimit = 1 << 20

    func push(_ raw: [String], output: inout Output) throws {
        if raw.contains("--help") || raw.contains("-h") { output.standardOutput += PushHelp.push; return }
        let arguments = try Arguments(raw, spec: .init(flags: APNsOptions.flags.union(["--force", "--resend-unanswered"]), options: Self.pushOptions), command: "push")
        try APNsOptions.refuseCertificates(arguments)
        let bodyPath = arguments.positionals.first
        let given = ["--token", "--tokens", "--channel"].filter { arguments.option($0) != nil }
        guard given.count == 1 else {
            throw CLIError.usage(given.isEmpty ? "give where to send: --token HEX, --tokens FILE or --channel ID"
                                               : "give one of --token, --tokens and --channel, not \(given.joined(separator: " and "))", command: "push")
        }
        try Self.oneStandardInput(arguments, body: bodyPath, environment: pushContext.environment)
        let broadcast = arguments.option("--channel") != nil
        let api: APNsAPI = broadcast ? .broadcast : .device
        let reporter = try arguments.choice("--reporter", ["text", "json"], default: "text", command: "push")
        if reporter == "json" { output.standardOutputEncoding = .json }
        let profile = try APNsProfile(arguments, environment: pushContext.environment)
        let environment = try profile.apnsEnvironment(command: "push")
        let endpoint = try APNsOptions.endpoint(profile, environment: environment, api: api)
        let retry = try APNsOptions.retryPolicy(arguments)
        var options = try pushOptions(arguments, broadcast: broadcast, output: &output)
        let transportOptions = try APNsOptions.transportOptions(profile)
        // By default as many pushes in flight as the server allows on each connection (SETTINGS_MAX_CONCURRENT_STREAMS).
        let concurrency = try integer(arguments, "--concurrency", in: 1...10_000,
                                      default: transportOptions.connections * TransportOptions.maximumStreamsPerConnection)

        // The bodies (never a key, whatever the flags): the BODY file, or the body flags, and the tokens' own.
        let file = try bodyPath.map { path -> PayloadDocument in
            let body = try readInput { try PayloadDocument.read(path: $0, maximumBytes: Self.pushBodyLimit) }(path)
            if let material = Shown.keyMaterial(String(decoding: body.data, as: UTF8.self)), material.contains("PEM") {
                throw CLIError.failure("\(body.name): holds \(material), not a push body; Glance never sends or prints a key (the body is the JSON file, the key goes to --key-file)")
            }
            return body
        }
        let targets = broadcast ? nil : try deviceTokens(arguments, output: &output)
        let project = try loadProject(arguments, command: "push")
        let onlyType = project?.catalog.types.count == 1 ? project?.catalog.types.first?.name : nil
        let bodies = try PushBodies(file: file, arguments: arguments, attributesType: arguments.option("--attributes") ?? onlyType,
                                    tokenBodies: targets?.entries.compactMap { entry in entry.body.map { ($0, entry.place) } } ?? [],
                                    tokenCount: targets?.entries.count ?? 1, now: pushContext.time.now())
        let body = bodies.documents[0]
        try requireType(for: Push(body: body, broadcast: broadcast), catalog: project?.catalog, arguments: arguments)
        let bundleID = try APNsOptions.bundleID(profile, project: project, push: Push(body: body, broadcast: broadcast), command: "push")
        let fileHeaders = try arguments.option("--headers").map { try readInput { try APNsHeaders.read(path: $0) }($0) }
        options.extraHeaders = try headersToSend(fileHeaders, overriddenBy: options, output: &output)
        // Defaults where neither a flag nor --headers sets the header: priority 10 (what APNs assumes), and an
        // hour to deliver (0 on broadcast: one attempt, which every channel accepts).
        if options.priority == nil && !options.extraHeaders.contains(where: { $0.name == "apns-priority" }) { options.priority = 10 }
        if options.expiration == nil && !options.extraHeaders.contains(where: { $0.name == "apns-expiration" }) {
            options.expiration = broadcast ? 0 : Int(pushContext.time.now().timeIntervalSince1970) + 3600
        }
        let requests = try pushRequests(arguments, tokens: targets?.entries.map(\.token), bodies: bodies, bundleID: bundleID, options: options,
                                        endpoint: endpoint)

        // The check: each body as it will be sent (with the headers, once), against the app's types with --project.
        let headers = checkedHeaders(requests[0], file: fileHeaders, bundleSource: profile.value("--bundle-id")?.source ?? "--project")
        let pushes = bodies.documents.enumerated().map { index, document in Push(body: document, headers: index == 0 ? headers : nil, broadcast: broadcast) }
        try check(pushes, project: project, arguments: arguments, output: &output)
        let push = pushes[0]

        // Print (with the key's redacted token, if a key is given), or take the credentials and send.
        if arguments.flag("--dry-run") {
            let authorization = try dryRunAuthorization(profile, command: "push", requests: requests.count, output: &output)
            output.standardOutput += reporter == "json" ? requests.map { PushReporter.requestJSON($0, authorization: authorization) }.joined()
                : requests.map { PushReporter.request($0, authorization: authorization) }.joined(separator: "\n")
            return
        }
        let tokens = try providerTokens(profile, command: "push", output: &output)
        // Opened only now, when the pushes are about to go: a run stopped by its checks or --dry-run writes no file.
        let log = try pushLog(arguments)
        let resend = ResendPolicy(afterServerError: true, afterNoAnswer: arguments.flag("--resend-unanswered"))
        if resend.afterNoAnswer, let push = pushes.first(where: { $0.event == "start" || $0.aps?["alert"] != nil }) {
            output.standardError += "glance: warning: --resend-unanswered: this push \(push.event == "start" ? "starts an activity" : "has an alert"); one that arrived and is sent again \(push.event == "start" ? "starts a second activity" : "alerts twice")\n"
        }
        flush(&output)
        let transport = pushContext.makeTransport(transportOptions)
        let client = APNsClient(transport: transport, tokens: tokens, retry: retry, time: pushContext.time)
        // A text batch ends with its counts and the tokens to drop; JSON always with a summary object.
        var summary: (@Sendable (PushReporter.Summary) -> String)?
        if reporter == "json" {
            summary = { @Sendable counts in PushReporter.jsonSummary(counts, connections: transport.connectionsOpened) }
        } else if requests.count > 1 {
            summary = { @Sendable counts in PushReporter.summary(counts) }
        }
        let progress = PushProgress(requests: requests, api: api, json: reporter == "json", summary: summary, stream: pushContext.stream, log: log)
        let (batch, warnings) = Interrupts.handling({ progress.interrupt(signal: $0) }) {
            waitFor { (await client.sendAll(requests, concurrency: concurrency, resend: resend, observer: progress.observer), await tokens.warnings) }
        }
        for warning in warnings { output.standardError += "glance: warning: \(Shown.escaped(warning))\n" }
        output.standardOutput += progress.finish()
        if let summary { output.standardOutput += summary(PushReporter.Summary(batch.exchanges)) }
        if let stop = batch.stop { output.standardError += "glance: \(stop.byAPNs ? "note" : "error"): \(Shown.escaped(stop.reason))\n" }
        let exchanges = batch.exchanges
        let answered = exchanges.compactMap(\.answer)
        if project == nil, push.aps?["content-state"] != nil, answered.contains(where: \.isSuccess) {
            output.standardError += "glance: note: APNs accepted the push, but content-state was not checked against the app's types; with --project PATH, Glance catches pushes ActivityKit drops on the device\n"
        }
        let unanswered = exchanges.filter(\.isUnanswered).count
        if unanswered > 0 {
            let pushes = unanswered == 1 ? "1 push" : "\(unanswered) pushes"
            if resend.afterNoAnswer {
                output.standardError += "glance: note: \(pushes) got no answer and may have arrived, also after being sent again as --resend-unanswered and --retries allow\n"
            } else {
                output.standardError += "glance: note: \(pushes) got no answer and may have arrived; Glance does not send \(unanswered == 1 ? "it" : "them") again unless --resend-unanswered (a repeated update is harmless, a repeated alert or start is not)\n"
            }
        }
        let failed = exchanges.contains { if case .failed = $0.result { return true } else { return false } }
        if failed || batch.stop.map({ !$0.byAPNs }) == true {
            output.exitCode = 2
        } else {
            output.exitCode = exchanges.allSatisfy { $0.answer?.isSuccess == true } ? 0 : 1
        }
    }

    /// Writes what the run has to say so far to the live stream (when there is one), so it comes before the
    /// results that are printed as they arrive.
    func flush(_ output: inout Output) {
        guard let stream = pushContext.stream else { return }
        stream.write(standardOutput: output.standardOutput, standardError: output.standardError, encoding: output.standardOutputEncoding)
        output.standardOutput = ""
        output.standardError = ""
    }

    /// Standard input is one stream: at most one of the body, `--tokens`, `--headers` and the key may be `-`.
    static func oneStandardInput(_ arguments: Arguments, body: String?, environment: [String: String]) throws {
        var readers: [String] = []
        if body == "-" { readers.append("the body") }
        for option in ["--tokens", "--headers"] where arguments.option(option) == "-" { readers.append(option) }
        if (arguments.option("--key-file") ?? environment["GLANCE_APNS_KEY_FILE"]) == "-" { readers.append("the key") }
        guard readers.count <= 1 else {
            throw CLIError.usage("only one input can come from standard input (-), not \(readers.joined(separator: " and ")); give the others as files or <(…)", command: "push")
        }
    }

    /// The requests: one broadcast to `--channel`, or one device push per token, each with its body.
    private func pushRequests(_ arguments: Arguments, tokens: [String]?, bodies: PushBodies, bundleID: String, options: APNsRequests.Options,
                              endpoint: APNsEndpoint) throws -> [HTTPRequest] {
        guard let tokens else {
            let channel = arguments.option("--channel")!
            guard APNsRequests.isChannelID(channel) else {
                throw CLIError.failure("--channel: \(Shown.quoted(channel)) is not a channel id (base64, as 'glance channels create' prints it)")
            }
            return [APNsRequests.broadcast(channelID: channel, bundleID: bundleID, body: bodies.documents[0].data, options: options, endpoint: endpoint)]
        }
        if tokens.count > 1 && options.requestID != nil {
            throw CLIError.usage("--apns-id names one push; leave it out with --tokens (APNs makes one per push)", command: "push")
        }
        // One request made in full; the others are copies with their own path and body, so they share its headers
        // (50,000 tokens are then 50,000 URLs, not 50,000 sets of headers).
        let first = APNsRequests.device(token: tokens[0], bundleID: bundleID, body: bodies.documents[bodies.bodyOf[0]].data, options: options, endpoint: endpoint)
        return tokens.indices.map { index in
            var request = first
            request.url = endpoint.url(path: "/3/device/" + tokens[index])
            request.body = bodies.documents[bodies.bodyOf[index]].data
            return request
        }
    }

    /// `glance payload check` on each push as it will be sent: findings go to standard error; errors stop the run
    /// unless `--force`. So does a broadcast that would start an activity (which a broadcast cannot).
    private func check(_ pushes: [Push], project: (model: SurfaceModel, catalog: ActivityTypeCatalog)?, arguments: Arguments, output: inout Output) throws {
        var errors = 0, failing: [String] = []
        for push in pushes {
            let result = PayloadChecker().check(push, catalog: project?.catalog, attributes: arguments.option("--attributes"), now: pushContext.time.now())
            output.standardError += Self.findings(result)
            let count = result.violations.filter { $0.severity == .error }.count
            errors += count
            if count > 0 { failing.append(push.body.name.flagPlace ?? push.body.name) }
        }
        let force = arguments.flag("--force")
        if errors > 0 {
            let count = errors == 1 ? "1 error" : "\(errors) errors"
            guard force else {
                let what = pushes.count == 1 ? "the push has \(count)" : failing.count == 1 ? "its body has \(count)" : "\(failing.count) bodies have \(count)"
                throw CLIError.failure("\(failing[0]): not sent: \(what) (above); fix \(errors == 1 ? "it" : "them"), or send anyway with --force")
            }
            output.standardError += "glance: warning: sending despite \(count) (--force)\n"
        }
        if let push = pushes.first(where: { $0.broadcast && $0.event == "start" }), !force {
            throw CLIError.failure("\(push.body.name): not sent: a broadcast cannot start a Live Activity (event 'start'); start it with push-to-start tokens (--token) and \"input-push-channel\" in the body")
        }
    }

    /// The check's findings as `glance payload check` prints them (`FILE:LINE:COLUMN: severity: message [rule]`),
    /// each on one line (text from the body, such as a string with a newline, escaped); a finding about a
    /// header no `--headers` file gave is placed at the flag that set it (`--bundle-id: error: …`).
    static func findings(_ result: LintResult) -> String {
        result.violations.map { violation in
            let place = violation.file.flagPlace ?? "\(violation.file):\(violation.line):\(violation.column)"
            return "\(place): \(violation.severity.rawValue): \(Shown.escaped(violation.displayMessage)) [\(violation.rule)]\n"
        }.joined()
    }

    // MARK: Inputs

    /// `--priority`, `--expiration`, `--collapse-id`, `--apns-id`, `--request-id` (nil where not given).
    private func pushOptions(_ arguments: Arguments, broadcast: Bool, output: inout Output) throws -> APNsRequests.Options {
        var options = APNsRequests.Options()
        let priorities = broadcast ? [1, 5, 10] : [5, 10]
        if let text = arguments.option("--priority") {
            guard let priority = Int(text), priorities.contains(priority) else {
                throw CLIError.failure("--priority: \(Shown.quoted(text)) is not \(broadcast ? "1, 5 or 10" : "5 or 10"); Live Activity pushes use 5 (not counted against the budget) or 10")
            }
            options.priority = priority
        }
        if let text = arguments.option("--expiration") {
            guard let expiration = Int(text), expiration >= 0 else {
                throw CLIError.failure("--expiration: \(Shown.quoted(text)) is not a UNIX time in seconds, or 0 (one delivery attempt, not stored)")
            }
            let now = Int(pushContext.time.now().timeIntervalSince1970)
            if expiration > 0 && expiration < now {
                let formatter = ISO8601DateFormatter()
                let date = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(expiration)))
                output.standardError += "glance: warning: --expiration \(expiration) is \(date), in the past: APNs will not store the push for later delivery; it is UNIX seconds (an hour from now is \(now + 3600), the default)\n"
            }
            options.expiration = expiration
        }
        if let collapse = arguments.option("--collapse-id") {
            guard !broadcast else { throw CLIError.usage("--collapse-id is for device pushes; broadcast pushes have none", command: "push") }
            guard collapse.utf8.count <= 64 else { throw CLIError.failure("--collapse-id: \(collapse.utf8.count) bytes; APNs allows 64") }
            if let problem = APNsHeaders.syntaxProblem(name: "apns-collapse-id", value: collapse) { throw CLIError.failure("--collapse-id: \(problem)") }
            options.collapseID = collapse
        }
        if broadcast {
            if arguments.option("--apns-id") != nil { throw CLIError.usage("--apns-id is for device pushes; a broadcast takes --request-id", command: "push") }
            options.requestID = try APNsOptions.requestID(arguments, "--request-id")
        } else {
            if arguments.option("--request-id") != nil { throw CLIError.usage("--request-id is for broadcasts; a device push takes --apns-id", command: "push") }
            options.requestID = try APNsOptions.requestID(arguments, "--apns-id")
        }
        return options
    }

    /// Headers `glance push` never takes from `--headers`: the pseudo-headers and `authorization` it sets
    /// itself, and headers of the connection or the body that URLSession sets (a wrong one breaks the request).
    static let reservedHeaders: [String: String] = [
        "authorization": "Glance sets it (the provider token)",
        "host": "it names the server; Glance sends to --host",
        "content-length": "URLSession sets it from the body",
        "content-encoding": "APNs takes uncompressed JSON",
        "transfer-encoding": "HTTP/2 does not use it",
        "connection": "HTTP/2 does not use it",
        "keep-alive": "HTTP/2 does not use it",
        "proxy-connection": "HTTP/2 does not use it",
        "upgrade": "HTTP/2 does not use it",
        "te": "HTTP/2 does not use it here",
    ]

    /// `--headers FILE` as sent: without headers a flag sets (the flag wins). Defaults apply where neither sets
    /// a header. Pseudo-headers and `reservedHeaders` are refused (the header file's syntax was checked when it
    /// was read: names are HTTP field names, values one line of ASCII).
    /// - Throws: `CLIError` naming `FILE:LINE` for a header Glance does not send.
    private func headersToSend(_ file: APNsHeaders?, overriddenBy options: APNsRequests.Options, output: inout Output) throws -> [HTTPHeader] {
        let flagHeaders: [String: String] = [
            "apns-priority": "--priority", "apns-expiration": "--expiration", "apns-collapse-id": "--collapse-id",
            "apns-id": "--apns-id", "apns-request-id": "--request-id",
        ]
        guard let file else { return [] }
        var headers: [HTTPHeader] = []
        for field in file.fields {
            let place = "\(file.name):\(field.line)"
            if field.name.hasPrefix(":") {
                throw CLIError.failure("\(place): \(field.name) is an HTTP/2 pseudo-header; glance push sets :method, :path, :scheme and :authority itself (remove it)")
            }
            if let why = Self.reservedHeaders[field.name] {
                throw CLIError.failure("\(place): glance push does not send '\(field.name)' from --headers: \(why) (remove it)")
            }
            if let flag = flagHeaders[field.name], isSet(field.name, options) {
                output.standardError += "glance: warning: \(place): \(field.name) is replaced by \(flag)\n"
                continue
            }
            headers.append(HTTPHeader(field.name, field.value))
        }
        return headers
    }

    private func isSet(_ header: String, _ options: APNsRequests.Options) -> Bool {
        switch header {
        case "apns-priority": return options.priority != nil
        case "apns-expiration": return options.expiration != nil
        case "apns-collapse-id": return options.collapseID != nil
        case "apns-id", "apns-request-id": return options.requestID != nil
        default: return false
        }
    }

    /// The headers `glance payload check` sees: those of the first request (without `authorization`). A header
    /// from `--headers` keeps its file and line; one a flag set (or its default) is placed at the flag
    /// (`--bundle-id` or `--project` for apns-topic), and repeated headers of the file stay repeated.
    /// - Parameter bundleSource: where the bundle identifier came from (`--bundle-id`, a variable, the configuration
    ///   file, `--project`).
    private func checkedHeaders(_ request: HTTPRequest, file: APNsHeaders?, bundleSource: String) -> APNsHeaders {
        let flags = ["apns-topic": bundleSource, "apns-priority": "--priority",
                     "apns-expiration": "--expiration", "apns-collapse-id": "--collapse-id", "apns-id": "--apns-id",
                     "apns-request-id": "--request-id", "apns-channel-id": "--channel", "apns-push-type": "glance push"]
        var fields: [APNsHeaders.Field] = []
        for header in request.headers where header.name != "authorization" {
            if let line = file?.field(header.name)?.line {
                fields.append(APNsHeaders.Field(name: header.name, value: header.value, line: line, source: file?.name))
            } else {
                fields.append(APNsHeaders.Field(name: header.name, value: header.value, line: 1, source: String.flagPlace(flags[header.name] ?? "glance push")))
            }
        }
        for field in file?.fields ?? [] {
            // A repeat in the file (the request itself cannot carry one).
            if file!.fields.first(where: { $0.name == field.name })?.line != field.line { fields.append(field) }
        }
        return APNsHeaders(name: file?.name ?? String.flagPlace("glance push"), fields: fields)
    }

    /// The tokens of a run, each with the body its line gave and that line's place (`tokens.txt:12`).
    struct TokenEntries {
        var entries: [(token: String, body: String?, place: String)]
    }

    /// `--token HEX`, or the tokens of `--tokens FILE` (a repeated token is sent once, with one warning).
    private func deviceTokens(_ arguments: Arguments, output: inout Output) throws -> TokenEntries {
        if let text = arguments.option("--token") {
            if let problem = APNsRequests.tokenProblem(text) {
                let shown = text.count > 40 ? "the token" : Shown.quoted(text)
                throw CLIError.failure("--token: \(shown) \(problem); give the token as the app received it, in hexadecimal")
            }
            return TokenEntries(entries: [(APNsRequests.normalizedToken(text)!, nil, "--token")])
        }
        let path = arguments.option("--tokens")!
        let list: TokenList
        do { list = try TokenList.read(path: path) } catch let error as PushInputError { throw CLIError.failure(error.description) }
        let name = InputFile.displayName(path)
        switch list.repeatedLines.count {
        case 0: break
        case 1: output.standardError += "glance: warning: \(name):\(list.repeatedLines[0]): token repeated; sent once\n"
        default:
            let shown = list.repeatedLines.prefix(3).map(String.init).joined(separator: ", ")
            let more = list.repeatedLines.count > 3 ? " and \(list.repeatedLines.count - 3) more" : ""
            output.standardError += "glance: warning: \(name): \(list.repeatedLines.count) lines repeat a token listed before (lines \(shown)\(more)); each token is sent once\n"
        }
        return TokenEntries(entries: list.tokens.indices.map { (list.tokens[$0], list.bodies[$0], "\(name):\(list.lines[$0])") })
    }

    /// `--log FILE`: opened to append before anything is sent.
    private func pushLog(_ arguments: Arguments) throws -> PushLog? {
        guard let path = arguments.option("--log") else { return nil }
        do { return try PushLog(path: HomePath.expanding(path, home: pushContext.environment["HOME"]) ?? path, time: pushContext.time) } catch let error as PushInputError {
            throw CLIError.failure(error.description)
        }
    }

    func integer(_ arguments: Arguments, _ name: String, in range: ClosedRange<Int>, default fallback: Int) throws -> Int {
        guard let text = arguments.option(name) else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw CLIError.failure("\(name): \(Shown.quoted(text)) is not a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}

extension String {
    /// The "file" of a finding that belongs to a command-line flag (`<flag --bundle-id>`), not to a file.
    static func flagPlace(_ flag: String) -> String { "<flag \(flag)>" }

    /// The flag of a `flagPlace`, or nil for a real file.
    var flagPlace: String? { hasPrefix("<flag ") && hasSuffix(">") ? String(dropFirst("<flag ".count).dropLast()) : nil }
}
