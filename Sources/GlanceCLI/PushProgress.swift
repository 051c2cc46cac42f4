import Foundation
import GlancePush
import GlanceReporters

/// The lines of a batch of pushes, printed in the order of the tokens as their results come: a push's line is
/// written as soon as it and every push before it have a result (with a live stream; else kept for the run's
/// output). On an interruption, it prints what is known and the summary.
final class PushProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let api: APNsAPI
    private let json: Bool
    private let summary: Bool
    private let stream: LiveOutput?
    private let requests: [HTTPRequest]
    private var results: [APNsExchange?]
    /// Requests sent (or being sent) that have no result yet, or had one.
    private var started: Set<Int> = []
    /// The next push to print.
    private var printed = 0
    /// Printed text, when there is no live stream.
    private var kept = ""
    /// Set by `interrupt` or `finish`: nothing more is printed.
    private var closed = false

    /// - Parameters:
    ///   - json: one JSON object per push instead of text lines.
    ///   - summary: on an interruption, print the summary after the lines (as the end of a text batch does).
    init(requests: [HTTPRequest], api: APNsAPI, json: Bool, summary: Bool, stream: LiveOutput?) {
        self.requests = requests
        self.api = api
        self.json = json
        self.summary = summary
        self.stream = stream
        results = Array(repeating: nil, count: requests.count)
    }

    /// What `APNsClient.sendAll` reports to.
    var observer: BatchObserver {
        BatchObserver(started: { [self] index in didStart(index) }, finished: { [self] index, exchange in finished(index, exchange) })
    }

    /// Records that request `index` is being sent; false once interrupted (then it is not sent, as the
    /// interruption already printed).
    private func didStart(_ index: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return false }
        started.insert(index)
        return true
    }

    private func render(_ exchange: APNsExchange) -> String {
        json ? PushReporter.json(exchange, api: api) : PushReporter.text(exchange, api: api)
    }

    private func finished(_ index: Int, _ exchange: APNsExchange) {
        lock.lock()
        defer { lock.unlock() }
        results[index] = exchange
        guard !closed else { return }
        var text = ""
        while printed < results.count, let result = results[printed] {
            text += render(result)
            printed += 1
        }
        emit(text)
    }

    private func emit(_ text: String) {
        guard !text.isEmpty else { return }
        if let stream { stream.write(standardOutput: text, encoding: json ? .json : .text) } else { kept += text }
    }

    /// At the end of the batch: what was kept (without a live stream), and nothing is printed after.
    func finish() -> String {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        let text = kept
        kept = ""
        return text
    }

    /// On SIGINT or SIGTERM during the batch: prints the lines not printed yet — results that came, `no answer`
    /// for pushes sent and waiting, `not sent` for the rest —, the summary, and one line on standard error.
    func interrupt(signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        var all: [APNsExchange] = []
        var text = ""
        var waiting = 0, unsent = 0
        for index in results.indices {
            if let result = results[index] {
                all.append(result)
                if index >= printed { text += render(result) }
                continue
            }
            let request = requests[index]
            let exchange: APNsExchange
            if started.contains(index) {
                waiting += 1
                exchange = APNsExchange(request: request, result: .failed(TransportError("interrupted (\(Interrupts.name(signal))) before the answer came", kind: .closed)),
                                        attempts: 1, waits: [], notes: [])
            } else {
                unsent += 1
                exchange = APNsExchange(request: request, result: .notSent("interrupted (\(Interrupts.name(signal)))"), attempts: 0, waits: [], notes: [])
            }
            all.append(exchange)
            text += render(exchange)
        }
        if summary { text += PushReporter.summary(all) }
        let waited = waiting == 1 ? "1 push was waiting for an answer (it may have arrived)" : "\(waiting) pushes were waiting for an answer (they may have arrived)"
        let note = "glance: error: interrupted (\(Interrupts.name(signal))): \(waited), \(unsent) not sent\n"
        if let stream {
            stream.write(standardOutput: text, standardError: note, encoding: json ? .json : .text)
        } else {
            kept += text
        }
    }
}
