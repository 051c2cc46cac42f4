import Foundation

/// Result slots written from several threads under a lock, and the next index to hand out.
private final class Slots<T>: @unchecked Sendable {
    var values: [T?]
    var next = 0
    let lock = NSLock()
    init(_ count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: T?) { lock.lock(); values[index] = value; lock.unlock() }
    func take() -> Int { lock.lock(); defer { next += 1; lock.unlock() }; return next }
}

/// The stack size of Glance's worker threads. SwiftSyntax parses and visits recursively, so a long chain of
/// modifiers (`.padding()` a thousand times) needs a deep stack; Dispatch's worker threads have 512 KiB.
public let deepStackSize = 512 << 20

/// Runs `transform` for 0..<count on all cores and returns the results in order.
func concurrentMap<T>(_ count: Int, _ transform: @escaping @Sendable (Int) -> T?) -> [T?] {
    let slots = Slots<T>(count)
    let workers = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
    let group = DispatchGroup()
    for _ in 0..<workers {
        group.enter()
        let thread = Thread {
            while true {
                let index = slots.take()
                guard index < count else { break }
                slots.set(index, transform(index))
            }
            group.leave()
        }
        thread.stackSize = deepStackSize
        thread.start()
    }
    group.wait()
    return slots.values
}

/// Runs `body` on a thread with a deep stack and waits for it (see `deepStackSize`).
public func onDeepStack<T>(_ body: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = deepStackSize
    thread.start()
    done.wait()
    return box.value!
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
