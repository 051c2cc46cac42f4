/// The reasons APNs gives when it refuses a request, each with its likely cause for a Live Activity and the fix
/// (facts APNS-50…APNS-52 for device tokens, BC-03 for broadcast and channels).
public struct APNsReason: Sendable {
    /// As APNs spells it in `{"reason": …}`.
    public let name: String
    /// The HTTP status APNs sends it with.
    public let status: Int
    /// The APIs Apple documents it for.
    public let apis: Set<APNsAPI>
    /// Cause and fix for a Live Activity push to a device token (update or push-to-start token).
    public let device: String
    /// Cause and fix for a broadcast push or a channel request, where they differ from `device`.
    public let broadcast: String?

    init(_ name: String, _ status: Int, _ apis: Set<APNsAPI>, _ device: String, broadcast: String? = nil) {
        self.name = name
        self.status = status
        self.apis = apis
        self.device = device
        self.broadcast = broadcast
    }

    /// The sentence for an answer from `api`.
    public func explanation(for api: APNsAPI) -> String {
        api == .device ? device : broadcast ?? device
    }

    /// The token will not work again: remove it from the server's list (`Unregistered`, `BadDeviceToken`,
    /// `ExpiredToken`).
    public var dropsToken: Bool { Self.tokensToDrop.contains(name) }

    public static let tokensToDrop: Set<String> = ["Unregistered", "BadDeviceToken", "ExpiredToken"]

    /// A reason by name.
    public static func named(_ name: String) -> APNsReason? { all.first { $0.name == name } }

    /// What a status means when the answer carries no reason Glance knows.
    public static func explanation(status: Int, api: APNsAPI) -> String {
        switch status {
        case 200, 201, 204: return "APNs accepted the request."
        case 400: return "APNs found the request malformed (a header, the path or the body)."
        case 403: return "APNs refused the credentials: check --key-file, --key-id and --team-id."
        case 404: return "APNs does not know this path: check --host (each API has its own host)."
        case 405: return "APNs does not allow this method on this path: check --host."
        case 410: return "The token is no longer active: stop sending to it."
        case 413: return "The body is too large (4096 bytes, 5120 for broadcast)."
        case 429: return "Too many requests: wait before sending again."
        case 500...599: return "APNs failed or is unavailable: try again later."
        default: return "APNs answered with an HTTP status it does not document."
        }
    }

    private static let device: Set<APNsAPI> = [.device]
    private static let broadcastOnly: Set<APNsAPI> = [.broadcast, .channels]
    private static let every: Set<APNsAPI> = [.device, .broadcast, .channels]

    /// Every reason Apple documents, in status order.
    public static let all: [APNsReason] = [
        // 400
        APNsReason("BadCollapseId", 400, device,
                   "apns-collapse-id is longer than 64 bytes: shorten --collapse-id (or the header in --headers)."),
        APNsReason("BadDeviceToken", 400, device, """
            The token is not valid on this host. For a Live Activity it is most often a token of the other environment: \
            a build run from Xcode gets sandbox tokens (--sandbox), TestFlight and App Store builds get production tokens \
            (--production). Or it is the app's device token from registerForRemoteNotifications where the activity's push \
            token (Activity.pushTokenUpdates) or the push-to-start token (Activity<…>.pushToStartTokenUpdates) belongs. \
            If neither, drop the token.
            """),
        APNsReason("BadExpirationDate", 400, every, """
            apns-expiration is not a UNIX time in seconds (or 0): fix --expiration.
            """, broadcast: """
            apns-expiration is missing or not allowed for this channel: a No Message Stored channel needs 0 \
            (--expiration 0); a Most Recent Message Stored channel takes a UNIX time in seconds.
            """),
        APNsReason("BadMessageId", 400, every, "apns-id is not a lowercase UUID (8-4-4-4-12): fix --apns-id or leave it out.",
                   broadcast: "apns-request-id is not a lowercase UUID (8-4-4-4-12): fix --request-id or leave it out."),
        APNsReason("BadPriority", 400, every, """
            apns-priority is not one APNs allows: Live Activity pushes use 5 (not counted against the hourly budget) or 10.
            """, broadcast: "apns-priority is not one APNs allows on a channel: use 1, 5 or 10."),
        APNsReason("BadTopic", 400, device, """
            apns-topic is not a valid topic: for a Live Activity it is the app's bundle identifier followed by \
            .push-type.liveactivity, which Glance writes from --bundle-id; check --bundle-id and --headers.
            """),
        APNsReason("DeviceTokenNotForTopic", 400, device, """
            The token belongs to another app than the topic names: --bundle-id must be the app's identifier (not the \
            widget extension's, and the build the token came from), and apns-topic must end in .push-type.liveactivity.
            """),
        APNsReason("DuplicateHeaders", 400, device, "A header was sent twice: remove the repeated header from --headers."),
        APNsReason("IdleTimeout", 400, device, "APNs closed the connection after it sat idle: send again."),
        APNsReason("InvalidPushType", 400, every, """
            apns-push-type is not valid for this request: a Live Activity push uses liveactivity (check --headers).
            """),
        APNsReason("MissingDeviceToken", 400, device, "The path has no device token: give --token or --tokens."),
        APNsReason("MissingTopic", 400, device, """
            apns-topic is missing; with token authentication every push needs it: give --bundle-id (or --project) \
            and do not clear the header in --headers.
            """),
        APNsReason("PayloadEmpty", 400, every, "The body is empty: give a JSON file with an aps dictionary."),
        APNsReason("TopicDisallowed", 400, every, """
            Pushes to this topic are not allowed: a topic-specific key made for another app cannot send for this one, \
            or the bundle identifier is wrong; check --bundle-id and the key's configuration under Keys.
            """, broadcast: """
            The bundle identifier in the path carries a topic suffix: broadcast requests use the bare bundle \
            identifier (Glance strips .push-type.liveactivity from --bundle-id), or the key may not push for this app.
            """),
        APNsReason("FeatureNotEnabled", 400, broadcastOnly, """
            Broadcast is not enabled for this app: turn on Broadcast Capability for the App ID under Identifiers → Push \
            Notifications on developer.apple.com (Xcode cannot do it).
            """),
        APNsReason("MissingChannelId", 400, broadcastOnly, "apns-channel-id is missing: give --channel (or the channel id)."),
        APNsReason("BadChannelId", 400, broadcastOnly, """
            The channel id is not one APNs made: copy it exactly as `glance channels create` or `list` printed it (base64).
            """),
        APNsReason("ChannelNotRegistered", 400, broadcastOnly, """
            No such channel in this environment: channels exist per environment (a sandbox channel is unknown to \
            production) and are gone once deleted; see `glance channels list` with the same --sandbox/--production.
            """),
        APNsReason("BadRequestParams", 400, broadcastOnly, "A header or parameter of the request is invalid: check --headers and the flags."),
        APNsReason("BadRequestPayload", 400, broadcastOnly, """
            The body is not what this API expects: a broadcast body is a Live Activity update or end (a broadcast cannot \
            start an activity); a channel is created with a message storage policy (--storage).
            """),
        APNsReason("MissingPushType", 400, broadcastOnly, "apns-push-type is missing: broadcast pushes need liveactivity."),
        APNsReason("CannotCreateChannelConfig", 400, broadcastOnly, """
            The app has as many channels as APNs allows (10,000 per environment): delete channels no longer used \
            (`glance channels list`, `glance channels delete ID`).
            """),
        // 403
        APNsReason("BadCertificate", 403, every, """
            The TLS client certificate is bad: Glance authenticates with a provider token, not a certificate, so the \
            request went through something that added one; send to APNs directly.
            """),
        APNsReason("BadCertificateEnvironment", 403, every, """
            The client certificate is for the other environment: Glance authenticates with a provider token; send to \
            APNs directly, with --sandbox or --production matching the build.
            """),
        APNsReason("ExpiredProviderToken", 403, every, """
            APNs considers the provider token more than an hour old. Glance replaces a cached token that is at least \
            20 minutes old; when a fresh token is refused, this machine's clock is off: compare `date -u` with the \
            real time and sync the clock (NTP).
            """),
        APNsReason("Forbidden", 403, device, """
            The key may not do this: it was revoked, lacks the Apple Push Notifications service, is restricted to the \
            other environment, or is a topic-specific key for other apps; check it under Keys on developer.apple.com.
            """),
        APNsReason("InvalidProviderToken", 403, every, """
            The provider token does not verify: --key-id is not the ID of this .p8 key (it is in the file name \
            AuthKey_<KEY ID>.p8), --team-id is not the team that owns the key, or the key was revoked.
            """),
        APNsReason("MissingProviderToken", 403, every, """
            No provider token reached APNs: the authorization header was removed on the way (a proxy?); send to APNs \
            directly.
            """),
        APNsReason("UnrelatedKeyIdInToken", 403, device, """
            Tokens from unrelated keys were sent on one connection: use one key per run; a topic-specific key serves \
            only its own apps.
            """),
        APNsReason("TopicMismatch", 403, broadcastOnly, """
            The key cannot send for this bundle identifier: a topic-specific key is limited to its apps; use a team \
            key or one configured for this app, and check --bundle-id.
            """),
        // 404, 405
        APNsReason("BadPath", 404, every, """
            APNs does not know this path: --host points at another API (device pushes, broadcast and channel \
            management each have their own host), or the token or bundle identifier in the path is damaged.
            """),
        APNsReason("MethodNotAllowed", 405, every, "APNs does not allow this method here: --host points at another API."),
        // 410
        APNsReason("ExpiredToken", 410, device, """
            The token expired: Live Activity tokens rotate, so the app must send each new value of \
            Activity.pushTokenUpdates (or pushToStartTokenUpdates) to your server; drop this one.
            """),
        APNsReason("Unregistered", 410, device, """
            The token is no longer active: the activity ended or was dismissed, the app was removed, or a newer token \
            replaced this one; drop it. For push-to-start, the app must observe pushToStartTokenUpdates again.
            """),
        // 413
        APNsReason("PayloadTooLarge", 413, every, """
            The body is over 4096 bytes: make content-state smaller (short keys, fewer strings); \
            `glance payload check` reports the size.
            """, broadcast: """
            The body is over 5120 bytes: make content-state smaller; `glance payload check --broadcast` reports the size.
            """),
        // 429
        APNsReason("TooManyProviderTokenUpdates", 429, every, """
            The provider token changed more often than every 20 minutes: Glance reuses its cached token for 50 \
            minutes, but other tools or servers using this team's keys make their own; wait 20 minutes, then send \
            again (this is not retried).
            """),
        APNsReason("TooManyRequests", 429, every, """
            Too many pushes to this token in a short time. Live Activity updates have an hourly budget: priority 10 \
            counts against it, 5 does not (--priority 5), and NSSupportsLiveActivitiesFrequentUpdates raises it. \
            Glance retries with backoff, honoring Retry-After.
            """, broadcast: """
            Too many requests for this channel or app in a short time: send less often (No Message Stored channels \
            allow more). Glance retries with backoff, honoring Retry-After.
            """),
        // 500, 503: whether Glance sent the request again is the line under the answer (retried, gave up, or not
        // retried because the request may have taken effect), not the explanation.
        APNsReason("InternalServerError", 500, every, "APNs failed internally; if it persists, try later."),
        APNsReason("ServiceUnavailable", 503, every, "APNs is unavailable for now; if it persists, try later."),
        APNsReason("Shutdown", 503, every, "The APNs server is shutting down; a new connection goes to another one."),
    ]
}
