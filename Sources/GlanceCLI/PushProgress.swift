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
    /// The summary printed after the lines on an interruption, if any.
    private let summary: (@Sendable (PushReporter.Summary) -> String)?
    private let stream: LiveOutput?
    private let log: PushLog?
    private let requests: [HTTPRequest]
    /// Results not printed yet, by index (a batch of 50,000 keeps only those waiting for an earlier one).
    private var results: [Int: APNsExchange] = [:]
    /// The counts of the results printed.
    private var counts = PushReporter.Summary()
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
    ///   - summary: on an interruption, the summary to print after the lines (as the end of the batch does).
    ///   - log: where each result is appended as it comes (`--log`).
    init(requests: [HTTPRequest], api: APNsAPI, json: Bool, summary: (@Sendable (PushReporter.Summary) -> String)?, stream: LiveOutput?,
         log: PushLog? = nil) {
        self.log = log
        self.requests = requests
        self.api = api
        self.json = json
        self.summary = summary
        self.stream = stream
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
        guard !closed else { return }
        log?.write(exchange)
        results[index] = exchange
        var text = ""
        while printed < requests.count, let result = results.removeValue(forKey: printed) {
            text += render(result)
            counts.add(result)
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
        var text = ""
        var waiting = 0, unsent = 0
        for index in printed..<requests.count {
            if let result = results[index] {
                counts.add(result)
                text += render(result)
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
            counts.add(exchange)
            log?.write(exchange)
            text += render(exchange)
        }
        if let summary { text += summary(counts) }
        let waited = waiting == 1 ? "1 push was waiting for an answer (it may have arrived)" : "\(waiting) pushes were waiting for an answer (they may have arrived)"
        let note = "glance: error: interrupted (\(Interrupts.name(signal))): \(waited), \(unsent) not sent\n"
        if let stream {
            stream.write(standardOutput: text, standardError: note, encoding: json ? .json : .text)
        } else {
            kept += text
        }
    }
}
