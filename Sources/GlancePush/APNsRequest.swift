import Foundation
import GlanceInput

/// The APNs environment a token or channel belongs to: a debug build's tokens work only with the sandbox,
/// TestFlight and App Store builds' only with production (fact APNS-52).
public enum APNsEnvironment: String, Sendable, CaseIterable {
    case sandbox, production

    /// Device-token pushes (APNS-01).
    public var deviceHost: String { self == .sandbox ? "api.sandbox.push.apple.com" : "api.push.apple.com" }
    /// Broadcast pushes (BC-02: Apple's samples use these names; `--host` overrides).
    public var broadcastHost: String { self == .sandbox ? "api-broadcast.sandbox.push.apple.com" : "api-broadcast.push.apple.com" }
    /// Channel management, with its port (BC-10).
    public var channelHost: String {
        self == .sandbox ? "api-manage-broadcast.sandbox.push.apple.com:2195" : "api-manage-broadcast.push.apple.com:2196"
    }
}

/// Which APNs API a request goes to; reasons are explained for it.
public enum APNsAPI: String, Sendable {
    /// `POST /3/device/<token>`.
    case device
    /// `POST /4/broadcasts/apps/<bundle id>`.
    case broadcast
    /// `/1/apps/<bundle id>/channels` and `/all-channels`.
    case channels
}

/// One header of a request: the name lowercased, as HTTP/2 sends it.
public struct HTTPHeader: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
        self.name = name.lowercased()
        self.value = value
    }
}

/// An HTTP request to APNs.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    /// In the order they are listed (`authorization` is added when the request is sent).
    public var headers: [HTTPHeader]
    public var body: Data?

    public init(method: String, url: URL, headers: [HTTPHeader], body: Data?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The same request with this header set (replacing one of the same name).
    public func setting(_ name: String, _ value: String) -> HTTPRequest {
        var copy = self
        let header = HTTPHeader(name, value)
        if let index = copy.headers.firstIndex(where: { $0.name == header.name }) {
            copy.headers[index] = header
        } else {
            copy.headers.append(header)
        }
        return copy
    }
}

/// An HTTP response: the status, headers with lowercased names, and the body.
public struct HTTPResponse: Sendable, Equatable {
    public let status: Int
    public let headers: [String: String]
    public let body: Data
    /// The transport's number for the connection it came on (see `HTTPTransport.reconnect`).
    public var connection: Int

    public init(status: Int, headers: [String: String], body: Data, connection: Int = 0) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
        self.connection = connection
    }
}

/// Where requests go: `https://HOST[:PORT]` for an environment and API, or the `--host` override.
public struct APNsEndpoint: Sendable, Equatable {
    /// `host` or `host:port`.
    public let authority: String

    /// - Parameter override: `--host`: `HOST`, `HOST:PORT` or `https://HOST[:PORT]`.
    /// - Throws: `PushInputError` for an override that is not a host name with an optional port.
    public init(environment: APNsEnvironment, api: APNsAPI, override: String?) throws {
        guard let override else {
            switch api {
            case .device: authority = environment.deviceHost
            case .broadcast: authority = environment.broadcastHost
            case .channels: authority = environment.channelHost
            }
            return
        }
        var text = override
        if text.hasPrefix("https://") { text.removeFirst("https://".count) }
        while text.hasSuffix("/") { text.removeLast() }
        guard !text.isEmpty, !text.contains("/"), !text.contains("@"), Shown.isPlain(text), !text.contains(" "),
              let components = URLComponents(string: "https://" + text), let host = components.host, !host.isEmpty,
              components.path.isEmpty, components.query == nil
        else { throw PushInputError("--host", "\(Shown.quoted(override)) is not a host name with an optional port, such as api.sandbox.push.apple.com:2197") }
        if let port = components.port, !(1...65535).contains(port) {
            throw PushInputError("--host", "\(Shown.quoted(override)): the port must be between 1 and 65535")
        }
        authority = text
    }

    public func url(path: String) -> URL { URL(string: "https://" + authority + path)! }

    /// Whether the host is one of Apple's (`push.apple.com` or a name below it).
    public var isApple: Bool {
        guard let host = URLComponents(string: "https://" + authority)?.host?.lowercased() else { return false }
        return host == "push.apple.com" || host.hasSuffix(".push.apple.com")
    }
}

/// Builds the requests of `glance push` and `glance channels` (facts APNS-02, APNS-10…APNS-18, BC-01, BC-11).
public enum APNsRequests {
    /// The topic suffix of Live Activity pushes (APNS-11).
    public static let liveActivitySuffix = ".push-type.liveactivity"

    /// The app's bundle identifier without a `.push-type.liveactivity` suffix (given once or more).
    public static func bareBundleID(_ bundleID: String) -> String {
        var bare = bundleID
        while bare.hasSuffix(liveActivitySuffix) { bare.removeLast(liveActivitySuffix.count) }
        return bare
    }

    /// The optional headers of a push.
    public struct Options: Sendable, Equatable {
        /// 5 or 10 (1 on broadcast); nil leaves the header out (APNs then uses 10).
        public var priority: Int?
        /// UNIX seconds, or 0 for one delivery attempt; nil leaves the header out.
        public var expiration: Int?
        public var collapseID: String?
        /// `apns-id` (device) or `apns-request-id` (broadcast, channels): a lowercase UUID.
        public var requestID: String?
        /// More headers (`--headers`), added after the derived ones; a derived header of the same name is replaced.
        public var extraHeaders: [HTTPHeader]

        public init(priority: Int? = nil, expiration: Int? = nil, collapseID: String? = nil, requestID: String? = nil, extraHeaders: [HTTPHeader] = []) {
            self.priority = priority
            self.expiration = expiration
            self.collapseID = collapseID
            self.requestID = requestID
            self.extraHeaders = extraHeaders
        }
    }

    /// `POST /3/device/<token>` with `apns-push-type: liveactivity` and `apns-topic: <bundle id>.push-type.liveactivity`
    /// (the suffix once). Works for update tokens and push-to-start tokens alike.
    public static func device(token: String, bundleID: String, body: Data, options: Options, endpoint: APNsEndpoint) -> HTTPRequest {
        var headers = [HTTPHeader("apns-push-type", "liveactivity"), HTTPHeader("apns-topic", bareBundleID(bundleID) + liveActivitySuffix)]
        if let priority = options.priority { headers.append(HTTPHeader("apns-priority", String(priority))) }
        if let expiration = options.expiration { headers.append(HTTPHeader("apns-expiration", String(expiration))) }
        if let collapse = options.collapseID { headers.append(HTTPHeader("apns-collapse-id", collapse)) }
        if let identifier = options.requestID { headers.append(HTTPHeader("apns-id", identifier)) }
        return apply(options.extraHeaders, to: HTTPRequest(method: "POST", url: endpoint.url(path: "/3/device/" + token), headers: headers, body: body))
    }

    /// `POST /4/broadcasts/apps/<bundle id>` with `apns-channel-id`: the bare bundle id in the path and no
    /// topic (a suffix there is 400 `TopicDisallowed`).
    public static func broadcast(channelID: String, bundleID: String, body: Data, options: Options, endpoint: APNsEndpoint) -> HTTPRequest {
        var headers = [HTTPHeader("apns-push-type", "liveactivity"), HTTPHeader("apns-channel-id", channelID)]
        if let priority = options.priority { headers.append(HTTPHeader("apns-priority", String(priority))) }
        if let expiration = options.expiration { headers.append(HTTPHeader("apns-expiration", String(expiration))) }
        if let identifier = options.requestID { headers.append(HTTPHeader("apns-request-id", identifier)) }
        let path = "/4/broadcasts/apps/" + pathComponent(bareBundleID(bundleID))
        return apply(options.extraHeaders, to: HTTPRequest(method: "POST", url: endpoint.url(path: path), headers: headers, body: body))
    }

    /// A channel's message storage policy (BC-11).
    public enum StoragePolicy: String, Sendable, CaseIterable {
        case noStorage = "no-storage"
        case mostRecent = "most-recent"

        /// `message-storage-policy`: 0 for No Message Stored, 1 for Most Recent Message Stored.
        public var code: Int { self == .noStorage ? 0 : 1 }

        public init?(code: Int) {
            switch code {
            case 0: self = .noStorage
            case 1: self = .mostRecent
            default: return nil
            }
        }
    }

    /// `POST /1/apps/<bundle id>/channels` with `{"message-storage-policy": 0|1, "push-type": "LiveActivity"}`.
    public static func createChannel(bundleID: String, storage: StoragePolicy, requestID: String?, endpoint: APNsEndpoint) -> HTTPRequest {
        let body = "{\"message-storage-policy\":\(storage.code),\"push-type\":\"LiveActivity\"}"
        return channelRequest("POST", path: "channels", bundleID: bundleID, channelID: nil, requestID: requestID, body: Data(body.utf8), endpoint: endpoint)
    }

    /// `GET /1/apps/<bundle id>/all-channels`.
    public static func listChannels(bundleID: String, requestID: String?, endpoint: APNsEndpoint) -> HTTPRequest {
        channelRequest("GET", path: "all-channels", bundleID: bundleID, channelID: nil, requestID: requestID, body: nil, endpoint: endpoint)
    }

    /// `GET /1/apps/<bundle id>/channels` with `apns-channel-id`.
    public static func readChannel(_ channelID: String, bundleID: String, requestID: String?, endpoint: APNsEndpoint) -> HTTPRequest {
        channelRequest("GET", path: "channels", bundleID: bundleID, channelID: channelID, requestID: requestID, body: nil, endpoint: endpoint)
    }

    /// `DELETE /1/apps/<bundle id>/channels` with `apns-channel-id`.
    public static func deleteChannel(_ channelID: String, bundleID: String, requestID: String?, endpoint: APNsEndpoint) -> HTTPRequest {
        channelRequest("DELETE", path: "channels", bundleID: bundleID, channelID: channelID, requestID: requestID, body: nil, endpoint: endpoint)
    }

    private static func channelRequest(_ method: String, path: String, bundleID: String, channelID: String?, requestID: String?,
                                       body: Data?, endpoint: APNsEndpoint) -> HTTPRequest {
        var headers: [HTTPHeader] = []
        if let channelID { headers.append(HTTPHeader("apns-channel-id", channelID)) }
        if let requestID { headers.append(HTTPHeader("apns-request-id", requestID)) }
        let url = endpoint.url(path: "/1/apps/" + pathComponent(bareBundleID(bundleID)) + "/" + path)
        return HTTPRequest(method: method, url: url, headers: headers, body: body)
    }

    private static func apply(_ extra: [HTTPHeader], to request: HTTPRequest) -> HTTPRequest {
        extra.reduce(request) { $0.setting($1.name, $1.value) }
    }

    private static func pathComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? text
    }

    // MARK: Inputs

    /// The most hexadecimal digits a device token may have: 400 (200 bytes). APNs does not fix the length
    /// (APNS-03); device tokens are 32 bytes today and Live Activity tokens about 100, so this leaves room and
    /// still catches a pasted file or a runaway value.
    public static let maximumTokenDigits = 400

    /// Why `text` is not a device token, or nil: after removing spaces and `<…>` (as people paste tokens), it
    /// must be ASCII hexadecimal digits (0-9, a-f, A-F; not fullwidth ones), an even number of them, at most
    /// `maximumTokenDigits`.
    public static func tokenProblem(_ text: String) -> String? {
        if isPlainToken(text) { return nil }
        let token = text.unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "<" && $0 != ">" }
        guard !token.isEmpty else { return "is empty" }
        if let bad = token.first(where: { !Self.isHexDigit($0) }) {
            let hint = bad.value >= 0xFF10 && bad.value <= 0xFF46 ? " (a fullwidth character: type the token with ASCII digits and letters)" : ""
            return "holds \(Shown.quoted(String(bad))), not only the hexadecimal digits 0-9 and a-f\(hint)"
        }
        guard token.count <= maximumTokenDigits else {
            return "has \(token.count) hexadecimal digits; a device token has at most \(maximumTokenDigits) (today 64 for a device, about 200 for a Live Activity)"
        }
        guard token.count % 2 == 0 else { return "has an odd number of hexadecimal digits (\(token.count)); a token is whole bytes" }
        return nil
    }

    /// A device token as people paste it: spaces and `<…>` removed; nil when `tokenProblem` finds one.
    public static func normalizedToken(_ text: String) -> String? {
        if isPlainToken(text) { return text }
        guard tokenProblem(text) == nil else { return nil }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "<" && $0 != ">" }))
    }

    /// A token as the app sends it: an even number of ASCII hexadecimal digits, at most `maximumTokenDigits`,
    /// nothing else (checked byte by byte: the common case of a batch's every line).
    static func isPlainToken(_ text: String) -> Bool {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= maximumTokenDigits, bytes.count % 2 == 0 else { return false }
        return bytes.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
    }

    static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    /// A channel id is base64 (BC-01); its length is not fixed (BC-12).
    public static func isChannelID(_ text: String) -> Bool {
        !text.isEmpty && Data(base64Encoded: text) != nil
    }

    /// `apns-id` / `apns-request-id`: a UUID in lowercase (APNS-17).
    public static func isRequestID(_ text: String) -> Bool {
        UUID(uuidString: text) != nil && text == text.lowercased()
    }
}

/// The device tokens of `--tokens FILE`: one per line; blank lines and `#` comments skipped; each token as
/// `APNsRequests.normalizedToken` reads it; a token given twice (in any letter case) kept once. A line may carry the
/// token's own body: `TOKEN<TAB>JSON` (content-state, or a whole body with "aps"), or a JSON Lines object
/// `{"token": "…", "body": {…}}`.
public struct TokenList: Sendable, Equatable {
    /// In the file's order.
    public let tokens: [String]
    /// The body given with each token (the JSON text), or nil.
    public let bodies: [String?]
    /// The line (1-based) of each token.
    public let lines: [Int]
    /// Lines (1-based) whose token was already listed.
    public let repeatedLines: [Int]

    /// The most bytes read from a file of tokens: 64 MiB, about 500,000 tokens.
    public static let maximumFileBytes = 64 << 20

    /// Reads `--tokens FILE`: a file, a pipe (`<(…)`), or standard input for `-`.
    /// - Throws: `PushInputError` for a missing, unreadable or too large file, one that is not UTF-8 text or
    ///   holds a key, a line that is not a token (naming `FILE:LINE`), or a file without tokens.
    public static func read(path: String) throws -> TokenList {
        let name = InputFile.displayName(path)
        let data: Data
        do { data = try InputFile.read(path, limit: maximumFileBytes, kind: "a file of tokens") } catch let failure as InputFile.Failure {
            throw PushInputError(failure.subject, failure.reason)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw PushInputError(name, "cannot be read as UTF-8 text") }
        // PEM text has dashes; the check of the whole text is left out for the common file without any.
        if text.contains("-----"), let material = Shown.keyMaterial(text), material.contains("PEM") {
            throw PushInputError(name, "holds \(material), not device tokens (one per line)")
        }
        return try TokenList(text: text, name: name)
    }

    public init(text: String, name: String) throws {
        var tokens: [String] = []
        var bodies: [String?] = []
        var lines: [Int] = []
        var repeated: [Int] = []
        var seen: Set<String> = []
        // `\r\n` is one Character, so lines split on any newline character.
        // A byte order mark (Windows editors write one) is not part of the first line.
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for (index, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = APNsRequests.isPlainToken(String(raw)) ? String(raw) : raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let place = "\(name):\(index + 1)"
            var tokenText = line
            var body: String?
            if line.hasPrefix("{") {
                (tokenText, body) = try Self.jsonLine(line, place: place)
            } else if let tab = raw.firstIndex(of: "\t") {
                // Split before trimming, which would take a trailing tab away.
                tokenText = String(raw[..<tab]).trimmingCharacters(in: .whitespaces)
                body = String(raw[raw.index(after: tab)...]).trimmingCharacters(in: .whitespaces)
                if body!.isEmpty { throw PushInputError(place, "nothing after the tab; give the token's body (JSON) there, or no tab") }
            }
            if let problem = APNsRequests.tokenProblem(tokenText) {
                let shown = tokenText.count > 40 ? "the token" : Shown.quoted(tokenText)
                let hint = body == nil && tokenText.contains("{") ? "; a token and its body are separated by a tab, not spaces"
                                                                  : "; the file holds one hexadecimal token per line (then, optionally, a tab and its body)"
                throw PushInputError(place, "\(shown) \(problem)\(hint)")
            }
            let token = APNsRequests.normalizedToken(tokenText)!
            let key = token.utf8.contains { (0x41...0x46).contains($0) } ? token.lowercased() : token
            if seen.insert(key).inserted {
                tokens.append(token)
                bodies.append(body)
                lines.append(index + 1)
            } else {
                repeated.append(index + 1)
            }
        }
        guard !tokens.isEmpty else { throw PushInputError(name, "holds no tokens") }
        if bodies.contains(where: { $0 != nil }), let bare = bodies.firstIndex(where: { $0 == nil }) {
            throw PushInputError("\(name):\(lines[bare])", "a token without a body, where other lines give one; give every token its body, or none")
        }
        self.tokens = tokens
        self.bodies = bodies
        self.lines = lines
        self.repeatedLines = repeated
    }

    /// `{"token": "…", "body": {…}}`: the token and the body's JSON text.
    static func jsonLine(_ line: String, place: String) throws -> (token: String, body: String) {
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { throw PushInputError(place, "") }
            object = parsed
        } catch {
            throw PushInputError(place, "not a JSON object; a JSON Lines file of tokens holds {\"token\": \"…\", \"body\": {…}} on each line")
        }
        if let unknown = object.keys.sorted().first(where: { $0 != "token" && $0 != "body" }) {
            throw PushInputError(place, "unknown key \(Shown.quoted(unknown)); a line holds \"token\" and \"body\"")
        }
        guard let token = object["token"] as? String else { throw PushInputError(place, "no \"token\" string") }
        guard let body = object["body"], body is [String: Any],
              let data = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            throw PushInputError(place, "no \"body\" object (content-state, or a whole body with \"aps\")")
        }
        return (token, String(decoding: data, as: UTF8.self))
    }
}
