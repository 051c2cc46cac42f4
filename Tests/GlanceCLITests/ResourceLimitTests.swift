import Foundation
import GlanceCache
import GlanceSourceIndex
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Resource limits a CI job may set (`ulimit -n`, `-f`, `-v`) and caches built to exhaust them (issue 22): a run
/// under a limit gives the findings it gives without one, or fails in one line (exit 2) — never a different set of
/// findings, a silent exit, or minutes of work.
@Suite(.serialized)
struct ResourceLimitTests {
    static let example = "Examples/CommonMistakes"

    /// A cache folder holding `count` packs of one entry each (entries no run looks up).
    func cacheWithPacks(_ count: Int) throws -> String {
        let cache = try scratchFolder("limit-packs")
        let writer = SourceCache(folder: cache, identity: "test", packThreshold: 1)
        for number in 0..<count {
            let text = "struct Filler\(number) {}\n"
            writer.store([(key: writer.lookup(text: text, context: "c", path: "/p.swift").key, path: "/p.swift",
                           entry: SourceCacheEntry(refusal: nil, tokens: FileTokens(scanning: text), replaced: false, index: nil))], context: "c")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache + "/sources-v1/packs").count == count)
        return cache
    }

    /// Issue 22, defect 3: with `ulimit -n 64` and a cache of 64 packs (each held open), Swift files failed to open
    /// (EMFILE), became skips, and the run exited with an error gone. Now packs are opened only to read an entry,
    /// and a file that cannot be opened for a reason not its own fails the run in one line.
    @Test func fileDescriptorLimitNeverChangesTheFindings() throws {
        let expected = glance("lint", Self.example, "--no-cache")
        #expect(expected.exitCode == 1)
        let cache = try cacheWithPacks(64)
        defer { try? FileManager.default.removeItem(atPath: cache) }
        for limit in [64, 32, 16, 8, 5, 4] {
            // Without the records of the runs before, each run lints (rather than print what the last one found).
            try? FileManager.default.removeItem(atPath: cache + "/records-v1")
            let result = try #require(shell("ulimit -n \(limit) && exec \"$GLANCE\" lint \(Self.example) --cache-path '\(cache)'", within: 120))
            if limit >= 16 {
                #expect(result.status == 1, "ulimit -n \(limit): \(result.standardError)")
                #expect(result.standardOutput == expected.standardOutput, "ulimit -n \(limit)")
            }
            if result.status == 1 {
                #expect(result.standardOutput == expected.standardOutput, "ulimit -n \(limit)")
                #expect(withoutSummary(result.standardError) == "", "ulimit -n \(limit)")
            } else {
                #expect(result.status == 2, "ulimit -n \(limit): status \(result.status), \(result.standardError)")
                #expect(result.standardOutput == "", "ulimit -n \(limit)")
                let lines = result.standardError.split(separator: "\n")
                #expect(lines.count == 1 && lines[0].hasPrefix("glance: error: ") && lines[0].contains("too many open files"),
                        "ulimit -n \(limit): \(result.standardError)")
            }
        }
        // With the limit only the cache runs into, the findings are the same as with no cache.
        let again = try #require(shell("ulimit -n 64 && exec \"$GLANCE\" lint \(Self.example) --cache-path '\(cache)'", within: 120))
        #expect(again.standardOutput == expected.standardOutput && again.status == 1)
    }

    /// Issue 22, defect 8: one pack of the most entries a pack may hold, under 300 names (hard links). Every name's
    /// index was read before the bounds applied (300 × 21 MB): the first run took minutes. Now a file is read once,
    /// and the bounds hold before an index is read.
    @Test func hardLinkedPacksAreReadOnce() throws {
        let cache = try scratchFolder("limit-hardlinks")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let packs = cache + "/sources-v1/packs"
        try FileManager.default.createDirectory(atPath: packs, withIntermediateDirectories: true)
        let count = 1 << 18
        var pack = Data("glance-pack\n".utf8)
        func appendLittleEndian(_ value: Int) { var value = UInt64(value); for _ in 0..<8 { pack.append(UInt8(value & 0xFF)); value >>= 8 } }
        appendLittleEndian(count)
        let offset = 20 + count * 80
        let digits = Array("0123456789abcdef".utf8)
        for number in 0..<count {
            var key = [UInt8](repeating: UInt8(ascii: "0"), count: 64)
            var value = number
            for position in stride(from: 63, through: 48, by: -1) { key[position] = digits[value & 15]; value >>= 4 }
            pack.append(contentsOf: key)
            appendLittleEndian(offset)
            appendLittleEndian(0)
        }
        try pack.write(to: URL(fileURLWithPath: packs + "/big.pack"))
        for number in 0..<300 { #expect(link(packs + "/big.pack", packs + "/link\(number).pack") == 0) }
        let expected = glance("lint", "Examples/ProductivityTimer", "--no-cache")
        let started = Date()
        let output = try #require(glance(within: 60, ["lint", repositoryRoot + "/Examples/ProductivityTimer", "--cache-path", cache]))
        #expect(output.standardOutput == expected.standardOutput && output.exitCode == expected.exitCode)
        #expect(Date().timeIntervalSince(started) < 60)
        // The run wrote entries, so it bounded the cache: the extra names are gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: packs).filter { $0.hasSuffix(".pack") }.count <= 64)
    }

    /// Issue 22, defect 7: under a file-size limit, SIGXFSZ at the first cache write past it ended the process with
    /// status 153 and nothing printed. Now the write fails (EFBIG), the entry is not cached, and the run finishes.
    @Test func fileSizeLimitDoesNotEndTheRun() throws {
        let expected = glance("lint", Self.example, "--no-cache")
        let cache = try scratchFolder("limit-size")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let result = try #require(shell("ulimit -f 8 && exec \"$GLANCE\" lint \(Self.example) --cache-path '\(cache)'", within: 120))
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardOutput == expected.standardOutput)
        #expect(withoutSummary(result.standardError) == "glance: warning: --cache-path \(cache) cannot be written (file too large); the next run redoes the work this one could not keep\n")
        // The default cache folder under the same limit: the same findings, and nothing said about the cache.
        let quiet = try #require(shell("ulimit -f 8 && XDG_CACHE_HOME='\(cache)/default' exec \"$GLANCE\" lint \(Self.example)", within: 120))
        #expect(quiet.status == 1 && quiet.standardOutput == expected.standardOutput)
        #expect(withoutSummary(quiet.standardError) == "")
    }

    /// A baseline of 350,000 entries (1,750,000 keys and 60 MiB, within the documented limits): reading it took 1.4 GB and 18 s of CPU,
    /// and aborted under a 1 GiB address-space limit. Now its cost is proportional to its size, and where the limit
    /// is too small for it, the run fails in one line.
    @Test func largeBaselineWithinTheLimits() throws {
        let folder = try scratchFolder("limit-baseline")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = "{\"version\": 1, \"violations\": [\n"
        let entries = 350_000
        for number in 0..<entries {
            text += "{\"file\": \"App/F\(number % 5000).swift\", \"line\": \(number % 900 + 1), \"lineText\": \"let v\(number) = f(\(number))\", "
            text += "\"message\": \"kind 'k\(number)' at App/O\(number % 77).swift:\(number % 300 + 1) is not in a bundle\", \"rule\": \"widget_not_in_bundle\"}"
            text += number + 1 < entries ? ",\n" : "\n"
        }
        text += "]}\n"
        try text.write(toFile: folder + "/baseline.json", atomically: false, encoding: .utf8)
        #expect(text.utf8.count < 64 << 20)
        let started = Date()
        let result = try #require(shell("ulimit -v 1048576 && exec \"$GLANCE\" lint Examples/ProductivityTimer --no-cache --baseline '\(folder)/baseline.json'", within: 120))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(withoutSummary(result.standardError) == "")
        #expect(Date().timeIntervalSince(started) < 30)
        // A limit too small for it: one line, exit 2 (or, if it fits after all, the same clean run).
        let small = try #require(shell("ulimit -v 500000 && exec \"$GLANCE\" lint Examples/ProductivityTimer --no-cache --baseline '\(folder)/baseline.json'", within: 120))
        if small.status != 0 {
            #expect(small.status == 2, "\(small.standardError)")
            let lines = small.standardError.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("glance: error: \(folder)/baseline.json: "), "\(small.standardError)")
        }
    }
}
