import Foundation
import Testing
@testable import GlancePush

/// The requests as APNs wants them: paths, hosts, headers (facts APNS-01…APNS-18, BC-01, BC-10, BC-11).
struct RequestTests {
    static let sandbox = try! APNsEndpoint(environment: .sandbox, api: .device, override: nil)

    func headers(_ request: HTTPRequest) -> [String] { request.headers.map { "\($0.name): \($0.value)" } }

    @Test func devicePush() {
        let options = APNsRequests.Options(priority: 5, expiration: 0, collapseID: "order", requestID: "123e4567-e89b-12d3-a456-4266554400a0")
        let request = APNsRequests.device(token: "abcd", bundleID: "com.example.app", body: Data("{}".utf8), options: options, endpoint: Self.sandbox)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://api.sandbox.push.apple.com/3/device/abcd")
        #expect(headers(request) == ["apns-push-type: liveactivity", "apns-topic: com.example.app.push-type.liveactivity", "apns-priority: 5",
                                     "apns-expiration: 0", "apns-collapse-id: order", "apns-id: 123e4567-e89b-12d3-a456-4266554400a0"])
        #expect(request.body == Data("{}".utf8))
    }

    @Test func topicSuffixOnce() {
        for given in ["com.example.app", "com.example.app.push-type.liveactivity", "com.example.app.push-type.liveactivity.push-type.liveactivity"] {
            let request = APNsRequests.device(token: "ab", bundleID: given, body: Data(), options: .init(), endpoint: Self.sandbox)
            #expect(request.header("apns-topic") == "com.example.app.push-type.liveactivity", "\(given)")
        }
    }

    @Test func headersFileReplacesDerivedHeaders() {
        let options = APNsRequests.Options(extraHeaders: [HTTPHeader("APNs-Topic", "com.other.push-type.liveactivity"), HTTPHeader("x-extra", "1")])
        let request = APNsRequests.device(token: "ab", bundleID: "com.example.app", body: Data(), options: options, endpoint: Self.sandbox)
        #expect(headers(request) == ["apns-push-type: liveactivity", "apns-topic: com.other.push-type.liveactivity", "x-extra: 1"])
    }

    @Test func broadcastUsesTheBareBundleIDAndNoTopic() throws {
        let endpoint = try APNsEndpoint(environment: .production, api: .broadcast, override: nil)
        let request = APNsRequests.broadcast(channelID: "dHdvIGNoYW5uZWw=", bundleID: "com.example.app.push-type.liveactivity", body: Data("{}".utf8),
                                             options: .init(priority: 1, expiration: 0, requestID: "123e4567-e89b-12d3-a456-4266554400a0"), endpoint: endpoint)
        #expect(request.url.absoluteString == "https://api-broadcast.push.apple.com/4/broadcasts/apps/com.example.app")
        #expect(headers(request) == ["apns-push-type: liveactivity", "apns-channel-id: dHdvIGNoYW5uZWw=", "apns-priority: 1", "apns-expiration: 0",
                                     "apns-request-id: 123e4567-e89b-12d3-a456-4266554400a0"])
        #expect(request.header("apns-topic") == nil)
    }

    @Test func channelManagement() throws {
        let sandbox = try APNsEndpoint(environment: .sandbox, api: .channels, override: nil)
        let production = try APNsEndpoint(environment: .production, api: .channels, override: nil)
        let create = APNsRequests.createChannel(bundleID: "com.example.app", storage: .mostRecent, requestID: nil, endpoint: sandbox)
        #expect(create.method == "POST")
        #expect(create.url.absoluteString == "https://api-manage-broadcast.sandbox.push.apple.com:2195/1/apps/com.example.app/channels")
        #expect(String(decoding: create.body ?? Data(), as: UTF8.self) == #"{"message-storage-policy":1,"push-type":"LiveActivity"}"#)
        let list = APNsRequests.listChannels(bundleID: "com.example.app", requestID: nil, endpoint: production)
        #expect(list.method == "GET")
        #expect(list.url.absoluteString == "https://api-manage-broadcast.push.apple.com:2196/1/apps/com.example.app/all-channels")
        let read = APNsRequests.readChannel("Y2g=", bundleID: "com.example.app", requestID: "123e4567-e89b-12d3-a456-4266554400a0", endpoint: sandbox)
        #expect(read.method == "GET")
        #expect(headers(read) == ["apns-channel-id: Y2g=", "apns-request-id: 123e4567-e89b-12d3-a456-4266554400a0"])
        let delete = APNsRequests.deleteChannel("Y2g=", bundleID: "com.example.app", requestID: nil, endpoint: sandbox)
        #expect(delete.method == "DELETE")
        #expect(delete.url.path == "/1/apps/com.example.app/channels")
        #expect(delete.body == nil)
    }

    @Test func hosts() throws {
        #expect(try APNsEndpoint(environment: .production, api: .device, override: nil).authority == "api.push.apple.com")
        #expect(try APNsEndpoint(environment: .sandbox, api: .broadcast, override: nil).authority == "api-broadcast.sandbox.push.apple.com")
        #expect(try APNsEndpoint(environment: .sandbox, api: .device, override: "127.0.0.1:8443").authority == "127.0.0.1:8443")
        #expect(try APNsEndpoint(environment: .sandbox, api: .device, override: "https://localhost:8443/").authority == "localhost:8443")
        for bad in ["", "http://x/y", "host/path", "a b", "host:99999", "user@host"] {
            #expect(throws: PushInputError.self, "\(bad)") { try APNsEndpoint(environment: .sandbox, api: .device, override: bad) }
        }
    }

    @Test func tokenList() throws {
        let list = try TokenList(text: "\u{FEFF}# devices\r\nabcd\r\n\r\n  <ef 01>  \nABCD\n", name: "t.txt")
        #expect(list.tokens == ["abcd", "ef01"])
        #expect(list.repeatedLines == [5])
        #expect(throws: PushInputError("t.txt:2", "'abc' has an odd number of hexadecimal digits (3); a token is whole bytes; the file holds one hexadecimal token per line (then, optionally, a tab and its body)")) {
            try TokenList(text: "abcd\nabc\n", name: "t.txt")
        }
        #expect(throws: PushInputError("t.txt", "holds no tokens")) { try TokenList(text: "# none\n", name: "t.txt") }
    }

    @Test func inputs() {
        #expect(APNsRequests.normalizedToken("<ab cd EF01>") == "abcdEF01")
        #expect(APNsRequests.normalizedToken("abc") == nil)
        #expect(APNsRequests.normalizedToken("xyzw") == nil)
        #expect(APNsRequests.normalizedToken("") == nil)
        // ASCII digits only: fullwidth ones (a CJK input method) pass Character.isHexDigit, not this.
        #expect(APNsRequests.normalizedToken("７ｆ３ａ") == nil)
        #expect(APNsRequests.tokenProblem("７ｆ３ａ") == "holds '７', not only the hexadecimal digits 0-9 and a-f (a fullwidth character: type the token with ASCII digits and letters)")
        #expect(APNsRequests.normalizedToken(String(repeating: "a", count: 400)) != nil)
        #expect(APNsRequests.tokenProblem(String(repeating: "a", count: 402)) == "has 402 hexadecimal digits; a device token has at most 400 (today 64 for a device, about 200 for a Live Activity)")
        #expect(APNsRequests.isChannelID("dHdvIGNoYW5uZWw="))
        #expect(!APNsRequests.isChannelID("not base64!"))
        #expect(APNsRequests.isRequestID("123e4567-e89b-12d3-a456-4266554400a0"))
        #expect(!APNsRequests.isRequestID("123E4567-E89B-12D3-A456-4266554400A0"))
        #expect(APNsRequests.bareBundleID("a.b.push-type.liveactivity") == "a.b")
    }
}

/// Every reason APNs documents is explained, for each API it can come from.
struct ReasonCatalogTests {
    /// Facts APNS-51 (device tokens) and BC-03 (broadcast and channels), as Apple lists them.
    static let documented: [Int: [String]] = [
        400: ["BadCollapseId", "BadDeviceToken", "BadExpirationDate", "BadMessageId", "BadPriority", "BadTopic", "DeviceTokenNotForTopic",
              "DuplicateHeaders", "IdleTimeout", "InvalidPushType", "MissingDeviceToken", "MissingTopic", "PayloadEmpty", "TopicDisallowed",
              "FeatureNotEnabled", "MissingChannelId", "BadChannelId", "ChannelNotRegistered", "BadRequestParams", "BadRequestPayload",
              "MissingPushType", "CannotCreateChannelConfig"],
        403: ["BadCertificate", "BadCertificateEnvironment", "ExpiredProviderToken", "Forbidden", "InvalidProviderToken", "MissingProviderToken",
              "UnrelatedKeyIdInToken", "TopicMismatch"],
        404: ["BadPath"],
        405: ["MethodNotAllowed"],
        410: ["ExpiredToken", "Unregistered"],
        413: ["PayloadTooLarge"],
        429: ["TooManyProviderTokenUpdates", "TooManyRequests"],
        500: ["InternalServerError"],
        503: ["ServiceUnavailable", "Shutdown"],
    ]

    @Test func everyDocumentedReasonIsInTheCatalog() {
        let catalog = Dictionary(grouping: APNsReason.all, by: \.status).mapValues { Set($0.map(\.name)) }
        #expect(catalog == Self.documented.mapValues(Set.init))
        #expect(APNsReason.all.count == Set(APNsReason.all.map(\.name)).count)
    }

    @Test func explanationsNameACauseAndAFix() {
        for reason in APNsReason.all {
            for api in [APNsAPI.device, .broadcast, .channels] {
                let text = reason.explanation(for: api)
                #expect(text.count > 40 && text.hasSuffix("."), "\(reason.name) for \(api)")
            }
        }
    }

    @Test func liveActivitySpecifics() throws {
        let badToken = try #require(APNsReason.named("BadDeviceToken"))
        #expect(badToken.device.contains("--sandbox") && badToken.device.contains("pushTokenUpdates"))
        let disallowed = try #require(APNsReason.named("TopicDisallowed"))
        #expect(disallowed.explanation(for: .broadcast).contains("topic suffix"))
        #expect(try #require(APNsReason.named("ExpiredProviderToken")).device.contains("clock"))
        #expect(Set(APNsReason.all.filter(\.dropsToken).map(\.name)) == ["BadDeviceToken", "ExpiredToken", "Unregistered"])
    }

    @Test func answersParseReasonAndTimestamp() {
        let answer = APNsAnswer(HTTPResponse(status: 410, headers: ["APNs-Id": "x", "apns-unique-id": "u", "Retry-After": "3"],
                                             body: Data(#"{"reason":"Unregistered","timestamp":1767225600000}"#.utf8)))
        #expect(answer.reason == "Unregistered")
        #expect(answer.requestID == "x")
        #expect(answer.uniqueID == "u")
        #expect(answer.retryAfter == "3")
        #expect(answer.timestamp == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(answer.knownReason?.dropsToken == true)
        let bare = APNsAnswer(HTTPResponse(status: 502, headers: [:], body: Data("<html>".utf8)))
        #expect(bare.reason == nil)
        #expect(bare.explanation(for: .device) == "APNs failed or is unavailable: try again later.")
    }
}
