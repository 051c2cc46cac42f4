import Foundation

/// A property-list value, as read by Foundation's `PropertyListSerialization` (XML, binary or OpenStep
/// text, which is the format of `project.pbxproj`).
///
/// Foundation hands back `Any`; this enum makes the value `Sendable`, comparable and easy to match on.
public enum PlistValue: Sendable, Hashable, Codable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// Converts what `PropertyListSerialization` returns. Unknown object kinds become their description.
    ///
    /// Strings, dictionaries and arrays are tried first: they are most of a project file, and casting one of them
    /// to `NSNumber` first made Foundation bridge the whole collection to an `NSDictionary` or `NSArray`, at every
    /// level (most of the time a 29 MB `project.pbxproj` took). No value is more than one of these kinds, so the
    /// order changes nothing else.
    public init(foundation value: Any) {
        switch value {
        case let string as String: self = .string(string)
        // Foundation on Linux hands dictionaries over as `[AnyHashable: Any]`: cast to that (its own type, no
        // copy) before `[String: Any]`, whose cast from it would check every key first.
        case let dictionary as [AnyHashable: Any] where type(of: value) == [AnyHashable: Any].self:
            var converted: [String: PlistValue] = [:]
            converted.reserveCapacity(dictionary.count)
            for (key, element) in dictionary { converted[key.base as? String ?? "\(key)"] = PlistValue(foundation: element) }
            self = .dictionary(converted)
        case let dictionary as [String: Any]: self = .dictionary(dictionary.mapValues(PlistValue.init(foundation:)))
        case let array as [Any]: self = .array(array.map(PlistValue.init(foundation:)))
        case let bool as Bool where type(of: value) == Bool.self: self = .bool(bool)
        case let number as NSNumber:
            let double = number.doubleValue
            if double.rounded() == double, abs(double) < 9e15 { self = .integer(number.intValue) } else { self = .real(double) }
        case let date as Date: self = .date(date)
        case let data as Data: self = .data(data)
        case let dictionary as [AnyHashable: Any]:
            var converted: [String: PlistValue] = [:]
            for (key, element) in dictionary { converted["\(key)"] = PlistValue(foundation: element) }
            self = .dictionary(converted)
        default: self = .string("\(value)")
        }
    }

    public var string: String? { if case .string(let value) = self { return value } else { return nil } }
    public var array: [PlistValue]? { if case .array(let value) = self { return value } else { return nil } }
    public var dictionary: [String: PlistValue]? { if case .dictionary(let value) = self { return value } else { return nil } }

    /// The strings of an array value (non-string elements dropped), or a one-element list for a string.
    public var strings: [String]? {
        switch self {
        case .array(let values): return values.compactMap(\.string)
        case .string(let value): return [value]
        default: return nil
        }
    }

    /// Interprets the value the way Info.plist readers do: `true`/`false`, or the strings `YES`/`NO`/`true`/`false`,
    /// or a number (non-zero is true).
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): return value
        case .integer(let value): return value != 0
        case .string(let value):
            switch value.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    public subscript(key: String) -> PlistValue? { dictionary?[key] }

    /// A plain Foundation value (for JSON output): strings, numbers, booleans, arrays and dictionaries.
    public var jsonObject: Any {
        switch self {
        case .string(let value): return value
        case .bool(let value): return value
        case .integer(let value): return value
        case .real(let value): return value
        case .date(let value): return ISO8601DateFormatter().string(from: value)
        case .data(let value): return value.base64EncodedString()
        case .array(let values): return values.map(\.jsonObject)
        case .dictionary(let values): return values.mapValues(\.jsonObject)
        }
    }
}

/// Reads property lists from disk with `PropertyListSerialization`.
public enum PlistReader {
    /// Reads a plist file in any format Foundation knows (XML, binary, OpenStep), of at most
    /// `InputLimit.propertyList`.
    /// - Throws: `ProjectError.unreadable`/`.notRead` when the file cannot or may not be read (`FileSystem`),
    ///   `ProjectError.malformed` when it is not a plist.
    public static func read(_ path: String, fileSystem: FileSystem) throws -> PlistValue {
        try parse(try fileSystem.read(path, limit: .propertyList), file: path)
    }

    /// Parses plist data; `file` names the source in errors.
    public static func parse(_ data: Data, file: String) throws -> PlistValue {
        if data.isEmpty { throw ProjectError.malformed(file, reason: "the file is empty") }
        // CoreFoundation logs the OpenStep parser's own diagnosis ("… on line 202") to standard error and
        // throws a vaguer error; capture the log, so the one-line error can carry the line and nothing leaks.
        // Only the OpenStep parser logs: XML and binary property lists are parsed without the capture.
        var result: Result<Any, Error> = .failure(CocoaError(.propertyListReadCorrupt))
        var log = ""
        let trimmed = data.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF })
        if trimmed.starts(with: Array("bplist".utf8)) || trimmed.starts(with: Array("<".utf8)) {
            result = Result { try PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
        } else {
            var converted: PlistValue?
            log = capturingStandardError {
                converted = OpenStepText.parse(data)
                if converted == nil { result = Result { try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } }
            }
            if let converted { return converted }
        }
        switch result {
        case .success(let object):
            return PlistValue(foundation: object)
        case .failure(let error):
            // A file cut short (a truncated download, a half-written merge) makes CoreFoundation name the first
            // character it cannot place, often on line 1: say that the file ends early, and where.
            if !(trimmed.starts(with: Array("bplist".utf8)) || trimmed.starts(with: Array("<".utf8))) {
                let scan = scanOpenStep(data)
                if let end = scan.unfinished {
                    throw ProjectError.malformed(file, reason: "not a property list: the file ends early, at line \(end.line), \(end.inside) (it is cut off, or a closing bracket is missing)")
                }
                if scan.depth > deepestReadNesting {
                    throw ProjectError.malformed(file, reason: "not a property list Glance reads: its brackets nest \(scan.depth) levels deep (from line \(scan.depthLine)), deeper than the \(deepestReadNesting) levels CoreFoundation's parser reads")
                }
            }
            throw ProjectError.malformed(file, reason: "not a property list (\(openStepDiagnosis(log) ?? describe(error)))")
        }
    }

    /// A scan of OpenStep text's brackets, quotes and comments, for the message only (CoreFoundation has already
    /// refused the text): where it ends while something it opened is still open — a dictionary, an array, a quoted
    /// string or a comment — and what (nil when everything opened is closed); and how deep its brackets nest at
    /// most, first reached on which line.
    static func scanOpenStep(_ data: Data) -> (unfinished: (line: Int, inside: String)?, depth: Int, depthLine: Int) {
        let bytes = [UInt8](data)
        var open: [UInt8] = []
        var deepest = (depth: 0, line: 1)
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            switch byte {
            case 0x0A: line += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index += 1
                while index < bytes.count && bytes[index] != byte {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    if index < bytes.count && bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
                if index >= bytes.count { return ((line, "inside a quoted string"), deepest.depth, deepest.line) }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
                if index + 1 >= bytes.count { return ((line, "inside a comment"), deepest.depth, deepest.line) }
                index += 1
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                while index + 1 < bytes.count && bytes[index + 1] != 0x0A { index += 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "("):
                open.append(byte)
                if open.count > deepest.depth { deepest = (open.count, line) }
            case UInt8(ascii: "}"), UInt8(ascii: ")"): if !open.isEmpty { open.removeLast() }
            default: break
            }
            index += 1
        }
        guard let last = open.last else { return (nil, deepest.depth, deepest.line) }
        let shape = last == UInt8(ascii: "{") ? "a dictionary" : "an array"
        return ((line, "inside " + shape + (open.count > 1 ? " (\(open.count) brackets still open)" : "")), deepest.depth, deepest.line)
    }

    /// The deepest nesting CoreFoundation's OpenStep parser reads (brackets 514 deep are refused).
    static let deepestReadNesting = 512

    /// `missing semicolon or value in dictionary on line 202` from CoreFoundation's log line.
    static func openStepDiagnosis(_ log: String) -> String? {
        guard let start = log.range(of: "Old-style plist parser: ") else { return nil }
        let rest = log[start.upperBound...]
        let end = rest.range(of: ". Parsing will be abandoned")?.lowerBound ?? rest.firstIndex(of: "\n") ?? rest.endIndex
        return String(rest[..<end])
    }

    private static let standardErrorLock = NSLock()

    /// Runs `body` with file descriptor 2 redirected to an unnamed temporary file (created and unlinked at
    /// once, so nothing is left behind even when the run is killed), and returns what was written (at most
    /// 64 KiB). File descriptors are process-wide, so captures are serialized; the CLI reads project files on
    /// one thread, so nothing else of Glance writes to standard error meanwhile.
    static func capturingStandardError(_ body: () -> Void) -> String {
        standardErrorLock.lock()
        defer { standardErrorLock.unlock() }
        var template = Array((NSTemporaryDirectory() + "/glance-stderr-XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        // No temporary folder to write in (TMPDIR unwritable or missing): a pipe takes the log instead, its writing
        // end non-blocking so that a log longer than the pipe holds is cut, never waited on.
        guard file >= 0 else { return capturingStandardErrorInAPipe(body) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        defer { close(file) }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0 else { body(); return "" }
        fflush(nil)
        dup2(file, STDERR_FILENO)
        body()
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        guard lseek(file, 0, SEEK_SET) == 0 else { return "" }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let count = buffer.withUnsafeMutableBytes { systemRead(file, $0.baseAddress, $0.count) }
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }

    private static func capturingStandardErrorInAPipe(_ body: () -> Void) -> String {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { body(); return "" }
        defer { close(ends[0]) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let saved = dup(STDERR_FILENO)
        guard saved >= 0 else { close(ends[1]); body(); return "" }
        fflush(nil)
        dup2(ends[1], STDERR_FILENO)
        close(ends[1])
        body()
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let count = buffer.withUnsafeMutableBytes { systemRead(ends[0], $0.baseAddress, $0.count) }
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }

    static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo["NSDebugDescription"] as? String { return debug }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError { return underlying.localizedDescription }
        return nsError.localizedDescription
    }
}

#if canImport(CoreFoundation)
import CoreFoundation

/// OpenStep text (a `project.pbxproj`) parsed by CoreFoundation's own property-list parser — what
/// `PropertyListSerialization` calls — and its objects read as they are. `PropertyListSerialization` then bridges
/// every dictionary, array and string to Swift's own (and `PlistValue(foundation:)` casts each again): for a 29 MB
/// project, two thirds of the time went there. OpenStep text holds only strings, dictionaries, arrays and data;
/// anything else, or text CoreFoundation refuses, gives nil, and the caller goes through
/// `PropertyListSerialization` (for its error, or for a value of another kind), so the result is the same.
enum OpenStepText {
    static func parse(_ data: Data) -> PlistValue? {
        data.withUnsafeBytes { raw -> PlistValue? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress,
                  let bytes = CFDataCreateWithBytesNoCopy(nil, base, raw.count, kCFAllocatorNull) else { return nil }
            var format = CFPropertyListFormat.openStepFormat
            guard let object = CFPropertyListCreateWithData(nil, bytes, 0, &format, nil)?.takeRetainedValue() else { return nil }
            // The parser makes one CFString per distinct text (`isa`, an object id listed in three places): each is
            // converted once.
            var strings: [UnsafeRawPointer: String] = [:]
            return value(of: object, strings: &strings)
        }
    }

    /// `object` as the CoreFoundation type its type id says it is, without a dynamic cast (a cast checked in a debug
    /// build cannot be relied on for swift-corelibs' CF types).
    private static func reinterpreted<T: AnyObject>(_ object: AnyObject, as type: T.Type) -> T {
        Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque()).takeUnretainedValue()
    }

    private static func value(of object: CFTypeRef, strings: inout [UnsafeRawPointer: String]) -> PlistValue? {
        let type = CFGetTypeID(object)
        if type == CFStringGetTypeID() { return .string(string(reinterpreted(object, as: CFString.self), strings: &strings)) }
        if type == CFDictionaryGetTypeID() {
            let dictionary = reinterpreted(object, as: CFDictionary.self)
            let count = CFDictionaryGetCount(dictionary)
            var keys = [UnsafeRawPointer?](repeating: nil, count: count)
            var values = [UnsafeRawPointer?](repeating: nil, count: count)
            CFDictionaryGetKeysAndValues(dictionary, &keys, &values)
            var converted: [String: PlistValue] = [:]
            converted.reserveCapacity(count)
            for index in 0..<count {
                guard let key = keys[index], let element = values[index] else { return nil }
                let keyObject = Unmanaged<AnyObject>.fromOpaque(key).takeUnretainedValue()
                guard CFGetTypeID(keyObject) == CFStringGetTypeID(),
                      let value = value(of: Unmanaged<AnyObject>.fromOpaque(element).takeUnretainedValue(), strings: &strings) else { return nil }
                converted[string(reinterpreted(keyObject, as: CFString.self), strings: &strings)] = value
            }
            return .dictionary(converted)
        }
        if type == CFArrayGetTypeID() {
            let array = reinterpreted(object, as: CFArray.self)
            var converted: [PlistValue] = []
            converted.reserveCapacity(CFArrayGetCount(array))
            for index in 0..<CFArrayGetCount(array) {
                guard let element = CFArrayGetValueAtIndex(array, index),
                      let value = value(of: Unmanaged<AnyObject>.fromOpaque(element).takeUnretainedValue(), strings: &strings) else { return nil }
                converted.append(value)
            }
            return .array(converted)
        }
        if type == CFDataGetTypeID() {
            let data = reinterpreted(object, as: CFData.self)
            return .data(Data(bytes: CFDataGetBytePtr(data), count: CFDataGetLength(data)))
        }
        return nil
    }

    /// `string(_:)`, remembered by the CFString's identity in `strings`.
    private static func string(_ string: CFString, strings: inout [UnsafeRawPointer: String]) -> String {
        let key = UnsafeRawPointer(Unmanaged.passUnretained(string).toOpaque())
        if let known = strings[key] { return known }
        let made = self.string(string)
        strings[key] = made
        return made
    }

    /// The string's UTF-8 text (NUL characters included); through Foundation's bridging when it does not convert
    /// whole (lone surrogates).
    private static func string(_ string: CFString) -> String {
        let length = CFStringGetLength(string)
        let encoding = CFStringBuiltInEncodings.UTF8.rawValue
        var bytes = [UInt8](repeating: 0, count: CFStringGetMaximumSizeForEncoding(length, encoding))
        var used = 0
        let converted = CFStringGetBytes(string, CFRange(location: 0, length: length), encoding, 0, false, &bytes, bytes.count, &used)
        guard converted == length else { return unsafeBitCast(string, to: NSString.self) as String }
        return String(decoding: bytes[0..<used], as: UTF8.self)
    }
}
#else
enum OpenStepText {
    static func parse(_ data: Data) -> PlistValue? { nil }
}
#endif
