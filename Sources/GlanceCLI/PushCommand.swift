import Foundation
import GlancePayload
import GlancePush
import GlanceReporters
import GlanceRules
import GlanceSurfaces

/// `glance push BODY.json --token HEX | --tokens FILE | --channel ID`: checks a Live Activity push like
/// `glance payload check`, then sends it to APNs with a provider token and explains every answer.
///
/// Exit codes: 0 every push accepted; 1 APNs refused at least one; 2 nothing could be sent (bad flags, key or
/// body, an invalid push without `--force`, or no connection).
extension CommandLineTool {
    static let pushOptions: Set<String> = APNsOptions.options.union([
        "--token", "--tokens", "--channel", "--attributes", "--headers", "--priority", "--expiration", "--collapse-id",
        "--apns-id", "--request-id", "--concurrency", "--reporter",
    ])

    func push(_ raw: [String], output: inout Output) throws {
        if raw.contains("--help") || raw.contains("-h") { output.standardOutput += PushHelp.push; return }
        let arguments = try Arguments(raw, spec: .init(flags: APNsOptions.flags.union(["--force"]), options: Self.pushOptions), command: "push")
        try APNsOptions.refuseCertificates(arguments)
        guard let bodyPath = arguments.positionals.first else {
            throw CLIError.usage("give the JSON body to send (a file, or - for standard input)", command: "push")
        }
        let given = ["--token", "--tokens", "--channel"].filter { arguments.option($0) != nil }
        guard given.count == 1 else {
            throw CLIError.usage(given.isEmpty ? "give where to send: --token HEX, --tokens FILE or --channel ID"
                                               : "give one of --token, --tokens and --channel, not \(given.joined(separator: " and "))", command: "push")
        }
        let broadcast = arguments.option("--channel") != nil
        let api: APNsAPI = broadcast ? .broadcast : .device
        let reporter = try arguments.choice("--reporter", ["text", "json"], default: "text", command: "push")
        let environment = try APNsOptions.environment(arguments, command: "push")
        let endpoint = try APNsOptions.endpoint(arguments, environment: environment, api: api)
        let retry = try APNsOptions.retryPolicy(arguments)
        var options = try pushOptions(arguments, broadcast: broadcast)
        let concurrency = try integer(arguments, "--concurrency", in: 1...100, default: 8)

        // The body, the app's types and the bundle identifier.
        let body = try readInput { try PayloadDocument.read(path: $0) }(bodyPath)
        let project = try loadProject(arguments, command: "push")
        try requireType(for: Push(body: body, broadcast: broadcast), catalog: project?.catalog, arguments: arguments)
        let bundleID = try APNsOptions.bundleID(arguments, project: project, push: Push(body: body, broadcast: broadcast), command: "push")
        let fileHeaders = try arguments.option("--headers").map { try readInput { try APNsHeaders.read(path: $0) }($0) }
        options.extraHeaders = headersToSend(fileHeaders, overriddenBy: options, output: &output)
        // Defaults where neither a flag nor --headers sets the header: priority 10 (what APNs assumes), and an
        // hour to deliver (0 on broadcast: one attempt, which every channel accepts).
        if options.priority == nil && !options.extraHeaders.contains(where: { $0.name == "apns-priority" }) { options.priority = 10 }
        if options.expiration == nil && !options.extraHeaders.contains(where: { $0.name == "apns-expiration" }) {
            options.expiration = broadcast ? 0 : Int(pushContext.time.now().timeIntervalSince1970) + 3600
        }
        let requests = try pushRequests(arguments, body: body, bundleID: bundleID, options: options, endpoint: endpoint, output: &output)

        // The check: the body and the headers as they will be sent, against the app's types with --project.
        let push = Push(body: body, headers: checkedHeaders(requests[0], file: fileHeaders), broadcast: broadcast)
        try check(push, project: project, arguments: arguments, output: &output)

        // Credentials, then send (or print).
        let tokens = try providerTokens(arguments, command: "push", output: &output)
        if arguments.flag("--dry-run") {
            let authorization = try redactedAuthorization(tokens)
            output.standardOutput += requests.map { PushReporter.request($0, authorization: authorization) }.joined(separator: "\n")
            return
        }
        let client = APNsClient(transport: pushContext.makeTransport(), tokens: tokens, retry: retry, time: pushContext.time)
        let (exchanges, warnings) = waitFor { (await client.sendAll(requests, concurrency: concurrency), await tokens.warnings) }
        for warning in warnings { output.standardError += "glance: warning: \(warning)\n" }
        output.standardOutput += reporter == "json" ? PushReporter.json(exchanges, api: api)
                                                    : PushReporter.text(exchanges, api: api, summary: requests.count > 1)
        let answered = exchanges.compactMap(\.answer)
        if project == nil, push.aps?["content-state"] != nil, answered.contains(where: \.isSuccess) {
            output.standardError += "glance: note: APNs accepted the push, but content-state was not checked against the app's types; with --project PATH, Glance catches pushes ActivityKit drops on the device\n"
        }
        if answered.isEmpty {
            output.exitCode = 2
        } else {
            output.exitCode = exchanges.allSatisfy { $0.answer?.isSuccess == true } ? 0 : 1
        }
    }

    /// The requests: one broadcast to `--channel`, or one device push per token.
    private func pushRequests(_ arguments: Arguments, body: PayloadDocument, bundleID: String, options: APNsRequests.Options,
                              endpoint: APNsEndpoint, output: inout Output) throws -> [HTTPRequest] {
        if let channel = arguments.option("--channel") {
            guard APNsRequests.isChannelID(channel) else {
                throw CLIError.failure("--channel: '\(channel)' is not a channel id (base64, as 'glance channels create' prints it)")
            }
            return [APNsRequests.broadcast(channelID: channel, bundleID: bundleID, body: body.data, options: options, endpoint: endpoint)]
        }
        let tokens = try deviceTokens(arguments, output: &output)
        if tokens.count > 1 && options.requestID != nil {
            throw CLIError.usage("--apns-id names one push; leave it out with --tokens (APNs makes one per push)", command: "push")
        }
        return tokens.map { APNsRequests.device(token: $0, bundleID: bundleID, body: body.data, options: options, endpoint: endpoint) }
    }

    /// `glance payload check` on the push as it will be sent: findings go to standard error; errors stop the run
    /// unless `--force`. So does a broadcast that would start an activity (which a broadcast cannot).
    private func check(_ push: Push, project: (model: SurfaceModel, catalog: ActivityTypeCatalog)?, arguments: Arguments, output: inout Output) throws {
        let result = PayloadChecker().check(push, catalog: project?.catalog, attributes: arguments.option("--attributes"), now: pushContext.time.now())
        output.standardError += ViolationReporter.xcode(result, displayRoot: "", explainSkips: false)
        let errors = result.violations.filter { $0.severity == .error }.count
        let force = arguments.flag("--force")
        if errors > 0 {
            let count = errors == 1 ? "1 error" : "\(errors) errors"
            guard force else {
                throw CLIError.failure("\(push.body.name): not sent: the push has \(count) (above); fix \(errors == 1 ? "it" : "them"), or send anyway with --force")
            }
            output.standardError += "glance: warning: sending despite \(count) (--force)\n"
        }
        if push.broadcast, push.event == "start", !force {
            throw CLIError.failure("\(push.body.name): not sent: a broadcast cannot start a Live Activity (event 'start'); start it with push-to-start tokens (--token) and \"input-push-channel\" in the body")
        }
    }

    // MARK: Inputs

    /// `--priority`, `--expiration`, `--collapse-id`, `--apns-id`, `--request-id` (nil where not given).
    private func pushOptions(_ arguments: Arguments, broadcast: Bool) throws -> APNsRequests.Options {
        var options = APNsRequests.Options()
        let priorities = broadcast ? [1, 5, 10] : [5, 10]
        if let text = arguments.option("--priority") {
            guard let priority = Int(text), priorities.contains(priority) else {
                throw CLIError.failure("--priority: '\(text)' is not \(broadcast ? "1, 5 or 10" : "5 or 10"); Live Activity pushes use 5 (not counted against the budget) or 10")
            }
            options.priority = priority
        }
        if let text = arguments.option("--expiration") {
            guard let expiration = Int(text), expiration >= 0 else {
                throw CLIError.failure("--expiration: '\(text)' is not a UNIX time in seconds, or 0 (one delivery attempt, not stored)")
            }
            options.expiration = expiration
        }
        if let collapse = arguments.option("--collapse-id") {
            guard !broadcast else { throw CLIError.usage("--collapse-id is for device pushes; broadcast pushes have none", command: "push") }
            guard collapse.utf8.count <= 64 else { throw CLIError.failure("--collapse-id: \(collapse.utf8.count) bytes; APNs allows 64") }
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

    /// `--headers FILE` as sent: without pseudo-headers and `authorization` (Glance sets those), and without
    /// headers a flag sets (the flag wins). Defaults apply where neither sets a header.
    private func headersToSend(_ file: APNsHeaders?, overriddenBy options: APNsRequests.Options, output: inout Output) -> [HTTPHeader] {
        let flagHeaders: [String: String] = [
            "apns-priority": "--priority", "apns-expiration": "--expiration", "apns-collapse-id": "--collapse-id",
            "apns-id": "--apns-id", "apns-request-id": "--request-id",
        ]
        var headers: [HTTPHeader] = []
        for field in file?.fields ?? [] {
            if field.name.hasPrefix(":") || field.name == "authorization" {
                output.standardError += "glance: warning: \(file!.name):\(field.line): '\(field.name)' is set by glance push; ignored\n"
                continue
            }
            if let flag = flagHeaders[field.name], isSet(field.name, options) {
                output.standardError += "glance: warning: \(file!.name):\(field.line): \(field.name) is replaced by \(flag)\n"
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

    /// The headers `glance payload check` sees: those of the first request (without `authorization`), where a
    /// header from `--headers` keeps its file's line, and repeated headers of the file stay repeated.
    private func checkedHeaders(_ request: HTTPRequest, file: APNsHeaders?) -> APNsHeaders {
        var fields: [APNsHeaders.Field] = []
        for header in request.headers where header.name != "authorization" {
            let line = file?.field(header.name)?.line ?? 1
            fields.append(APNsHeaders.Field(name: header.name, value: header.value, line: line))
        }
        for field in file?.fields ?? [] where !field.name.hasPrefix(":") && field.name != "authorization" {
            // A repeat in the file (the request itself cannot carry one).
            if file!.fields.first(where: { $0.name == field.name })?.line != field.line { fields.append(field) }
        }
        return APNsHeaders(name: file?.name ?? "<headers>", fields: fields)
    }

    /// `--token HEX`, or the tokens of `--tokens FILE` (a repeated token is sent once, with a warning).
    private func deviceTokens(_ arguments: Arguments, output: inout Output) throws -> [String] {
        if let text = arguments.option("--token") {
            guard let token = APNsRequests.normalizedToken(text) else {
                throw CLIError.failure("--token: '\(text)' is not a device token (hexadecimal digits, as the app received it)")
            }
            return [token]
        }
        let path = arguments.option("--tokens")!
        let list: TokenList
        do { list = try TokenList.read(path: path) } catch let error as PushInputError { throw CLIError.failure(error.description) }
        for line in list.repeatedLines { output.standardError += "glance: warning: \(path):\(line): token repeated; sent once\n" }
        return list.tokens
    }

    func integer(_ arguments: Arguments, _ name: String, in range: ClosedRange<Int>, default fallback: Int) throws -> Int {
        guard let text = arguments.option(name) else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw CLIError.failure("\(name): '\(text)' is not a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
