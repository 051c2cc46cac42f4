import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request and returns the response. `HTTP2Transport` (Linux) and `URLSessionTransport` (Apple
/// platforms) are the real ones (`platformDefault`); tests put others in.
public protocol HTTPTransport: Sendable {
    /// - Throws: `TransportError` when no HTTP response arrived; its `connection` names the connection the
    ///   request went on.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// After a request on `connection` got no answer: requests sent from now on go on a new connection (requests
    /// still in flight on the old one finish there). Nothing happens when `connection` was replaced already.
    /// - Returns: Whether a new connection was started.
    func reconnect(replacing connection: Int) async -> Bool

    /// Connections opened so far (also those that failed to open).
    var connectionsOpened: Int { get }
}

extension HTTPTransport {
    public func reconnect(replacing connection: Int) async -> Bool { false }
    public var connectionsOpened: Int { 0 }
}

/// How the transport of a run behaves: `--timeout`, `--connections` and `--ca-file`.
public struct TransportOptions: Sendable, Equatable {
    /// Seconds without an answer before a request fails; nil: the default, 30.
    public var timeout: TimeInterval?
    /// The most connections open at once.
    public var connections: Int
    /// Certificate authorities trusted for this run besides the system's store (`HTTP2Transport` only: on Apple
    /// platforms `glance push` refuses `--ca-file`, since URLSession trusts the keychains).
    public var trustedCertificates: TrustedCertificates?

    public static let defaultTimeout: TimeInterval = 30
    /// The most streams in flight on one connection, whatever the server allows: APNs allows about 1,000, but 500
    /// carry 10,000 pushes a second at a round trip of 50 ms, and each one in flight costs memory (a batch of 50,000
    /// peaks about 25 MB higher at 1,000).
    public static let maximumStreamsPerConnection = 500

    public init(timeout: TimeInterval? = nil, connections: Int = 1, trustedCertificates: TrustedCertificates? = nil) {
        self.timeout = timeout
        self.connections = connections
        self.trustedCertificates = trustedCertificates
    }
}

/// The real transport of this platform: `HTTP2Transport` (nghttp2 and OpenSSL) on Linux, `URLSessionTransport`
/// elsewhere.
public func platformTransport(_ options: TransportOptions) -> any HTTPTransport {
    let timeout = options.timeout ?? TransportOptions.defaultTimeout
    #if os(Linux)
    return HTTP2Transport(timeout: timeout, connections: options.connections, trusting: options.trustedCertificates)
    #else
    return URLSessionTransport(timeout: timeout, connections: options.connections)
    #endif
}

/// No HTTP response: the connection, TLS or a timeout failed.
public struct TransportError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is known of the request's fate.
    public enum Kind: Sendable, Equatable {
        /// The request never left: the host name did not resolve, the connection or TLS failed.
        case notSent
        /// The connection closed before the answer came: the request may have arrived. Another connection may
        /// work.
        case closed
        /// No answer within the timeout: the request may have arrived, and the host is not answering.
        case timedOut
        /// The server did not process the request (a stream above its GOAWAY's last-stream-id, reset with
        /// REFUSED_STREAM, or never sent before the connection closed, RFC 9113 §8.7): it is safe to send again.
        case refused
    }

    public let message: String
    public let kind: Kind
    /// The transport's number for the connection the request went on (see `HTTPTransport.reconnect`).
    public var connection: Int

    public init(_ message: String, kind: Kind = .notSent, connection: Int = 0) {
        self.message = message
        self.kind = kind
        self.connection = connection
    }

    /// The request may have reached the server (`closed` or `timedOut`).
    public var mayHaveArrived: Bool { kind == .closed || kind == .timedOut }

    public var description: String { message }
}

/// HTTP/2 over TLS with URLSession (Apple's on Apple platforms; on Linux FoundationNetworking's, on libcurl, which
/// `platformTransport` does not use there: see `HTTP2Transport`).
///
/// One connection per session (`httpMaximumConnectionsPerHost = 1`), and `connections` sessions taken in turn:
/// concurrent requests share them as HTTP/2 streams, as APNs asks (fact APNS-03). `reconnect` replaces a session,
/// so later requests open a new connection.
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    // URLSession is thread-safe; the lock guards which sessions are current.
    private let lock = NSLock()
    private var sessions: [(session: URLSession, connection: Int)]
    private var nextConnection: Int
    private var turn = 0
    private let timeout: TimeInterval

    /// - Parameters:
    ///   - timeout: seconds without an answer before a request fails.
    ///   - connections: sessions (each one connection) the requests are spread over.
    public init(timeout: TimeInterval = 30, connections: Int = 1) {
        self.timeout = timeout
        sessions = (0..<max(1, connections)).map { (Self.makeSession(timeout: timeout), $0) }
        nextConnection = sessions.count
    }

    private static func makeSession(timeout: TimeInterval) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration)
    }

    deinit { for entry in sessions { entry.session.finishTasksAndInvalidate() } }

    public var connectionsOpened: Int {
        lock.lock()
        defer { lock.unlock() }
        return nextConnection
    }

    private func current() -> (URLSession, Int) {
        lock.lock()
        defer { lock.unlock() }
        turn = (turn + 1) % sessions.count
        return sessions[turn]
    }

    public func reconnect(replacing replaced: Int) async -> Bool {
        guard let old = replace(replaced) else { return false }
        old.finishTasksAndInvalidate()
        return true
    }

    /// A new session in place of the one of connection `replaced`, if it is current; returns the old one.
    private func replace(_ replaced: Int) -> URLSession? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = sessions.firstIndex(where: { $0.connection == replaced }) else { return nil }
        let old = sessions[index].session
        sessions[index] = (Self.makeSession(timeout: timeout), nextConnection)
        nextConnection += 1
        return old
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        if let body = request.body {
            urlRequest.httpBody = body
            if request.header("content-type") == nil { urlRequest.setValue("application/json", forHTTPHeaderField: "content-type") }
        }
        let (session, connection) = current()
        let host = request.url.host ?? ""
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            var failure = Self.describe(error, host: host, timeout: timeout)
            failure.connection = connection
            throw failure
        } catch {
            throw TransportError("\(host): \(error.localizedDescription)", kind: .closed, connection: connection)
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError("\(host): the answer is not HTTP", kind: .closed, connection: connection)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data, connection: connection)
    }

    /// One line for a failed request, naming the host, what is known of the request's fate, and what to check.
    static func describe(_ error: URLError, host: String, timeout: TimeInterval) -> TransportError {
        switch error.code {
        case .cannotFindHost, .dnsLookupFailed:
            return TransportError("\(host): the host name cannot be resolved (check --host and the network)")
        case .cannotConnectToHost:
            return TransportError("\(host): connection refused (check --host; APNs listens on 443, or 2197)")
        case .notConnectedToInternet:
            return TransportError("\(host): no network connection")
        case .badURL, .unsupportedURL:
            return TransportError("\(host): URLSession cannot send to this address (check --host)")
        case .timedOut:
            return TransportError("\(host): no answer within \(Int(timeout)) s", kind: .timedOut)
        case .networkConnectionLost, .cancelled:
            return TransportError("\(host): the connection closed before the answer", kind: .closed)
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .secureConnectionFailed, .clientCertificateRejected, .clientCertificateRequired:
            return TransportError("\(host): the TLS connection failed; the server's certificate is not trusted by this system, or TLS could not be negotiated (\(error.localizedDescription))")
        default:
            // On Linux, libcurl's failures arrive as unknown errors carrying curl's text.
            let text = error.localizedDescription
            if text.contains("SSL certificate problem") || text.contains("certificate verify failed") {
                return TransportError("\(host): the server's certificate is not trusted by this system (\(text)); URLSession on Linux trusts only the system's certificate store")
            }
            if text.contains("SSL") || text.contains("TLS") {
                return TransportError("\(host): the TLS handshake failed (\(text)); is --host an HTTPS server?")
            }
            // "HTTP/2 stream 5 was not closed cleanly…", "Connection died, tried 5 times…", "Recv failure…":
            // the connection ended with the request on it.
            return TransportError("\(host): the connection closed before the answer (\(text))", kind: .closed)
        }
    }
}
