import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Result slots written from several threads under a lock, and the next index to hand out.
private final class Slots<T>: @unchecked Sendable {
    var values: [T?]
    var next = 0
    let lock = NSLock()
    init(_ count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: T?) { lock.lock(); values[index] = value; lock.unlock() }
    func take() -> Int { lock.lock(); defer { next += 1; lock.unlock() }; return next }
}

/// The stack size Glance asks for its threads. SwiftSyntax parses and visits recursively, and so do
/// Glance's walkers, so a long chain of modifiers (`.padding()` a thousand times) needs a deep stack;
/// Dispatch's worker threads have 512 KiB. The memory is only reserved, not used, until the recursion
/// reaches it.
public let deepStackSize = 512 << 20

/// The stacks Glance runs on: the deep stack when the system grants it, else a smaller one, else the
/// calling thread's own (a virtual-memory limit such as `ulimit -v`, common in CI containers, can refuse a
/// 512 MiB reservation). Whatever it gets, it records, and `ParseGuard.currentLimits` shrinks the nesting
/// Glance lets SwiftParser and its walkers see to what that stack holds.
public enum DeepStack {
    /// Stack sizes tried in turn: from 512 MiB down to 8 MiB, none over an eighth of the address space the
    /// process may use (`ulimit -v`), so that the stacks of the threads Glance starts (the main work and one
    /// worker per core) leave room for the heap.
    static let sizes: [Int] = {
        let all = [deepStackSize, 128 << 20, 32 << 20, 8 << 20]
        guard let limit = addressSpaceLimit else { return all }
        #if canImport(Glibc)
        // glibc reserves 64 MiB of address space for each malloc arena, and gives threads that allocate at once
        // arenas of their own (up to eight per core): under a limit that alone can exhaust it, and an allocation
        // then fails deep inside the runtime. Two arenas are plenty for Glance's few threads. (`mallopt` is looked
        // up because Swift's Glibc module leaves <malloc.h> out; -8 is its M_ARENA_MAX, part of glibc's ABI.)
        if let symbol = dlsym(nil, "mallopt") {
            _ = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)(-8, 2)
        }
        #endif
        let fitting = all.filter { $0 <= limit / 8 }
        return fitting.isEmpty ? [all.last!] : fitting
    }()

    /// `ulimit -v` in bytes, when set.
    public static var addressSpaceLimit: Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur > 0, limit.rlim_cur < 1 << 50 else { return nil }
        return Int(limit.rlim_cur)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var granted: Int?

    /// The stack size the run got (the deep stack's size until `onDeepStack` learns otherwise).
    public static var size: Int {
        lock.lock(); defer { lock.unlock() }
        return granted ?? deepStackSize
    }

    static func record(_ size: Int) {
        lock.lock(); defer { lock.unlock() }
        granted = min(granted ?? size, size)
    }

    /// The main thread's stack size (`ulimit -s`), at most 64 MiB; 8 MiB when unlimited or unknown.
    static var mainThreadStack: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_STACK.rawValue), &limit) == 0, limit.rlim_cur > 0, limit.rlim_cur < 1 << 40 else { return 8 << 20 }
        return Int(min(limit.rlim_cur, 64 << 20))
    }

    /// Starts `body` on a new thread with a stack of `size` bytes; false when the system refuses.
    static func start(stackSize size: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, size) == 0 else { return false }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Glibc) || canImport(Musl)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let result = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        if result != 0 {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// Starts `body` on the largest stack of `sizes` the system grants (at most `limit`); the size, or nil
    /// when no thread could be started.
    /// The size is recorded (`size`) before `body` runs.
    static func startLargest(upTo limit: Int = deepStackSize, _ body: @escaping @Sendable () -> Void) -> Int? {
        for size in sizes where size <= limit {
            if start(stackSize: size, { record(size); body() }) { return size }
        }
        return nil
    }
}

/// Runs `transform` for 0..<count on all cores and returns the results in order. Workers get the stack the
/// run got (`DeepStack.size`, so the parse limits hold on them); when no worker thread can be started, the
/// calling thread does the work.
public func concurrentMap<T>(_ count: Int, _ transform: @escaping @Sendable (Int) -> T?) -> [T?] {
    let slots = Slots<T>(count)
    let workers = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
    let group = DispatchGroup()
    let work: @Sendable () -> Void = {
        while true {
            let index = slots.take()
            guard index < count else { break }
            slots.set(index, transform(index))
        }
    }
    var started = 0
    for _ in 0..<workers {
        group.enter()
        if DeepStack.start(stackSize: DeepStack.size, { work(); group.leave() }) {
            started += 1
        } else {
            group.leave()
            break
        }
    }
    if started == 0 { work() }
    group.wait()
    return slots.values
}

/// Runs `body` on a thread with a deep stack and waits for it (see `deepStackSize` and `DeepStack`). When no
/// such thread can be started, `body` runs on the calling thread.
public func onDeepStack<T>(_ body: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    if DeepStack.startLargest({ box.value = body(); done.signal() }) != nil {
        done.wait()
        return box.value!
    }
    DeepStack.record(DeepStack.mainThreadStack)
    return body()
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

extension ParseGuard {
    /// The limits for the stack the run got (`DeepStack.size`): the standard ones on the deep stack.
    public static var currentLimits: Limits { Limits.forStack(bytes: DeepStack.size) }
}

/// The address space the process may still map under `ulimit -v`, for work whose memory is known ahead (a large
/// baseline): the limit less what is mapped now (`/proc/self/statm`, Linux); nil without a limit, or where the
/// mapped size cannot be read.
public enum AddressSpace {
    public static func available() -> Int? {
        guard let limit = DeepStack.addressSpaceLimit, let mapped = mappedBytes() else { return nil }
        return max(0, limit - mapped)
    }

    /// The process's mapped size: the first field of `/proc/self/statm` (pages) times the page size.
    static func mappedBytes() -> Int? {
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, let pages = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ").first.flatMap({ Int($0) }) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
