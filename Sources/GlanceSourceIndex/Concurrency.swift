import Foundation

/// Result slots written from several threads under a lock.
private final class Slots<T>: @unchecked Sendable {
    var values: [T?]
    let lock = NSLock()
    init(_ count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: T?) { lock.lock(); values[index] = value; lock.unlock() }
}

/// Runs `transform` for 0..<count on all cores and returns the results in order.
func concurrentMap<T>(_ count: Int, _ transform: @Sendable (Int) -> T?) -> [T?] {
    let slots = Slots<T>(count)
    DispatchQueue.concurrentPerform(iterations: count) { index in slots.set(index, transform(index)) }
    return slots.values
}
