import Dispatch
import Foundation
import GlanceConfiguration
import GlanceInput
import GlancePayload
import GlanceProject
import GlancePush
import GlanceReporters
import GlanceRules
import GlanceSurfaces

/// What `glance push` and `glance channels` take from outside their arguments: environment variables, the clock
/// and the network. Tests replace it.
public struct PushContext: Sendable {
    /// `GLANCE_APNS_KEY_FILE`, `GLANCE_APNS_KEY_ID`, `GLANCE_APNS_TEAM_ID`, `GLANCE_APNS_TOKEN_CACHE`, `HOME`…
    public var environment: [String: String]
    public var time: PushTime
    /// The transport of a run, made with `--timeout` and `--connections`.
    public var makeTransport: @Sendable (TransportOptions) -> any HTTPTransport
    /// Where `glance push` writes each push's line as its answer comes; nil keeps everything in the run's
    /// `Output` (as tests read it).
    public var stream: LiveOutput?

    public init(environment: [String: String], time: PushTime, makeTransport: @escaping @Sendable (TransportOptions) -> any HTTPTransport,
                stream: LiveOutput? = nil) {
        self.environment = environment
        self.time = time
        self.makeTransport = makeTransport
        self.stream = stream
    }

    /// The process's environment, the system clock, the platform's HTTP/2 client.
    public static var live: PushContext {
        PushContext(environment: ProcessInfo.processInfo.environment, time: .system, makeTransport: { platformTransport($0) })
    }
}

/// The flags `glance push` and `glance channels` share: credentials, environment, host, bundle identifier.
enum APNsOptions {
    static let flags: Set<String> = ["--sandbox", "--production", "--dry-run"]
    static let options: Set<String> = ["--key-file", "--key-id", "--team-id", "--bundle-id", "--project", "--host", "--retries",
                                       "--timeout", "--config", "--ca-file", "--cert", "--certificate"]

    /// `--cert`/`--certificate` are known, to say why they are not supported.
    static func refuseCertificates(_ arguments: Arguments) throws {
        guard let flag = ["--cert", "--certificate"].first(where: { arguments.option($0) != nil }) else { return }
        throw CLIError.failure("\(flag): Glance sends with token-based authentication only: APNs refuses certificates for Live Activity pushes; use an APNs key (.p8) with --key-file, --key-id and --team-id")
    }

    static func endpoint(_ profile: APNsProfile, environment: APNsEnvironment, api: APNsAPI) throws -> APNsEndpoint {
        let host = profile.value("--host")
        let endpoint: APNsEndpoint
        do { endpoint = try APNsEndpoint(environment: environment, api: api, override: host?.value) } catch let error as PushInputError {
            // Named by where the value came from: the flag, GLANCE_APNS_HOST or .glance.json.
            throw CLIError.failure(host.map { error.description.replacingOccurrences(of: "--host: ", with: "\($0.source): ") } ?? error.description)
        }
        // A found .glance.json is the repository's: its host would receive the provider token (an hour of pushes
        // to every app of the team) and the device tokens. Only Apple's servers, unless the flag, the variable
        // or --config names another.
        if let host, profile.fileFound, host.source.hasSuffix(": push.host"), !endpoint.isApple {
            throw CLIError.failure("\(host.source): \(Shown.quoted(host.value)) is not an APNs server (*.push.apple.com); a repository's configuration could send your provider token there, so another server must be given with --host, GLANCE_APNS_HOST or --config FILE")
        }
        return endpoint
    }

    static func retryPolicy(_ arguments: Arguments) throws -> RetryPolicy {
        guard let text = arguments.option("--retries") else { return RetryPolicy() }
        guard let count = Int(text), (0...10).contains(count) else { throw CLIError.failure("--retries: \(Shown.quoted(text)) is not a number from 0 to 10") }
        return RetryPolicy(maxRetries: count)
    }

    /// `--timeout SECONDS` (1 to 3600; default 30), for `glance push` `--connections N` (1 to 16; default 1), and
    /// the certificate authorities of `--ca-file` (or `GLANCE_APNS_CA_FILE`, or `ca_file` in `.glance.json`).
    static func transportOptions(_ profile: APNsProfile) throws -> TransportOptions {
        let arguments = profile.arguments
        var options = TransportOptions(trustedCertificates: try trustedCertificates(profile))
        if let text = arguments.option("--timeout") {
            guard let seconds = Double(text), seconds.isFinite, (1...3600).contains(seconds) else {
                throw CLIError.failure("--timeout: \(Shown.quoted(text)) is not a number of seconds from 1 to 3600")
            }
            options.timeout = seconds
        }
        if let text = arguments.option("--connections") {
            guard let count = Int(text), (1...16).contains(count) else { throw CLIError.failure("--connections: \(Shown.quoted(text)) is not a number from 1 to 16") }
            options.connections = count
        }
        return options
    }

    /// The certificate authorities to trust for this run besides the system's store: `--ca-file FILE`, else
    /// `GLANCE_APNS_CA_FILE`, else the configuration's `ca_file`. Linux only: on Apple platforms URLSession trusts
    /// the keychains, and the option is refused with the command that trusts a certificate there.
    /// - Throws: `CLIError` naming the file (or where its path came from) when it cannot be used.
    static func trustedCertificates(_ profile: APNsProfile) throws -> TrustedCertificates? {
        guard let given = profile.value("--ca-file") else { return nil }
        if let material = Shown.keyMaterial(given.value) {
            throw CLIError.failure("the value of \(given.source) is \(material), not a path: give the path of the certificate authority's PEM file")
        }
        #if os(Linux)
        guard let path = HomePath.expanding(given.value, home: profile.environment["HOME"]) else {
            throw CLIError.failure("\(given.source): \(Shown.quoted(given.value)) starts with '~', which only ~/… with HOME set is expanded to; give the path in full")
        }
        do { return try TrustedCertificates.read(path: path, origin: given.source) } catch let error as PushInputError {
            throw CLIError.failure(error.description)
        }
        #else
        throw CLIError.failure("\(given.source): on macOS, glance push sends with URLSession, which trusts the keychains, not a file; trust the certificate authority for your user instead (no sudo; macOS asks for your password): security add-trusted-cert -r trustRoot -k ~/Library/Keychains/login.keychain-db \(Shown.name(given.value)) (undo: security remove-trusted-cert \(Shown.name(given.value)))")
        #endif
    }

    /// A UUID option (`--apns-id`, `--request-id`): lowercase, 8-4-4-4-12.
    static func requestID(_ arguments: Arguments, _ name: String) throws -> String? {
        guard let value = arguments.option(name) else { return nil }
        guard APNsRequests.isRequestID(value) else {
            throw CLIError.failure("\(name): \(Shown.quoted(value)) is not a lowercase UUID such as 123e4567-e89b-12d3-a456-4266554400a0")
        }
        return value
    }

    // MARK: Bundle identifier

    /// `--bundle-id`, else the app's bundle identifier from `--project`: the app targets the chosen
    /// ActivityAttributes type is compiled into, else the project's only app target.
    static func bundleID(_ profile: APNsProfile, project: (model: SurfaceModel, catalog: ActivityTypeCatalog)?, push: Push?, command: String) throws -> String {
        let arguments = profile.arguments
        if let (given, source) = profile.value("--bundle-id") {
            // A line of a key file can look like an identifier (base64 without '+' or '/'): never taken or shown.
            if let material = Shown.keyMaterial(given) {
                throw CLIError.failure("the value of \(source) is \(material), not a bundle identifier; give the app's bundle identifier, such as com.example.app")
            }
            guard isBundleID(APNsRequests.bareBundleID(given)) else {
                throw CLIError.failure("\(source): \(Shown.quoted(given)) is not a bundle identifier (letters, digits, '-' and '.', such as com.example.app)")
            }
            return given
        }
        guard let project, let path = arguments.option("--project") else {
            throw CLIError.usage("give the app's bundle identifier with --bundle-id ID, or --project PATH to read it", command: command)
        }
        let found: String
        if let push, let type = PayloadChecker.chooseType(for: push, catalog: project.catalog, requested: arguments.option("--attributes")).0,
           type.appBundleIdentifiers.count == 1 {
            found = type.appBundleIdentifiers[0]
        } else {
            let apps = Set(project.model.project.targets.filter { $0.kind == .app }.compactMap(\.bundleIdentifier)).sorted()
            guard apps.count == 1 else {
                let listed = apps.isEmpty ? "no app target with a known PRODUCT_BUNDLE_IDENTIFIER" : "app targets \(apps.map { Shown.quoted($0) }.joined(separator: ", "))"
                throw CLIError.failure("\(Shown.name(path)): cannot tell the app's bundle identifier (\(listed)); give --bundle-id")
            }
            found = apps[0]
        }
        // The project's value goes into apns-topic and the path: it must be an identifier, as --bundle-id must.
        guard isBundleID(APNsRequests.bareBundleID(found)) else {
            throw CLIError.failure("\(Shown.name(path)): the app's bundle identifier \(Shown.quoted(found)) (PRODUCT_BUNDLE_IDENTIFIER) is not a bundle identifier (letters, digits, '-' and '.'); fix the project, or give --bundle-id")
        }
        return found
    }

    static func isBundleID(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix(".") && !text.hasSuffix(".") && !text.contains("..")
            && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" || $0 == "." }
    }

    // MARK: Credentials

    /// The APNs key and identifiers from the flags or `GLANCE_APNS_*`; the Key ID may come from the file name
    /// (`AuthKey_<KEY ID>.p8`). The key file is read first, so a problem with it is reported before a missing
    /// identifier. Messages name where a value came from (the flag or the variable), and never show a value that
    /// is key material. Warns when `--key-id` and the file name disagree.
    static func credentials(_ profile: APNsProfile, command: String, output: inout CommandLineTool.Output) throws
        -> (key: ProviderKey, keyID: String, teamID: String) {
        let environment = profile.environment
        guard let keyFile = profile.value("--key-file") else {
            throw CLIError.usage("give the APNs key with --key-file AuthKey_<KEY ID>.p8 (or GLANCE_APNS_KEY_FILE, or key_file in .glance.json's push section)", command: command)
        }
        if let material = Shown.keyMaterial(keyFile.value) {
            let pipe = keyFile.source.hasPrefix("--") ? "--key-file <(printenv VARIABLE)" : "--key-file <(printenv \(keyFile.source))"
            throw CLIError.failure("the value of \(keyFile.source) is \(material), not a path: give the path of the .p8 file, or pass a key held in a variable through a pipe: \(pipe)")
        }
        guard let keyPath = HomePath.expanding(keyFile.value, home: environment["HOME"]) else {
            throw CLIError.failure("\(keyFile.source): \(Shown.quoted(keyFile.value)) starts with '~', which only ~/… with HOME set is expanded to; give the path in full")
        }
        let key: ProviderKey
        do { key = try ProviderKey.read(path: keyPath) } catch let error as PushInputError {
            throw CLIError.failure((keyFile.source.hasPrefix("--") ? "" : keyFile.source + ": ") + error.description)
        }
        let fileKeyID = keyPath == "-" ? nil : ProviderIdentifiers.keyID(fromFileName: keyPath)
        warnIfReadableByOthers(keyPath, source: keyFile.source, output: &output)
        guard let keyID = profile.value("--key-id") ?? fileKeyID.map({ ($0, "the file name") }) else {
            throw CLIError.usage("give the key's 10-character Key ID with --key-id (or GLANCE_APNS_KEY_ID)", command: command)
        }
        guard let teamID = profile.value("--team-id") else {
            throw CLIError.usage("give your 10-character Team ID with --team-id (or GLANCE_APNS_TEAM_ID)", command: command)
        }
        try identifier(keyID, "a Key ID", where: "Certificates, Identifiers & Profiles → Keys")
        try identifier(teamID, "a Team ID", where: "Membership details on developer.apple.com")
        if let fileKeyID, fileKeyID != keyID.value {
            output.standardError += "glance: warning: \(keyID.source) \(keyID.value) is not the Key ID in the file name \(Shown.name((keyPath as NSString).lastPathComponent)); APNs answers InvalidProviderToken if it is not this key's\n"
        }
        return (key, keyID.value, teamID.value)
    }

    /// A key file that other users of the machine can read (mode o+r) is someone else's key too: a warning, with
    /// the command that fixes it. Pipes and standard input are not files anyone else reads later.
    static func warnIfReadableByOthers(_ path: String, source: String, output: inout CommandLineTool.Output) {
        guard path != "-", let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o004 != 0 else { return }
        let name = Shown.name(path)
        output.standardError += "glance: warning: \(name) (\(source)) can be read by every user of this machine (mode \(String(mode & 0o777, radix: 8))); an APNs key sends pushes for your whole team: chmod 600 \(name)\n"
    }

    /// A Key ID or Team ID: 10 characters, A-Z and 0-9.
    private static func identifier(_ given: (value: String, source: String), _ what: String, where place: String) throws {
        guard !ProviderIdentifiers.isValid(given.value) else { return }
        if let material = Shown.keyMaterial(given.value) {
            throw CLIError.failure("the value of \(given.source) is \(material), not \(what) (10 characters, A-Z and 0-9)")
        }
        throw CLIError.failure("\(given.source): \(Shown.quoted(given.value)) is not \(what): 10 characters, A-Z and 0-9 (\(place))")
    }
}

/// Where `glance push` and `glance channels` take a setting from: the flag, else its `GLANCE_APNS_*` variable, else
/// the `push` section of `.glance.json` (`--config FILE`, else the first found from the current folder upwards,
/// else from `--project`'s folder upwards). Messages name where a value came from.
struct APNsProfile {
    let arguments: Arguments
    let environment: [String: String]
    /// The `push` section, and the configuration file as shown.
    let file: (settings: Configuration.PushSettings, name: String)?
    /// Whether that file was found (from the current folder or the project upwards) rather than named with
    /// `--config`: in CI it is the checkout's, which a pull request can change.
    let fileFound: Bool

    /// The variable and the configuration key of each flag.
    static let sources: [String: (variable: String, key: Configuration.PushSettings.Key)] = [
        "--bundle-id": ("GLANCE_APNS_BUNDLE_ID", .bundleID), "--host": ("GLANCE_APNS_HOST", .host),
        "--key-file": ("GLANCE_APNS_KEY_FILE", .keyFile), "--key-id": ("GLANCE_APNS_KEY_ID", .keyID), "--team-id": ("GLANCE_APNS_TEAM_ID", .teamID),
        "--ca-file": ("GLANCE_APNS_CA_FILE", .caFile),
    ]

    /// - Throws: `CLIError` for a configuration file that cannot be read or is not valid.
    init(_ arguments: Arguments, environment: [String: String]) throws {
        self.arguments = arguments
        self.environment = environment
        let reporters = ReporterKind.allCases.map(\.rawValue)
        // --config, else the .glance.json of where the command runs (a team's profile), else the project's.
        let explicit = arguments.option("--config")
            ?? ConfigurationFile.find(from: FileManager.default.currentDirectoryPath + "/.")
            ?? arguments.option("--project").flatMap(ConfigurationFile.find(from:))
        let configuration: Configuration
        do {
            configuration = try explicit.map { try ConfigurationFile.load(explicit: $0, lintPath: ".", parser: ConfigurationParser(reporters: reporters)) }
                ?? Configuration()
        } catch let error as ConfigurationError {
            throw CLIError.failure(error.description)
        }
        file = configuration.push.map { ($0, configuration.file ?? Configuration.fileName) }
        fileFound = arguments.option("--config") == nil
    }

    /// The flag's value, else the variable's (when not empty), else the configuration's.
    func value(_ flag: String) -> (value: String, source: String)? {
        if let given = arguments.option(flag) { return (given, flag) }
        guard let source = Self.sources[flag] else { return nil }
        if let set = environment[source.variable], !set.isEmpty { return (set, source.variable) }
        if let file, let configured = file.settings.values[source.key] { return (configured, "\(file.name): push.\(source.key.rawValue)") }
        return nil
    }

    /// `--sandbox` or `--production`, else `GLANCE_APNS_ENVIRONMENT`, else the configuration's `environment`, else
    /// the sandbox.
    func apnsEnvironment(command: String) throws -> APNsEnvironment {
        if arguments.flag("--sandbox") && arguments.flag("--production") {
            throw CLIError.usage("give --sandbox or --production, not both", command: command)
        }
        if arguments.flag("--production") { return .production }
        if arguments.flag("--sandbox") { return .sandbox }
        if let set = environment["GLANCE_APNS_ENVIRONMENT"], !set.isEmpty {
            guard let environment = APNsEnvironment(rawValue: set) else {
                throw CLIError.failure("GLANCE_APNS_ENVIRONMENT: \(Shown.quoted(set)) is not 'sandbox' or 'production'")
            }
            return environment
        }
        return file?.settings.values[.environment].flatMap(APNsEnvironment.init(rawValue:)) ?? .sandbox
    }
}

extension CommandLineTool {
    /// The provider tokens of a run, from the credentials and the token cache (not written with `--dry-run`).
    func providerTokens(_ profile: APNsProfile, command: String, output: inout Output) throws -> ProviderTokenSource {
        let arguments = profile.arguments
        let credentials = try APNsOptions.credentials(profile, command: command, output: &output)
        let folder: String?
        do { folder = try ProviderTokenStore.defaultFolder(environment: pushContext.environment) } catch let error as PushInputError {
            // The push can still be sent; only the token is not kept.
            if !arguments.flag("--dry-run") { output.standardError += "glance: warning: \(error.description)\n" }
            folder = nil
        }
        let store = ProviderTokenStore(folder: folder)
        return ProviderTokenSource(key: credentials.key, keyID: credentials.keyID, teamID: credentials.teamID, store: store,
                                   persist: !arguments.flag("--dry-run"), time: pushContext.time)
    }

    /// The `authorization` header as `--dry-run` prints it: the token's header and claims, not its signature, made
    /// with the run's key (checked as for sending; the token cache is not written). Without a key (no
    /// `--key-file`, `GLANCE_APNS_KEY_FILE` or `key_file`), nil, and a note that the requests are shown without
    /// the header: a dry run sends nothing, so it needs no key.
    func dryRunAuthorization(_ profile: APNsProfile, command: String, requests: Int, output: inout Output) throws -> String? {
        guard profile.value("--key-file") != nil else {
            let shown = requests == 1 ? "the request is shown without its authorization header" : "the requests are shown without their authorization header"
            output.standardError += "glance: note: --dry-run without an APNs key: \(shown); to send, give --key-file AuthKey_<KEY ID>.p8 (or GLANCE_APNS_KEY_FILE) and --team-id\n"
            return nil
        }
        return try redactedAuthorization(providerTokens(profile, command: command, output: &output))
    }

    /// The `authorization` header as `--dry-run` prints it: the token's header and claims, not its signature.
    func redactedAuthorization(_ tokens: ProviderTokenSource) throws -> String {
        let token: Result<ProviderToken, PushInputError> = waitFor {
            do { return .success(try await tokens.current()) } catch { return .failure(error as? PushInputError ?? PushInputError("key", "\(error)")) }
        }
        do { return try token.get().redacted } catch { throw CLIError.failure("\(error)") }
    }
}

/// Runs async work from the synchronous command line. The CLI runs on a thread of its own (never on Swift's
/// cooperative pool), so blocking it until the work is done starves no task.
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = await work()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// Carries a value out of a task; written once before the semaphore is signalled, read after.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
