import Foundation
import GlanceInput
import GlancePayload
import GlanceProject
import GlancePush

/// The bodies of a `glance push` run: the BODY file, a body built from flags (`--event`, `--content-state`…), and
/// bodies given per token in `--tokens FILE`, each made into the JSON that is sent.
struct PushBodies {
    /// Each different body once, in the order first used; named for findings (`FILE`, `<flag --content-state>`,
    /// or `<flag tokens.txt:12>`, printed `tokens.txt:12:`).
    let documents: [PayloadDocument]
    /// For each token (or the one channel), the index of its body in `documents`.
    let bodyOf: [Int]

    /// The flags that build a body instead of a BODY file.
    static let flagOptions: Set<String> = ["--event", "--content-state", "--alert-title", "--alert-body", "--stale-date", "--dismissal-date",
                                           "--activity-attributes"]

    /// - Parameters:
    ///   - file: the BODY argument's document, if one was given.
    ///   - tokenBodies: per token, the JSON text its line gave (content-state, or a whole body with "aps"), with the
    ///     line's place (`tokens.txt:12`); empty when the lines give none.
    ///   - tokenCount: how many tokens (or 1).
    /// - Throws: `CLIError` for a missing or doubled body, or flags that cannot make one.
    init(file: PayloadDocument?, arguments: Arguments, attributesType: String?, tokenBodies: [(text: String, place: String)], tokenCount: Int,
         now: Date) throws {
        let flags = Self.flagOptions.filter { arguments.option($0) != nil }.sorted()
        if file != nil, let flag = flags.first {
            throw CLIError.usage("give the body as a file or with \(flag) and the other body flags, not both", command: "push")
        }
        var base: JSONValue?
        var baseDocument = file
        if let file {
            base = file.value
        } else if !flags.isEmpty {
            let built = try Self.body(arguments, attributesType: attributesType, now: now)
            base = built
            baseDocument = PayloadDocument(name: String.flagPlace(arguments.option("--content-state") != nil ? "--content-state" : "--event"),
                                           data: Data(built.jsonText.utf8))
        }
        guard !tokenBodies.isEmpty else {
            guard let baseDocument else {
                throw CLIError.usage("give the JSON body to send (a file, or - for standard input), build it with --event and --content-state, or give each token its body in --tokens", command: "push")
            }
            documents = [baseDocument]
            bodyOf = Array(repeating: 0, count: tokenCount)
            return
        }
        // Per token: a whole body as it is; content-state put into the base body (BODY or the flags), else into an
        // update sent now.
        let template = base ?? .object(["aps": .object(["timestamp": .number(JSONNumber(now.timeIntervalSince1970.rounded(.down))), "event": .string("update")])])
        var index: [Data: Int] = [:]
        var documents: [PayloadDocument] = []
        var bodyOf: [Int] = []
        bodyOf.reserveCapacity(tokenBodies.count)
        for (text, place) in tokenBodies {
            try Self.checkInput(Data(text.utf8), place: place)
            let given = PayloadDocument(name: String.flagPlace(place), data: Data(text.utf8))
            var document = given
            if let value = given.value, value.object?["aps"] == nil {
                guard value.object != nil else {
                    throw CLIError.failure("\(place): the body is \(value.typeName), not a JSON object (content-state, or a whole body with \"aps\")")
                }
                document = PayloadDocument(name: given.name, data: Data(Self.replacing(contentState: value, in: template).jsonText.utf8))
            }
            if let known = index[document.data] {
                bodyOf.append(known)
            } else {
                index[document.data] = documents.count
                bodyOf.append(documents.count)
                documents.append(document)
            }
        }
        self.documents = documents
        self.bodyOf = bodyOf
    }

    /// `body` with `aps.content-state` set to `state`.
    static func replacing(contentState state: JSONValue, in body: JSONValue) -> JSONValue {
        guard var object = body.object else { return body }
        var aps = object["aps"]?.object ?? [:]
        aps["content-state"] = state
        object["aps"] = .object(aps)
        return .object(object)
    }

    /// The body the flags describe: `{"aps": {"timestamp": now, "event": …, "content-state": …, "alert": {…},
    /// "stale-date": …, "dismissal-date": …}}`, with `attributes-type` and `attributes` for `start`.
    static func body(_ arguments: Arguments, attributesType: String?, now: Date) throws -> JSONValue {
        guard let eventText = arguments.option("--event") else {
            throw CLIError.usage("--content-state and the other body flags need --event update, start or end", command: "push")
        }
        guard let event = PayloadTemplate.Event(rawValue: eventText) else {
            throw CLIError.failure("--event: \(Shown.quoted(eventText)) is not start, update or end")
        }
        var aps: [String: JSONValue] = ["timestamp": .number(JSONNumber(now.timeIntervalSince1970.rounded(.down))), "event": .string(event.rawValue)]
        if let text = arguments.option("--content-state") {
            aps["content-state"] = try object(text, flag: "--content-state")
        } else if event != .end {
            throw CLIError.usage("--event \(event.rawValue) needs --content-state '{…}' (the ContentState as JSON)", command: "push")
        }
        if event == .start {
            guard let attributes = arguments.option("--activity-attributes") else {
                throw CLIError.usage("--event start needs --activity-attributes '{…}' (the ActivityAttributes' own values as JSON)", command: "push")
            }
            aps["attributes"] = try object(attributes, flag: "--activity-attributes")
            guard let attributesType else {
                throw CLIError.usage("--event start needs the ActivityAttributes type's name: --attributes TYPE (or --project PATH with one such type)", command: "push")
            }
            aps["attributes-type"] = .string(attributesType)
        } else if arguments.option("--activity-attributes") != nil {
            throw CLIError.usage("--activity-attributes is for --event start", command: "push")
        }
        var alert: [String: JSONValue] = [:]
        if let title = arguments.option("--alert-title") { alert["title"] = .string(title) }
        if let body = arguments.option("--alert-body") { alert["body"] = .string(body) }
        if !alert.isEmpty { aps["alert"] = .object(alert) }
        for (flag, key) in [("--stale-date", "stale-date"), ("--dismissal-date", "dismissal-date")] {
            if let text = arguments.option(flag) { aps[key] = .number(JSONNumber(try date(text, flag: flag))) }
        }
        return .object(["aps": .object(aps)])
    }

    /// A JSON object given on the command line.
    static func object(_ text: String, flag: String) throws -> JSONValue {
        try checkInput(Data(text.utf8), place: flag)
        let document = PayloadDocument(name: flag, data: Data(text.utf8))
        if let problem = document.problem { throw CLIError.failure("\(flag) \(problem.message) (column \(problem.column))") }
        guard let value = document.value, value.object != nil else {
            throw CLIError.failure("\(flag): \(document.value.map { $0.typeName } ?? "the value") is not a JSON object ({…})")
        }
        return value
    }

    /// A body given on a line or in a flag is held to a body file's limits: its size and `JSONLimits.pushBody`.
    static func checkInput(_ data: Data, place: String) throws {
        if data.count > CommandLineTool.pushBodyLimit {
            throw CLIError.failure("\(place): the body is \(data.count) bytes; Glance reads at most \(CommandLineTool.pushBodyLimit) (a push body is at most 4096 bytes, 5120 on broadcast)")
        }
        if let problem = JSONLimits.pushBody.problem(in: data) { throw CLIError.failure("\(place): \(problem.message) (column \(problem.column))") }
    }

    /// UNIX seconds, or an ISO 8601 date and time with its zone (`2026-12-01T18:30:00Z`).
    static func date(_ text: String, flag: String) throws -> Double {
        if let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds == seconds.rounded() { return seconds }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date.timeIntervalSince1970.rounded(.down) }
        throw CLIError.failure("\(flag): \(Shown.quoted(text)) is not UNIX seconds or an ISO 8601 date such as 2026-12-01T18:30:00Z")
    }
}
