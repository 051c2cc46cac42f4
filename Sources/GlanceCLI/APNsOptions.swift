import Dispatch
import Foundation
import GlancePayload
import GlanceProject
import GlancePush
import GlanceRules
import GlanceSurfaces

/// What `glance push` and `glance channels` take from outside their arguments: environment variables, the clock
/// and the network. Tests replace it.
public struct PushContext: Sendable {
    /// `GLANCE_APNS_KEY_FILE`, `GLANCE_APNS_KEY_ID`, `GLANCE_APNS_TEAM_ID`, `GLANCE_APNS_TOKEN_CACHE`, `HOME`…
    public var environment: [String: String]
    public var time: PushTime
    public var makeTransport: @Sendable () -> any HTTPTransport

    public init(environment: [String: String], time: PushTime, makeTransport: @escaping @Sendable () -> any HTTPTransport) {
        self.environment = environment
        self.time = time
        self.makeTransport = makeTransport
    }

    /// The process's environment, the system clock, URLSession.
    public static var live: PushContext {
        PushContext(environment: ProcessInfo.processInfo.environment, time: .system, makeTransport: { URLSessionTransport() })
    }
}

/// The flags `glance push` and `glance channels` share: credentials, environment, host, bundle identifier.
enum APNsOptions {
    static let flags: Set<String> = ["--sandbox", "--production", "--dry-run"]
    static let options: Set<String> = ["--key-file", "--key-id", "--team-id", "--bundle-id", "--project", "--host", "--retries",
                                       "--cert", "--certificate"]

    /// `--cert`/`--certificate` are known, to say why they are not supported.
    static func refuseCertificates(_ arguments: Arguments) throws {
        guard let flag = ["--cert", "--certificate"].first(where: { arguments.option($0) != nil }) else { return }
        throw CLIError.failure("\(flag): Glance sends with token-based authentication only: APNs refuses certificates for Live Activity pushes; use an APNs key (.p8) with --key-file, --key-id and --team-id")
    }

    static func environment(_ arguments: Arguments, command: String) throws -> APNsEnvironment {
        if arguments.flag("--sandbox") && arguments.flag("--production") {
            throw CLIError.usage("give --sandbox or --production, not both", command: command)
        }
        return arguments.flag("--production") ? .production : .sandbox
    }

    static func endpoint(_ arguments: Arguments, environment: APNsEnvironment, api: APNsAPI) throws -> APNsEndpoint {
        do { return try APNsEndpoint(environment: environment, api: api, override: arguments.option("--host")) } catch let error as PushInputError {
            throw CLIError.failure(error.description)
        }
    }

    static func retryPolicy(_ arguments: Arguments) throws -> RetryPolicy {
        guard let text = arguments.option("--retries") else { return RetryPolicy() }
        guard let count = Int(text), (0...10).contains(count) else { throw CLIError.failure("--retries: '\(text)' is not a number from 0 to 10") }
        return RetryPolicy(maxRetries: count)
    }

    /// A UUID option (`--apns-id`, `--request-id`): lowercase, 8-4-4-4-12.
    static func requestID(_ arguments: Arguments, _ name: String) throws -> String? {
        guard let value = arguments.option(name) else { return nil }
        guard APNsRequests.isRequestID(value) else {
            throw CLIError.failure("\(name): '\(value)' is not a lowercase UUID such as 123e4567-e89b-12d3-a456-4266554400a0")
        }
        return value
    }

    // MARK: Bundle identifier

    /// `--bundle-id`, else the app's bundle identifier from `--project`: the app targets the chosen
    /// ActivityAttributes type is compiled into, else the project's only app target.
    static func bundleID(_ arguments: Arguments, project: (model: SurfaceModel, catalog: ActivityTypeCatalog)?, push: Push?, command: String) throws -> String {
        if let given = arguments.option("--bundle-id") {
            guard isBundleID(APNsRequests.bareBundleID(given)) else {
                throw CLIError.failure("--bundle-id: '\(given)' is not a bundle identifier (letters, digits, '-' and '.', such as com.example.app)")
            }
            return given
        }
        guard let project, let path = arguments.option("--project") else {
            throw CLIError.usage("give the app's bundle identifier with --bundle-id ID, or --project PATH to read it", command: command)
        }
        if let push, let type = PayloadChecker.chooseType(for: push, catalog: project.catalog, requested: arguments.option("--attributes")).0,
           type.appBundleIdentifiers.count == 1 {
            return type.appBundleIdentifiers[0]
        }
        let apps = Set(project.model.project.targets.filter { $0.kind == .app }.compactMap(\.bundleIdentifier)).sorted()
        guard apps.count == 1 else {
            let found = apps.isEmpty ? "no app target with a known PRODUCT_BUNDLE_IDENTIFIER" : "app targets \(apps.joined(separator: ", "))"
            throw CLIError.failure("\(path): cannot tell the app's bundle identifier (\(found)); give --bundle-id")
        }
        return apps[0]
    }

    static func isBundleID(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix(".") && !text.hasSuffix(".") && !text.contains("..")
            && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" || $0 == "." }
    }

    // MARK: Credentials

    /// The APNs key and identifiers from the flags or `GLANCE_APNS_*`; the Key ID may come from the file name
    /// (`AuthKey_<KEY ID>.p8`). Warns when `--key-id` and the file name disagree.
    static func credentials(_ arguments: Arguments, environment: [String: String], command: String, output: inout CommandLineTool.Output) throws
        -> (key: ProviderKey, keyID: String, teamID: String) {
        func value(_ flag: String, _ variable: String) -> String? {
            if let given = arguments.option(flag) { return given }
            if let set = environment[variable], !set.isEmpty { return set }
            return nil
        }
        guard let keyFile = value("--key-file", "GLANCE_APNS_KEY_FILE") else {
            throw CLIError.usage("give the APNs key with --key-file AuthKey_<KEY ID>.p8 (or GLANCE_APNS_KEY_FILE)", command: command)
        }
        let fileKeyID = ProviderIdentifiers.keyID(fromFileName: keyFile)
        guard let keyID = value("--key-id", "GLANCE_APNS_KEY_ID") ?? fileKeyID else {
            throw CLIError.usage("give the key's 10-character Key ID with --key-id (or GLANCE_APNS_KEY_ID)", command: command)
        }
        guard let teamID = value("--team-id", "GLANCE_APNS_TEAM_ID") else {
            throw CLIError.usage("give your 10-character Team ID with --team-id (or GLANCE_APNS_TEAM_ID)", command: command)
        }
        guard ProviderIdentifiers.isValid(keyID) else {
            throw CLIError.failure("--key-id: '\(keyID)' is not a Key ID: 10 characters, A-Z and 0-9 (Certificates, Identifiers & Profiles → Keys)")
        }
        guard ProviderIdentifiers.isValid(teamID) else {
            throw CLIError.failure("--team-id: '\(teamID)' is not a Team ID: 10 characters, A-Z and 0-9 (Membership details on developer.apple.com)")
        }
        let key: ProviderKey
        do { key = try ProviderKey.read(path: keyFile) } catch let error as PushInputError { throw CLIError.failure(error.description) }
        if let fileKeyID, fileKeyID != keyID {
            output.standardError += "glance: warning: --key-id \(keyID) is not the Key ID in the file name \((keyFile as NSString).lastPathComponent); APNs answers InvalidProviderToken if it is not this key's\n"
        }
        return (key, keyID, teamID)
    }
}

extension CommandLineTool {
    /// The provider tokens of a run, from the credentials and the token cache (not written with `--dry-run`).
    func providerTokens(_ arguments: Arguments, command: String, output: inout Output) throws -> ProviderTokenSource {
        let credentials = try APNsOptions.credentials(arguments, environment: pushContext.environment, command: command, output: &output)
        let store = ProviderTokenStore(folder: ProviderTokenStore.defaultFolder(environment: pushContext.environment))
        return ProviderTokenSource(key: credentials.key, keyID: credentials.keyID, teamID: credentials.teamID, store: store,
                                   persist: !arguments.flag("--dry-run"), time: pushContext.time)
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
