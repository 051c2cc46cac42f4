import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request and returns the response. `URLSessionTransport` is the real one; tests put others in.
public protocol HTTPTransport: Sendable {
    /// - Throws: `TransportError` when no HTTP response arrived.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// No HTTP response: the connection, TLS or a timeout failed.
public struct TransportError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String
    /// The connection broke after it worked, so another attempt may succeed.
    public let retryable: Bool

    public init(_ message: String, retryable: Bool = false) {
        self.message = message
        self.retryable = retryable
    }

    public var description: String { message }
}

/// HTTP/2 over TLS with URLSession: on Apple platforms Apple's, on Linux FoundationNetworking's, which runs on
/// libcurl and negotiates HTTP/2 by ALPN. Linux trusts only the system's certificate store.
///
/// One connection per host (`httpMaximumConnectionsPerHost = 1`): concurrent requests share it as HTTP/2 streams,
/// as APNs asks (fact APNS-03).
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    // URLSession is thread-safe; the class only holds it.
    private let session: URLSession

    /// - Parameter timeout: seconds without progress before a request fails.
    public init(timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        if let body = request.body {
            urlRequest.httpBody = body
            if request.header("content-type") == nil { urlRequest.setValue("application/json", forHTTPHeaderField: "content-type") }
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw Self.describe(error, host: request.url.host ?? "")
        } catch {
            throw TransportError("\(request.url.host ?? ""): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else { throw TransportError("\(request.url.host ?? ""): the answer is not HTTP") }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// One line for a failed connection, naming the host and what to check.
    static func describe(_ error: URLError, host: String) -> TransportError {
        switch error.code {
        case .cannotFindHost, .dnsLookupFailed:
            return TransportError("\(host): the host name cannot be resolved (check --host and the network)")
        case .cannotConnectToHost:
            return TransportError("\(host): connection refused (check --host; APNs listens on 443, or 2197)")
        case .notConnectedToInternet:
            return TransportError("\(host): no network connection")
        case .timedOut:
            // Not retried: the push may have arrived, and a silent server would make every attempt as slow.
            return TransportError("\(host): no answer within the timeout (the push may or may not have arrived)")
        case .networkConnectionLost:
            return TransportError("\(host): the connection was lost", retryable: true)
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .secureConnectionFailed, .clientCertificateRejected, .clientCertificateRequired:
            return TransportError("\(host): the TLS connection failed; the server's certificate is not trusted by this system, or TLS could not be negotiated (\(error.localizedDescription))")
        default:
            // On Linux, libcurl's TLS failures arrive as unknown errors carrying curl's text.
            let text = error.localizedDescription
            if text.contains("SSL certificate problem") || text.contains("certificate verify failed") {
                return TransportError("\(host): the server's certificate is not trusted by this system (\(text)); URLSession on Linux trusts only the system's certificate store")
            }
            if text.contains("SSL") || text.contains("TLS") {
                return TransportError("\(host): the TLS handshake failed (\(text)); is --host an HTTPS server?")
            }
            return TransportError("\(host): \(text)")
        }
    }
}
