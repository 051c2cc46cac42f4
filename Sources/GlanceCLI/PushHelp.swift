/// Help texts of `glance push` and `glance channels`.
enum PushHelp {
    static let push = """
        OVERVIEW: Send a Live Activity push to APNs: checked first like 'glance payload check' (against the app's
        types with --project), then sent over HTTP/2 with a provider token, every answer explained.

        USAGE: glance push [BODY | --event start|update|end [--content-state JSON] [--alert-title TEXT]
                                  [--alert-body TEXT] [--stale-date DATE] [--dismissal-date DATE]
                                  [--activity-attributes JSON]]
                           --token HEX | --tokens FILE | --channel ID
                           [--key-file FILE] [--key-id KEY] [--team-id TEAM] [--bundle-id ID] [--project PATH]
                           [--sandbox | --production] [--host HOST[:PORT]] [--ca-file FILE] [--config FILE] [--priority 5|10]
                           [--expiration SECONDS] [--collapse-id ID] [--apns-id UUID | --request-id UUID]
                           [--headers FILE] [--attributes TYPE] [--connections N] [--concurrency N] [--timeout SECONDS]
                           [--retries N] [--resend-unanswered] [--force] [--dry-run] [--reporter text|json] [--log FILE]

        ARGUMENTS:
          BODY                   The JSON body ({"aps": {...}}): a file, <(…), or - for standard input. Or build
                                 it with the body flags, or give each token its own in --tokens.

        BODY FLAGS (instead of BODY; checked against the app's types like a file):
          --event <event>        start, update or end; "timestamp" is now.
          --content-state <json> The ContentState as JSON (needed for start and update).
          --alert-title <text>, --alert-body <text>
                                 An alert.
          --stale-date <date>, --dismissal-date <date>
                                 UNIX seconds, or ISO 8601 (2026-12-01T18:30:00Z).
          --activity-attributes <json>
                                 For start: the attributes' values; attributes-type is --attributes (or the
                                 project's only ActivityAttributes type).

        WHERE TO:
          --token <hex>          An activity's push token (Activity.pushTokenUpdates) or a push-to-start token
                                 (Activity<…>.pushToStartTokenUpdates).
          --tokens <file>        Tokens, one per line (a file, <(…), or - for standard input): the same body to
                                 each; each line printed as its answer comes, then a summary and the tokens to
                                 drop. A token is ASCII hexadecimal, at most 400 digits. A line may give the
                                 token's own body: TOKEN<TAB>JSON (content-state, put into BODY or the body
                                 flags' body, or a whole body with "aps"), or {"token": "…", "body": {…}} (JSON
                                 Lines); each body is checked.
          --channel <id>         A broadcast channel (iOS 18): POST /4/broadcasts/apps/<bundle id>.

        CREDENTIALS (token-based authentication; certificates cannot send Live Activity pushes):
          --key-file <file>      The APNs key's path, AuthKey_<KEY ID>.p8 (or GLANCE_APNS_KEY_FILE); <(…) or -
                                 for a key held elsewhere (never the key's contents in the variable). A key file
                                 other users can read gets a warning.
          --key-id <id>          Its 10-character Key ID (or GLANCE_APNS_KEY_ID; default: from the file name).
          --team-id <id>         The 10-character Team ID (or GLANCE_APNS_TEAM_ID).
                                 The provider token is reused for 50 minutes, cached per team and key in
                                 GLANCE_APNS_TOKEN_CACHE (default ~/.cache/glance/apns-tokens), mode 0600.

        PROFILE: --bundle-id, --host, --ca-file, --key-file, --key-id, --team-id and the environment come from the
        flag, else GLANCE_APNS_BUNDLE_ID, _HOST, _CA_FILE, _KEY_FILE, _KEY_ID, _TEAM_ID, _ENVIRONMENT
        (sandbox|production), else the "push" section of .glance.json ({"bundle_id", "environment", "host",
        "ca_file", "key_file", "key_id", "team_id"}; --config FILE, or the first .glance.json from the current folder
        upwards, else from --project's; key_file and ca_file relative to it).

        OPTIONS:
          --bundle-id <id>       The app's bundle identifier; apns-topic is <id>.push-type.liveactivity.
          --project <path>       Read the ActivityAttributes types from the project and check content-state and
                                 attributes against them; and the bundle identifier, or with --bundle-id check
                                 that it is the app's (an error otherwise, as a wrong topic fails on APNs).
          --attributes <type>    The ActivityAttributes type, when the project has several.
          --sandbox              Development tokens, from builds run from Xcode (default).
          --production           Production tokens, from TestFlight and App Store builds.
          --host <host[:port]>   Send to this host instead of Apple's (e.g. a local stand-in).
          --ca-file <file>       Also trust the certificate authorities of this PEM file, for this run only (Linux;
                                 a local stand-in's ca.pem). On macOS, trust them in the keychain instead.
          --priority <n>         10 (default) or 5 (not counted against the budget); 1 also on broadcast.
          --expiration <s>       apns-expiration: UNIX seconds, or 0 for one attempt. Default: an hour from now
                                 (broadcast: 0).
          --collapse-id <id>     apns-collapse-id (at most 64 bytes).
          --apns-id <uuid>       apns-id of a device push (lowercase UUID).
          --request-id <uuid>    apns-request-id of a broadcast.
          --headers <file>       More headers, 'name: value' lines or a JSON object, as for 'glance payload check';
                                 the flags above win. Refused: pseudo-headers, authorization, host,
                                 content-length and connection headers; values with CR, LF or NUL.
          --connections <n>      At most this many HTTP/2 connections (1 to 16, default 1); another opens when the
                                 others are full or going away.
          --concurrency <n>      At most this many pushes in flight in all (default: as many as the server allows,
                                 SETTINGS_MAX_CONCURRENT_STREAMS, up to 500 a connection; one on a new connection
                                 until its first answer).
          --timeout <s>          Seconds without an answer before a push is "no answer" (default 30).
          --retries <n>          Retries of 429 and 5xx answers, with backoff, honoring Retry-After (default 3).
          --resend-unanswered    Send a push again (over a new connection) when no answer came: its connection
                                 closed, or it timed out while the host answered others. It may have arrived:
                                 a repeated update is harmless, a repeated alert or push-to-start is not.
          --force                Send even when the check finds errors.
          --dry-run              Print the requests and send nothing; the provider token redacted, or without a
                                 key (no --key-file), no authorization header.
          --reporter <name>      text (default) or json (one object per push, one per line, then {"summary": …};
                                 with --dry-run, one {"method", "url", "headers", "body"} per request).
          --log <file>           Append one JSON line per push: time, token, apnsId, status, reason, result.
          --config <file>        The .glance.json to take the push section from.

        Lines say what is known: APNs' answer; "no answer — may have arrived" (the connection closed or timed out
        with the push in flight); "not sent". A push the server did not process (above its GOAWAY's last stream,
        or refused) is sent again on another connection at once, without --resend-unanswered. A batch stops when
        APNs refuses the credentials, when the first push gets no answer or its connection cannot be made, or when
        two connections in a row break without an answer. A server that does not speak HTTP/2 is refused before
        anything is sent. Ctrl-C prints what is known.

        EXIT CODES: 0 every push accepted, 1 APNs refused at least one (every other was answered), 2 the run
        failed: nothing could be sent (bad flags, key or body, a push with errors, no connection) or a push got
        no answer; 130 (143) interrupted by SIGINT (SIGTERM).

        """

    static let channels = """
        OVERVIEW: Manage broadcast channels (iOS 18) on APNs' channel management API, with the credentials of
        'glance push'.

        USAGE: glance channels create [--storage no-storage|most-recent] [options]
               glance channels list [options]
               glance channels read ID [options]
               glance channels delete ID [options]

        COMMANDS:
          create                 Create a channel and print its id. --storage: no-storage (default; No Message
                                 Stored, broadcasts need --expiration 0) or most-recent (Most Recent Message Stored).
          list                   Print the app's channel ids, one per line.
          read ID                Print a channel's message storage policy and push type.
          delete ID              Delete a channel (it cannot be undone).

        OPTIONS:
          --key-file <file>, --key-id <id>, --team-id <id>
                                 The APNs key, as for 'glance push' (or GLANCE_APNS_KEY_FILE, _KEY_ID, _TEAM_ID).
          --bundle-id <id>       The app's bundle identifier.
          --project <path>       Read the bundle identifier from the project's app, unless --bundle-id is given.
          --sandbox              The development environment (default); channels exist per environment.
          --production           The production environment.
          --host <host[:port]>   Instead of api-manage-broadcast(.sandbox).push.apple.com:2195/2196.
          --ca-file <file>       Also trust the certificate authorities of this PEM file (see 'glance push --help').
          --request-id <uuid>    apns-request-id.
          --retries <n>          Retries of 429 and 5xx answers (default 3).
          --timeout <s>          Seconds without an answer (default 30).
          --config <file>        The .glance.json to take the push section from (see 'glance push --help').
          --format <format>      text (default) or json (with --dry-run, the request as JSON).
          --dry-run              Print the request and send nothing; without a key, without its authorization
                                 header.

        'create' and 'delete' are not repeated after a 5xx answer or a lost connection (they may have happened).

        EXIT CODES: 0 done, 1 APNs refused the request, 2 it could not be sent or no answer came.

        """
}
