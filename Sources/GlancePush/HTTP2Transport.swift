#if os(Linux)
import CNGHTTP2
import Foundation
import GlanceInput
import Glibc

/// HTTP/2 over TLS on Linux, with nghttp2 for the framing and OpenSSL's libssl for TLS (the system's certificate
/// store, and the certificates of `--ca-file` when given; ALPN `h2`): one thread runs every connection of the
/// transport.
///
/// What it does that URLSession on Linux (libcurl) could not:
/// - A request the server did not process is told apart from one that may have arrived: a stream above the
///   last-stream-id of the server's GOAWAY, one reset with `REFUSED_STREAM`, or one whose HEADERS never left fails
///   with `TransportError.Kind.refused` (RFC 9113 §8.7), so the caller sends it again, body and all; libcurl sends
///   such streams again by itself, which Glance cannot see or stop.
/// - It follows the server's `SETTINGS_MAX_CONCURRENT_STREAMS` (at most
///   `TransportOptions.maximumStreamsPerConnection`), with one stream on a
///   new connection until its first answer (APNs allows one until a provider token was validated on it).
/// - It opens up to `connections` connections, a new one when the others are full or going away.
/// - A server that does not negotiate HTTP/2 by ALPN is refused before anything is sent (APNs speaks only
///   HTTP/2).
public final class HTTP2Transport: HTTPTransport, @unchecked Sendable {
    private let engine: Engine

    /// - Parameters:
    ///   - timeout: seconds without an answer before a request fails (counted from when it is sent), and the
    ///     longest a connection may take to open.
    ///   - connections: the most connections open at once (1 or more).
    ///   - trusting: certificate authorities trusted besides the system's store, for this transport only.
    public init(timeout: TimeInterval = 30, connections: Int = 1, trusting: TrustedCertificates? = nil) {
        engine = Engine(timeout: timeout, connections: max(1, connections), trusted: trusting)
        let thread = Thread { [engine] in engine.run() }
        thread.name = "glance-http2"
        thread.start()
    }

    deinit { engine.stop() }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await withCheckedThrowingContinuation { continuation in
            engine.enqueue(Engine.Job(request: request, continuation: continuation))
        }
    }

    public func reconnect(replacing connection: Int) async -> Bool { engine.retire(connection) }

    public var connectionsOpened: Int { engine.opened }
}

/// The event loop: requests waiting for a stream, the connections, and a pipe that wakes the loop.
private final class Engine: @unchecked Sendable {
    struct Job {
        let request: HTTPRequest
        let continuation: CheckedContinuation<HTTPResponse, Error>

        func finish(_ result: Result<HTTPResponse, TransportError>) { continuation.resume(with: result.mapError { $0 as Error }) }
    }

    let timeout: TimeInterval
    let maximumConnections: Int
    let trusted: TrustedCertificates?
    private let lock = NSLock()
    // Guarded by `lock`: written by callers, read by the loop.
    private var waiting: [Job] = []
    private var waitingStart = 0
    private var retiring: Set<Int> = []
    private var stopping = false
    private var openedCount = 0
    private let wakeRead: Int32
    private let wakeWrite: Int32
    // The loop thread's own.
    private var connections: [Connection] = []
    private var nextNumber = 0
    private var context: OpaquePointer?

    init(timeout: TimeInterval, connections: Int, trusted: TrustedCertificates?) {
        self.timeout = timeout
        maximumConnections = connections
        self.trusted = trusted
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    var opened: Int { locked { openedCount } }

    func enqueue(_ job: Job) {
        let refused = locked { () -> Bool in
            if stopping { return true }
            waiting.append(job)
            return false
        }
        if refused { job.finish(.failure(TransportError("the transport was closed", kind: .notSent))) }
        wake()
    }

    func retire(_ number: Int) -> Bool {
        _ = locked { retiring.insert(number) }
        wake()
        return true
    }

    func stop() {
        locked { stopping = true }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    // MARK: The loop

    func run() {
        _ = OPENSSL_init_ssl(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
        context = SSL_CTX_new(TLS_client_method())
        if let context, glance_tls_context_setup(context) != 1 || trusted?.add(to: SSL_CTX_get_cert_store(context)) == false {
            SSL_CTX_free(context)
            self.context = nil
        }
        defer {
            for connection in connections { connection.close(failing: TransportError("the transport was closed", kind: .closed, connection: connection.number)) }
            let left = locked { () -> [Job] in
                let jobs = Array(waiting[waitingStart...])
                waiting = []
                waitingStart = 0
                return jobs
            }
            for job in left { job.finish(.failure(TransportError("the transport was closed", kind: .notSent))) }
            if let context { SSL_CTX_free(context) }
            close(wakeRead)
            close(wakeWrite)
        }
        while true {
            let (stop, retired) = locked { () -> (Bool, Set<Int>) in
                let retired = retiring
                retiring = []
                return (stopping, retired)
            }
            if stop { return }
            for connection in connections where retired.contains(connection.number) { connection.retired = true }
            assign()
            for connection in connections { connection.flush() }
            connections.removeAll { connection in
                if connection.isIdleAndDone { connection.close(failing: nil) }
                return connection.isClosed
            }
            poll()
        }
    }

    /// Gives waiting requests to connections with a free stream; opens a connection when none has one.
    private func assign() {
        while true {
            let job = locked { () -> Job? in
                guard waitingStart < waiting.count else { return nil }
                return waiting[waitingStart]
            }
            guard let job else { return }
            let usable = connections.filter(\.acceptsStreams)
            if let connection = usable.filter({ $0.freeStreams > 0 }).max(by: { $0.freeStreams < $1.freeStreams }) {
                take()
                connection.submit(job)
                continue
            }
            let opening = connections.contains { $0.isOpening }
            let anyAnswered = connections.contains { $0.answered }
            let live = connections.filter { !$0.isClosed && !$0.retired && !$0.goingAway }.count
            if !opening && live < maximumConnections && (live == 0 || anyAnswered) {
                open(for: job.request)
                continue
            }
            return
        }
    }

    private func take() {
        locked {
            waitingStart += 1
            if waitingStart > 1024 && waitingStart * 2 > waiting.count {
                waiting.removeFirst(waitingStart)
                waitingStart = 0
            }
        }
    }

    /// Opens a connection to the request's host; when that fails and no other connection is left, the waiting
    /// requests fail with the reason (they were not sent).
    private func open(for request: HTTPRequest) {
        let number = nextNumber
        nextNumber += 1
        let host = (request.url.host ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let port = request.url.port ?? 443
        locked { openedCount += 1 }
        do {
            guard let context else { throw TransportError("\(host): OpenSSL could not be set up for TLS", kind: .notSent) }
            let connection = try Connection(number: number, host: host, port: port, context: context, timeout: timeout, trusted: trusted?.source)
            connections.append(connection)
        } catch {
            var failure = error as? TransportError ?? TransportError("\(host): \(error)", kind: .notSent)
            failure.connection = number
            failWaitingIfAlone(failure)
        }
    }

    private func failWaitingIfAlone(_ failure: TransportError) {
        guard !connections.contains(where: { !$0.isClosed && !$0.retired && !$0.goingAway }) else { return }
        let jobs = locked { () -> [Job] in
            let jobs = Array(waiting[waitingStart...])
            waiting = []
            waitingStart = 0
            return jobs
        }
        for job in jobs { job.finish(.failure(failure)) }
    }

    /// Waits for the sockets, the wake pipe or the nearest deadline, then lets each connection read, write and
    /// time out.
    private func poll() {
        var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        for connection in connections { fds.append(pollfd(fd: connection.socket, events: connection.pollEvents, revents: 0)) }
        let now = Date()
        let deadline = connections.compactMap(\.nextDeadline).min()
        let wait = deadline.map { max(0, min(1000, Int32(($0.timeIntervalSince(now) * 1000).rounded(.up)))) } ?? 1000
        let count = Glibc.poll(&fds, nfds_t(fds.count), wait)
        if count < 0 && errno != EINTR { usleep(1000) }
        if fds[0].revents != 0 {
            var buffer = [UInt8](repeating: 0, count: 256)
            while read(wakeRead, &buffer, buffer.count) > 0 {}
        }
        let moment = Date()
        for (index, connection) in connections.enumerated() {
            let events = fds[index + 1].revents
            let wasOpening = connection.isOpening
            connection.handle(events: events, now: moment)
            if wasOpening && connection.isClosed, let failure = connection.openingFailure {
                failWaitingIfAlone(failure)
            }
        }
    }
}

/// One TLS connection carrying HTTP/2 streams.
private final class Connection {
    final class Stream {
        let job: Engine.Job
        let body: [UInt8]
        var sentBytes = 0
        var status: Int?
        var headers: [String: String] = [:]
        var response = Data()
        var headersSent = false
        var ended = false
        let deadline: Date

        init(job: Engine.Job, deadline: Date) {
            self.job = job
            body = job.request.body.map { [UInt8]($0) } ?? []
            self.deadline = deadline
        }
    }

    enum State {
        case connecting, handshaking, ready, closed
    }

    let number: Int
    let host: String
    let port: Int
    let socket: Int32
    let timeout: TimeInterval
    /// The `--ca-file` trusted besides the system's store, as messages name it.
    let trusted: String?
    private(set) var state: State = .connecting
    private var ssl: OpaquePointer?
    private var session: OpaquePointer?
    private var streams: [Int32: Stream] = [:]
    private var outbound: [UInt8] = []
    private var outboundStart = 0
    private let openDeadline: Date
    /// Whether a whole answer came on this connection.
    private(set) var answered = false
    /// The server's GOAWAY: streams above this id were not processed.
    private(set) var goawayLastStream: Int32?
    var retired = false
    /// Why the connection could not be opened (it was closed before it was ready).
    private(set) var openingFailure: TransportError?
    /// When something last arrived.
    private var lastRead = Date()
    private var socketClosed = false

    init(number: Int, host: String, port: Int, context: OpaquePointer, timeout: TimeInterval, trusted: String?) throws {
        self.number = number
        self.host = host
        self.port = port
        self.timeout = timeout
        self.trusted = trusted
        openDeadline = Date().addingTimeInterval(timeout)
        socket = try Self.connectSocket(host: host, port: port)
        guard let ssl = SSL_new(context), let readBIO = glance_memory_bio(), let writeBIO = glance_memory_bio() else {
            Glibc.close(socket)
            throw TransportError("\(host): OpenSSL could not start a TLS connection", kind: .notSent)
        }
        self.ssl = ssl
        SSL_set_bio(ssl, readBIO, writeBIO)
        SSL_set_connect_state(ssl)
        let protocols: [UInt8] = [2] + Array("h2".utf8) + [8] + Array("http/1.1".utf8)
        _ = SSL_set_alpn_protos(ssl, protocols, UInt32(protocols.count))
        if Self.isIPAddress(host) {
            _ = X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host)
        } else {
            _ = glance_tls_set_server_name(ssl, host)
            _ = SSL_set1_host(ssl, host)
        }
    }

    deinit { release() }

    var isClosed: Bool { state == .closed }
    var isOpening: Bool { state == .connecting || state == .handshaking }
    var goingAway: Bool { goawayLastStream != nil }
    var acceptsStreams: Bool { state == .ready && !retired && !goingAway }
    var isIdleAndDone: Bool { state == .ready && (retired || goingAway) && streams.isEmpty }

    /// Streams this connection may start now: one until the first answer, then what the server allows.
    var freeStreams: Int {
        guard let session, acceptsStreams else { return 0 }
        let allowed = answered ? min(Int(nghttp2_session_get_remote_settings(session, NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS)), TransportOptions.maximumStreamsPerConnection) : 1
        return allowed - streams.count
    }

    var pollEvents: Int16 {
        switch state {
        case .connecting: return Int16(POLLOUT)
        case .closed: return 0
        default: return Int16(POLLIN) | (outboundStart < outbound.count ? Int16(POLLOUT) : 0)
        }
    }

    var nextDeadline: Date? {
        if isOpening { return openDeadline }
        return streams.values.lazy.map(\.deadline).min()
    }

    // MARK: Opening

    static func isIPAddress(_ host: String) -> Bool {
        var address = in_addr()
        var address6 = in6_addr()
        return inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address6) == 1
    }

    /// A non-blocking socket connecting to the host's first address that takes it.
    static func connectSocket(host: String, port: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            throw TransportError("\(host): the host name cannot be resolved (check --host and the network)", kind: .notSent)
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = ECONNREFUSED
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let descriptor = Glibc.socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { lastError = errno; continue }
            var one: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                // A refused connection to a local address is reported here or on the first poll.
                return descriptor
            }
            lastError = errno
            Glibc.close(descriptor)
        }
        throw connectFailure(host: host, code: lastError)
    }

    static func connectFailure(host: String, code: Int32) -> TransportError {
        switch code {
        case ECONNREFUSED: return TransportError("\(host): connection refused (check --host; APNs listens on 443, or 2197)", kind: .notSent)
        case ENETUNREACH, EHOSTUNREACH, ENETDOWN: return TransportError("\(host): no network connection (\(String(cString: strerror(code))))", kind: .notSent)
        default: return TransportError("\(host): cannot connect (\(String(cString: strerror(code))))", kind: .notSent)
        }
    }

    private func failOpening(_ failure: TransportError) {
        var failure = failure
        failure.connection = number
        openingFailure = failure
        close(failing: nil)
    }

    private func finishConnecting() {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket, SOL_SOCKET, SO_ERROR, &code, &length)
        if code != 0 { return failOpening(Self.connectFailure(host: host, code: code)) }
        state = .handshaking
        handshake()
    }

    private func handshake() {
        guard let ssl else { return }
        let result = SSL_do_handshake(ssl)
        flushTLS()
        if result == 1 { return startHTTP2() }
        let error = SSL_get_error(ssl, result)
        if error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE { return }
        let verify = SSL_get_verify_result(ssl)
        if verify != Int(X509_V_OK) {
            let reason = String(cString: X509_verify_cert_error_string(verify))
            let message = trusted.map { "\(host): the server's certificate is trusted neither by the system's certificate store nor by \($0) (\(reason))" }
                ?? "\(host): the server's certificate is not trusted by this system (\(reason)); Glance on Linux trusts the system's certificate store, and for one run the certificate authority given with --ca-file FILE (or GLANCE_APNS_CA_FILE)"
            return failOpening(TransportError(message, kind: .notSent))
        }
        failOpening(TransportError("\(host): the TLS handshake failed (\(Self.tlsErrorText())); is --host an HTTPS server?", kind: .notSent))
    }

    static func tlsErrorText() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "the connection closed during the handshake" }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// After the TLS handshake: HTTP/2 by ALPN, or the connection is refused.
    private func startHTTP2() {
        guard let ssl else { return }
        var selected: UnsafePointer<UInt8>?
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &selected, &length)
        let chosen = selected.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self) } ?? ""
        guard chosen == "h2" else {
            let what = chosen.isEmpty ? "it chose no protocol by ALPN" : "it chose \(Shown.quoted(chosen)) by ALPN"
            return failOpening(TransportError("\(host): the server does not speak HTTP/2 (\(what)); APNs requires HTTP/2: is --host an APNs server?", kind: .notSent))
        }
        var callbacks: OpaquePointer?
        nghttp2_session_callbacks_new(&callbacks)
        defer { nghttp2_session_callbacks_del(callbacks) }
        nghttp2_session_callbacks_set_on_header_callback(callbacks, onHeader)
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, onData)
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, onFrameReceived)
        nghttp2_session_callbacks_set_on_frame_send_callback(callbacks, onFrameSent)
        nghttp2_session_callbacks_set_on_frame_not_send_callback(callbacks, onFrameNotSent)
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, onStreamClose)
        var created: OpaquePointer?
        guard nghttp2_session_client_new(&created, callbacks, Unmanaged.passUnretained(self).toOpaque()) == 0, let created else {
            return failOpening(TransportError("\(host): nghttp2 could not start a session", kind: .notSent))
        }
        session = created
        var settings = [nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_ENABLE_PUSH.rawValue), value: 0)]
        _ = nghttp2_submit_settings(created, UInt8(NGHTTP2_FLAG_NONE.rawValue), &settings, settings.count)
        state = .ready
        readTLS()
    }

    // MARK: Streams

    /// `:authority`: the host (an IPv6 address in brackets) and the port, as the URL has them.
    private lazy var authority: String = {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 443 ? name : "\(name):\(port)"
    }()

    func submit(_ job: Engine.Job) {
        guard let session else { return job.finish(.failure(TransportError("\(host): the connection is not open", kind: .refused, connection: number))) }
        let request = job.request
        let url = request.url
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        var fields: [(String, String)] = [(":method", request.method), (":scheme", "https"), (":authority", authority), (":path", path)]
        for header in request.headers { fields.append((header.name, header.value)) }
        if let body = request.body {
            if request.header("content-type") == nil { fields.append(("content-type", "application/json")) }
            fields.append(("content-length", String(body.count)))
        }
        let stream = Stream(job: job, deadline: Date().addingTimeInterval(timeout))
        // Every name and value in one buffer; nghttp2 copies them when the request is submitted.
        var blob: [UInt8] = []
        var spans: [(name: Int, nameLength: Int, value: Int, valueLength: Int)] = []
        for (name, value) in fields {
            let nameStart = blob.count
            blob.append(contentsOf: name.utf8)
            let valueStart = blob.count
            blob.append(contentsOf: value.utf8)
            spans.append((nameStart, valueStart - nameStart, valueStart, blob.count - valueStart))
        }
        let identifier = blob.withUnsafeMutableBufferPointer { buffer -> Int32 in
            let base = buffer.baseAddress!
            var nva = spans.map { span in
                nghttp2_nv(name: base + span.name, value: base + span.value, namelen: span.nameLength, valuelen: span.valueLength,
                           flags: UInt8(NGHTTP2_NV_FLAG_NONE.rawValue))
            }
            guard request.body != nil else { return nghttp2_submit_request(session, nil, &nva, nva.count, nil, nil) }
            var provider = nghttp2_data_provider(source: nghttp2_data_source(ptr: nil), read_callback: readBodyCallback)
            return nghttp2_submit_request(session, nil, &nva, nva.count, &provider, nil)
        }
        guard identifier > 0 else {
            return job.finish(.failure(TransportError("\(host): the request could not be started (\(String(cString: nghttp2_strerror(identifier))))", kind: .refused, connection: number)))
        }
        streams[identifier] = stream
    }

    fileprivate func stream(_ identifier: Int32) -> Stream? { streams[identifier] }

    fileprivate func readBody(_ identifier: Int32, into buffer: UnsafeMutablePointer<UInt8>, length: Int, flags: UnsafeMutablePointer<UInt32>) -> Int {
        guard let stream = streams[identifier] else { return Int(NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE.rawValue) }
        let count = min(length, stream.body.count - stream.sentBytes)
        stream.body.withUnsafeBufferPointer { source in
            if count > 0 { buffer.update(from: source.baseAddress! + stream.sentBytes, count: count) }
        }
        stream.sentBytes += count
        if stream.sentBytes == stream.body.count { flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue }
        return count
    }

    fileprivate func goaway(lastStream: Int32) {
        goawayLastStream = min(goawayLastStream ?? .max, lastStream)
    }

    fileprivate func markAnswered() { answered = true }

    /// A stream ended: its answer, or why none came.
    fileprivate func closeStream(_ identifier: Int32, errorCode: UInt32) {
        guard let stream = streams.removeValue(forKey: identifier) else { return }
        if stream.ended, let status = stream.status {
            answered = true
            return stream.job.finish(.success(HTTPResponse(status: status, headers: stream.headers, body: stream.response, connection: number)))
        }
        if let last = goawayLastStream, identifier > last {
            return stream.job.finish(.failure(refused("GOAWAY before this stream")))
        }
        if errorCode == NGHTTP2_REFUSED_STREAM.rawValue || !stream.headersSent {
            return stream.job.finish(.failure(refused(stream.headersSent ? "REFUSED_STREAM" : "not sent before the connection closed")))
        }
        let reason = errorCode == 0 ? "the stream ended without an answer" : "the server reset the stream: \(String(cString: nghttp2_http2_strerror(errorCode)))"
        stream.job.finish(.failure(TransportError("\(host): the connection closed before the answer (\(reason))", kind: .closed, connection: number)))
    }

    fileprivate func headersNotSent(_ identifier: Int32) {
        guard let stream = streams.removeValue(forKey: identifier) else { return }
        stream.job.finish(.failure(refused("not sent before the connection closed")))
    }

    private func refused(_ why: String) -> TransportError {
        TransportError("\(host): the server did not process it (\(why))", kind: .refused, connection: number)
    }

    // MARK: Input and output

    func handle(events: Int16, now: Date) {
        switch state {
        case .closed: return
        case .connecting:
            if events & Int16(POLLOUT | POLLERR | POLLHUP) != 0 { finishConnecting() }
        case .handshaking, .ready:
            if events & Int16(POLLIN | POLLERR | POLLHUP) != 0 { readSocket() }
            if events & Int16(POLLOUT) != 0 { writeSocket() }
        }
        guard state != .closed else { return }
        if isOpening {
            if now >= openDeadline {
                failOpening(TransportError(state == .connecting ? "\(host): no TCP connection within \(Int(timeout)) s"
                                                                : "\(host): no answer to the TLS handshake within \(Int(timeout)) s", kind: .notSent))
            }
            return
        }
        expire(now: now)
    }

    /// Requests without an answer within the timeout fail; when nothing at all arrived meanwhile, the connection
    /// is taken for dead and closed.
    private func expire(now: Date) {
        let late = streams.filter { $0.value.deadline <= now }
        guard !late.isEmpty else { return }
        let failure = TransportError("\(host): no answer within \(Int(timeout)) s", kind: .timedOut, connection: number)
        if now.timeIntervalSince(lastRead) >= timeout {
            return close(failing: failure)
        }
        for (identifier, stream) in late {
            streams[identifier] = nil
            if let session { _ = nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), identifier, NGHTTP2_CANCEL.rawValue) }
            stream.job.finish(.failure(failure))
        }
    }

    private func readSocket() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while state != .closed {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                lastRead = Date()
                _ = BIO_write(SSL_get_rbio(ssl), buffer, Int32(count))
                if state == .handshaking { handshake() } else { readTLS() }
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            if count < 0 && errno == EINTR { continue }
            let reason = count == 0 ? "the server closed it" : String(cString: strerror(errno))
            if isOpening {
                return failOpening(TransportError("\(host): the TLS handshake failed (the connection closed: \(reason)); is --host an HTTPS server?", kind: .notSent))
            }
            return close(failing: TransportError("\(host): the connection closed before the answer (\(reason))", kind: .closed, connection: number))
        }
    }

    private func readTLS() {
        guard let ssl, let session else { return }
        var buffer = [UInt8](repeating: 0, count: 16384)
        while state == .ready {
            let count = SSL_read(ssl, &buffer, Int32(buffer.count))
            if count > 0 {
                let used = nghttp2_session_mem_recv(session, buffer, Int(count))
                if used < 0 {
                    return close(failing: TransportError("\(host): the connection closed before the answer (HTTP/2 error: \(String(cString: nghttp2_strerror(Int32(used)))))", kind: .closed, connection: number))
                }
                continue
            }
            let error = SSL_get_error(ssl, count)
            if error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE { break }
            let reason = error == SSL_ERROR_ZERO_RETURN ? "the server closed it" : "TLS error: \(Self.tlsErrorText())"
            return close(failing: TransportError("\(host): the connection closed before the answer (\(reason))", kind: .closed, connection: number))
        }
        flush()
    }

    /// Moves what nghttp2 has to send through TLS to the socket.
    func flush() {
        guard state == .ready, let ssl, let session else { return }
        while outbound.count - outboundStart < 1 << 20 {
            var data: UnsafePointer<UInt8>?
            let count = nghttp2_session_mem_send(session, &data)
            if count < 0 {
                return close(failing: TransportError("\(host): the connection failed (HTTP/2 error: \(String(cString: nghttp2_strerror(Int32(count)))))", kind: .closed, connection: number))
            }
            guard count > 0, let data else { break }
            _ = SSL_write(ssl, data, Int32(count))
        }
        flushTLS()
        if nghttp2_session_want_read(session) == 0 && nghttp2_session_want_write(session) == 0 && outboundStart == outbound.count {
            close(failing: TransportError("\(host): the connection closed before the answer (the server ended the HTTP/2 session)", kind: .closed, connection: number))
        }
    }

    /// Moves TLS's output to the socket.
    private func flushTLS() {
        guard let ssl, let bio = SSL_get_wbio(ssl) else { return }
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = BIO_read(bio, &buffer, Int32(buffer.count))
            guard count > 0 else { break }
            outbound.append(contentsOf: buffer[0..<Int(count)])
        }
        writeSocket()
    }

    private func writeSocket() {
        while outboundStart < outbound.count {
            let count = outbound.withUnsafeBufferPointer { send(socket, $0.baseAddress! + outboundStart, $0.count - outboundStart, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                outboundStart += count
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { break }
            let reason = String(cString: strerror(errno))
            if isOpening { return failOpening(TransportError("\(host): cannot connect (\(reason))", kind: .notSent)) }
            return close(failing: TransportError("\(host): the connection closed before the answer (\(reason))", kind: .closed, connection: number))
        }
        if outboundStart == outbound.count {
            outbound.removeAll(keepingCapacity: true)
            outboundStart = 0
        } else if outboundStart > 1 << 16 {
            outbound.removeFirst(outboundStart)
            outboundStart = 0
        }
    }

    /// Closes the connection; its streams fail: those the server did not process as `refused`, the others with
    /// `failure` (nil: there are none, the connection is done).
    func close(failing failure: TransportError?) {
        guard state != .closed else { return }
        state = .closed
        let left = streams.sorted { $0.key < $1.key }
        streams = [:]
        for (identifier, stream) in left {
            if let last = goawayLastStream, identifier > last {
                stream.job.finish(.failure(refused("GOAWAY before this stream")))
            } else if !stream.headersSent {
                stream.job.finish(.failure(refused("not sent before the connection closed")))
            } else {
                var failure = failure ?? TransportError("\(host): the connection closed before the answer", kind: .closed)
                failure.connection = number
                stream.job.finish(.failure(failure))
            }
        }
        release()
    }

    private func release() {
        if let session { nghttp2_session_del(session) }
        session = nil
        if let ssl { SSL_free(ssl) }
        ssl = nil
        if !socketClosed {
            // Once only: the number may belong to a new connection after this.
            socketClosed = true
            Glibc.close(socket)
        }
        state = .closed
    }

    // MARK: From nghttp2's callbacks

    fileprivate func header(_ identifier: Int32, name: String, value: String) {
        guard let stream = streams[identifier] else { return }
        if name == ":status" { stream.status = Int(value) } else if !name.hasPrefix(":") { stream.headers[name] = value }
    }

    fileprivate func data(_ identifier: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
        streams[identifier]?.response.append(bytes)
    }

    fileprivate func ended(_ identifier: Int32) { streams[identifier]?.ended = true }

    fileprivate func headersSent(_ identifier: Int32) { streams[identifier]?.headersSent = true }
}

private func connection(_ user: UnsafeMutableRawPointer?) -> Connection {
    Unmanaged<Connection>.fromOpaque(user!).takeUnretainedValue()
}

private let onHeader: nghttp2_on_header_callback = { _, frame, name, nameLength, value, valueLength, _, user in
    guard let frame, frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue), let name, let value else { return 0 }
    connection(user).header(frame.pointee.hd.stream_id, name: String(decoding: UnsafeBufferPointer(start: name, count: nameLength), as: UTF8.self),
                            value: String(decoding: UnsafeBufferPointer(start: value, count: valueLength), as: UTF8.self))
    return 0
}

private let onData: nghttp2_on_data_chunk_recv_callback = { _, _, identifier, data, length, user in
    if let data { connection(user).data(identifier, UnsafeBufferPointer(start: data, count: length)) }
    return 0
}

private let onFrameReceived: nghttp2_on_frame_recv_callback = { _, frame, user in
    guard let frame else { return 0 }
    let owner = connection(user)
    let type = frame.pointee.hd.type
    if type == UInt8(NGHTTP2_GOAWAY.rawValue) {
        owner.goaway(lastStream: frame.pointee.goaway.last_stream_id)
    } else if type == UInt8(NGHTTP2_HEADERS.rawValue) || type == UInt8(NGHTTP2_DATA.rawValue),
              frame.pointee.hd.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0 {
        owner.ended(frame.pointee.hd.stream_id)
    }
    return 0
}

private let onFrameSent: nghttp2_on_frame_send_callback = { _, frame, user in
    if let frame, frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue) { connection(user).headersSent(frame.pointee.hd.stream_id) }
    return 0
}

private let onFrameNotSent: nghttp2_on_frame_not_send_callback = { _, frame, _, user in
    if let frame, frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue) { connection(user).headersNotSent(frame.pointee.hd.stream_id) }
    return 0
}

private let onStreamClose: nghttp2_on_stream_close_callback = { _, identifier, errorCode, user in
    connection(user).closeStream(identifier, errorCode: errorCode)
    return 0
}

private let readBodyCallback: nghttp2_data_source_read_callback = { _, identifier, buffer, length, flags, _, user in
    guard let buffer, let flags else { return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue) }
    return connection(user).readBody(identifier, into: buffer, length: length, flags: flags)
}

#endif
