import Foundation
import GlanceInput
import GlancePush
import GlanceReporters
import GlanceSurfaces

/// `glance channels create|list|read|delete`: broadcast channels on APNs' channel management API (fact BC-11),
/// with the same credentials as `glance push`.
///
/// Exit codes: 0 done; 1 APNs refused the request; 2 it could not be sent (bad flags or key, no connection).
extension CommandLineTool {
    static let channelCommands = ["create", "list", "read", "delete"]

    func channels(_ raw: [String], output: inout Output) throws {
        guard let subcommand = raw.first, !["--help", "-h"].contains(subcommand) else {
            output.standardOutput += PushHelp.channels
            return
        }
        guard Self.channelCommands.contains(subcommand) else {
            let hint = Suggestion.hint(subcommand, in: Self.channelCommands)
            throw CLIError.usage("unknown channels command \(Shown.quoted(subcommand))\(hint)", command: "channels")
        }
        let rest = Array(raw.dropFirst())
        if rest.contains("--help") || rest.contains("-h") { output.standardOutput += PushHelp.channels; return }
        let command = "channels " + subcommand
        var options = APNsOptions.options.union(["--request-id", "--format"])
        if subcommand == "create" { options.insert("--storage") }
        let arguments = try Arguments(rest, spec: .init(flags: APNsOptions.flags, options: options,
                                                        maxPositionals: ["read", "delete"].contains(subcommand) ? 1 : 0), command: command)
        try APNsOptions.refuseCertificates(arguments)
        let format = try arguments.choice("--format", ["text", "json"], default: "text", command: command)
        if format == "json" { output.standardOutputEncoding = .json }
        var channelID: String?
        if subcommand == "read" || subcommand == "delete" {
            guard let given = arguments.positionals.first else { throw CLIError.usage("give the channel id to \(subcommand)", command: command) }
            guard APNsRequests.isChannelID(given) else {
                throw CLIError.failure("\(Shown.quoted(given)) is not a channel id (base64, as 'glance channels create' or 'list' prints it)")
            }
            channelID = given
        }
        let storage = APNsRequests.StoragePolicy(rawValue: try arguments.choice("--storage", APNsRequests.StoragePolicy.allCases.map(\.rawValue),
                                                                                default: "no-storage", command: command))!
        let profile = try APNsProfile(arguments, environment: pushContext.environment)
        let environment = try profile.apnsEnvironment(command: command)
        let endpoint = try APNsOptions.endpoint(profile, environment: environment, api: .channels)
        let retry = try APNsOptions.retryPolicy(arguments)
        let transportOptions = try APNsOptions.transportOptions(profile)
        let requestID = try APNsOptions.requestID(arguments, "--request-id")
        let bundleID = try APNsOptions.bundleID(profile, project: try loadProject(arguments, command: command), push: nil, command: command)

        let request: HTTPRequest
        switch subcommand {
        case "create": request = APNsRequests.createChannel(bundleID: bundleID, storage: storage, requestID: requestID, endpoint: endpoint)
        case "list": request = APNsRequests.listChannels(bundleID: bundleID, requestID: requestID, endpoint: endpoint)
        case "read": request = APNsRequests.readChannel(channelID!, bundleID: bundleID, requestID: requestID, endpoint: endpoint)
        default: request = APNsRequests.deleteChannel(channelID!, bundleID: bundleID, requestID: requestID, endpoint: endpoint)
        }

        if arguments.flag("--dry-run") {
            let authorization = try dryRunAuthorization(profile, command: command, requests: 1, output: &output)
            output.standardOutput += format == "json" ? PushReporter.requestJSON(request, authorization: authorization)
                : PushReporter.request(request, authorization: authorization)
            return
        }
        let tokens = try providerTokens(profile, command: command, output: &output)
        let client = APNsClient(transport: pushContext.makeTransport(transportOptions), tokens: tokens, retry: retry, time: pushContext.time)
        // Reading is repeated freely; creating or deleting a channel is not: after a 5xx or no answer it may have
        // happened already (a second create makes a second channel).
        let resend: ResendPolicy = ["list", "read"].contains(subcommand) ? .reading : .once
        let (exchange, warnings) = waitFor { (await client.send(request, resend: resend), await tokens.warnings) }
        for warning in warnings { output.standardError += "glance: warning: \(Shown.escaped(warning))\n" }
        let notes = PushReporter.collapsed(exchange.notes).map { "glance: note: \(Shown.escaped($0))\n" }.joined()
        switch exchange.result {
        case .failed(let failure):
            output.standardError += notes
            var message = failure.message
            if failure.mayHaveArrived && subcommand != "list" && subcommand != "read" {
                message += subcommand == "create" ? "; a channel may have been created: see 'glance channels list'"
                                                  : "; the channel may have been deleted: see 'glance channels list'"
            }
            throw CLIError.failure(message)
        case .notSent(let why):
            throw CLIError.failure(why)
        case .answered(let answer) where !answer.isSuccess:
            output.standardError += "glance: error: \(command): \(PushReporter.describe(answer, api: .channels))\n"
            output.standardError += notes
            output.exitCode = 1
        case .answered(let answer):
            guard let text = ChannelsReporter.render(subcommand, answer: answer, channel: channelID, storage: storage, json: format == "json") else {
                output.standardError += notes
                let what = answer.foreignBody ?? (answer.body.isEmpty ? "an empty body" : "\(answer.body.count) bytes of JSON")
                let missing = subcommand == "create" ? " and no apns-channel-id" : ""
                throw CLIError.failure("\(command): APNs answered \(answer.status) with \(what)\(missing), not what Glance expects; is --host APNs' channel management host?")
            }
            output.standardOutput += text
        }
    }
}
