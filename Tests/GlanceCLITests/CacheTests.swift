import Foundation
@testable import GlanceCache
import GlanceProject
@testable import GlanceCLI
import GlanceSourceIndex
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The source cache (`--cache-path`, `--no-cache`): a cached run and an uncached run give the same bytes, on the
/// examples and after edits; broken, foreign and concurrent caches change nothing but the time; the cache is
/// bounded.
@Suite struct CacheTests {
    /// `glance lint` with a fixed clock and no environment (so no default cache), absolute paths as given.
    func lint(_ arguments: [String], environment: [String: String] = [:]) -> CommandLineTool.Output {
        CommandLineTool(environment: environment, clock: { 0 }).run(["lint"] + arguments)
    }

    func copyOfExample(_ name: String) throws -> String {
        let folder = try scratchFolder("cache-\(name)")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Examples/" + name, toPath: folder + "/" + name)
        return folder + "/" + name
    }

    /// Regular files below a folder, relative.
    func files(below folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// An uncached run, a run that fills `cache`, and a run from it give the same output and exit code; returns it.
    @discardableResult
    func expectSameWithAndWithoutCache(_ arguments: [String], cache: String, _ comment: String) -> CommandLineTool.Output {
        let uncached = lint(arguments + ["--no-cache"])
        let filling = lint(arguments + ["--cache-path", cache])
        let cached = lint(arguments + ["--cache-path", cache])
        #expect(filling.standardOutput == uncached.standardOutput, "\(comment): the run that fills the cache")
        #expect(cached.standardOutput == uncached.standardOutput, "\(comment): the run from the cache")
        #expect(filling.exitCode == uncached.exitCode && cached.exitCode == uncached.exitCode, "\(comment)")
        #expect(cached.standardError == uncached.standardError, "\(comment)")
        return cached
    }

    /// A cache folder inside the folder being linted is not used (the repository could plant entries there to
    /// hide findings, or links to make the cache write or delete elsewhere): one warning, the run uncached.
    @Test func aCacheInsideTheProjectIsNotUsed() throws {
        let project = try copyOfExample("CommonMistakes")
        defer { try? FileManager.default.removeItem(atPath: (project as NSString).deletingLastPathComponent) }
        let before = files(below: project)
        let output = lint([project, "--cache-path", project + "/.glance-cache"])
        #expect(output.standardError.hasPrefix("glance: warning: cache folder \(project)/.glance-cache is inside the folder being linted, where a repository could plant entries; not used (give --cache-path a folder outside it)\n"))
        #expect(output.standardOutput == lint([project, "--no-cache"]).standardOutput)
        #expect(files(below: project) == before)
        // Given as its project.pbxproj, the folder being linted is still the one holding the .xcodeproj.
        let pbxproj = project + "/CommonMistakes.xcodeproj/project.pbxproj"
        #expect(lint([pbxproj, "--cache-path", project + "/.glance-cache"]).standardError.hasPrefix("glance: warning: cache folder \(project)/.glance-cache is inside"))
        #expect(files(below: project) == before)
    }

    /// Links planted in the cache's own folders are not followed: nothing is written or deleted through them.
    @Test func linksInTheCacheAreNotFollowed() throws {
        let project = try copyOfExample("ProductivityTimer")
        let cache = try scratchFolder("cache-links")
        let victim = try scratchFolder("cache-victim")
        defer { for folder in [(project as NSString).deletingLastPathComponent, cache, victim] { try? FileManager.default.removeItem(atPath: folder) } }
        try FileManager.default.createDirectory(atPath: cache + "/sources-v1", withIntermediateDirectories: true)
        for shard in 0..<256 {
            try FileManager.default.createSymbolicLink(atPath: cache + "/sources-v1/" + String(format: "%02x", shard), withDestinationPath: victim)
        }
        try "keep\n".write(toFile: victim + "/notes.txt", atomically: true, encoding: .utf8)
        let output = lint([project, "--cache-path", cache])
        #expect(output.standardOutput == lint([project, "--no-cache"]).standardOutput)
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim) == ["notes.txt"])
    }

    /// The cache's own folders (`sources-v1`, `records-v1`) replaced by links: nothing is made or written in the
    /// links' target.
    @Test func linkedCacheFoldersAreNotWrittenThrough() throws {
        let project = try copyOfExample("ProductivityTimer")
        let cache = try scratchFolder("cache-linked-folders")
        let victim = try scratchFolder("cache-linked-victim")
        defer { for folder in [(project as NSString).deletingLastPathComponent, cache, victim] { try? FileManager.default.removeItem(atPath: folder) } }
        try FileManager.default.createSymbolicLink(atPath: cache + "/sources-v1", withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(atPath: cache + "/records-v1", withDestinationPath: victim)
        for _ in 1...2 { #expect(lint([project, "--cache-path", cache]).standardOutput == lint([project, "--no-cache"]).standardOutput) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim) == [])
    }

    /// An entry whose positions are out of range (crafted, or damaged) is a miss, not a crash of a reporter.
    @Test func entriesWithImpossiblePositionsAreMisses() throws {
        let project = try copyOfExample("CommonMistakes")
        let cache = try scratchFolder("cache-positions")
        defer { for folder in [(project as NSString).deletingLastPathComponent, cache] { try? FileManager.default.removeItem(atPath: folder) } }
        let expected = lint([project, "--reporter", "sarif", "--no-cache"]).standardOutput
        _ = lint([project, "--cache-path", cache])
        for entry in files(below: cache) where !entry.hasSuffix(".tmp") {
            let path = cache + "/" + entry
            // Sealed again after the damage (`SourceCache.sealed`): the decoder's own checks are what is tested.
            guard let json = try? unsealed(path), let text = String(data: json, encoding: .utf8) else { continue }
            let damaged = text.replacingOccurrences(of: #"\[([0-9]+),([0-9]+)\]"#, with: "[$1,9223372036854775807]", options: .regularExpression)
            try writeSealed(Data(damaged.utf8), to: path)
        }
        #expect(lint([project, "--reporter", "sarif", "--cache-path", cache]).standardOutput == expected)
    }

    @Test func examplesGiveTheSameOutputFromTheCache() throws {
        let cache = try scratchFolder("cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        for example in ["CommonMistakes", "ProductivityTimer"] {
            let path = repositoryRoot + "/Examples/" + example
            let xcode = expectSameWithAndWithoutCache([path], cache: cache, example)
            expectSameWithAndWithoutCache([path, "--reporter", "json", "--explain-skips"], cache: cache, example + " json")
            expectSameWithAndWithoutCache([path, "--parse-all", "--reporter", "sarif"], cache: cache, example + " parse-all")
            if example == "CommonMistakes" {
                let relative = try expected("CommonMistakes.lint.txt").replacingOccurrences(of: "Examples/CommonMistakes/", with: path + "/")
                #expect(xcode.standardOutput == relative)
            }
        }
        // One entry per Swift file the examples compile (37 + 23); file names are SHA-256 digests.
        let entries = files(below: cache + "/sources-v1")
        #expect(entries.count == commonMistakesSwiftFiles + 23)
        #expect(entries.allSatisfy { $0.count == 2 + 1 + 64 && $0.hasPrefix(String($0.suffix(64).prefix(2)) + "/") })
    }

    /// The second run reads every file's scan from the cache, and the declarations of every file it parses.
    @Test func aRepeatRunIsServedFromTheCache() throws {
        let cache = try scratchFolder("cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let path = repositoryRoot + "/Examples/CommonMistakes"
        let store = SourceCache(folder: cache, identity: Glance.cacheIdentity)
        let first = try Glance.surfaces(at: path, cache: store)
        first.index.saveCache()
        #expect(first.index.cacheStatistics.scanned == 0)
        let second = try Glance.surfaces(at: path, cache: SourceCache(folder: cache, identity: Glance.cacheIdentity))
        #expect(second.index.cacheStatistics.scanned == commonMistakesSwiftFiles)
        #expect(second.index.cacheStatistics.parsed == second.index.parseCount.parsed)
        #expect(second.index.parseCount.parsed == first.index.parseCount.parsed)
        #expect(second.index.cacheStatistics.pending == 0)
        // Another Glance (or SwiftSyntax) finds nothing.
        let other = try Glance.surfaces(at: path, cache: SourceCache(folder: cache, identity: "Glance 0.0.1; SwiftSyntax 600"))
        #expect(other.index.cacheStatistics.scanned == 0)
    }

    /// Edits between runs — one line, a file added, renamed, removed, copied, the configuration changed — never
    /// leave a stale finding: after each, the cached run prints what an uncached run prints.
    @Test func editsBetweenCachedRuns() throws {
        let project = try copyOfExample("CommonMistakes")
        let cache = try scratchFolder("cache")
        defer {
            try? FileManager.default.removeItem(atPath: (project as NSString).deletingLastPathComponent)
            try? FileManager.default.removeItem(atPath: cache)
        }
        let arguments = [project, "--reporter", "json", "--explain-skips"]
        var previous = expectSameWithAndWithoutCache(arguments, cache: cache, "before any edit").standardOutput
        let widgets = project + "/Widgets/"
        func step(_ comment: String, changesOutput: Bool = true, _ edit: () throws -> Void) throws {
            try edit()
            let output = expectSameWithAndWithoutCache(arguments, cache: cache, comment).standardOutput
            if changesOutput { #expect(output != previous, "\(comment) changes the findings") }
            previous = output
        }
        try step("one line edited") {
            let file = widgets + "DuplicateKindWidget.swift"
            let text = try String(contentsOfFile: file, encoding: .utf8)
            try write(text.replacingOccurrences(of: "\"com.example.mistakes.weather\"", with: "\"com.example.mistakes.weather-2\""), to: file)
        }
        try step("a file renamed") {
            try FileManager.default.moveItem(atPath: widgets + "MeterWidget.swift", toPath: widgets + "RenamedMeterWidget.swift")
        }
        #expect(previous.contains("RenamedMeterWidget.swift") && !previous.contains("/MeterWidget.swift"))
        try step("a file added (a copy of another, with another widget name)") {
            let text = try String(contentsOfFile: widgets + "RenamedMeterWidget.swift", encoding: .utf8)
            try write(text.replacingOccurrences(of: "struct MeterWidget", with: "struct SecondMeterWidget"), to: widgets + "SecondMeterWidget.swift")
        }
        try step("a file removed") {
            try FileManager.default.removeItem(atPath: widgets + "EndDeliveriesControl.swift")
        }
        try step("the same text at two paths", changesOutput: false) {
            try FileManager.default.copyItem(atPath: widgets + "AddItemIntent.swift", toPath: project + "/Shared/AddItemIntentCopy.swift")
        }
        try step("the configuration changed") {
            try write("{\"disabled_rules\": [\"duplicate_kind\"], \"excluded\": [\"Watch/**\"]}\n", to: project + "/.glance.json")
        }
        try step("a file made unreadable for the parse guard") {
            try write(String(repeating: "(", count: 5000) + "\n", to: widgets + "Deep.swift")
        }
        #expect(previous.contains("Deep.swift"))
    }

    /// Truncated, garbled, foreign, empty entries, and a folder, a link or a FIFO where an entry should be: each
    /// is a miss, the run is as without a cache, and the entry is written again.
    @Test func brokenEntriesAreIgnoredAndRewritten() throws {
        let cache = try scratchFolder("cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let path = repositoryRoot + "/Examples/CommonMistakes"
        let uncached = lint([path, "--no-cache"])
        _ = lint([path, "--cache-path", cache])
        let entries = files(below: cache + "/sources-v1").map { cache + "/sources-v1/" + $0 }
        #expect(entries.count == commonMistakesSwiftFiles)
        let foreign = #"{"format": 1, "key": "0", "identity": "Glance 9.9.9", "context": "", "entry": {"replaced": false}}"#
        for (number, entry) in entries.enumerated() {
            let text = try Data(contentsOf: URL(fileURLWithPath: entry))
            switch number % 7 {
            case 0: try text.prefix(text.count / 2).write(to: URL(fileURLWithPath: entry))
            case 1: try Data((0..<text.count).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: entry))
            case 2: try Data(foreign.utf8).write(to: URL(fileURLWithPath: entry))
            case 3: try Data().write(to: URL(fileURLWithPath: entry))
            case 4:
                try FileManager.default.removeItem(atPath: entry)
                try FileManager.default.createDirectory(atPath: entry, withIntermediateDirectories: false)
            case 5:
                try FileManager.default.removeItem(atPath: entry)
                #expect(mkfifo(entry, 0o600) == 0)
            default:
                try FileManager.default.removeItem(atPath: entry)
                try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: "/dev/zero")
            }
        }
        // Without the records, which would print the run before's output without reading an entry.
        try FileManager.default.removeItem(atPath: cache + "/records-v1")
        let broken = lint([path, "--cache-path", cache])
        #expect(broken.standardOutput == uncached.standardOutput)
        // The folder in an entry's place cannot be replaced: the cache the user named says so, once.
        #expect(broken.standardError == "glance: warning: --cache-path \(cache) cannot be written (is a directory); the next run redoes the work this one could not keep\n" + uncached.standardError)
        #expect(broken.exitCode == uncached.exitCode)
        // Files, links and FIFOs were replaced by entries; a folder stays in the way (and is only a miss).
        var kinds: [String: Int] = [:]
        for entry in entries {
            var info = stat()
            guard lstat(entry, &info) == 0 else { continue }
            let kind = (info.st_mode & S_IFMT) == S_IFREG ? "file" : (info.st_mode & S_IFMT) == S_IFDIR ? "folder" : "other"
            kinds[kind, default: 0] += 1
        }
        let folders = entries.indices.filter { $0 % 7 == 4 }.count
        #expect(kinds == ["file": entries.count - folders, "folder": folders])
        let model = try Glance.surfaces(at: path, cache: SourceCache(folder: cache, identity: Glance.cacheIdentity))
        #expect(model.index.cacheStatistics.scanned == entries.count - folders)
    }

    /// Three processes lint at once into one empty cache, then three from it: every output is the uncached one,
    /// and no temporary file is left.
    @Test func concurrentRunsShareACache() throws {
        let cache = try scratchFolder("cache")
        let outputs = try scratchFolder("outputs")
        defer {
            try? FileManager.default.removeItem(atPath: cache)
            try? FileManager.default.removeItem(atPath: outputs)
        }
        let uncached = lint([repositoryRoot + "/Examples/CommonMistakes", "--no-cache", "--reporter", "json"]).standardOutput
        // Processes started at once (from this test, not a shell's `&`), each writing its report to a file.
        for round in 1...2 {
            let done = DispatchGroup()
            var processes: [Process] = []
            for run in 1...3 {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: glanceExecutable)
                process.arguments = ["lint", "Examples/CommonMistakes", "--reporter", "json", "--cache-path", cache]
                process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
                process.environment = testEnvironment
                let report = "\(outputs)/\(round)-\(run).json"
                #expect(FileManager.default.createFile(atPath: report, contents: nil))
                process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: report))
                process.standardError = FileHandle.nullDevice
                done.enter()
                process.terminationHandler = { _ in done.leave() }
                try process.run()
                processes.append(process)
            }
            guard done.wait(timeout: .now() + 300) == .success else {
                for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
                Issue.record("round \(round) did not finish within 300 s")
                return
            }
            #expect(processes.allSatisfy { $0.terminationStatus == 1 }, "round \(round)")
        }
        for round in 1...2 {
            for run in 1...3 {
                let output = try String(contentsOfFile: "\(outputs)/\(round)-\(run).json", encoding: .utf8)
                #expect(output == uncached.replacingOccurrences(of: repositoryRoot + "/", with: ""), "round \(round), run \(run)")
            }
        }
        let left = files(below: cache)
        #expect(left.filter { $0.hasPrefix("sources-v1/") }.count == commonMistakesSwiftFiles)
        #expect(left.allSatisfy { $0.hasPrefix("sources-v1/") || $0.hasPrefix("records-v1/") })
        #expect(!left.contains { $0.hasSuffix(".tmp") })
    }

    /// After a run that writes, the least recently used entries go until the entries fit the bound.
    @Test func theCacheIsBounded() throws {
        let cache = try scratchFolder("cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let store = SourceCache(folder: cache, identity: "test", maximumBytes: 8_000)
        let texts = (0..<40).map { "struct Type\($0) { let value = \($0) }\n" + String(repeating: "// padding\n", count: 100) }
        // Entries written one by one, each older than the next.
        var keys: [String] = []
        for (number, text) in texts.enumerated() {
            let (key, entry) = store.lookup(text: text, context: "c", path: "/p/\(number).swift")
            #expect(entry == nil)
            store.store(SourceCacheEntry(refusal: nil, tokens: FileTokens(scanning: text), replaced: false, index: nil), key: key, context: "c", path: "/p/\(number).swift")
            var times = [timeval(tv_sec: 1_000_000 + number, tv_usec: 0), timeval(tv_sec: 1_000_000 + number, tv_usec: 0)]
            #expect(utimes(cache + "/sources-v1/" + key.prefix(2) + "/" + key, &times) == 0)
            keys.append(key)
        }
        let sizes = files(below: cache + "/sources-v1").map { (try? FileManager.default.attributesOfItem(atPath: cache + "/sources-v1/" + $0)[.size] as? Int) ?? 0 }
        #expect(sizes.reduce(0, +) > 8_000)
        store.finish()
        let left = Set(files(below: cache + "/sources-v1").map { String($0.suffix(64)) })
        let total = left.map { key in (try? FileManager.default.attributesOfItem(atPath: cache + "/sources-v1/" + key.prefix(2) + "/" + key)[.size] as? Int) ?? 0 }.reduce(0, +)
        #expect(total <= 7_200)
        #expect(!left.isEmpty)
        // The newest stay, the oldest went.
        #expect(left == Set(keys.suffix(left.count)))
        // What stays is read back.
        let last = texts.count - 1
        #expect(store.lookup(text: texts[last], context: "c", path: "/q.swift").entry?.tokens?.typeNames == ["Type\(last)"])
        #expect(store.lookup(text: texts[last], context: "other", path: "/q.swift").entry == nil)
    }

    /// A run that stores many entries writes one pack, not a file each; another run reads every entry back from
    /// it, and the output is the uncached one.
    @Test func manyEntriesGoIntoOnePack() throws {
        let cache = try scratchFolder("cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let path = repositoryRoot + "/Examples/CommonMistakes"
        let filled = try Glance.surfaces(at: path, cache: SourceCache(folder: cache, identity: Glance.cacheIdentity, packThreshold: 4))
        filled.index.saveCache()
        let stored = files(below: cache + "/sources-v1")
        #expect(stored.count == 1 && stored[0].hasPrefix("packs/") && stored[0].hasSuffix(".pack"), "\(stored)")
        let parsed = filled.index.parsedPaths.count
        #expect(parsed > 0)
        let reread = try Glance.surfaces(at: path, cache: SourceCache(folder: cache, identity: Glance.cacheIdentity))
        #expect(reread.index.cacheStatistics.scanned == commonMistakesSwiftFiles)
        #expect(reread.index.cacheStatistics.parsed == parsed)
        #expect(reread.index.cacheStatistics.pending == 0)
        let uncached = lint([path, "--no-cache"])
        let cached = lint([path, "--cache-path", cache])
        #expect(cached.standardOutput == uncached.standardOutput)
        #expect(cached.standardError == uncached.standardError)
        #expect(cached.exitCode == uncached.exitCode)
    }

    /// Entries for `count` texts, stored by a cache that packs from two entries; returns the texts and keys.
    func packedEntries(_ count: Int, in cache: String) -> [(text: String, key: String)] {
        let store = SourceCache(folder: cache, identity: "test", packThreshold: 2)
        let texts = (0..<count).map { "struct Packed\($0) { let value = \($0) }\n" }
        let keyed = texts.map { text in (text: text, key: store.lookup(text: text, context: "c", path: "/p.swift").key) }
        store.store(keyed.map { (key: $0.key, path: "/p.swift", entry: SourceCacheEntry(refusal: nil, tokens: FileTokens(scanning: $0.text), replaced: false, index: nil)) },
                    context: "c")
        return keyed
    }

    /// A pack that does not hold together — cut short, another magic, an impossible count, an entry outside the
    /// file, a key that is not hex — is a miss whole; a damaged entry in a sound pack is a miss alone.
    @Test func brokenPacksAreMisses() throws {
        let damages: [(String, (inout [UInt8]) -> Void)] = [
            ("cut short", { $0.removeLast(10) }),
            ("another magic", { $0[0] = UInt8(ascii: "G") }),
            ("impossible count", { for index in 12..<20 { $0[index] = 0xFF } }),
            ("entry outside the file", { $0[20 + 64 + 1] = 0x7F }),
            ("key not hex", { $0[20] = UInt8(ascii: "Z") }),
            ("empty", { $0 = [] }),
        ]
        for (name, damage) in damages {
            let cache = try scratchFolder("cache")
            defer { try? FileManager.default.removeItem(atPath: cache) }
            let keyed = packedEntries(3, in: cache)
            let packs = files(below: cache + "/sources-v1/packs")
            try #require(packs.count == 1, "\(name): \(packs)")
            let pack = cache + "/sources-v1/packs/" + packs[0]
            #expect(SourceCache(folder: cache, identity: "test").lookup(text: keyed[2].text, context: "c", path: "/p.swift").entry?.tokens?.typeNames == ["Packed2"], "\(name)")
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pack)))
            damage(&bytes)
            try Data(bytes).write(to: URL(fileURLWithPath: pack))
            let reader = SourceCache(folder: cache, identity: "test")
            #expect(keyed.allSatisfy { reader.lookup(text: $0.text, context: "c", path: "/p.swift").entry == nil }, "\(name)")
        }
        // One entry's bytes damaged: that entry is a miss, the others are read.
        let cache = try scratchFolder("cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let keyed = packedEntries(3, in: cache)
        let pack = cache + "/sources-v1/packs/" + files(below: cache + "/sources-v1/packs")[0]
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pack)))
        let firstOffset = bytes[84..<92].reversed().reduce(0) { $0 << 8 | Int($1) }   // the first record's offset
        bytes[firstOffset] = UInt8(ascii: "[")
        try Data(bytes).write(to: URL(fileURLWithPath: pack))
        let reader = SourceCache(folder: cache, identity: "test")
        let found = keyed.map { reader.lookup(text: $0.text, context: "c", path: "/p.swift").entry?.tokens?.typeNames.first }
        #expect(found.filter { $0 == nil }.count == 1)
        #expect(Set(found.compactMap { $0 }).count == 2)
    }

    /// Packs are bounded as a whole: the least recently used pack goes first.
    @Test func packsAreEvictedWhole() throws {
        let cache = try scratchFolder("cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let old = packedEntries(30, in: cache)
        let oldPack = cache + "/sources-v1/packs/" + files(below: cache + "/sources-v1/packs")[0]
        var times = [timeval(tv_sec: 1_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000, tv_usec: 0)]
        #expect(utimes(oldPack, &times) == 0)
        let size = (try FileManager.default.attributesOfItem(atPath: oldPack)[.size] as? Int) ?? 0
        // A second pack of other texts, then a bound that holds one pack but not two.
        let store = SourceCache(folder: cache, identity: "test", maximumBytes: size * 3 / 2, packThreshold: 2)
        let texts = (0..<30).map { "enum Newer\($0) {}\n" }
        store.store(texts.map { (key: store.lookup(text: $0, context: "c", path: "/p.swift").key, path: "/p.swift",
                                 entry: SourceCacheEntry(refusal: nil, tokens: FileTokens(scanning: $0), replaced: false, index: nil)) }, context: "c")
        #expect(files(below: cache + "/sources-v1/packs").count == 2)
        store.finish()
        let left = files(below: cache + "/sources-v1/packs")
        #expect(left.count == 1 && cache + "/sources-v1/packs/" + left[0] != oldPack)
        let reader = SourceCache(folder: cache, identity: "test")
        #expect(reader.lookup(text: old[0].text, context: "c", path: "/p.swift").entry == nil)
        #expect(reader.lookup(text: texts[0], context: "c", path: "/p.swift").entry?.tokens?.typeNames == ["Newer0"])
    }

    /// A run that read its entries from 8 packs or more gathers them into a pack of its own, and past 64 packs the
    /// least recently used go: what the run used stays readable, and the next run reads it from one pack. Files named like packs that are not whole ones take no
    /// whole pack's place, and go once there are too many.
    @Test func manyPacksAreGatheredAndBounded() throws {
        let cache = try scratchFolder("cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let packs = cache + "/sources-v1/packs"
        let writer = SourceCache(folder: cache, identity: "test", packThreshold: 2)
        // Dated one second apart, two hours ago (within a day: packs are marked used for their age after a day).
        let base = Int(Date().timeIntervalSince1970) - 7_200
        var texts: [String] = []
        for number in 0..<70 {
            let pair = ["struct First\(number) {}\n", "struct Second\(number) {}\n"]
            let before = Set(files(below: packs))
            writer.store(pair.map { (key: writer.lookup(text: $0, context: "c", path: "/p.swift").key, path: "/p.swift",
                                     entry: SourceCacheEntry(refusal: nil, tokens: FileTokens(scanning: $0), replaced: false, index: nil)) }, context: "c")
            let made = try #require(Set(files(below: packs)).subtracting(before).first)
            var times = [timeval(tv_sec: base + number, tv_usec: 0), timeval(tv_sec: base + number, tv_usec: 0)]
            #expect(utimes(packs + "/" + made, &times) == 0)
            texts += pair
        }
        // Newer files that only look like packs.
        for number in 0..<80 { try Data("not a pack \(number)".utf8).write(to: URL(fileURLWithPath: packs + "/junk\(number).pack")) }
        let reader = SourceCache(folder: cache, identity: "test", packThreshold: 2)
        let found = texts.map { reader.lookup(text: $0, context: "c", path: "/p.swift").entry?.tokens?.typeNames.first }
        // The newest 64 whole packs are read (the junk takes no place): the first six pairs are not.
        #expect(found.prefix(12).allSatisfy { $0 == nil })
        #expect(found.dropFirst(12).allSatisfy { $0 != nil })
        // Packs read that are not among the newest half were marked used (the others keep their dates).
        let dates = try files(below: packs).filter { !$0.hasPrefix("junk") }.map { name in
            try #require(FileManager.default.attributesOfItem(atPath: packs + "/" + name)[.modificationDate] as? Date).timeIntervalSince1970
        }
        #expect(dates.filter { $0 > Double(base + 3_600) }.count == 32, "\(dates.sorted())")
        #expect(Set(dates.filter { $0 < Double(base + 3_600) }.map { Int($0) - base }) == Set(Array(0..<6) + Array(38..<70)))
        reader.store([], context: "c")
        reader.finish()
        let left = files(below: packs)
        #expect(left.count == 64 && !left.contains { $0.hasPrefix("junk") }, "\(left.count) packs: \(left.filter { $0.hasPrefix("junk") }.count) junk")
        // What the reader used is in the newest pack, read whatever went.
        let again = SourceCache(folder: cache, identity: "test", packThreshold: 2)
        #expect(texts.dropFirst(12).allSatisfy { again.lookup(text: $0, context: "c", path: "/p.swift").entry != nil })
        // Read from one pack, they are not gathered again.
        again.store([], context: "c")
        #expect(files(below: packs).count == 64)
    }

    /// An entry of its own and a packed one for the same text: the one that holds declarations is used.
    @Test func theEntryWithDeclarationsWins() throws {
        let text = "struct Both { let value = 1 }\n"
        let index = try #require(SourceIndex(sources: ["/p.swift": text]).file("/p.swift"))
        let scanned = SourceCacheEntry(refusal: nil, tokens: FileTokens(scanning: text), replaced: false, index: nil)
        var parsed = scanned
        parsed.index = index
        for packedHasDeclarations in [false, true] {
            let cache = try scratchFolder("cache")
            defer { try? FileManager.default.removeItem(atPath: cache) }
            let store = SourceCache(folder: cache, identity: "test", packThreshold: 2)
            let key = store.lookup(text: text, context: "c", path: "/p.swift").key
            let filler = "enum Filler {}\n"
            let fillerKey = store.lookup(text: filler, context: "c", path: "/p.swift").key
            store.store([(key: key, path: "/p.swift", entry: packedHasDeclarations ? parsed : scanned),
                         (key: fillerKey, path: "/p.swift", entry: SourceCacheEntry(refusal: nil, tokens: FileTokens(scanning: filler), replaced: false, index: nil))],
                        context: "c")
            store.store(packedHasDeclarations ? scanned : parsed, key: key, context: "c", path: "/p.swift")
            let found = SourceCache(folder: cache, identity: "test").lookup(text: text, context: "c", path: "/p.swift").entry
            #expect(found?.index != nil, "packed entry with declarations: \(packedHasDeclarations)")
        }
    }

    /// An entry prepared ahead is stored as prepared only when it is the same entry: one that gained declarations
    /// since is encoded again.
    @Test func preparedEntriesAreUsedOnlyWhenUnchanged() throws {
        let cache = try scratchFolder("cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let text = "struct Prepared { let value = 1 }\n", other = "enum Unchanged {}\n"
        let index = try #require(SourceIndex(sources: ["/p.swift": text]).file("/p.swift"))
        let store = SourceCache(folder: cache, identity: "test")
        let key = store.lookup(text: text, context: "c", path: "/p.swift").key
        let otherKey = store.lookup(text: other, context: "c", path: "/o.swift").key
        let scanned = SourceCacheEntry(refusal: nil, tokens: FileTokens(scanning: text), replaced: false, index: nil)
        var parsed = scanned
        parsed.index = index
        let unchanged = SourceCacheEntry(refusal: nil, tokens: FileTokens(scanning: other), replaced: false, index: nil)
        store.prepare([(key: key, path: "/p.swift", entry: scanned), (key: otherKey, path: "/o.swift", entry: unchanged)], context: "c") { false }
        store.store([(key: key, path: "/p.swift", entry: parsed), (key: otherKey, path: "/o.swift", entry: unchanged)], context: "c")
        let reader = SourceCache(folder: cache, identity: "test")
        #expect(reader.lookup(text: text, context: "c", path: "/p.swift").entry?.index != nil)
        #expect(reader.lookup(text: other, context: "c", path: "/o.swift").entry?.tokens?.typeNames == ["Unchanged"])
        // Stopped at once: nothing prepared, everything still stored.
        var asked = 0
        let stopped = SourceCache(folder: cache + "/2", identity: "test")
        stopped.prepare([(key: key, path: "/p.swift", entry: scanned)], context: "c") { asked += 1; return true }
        #expect(asked == 1)
        stopped.store([(key: key, path: "/p.swift", entry: scanned)], context: "c")
        #expect(SourceCache(folder: cache + "/2", identity: "test").lookup(text: text, context: "c", path: "/p.swift").entry?.tokens?.typeNames == ["Prepared"])
    }

    /// A cached index is the same for a file of the same text at another path: every location names the new path.
    @Test func anEntryMovesWithItsText() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/Examples/CommonMistakes/Widgets/LampControl.swift", encoding: .utf8)
        let index = SourceIndex(sources: ["/a/Lamp.swift": text, "/b/Moved.swift": text])
        let original = try #require(index.file("/a/Lamp.swift"))
        let moved = try #require(index.file("/b/Moved.swift"))
        let encoder = JSONEncoder()
        encoder.userInfo[.sourceFile] = "/a/Lamp.swift"
        let decoder = JSONDecoder()
        decoder.userInfo[.sourceFile] = "/b/Moved.swift"
        let decoded = try decoder.decode(FileIndex.self, from: try encoder.encode(original))
        #expect(decoded.path == "/b/Moved.swift")
        // Without userInfo, locations are coded with their file: the two indexes are the same, paths included.
        let plain = JSONEncoder()
        plain.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let decodedTypes = String(decoding: try plain.encode(decoded.types), as: UTF8.self)
        #expect(decodedTypes == String(decoding: try plain.encode(moved.types), as: UTF8.self))
        #expect(decodedTypes.contains("/b/Moved.swift") && !decodedTypes.contains("/a/Lamp.swift"))
        #expect(String(decoding: try plain.encode(decoded.globals), as: UTF8.self) == String(decoding: try plain.encode(moved.globals), as: UTF8.self))
        #expect(String(decoding: try plain.encode(decoded.topLevel), as: UTF8.self) == String(decoding: try plain.encode(moved.topLevel), as: UTF8.self))
    }

    // MARK: - Command line

    @Test func whereTheCacheGoes() throws {
        let home = try scratchFolder("home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = repositoryRoot + "/Examples/ProductivityTimer"
        // No HOME and no XDG_CACHE_HOME: no cache.
        #expect(SourceCache.defaultFolder(environment: [:]) == nil)
        // XDG_CACHE_HOME wins over HOME; a relative one is not used.
        #expect(lint([path], environment: ["HOME": home, "XDG_CACHE_HOME": home + "/xdg"]).exitCode == 0)
        #expect(files(below: home + "/xdg/glance/sources-v1").count == 23)
        #expect(SourceCache.defaultFolder(environment: ["HOME": home, "XDG_CACHE_HOME": "relative"]) == SourceCache.defaultFolder(environment: ["HOME": home]))
        #if os(macOS)
        #expect(SourceCache.defaultFolder(environment: ["HOME": home]) == home + "/Library/Caches/Glance")
        #else
        #expect(SourceCache.defaultFolder(environment: ["HOME": home]) == home + "/.cache/glance")
        #endif
        #expect(lint([path], environment: ["HOME": home]).exitCode == 0)
        #expect(files(below: SourceCache.defaultFolder(environment: ["HOME": home])! + "/sources-v1").count == 23)
        // --no-cache neither reads nor writes; --cache-path wins over the environment.
        let other = try scratchFolder("home")
        defer { try? FileManager.default.removeItem(atPath: other) }
        #expect(lint([path, "--no-cache"], environment: ["HOME": other]).exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: other + "/.cache") && !FileManager.default.fileExists(atPath: other + "/Library"))
        #expect(lint([path, "--cache-path", other + "/given"], environment: ["HOME": other]).exitCode == 0)
        #expect(files(below: other).allSatisfy { $0.hasPrefix("given/sources-v1/") || $0.hasPrefix("given/records-v1/") })
        #expect(files(below: other + "/given/sources-v1").count == 23)
    }

    @Test func cacheFlagErrors() throws {
        let path = repositoryRoot + "/Examples/ProductivityTimer"
        let both = lint([path, "--no-cache", "--cache-path", "/tmp/x"])
        #expect(both.exitCode == 2)
        #expect(both.standardError == "glance: error: --no-cache and --cache-path cannot be used together (see 'glance lint --help')\n")
        let file = glance(["lint", "Examples/ProductivityTimer", "--cache-path", "README.md"])
        #expect(file.exitCode == 2)
        #expect(file.standardError == "glance: error: --cache-path 'README.md' is a file, not a folder (see 'glance lint --help')\n")
        #expect(lint([path, "--cache-path", ""]).standardError == "glance: error: --cache-path needs a folder (see 'glance lint --help')\n")
        // A cache folder that cannot be written (its parent is a file) only makes the run slower; the user named it,
        // so one warning says why (issue 22: it was ignored without a word).
        let blocker = try scratchFolder("cache-blocker")
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        try "a file\n".write(toFile: blocker + "/file", atomically: true, encoding: .utf8)
        let unwritable = lint([path, "--cache-path", blocker + "/file/cache"])
        #expect(unwritable.exitCode == 0)
        #expect(unwritable.standardError == "glance: warning: --cache-path \(blocker)/file/cache cannot be written (not a directory); the next run redoes the work this one could not keep\n"
                + summary(errors: 0, warnings: 0, files: 23))
        // The default folder, unwritable the same way, says nothing: it only makes the run slower.
        let quiet = CommandLineTool(environment: ["XDG_CACHE_HOME": blocker + "/file"], clock: { 0 }).run(["lint", path])
        #expect(quiet.exitCode == 0)
        #expect(quiet.standardError == summary(errors: 0, warnings: 0, files: 23))
    }

    // MARK: - Progress

    @Test func progressLineOnATerminal() throws {
        let written = Lines()
        let started = ProgressLine.start(started: 0, clock: { 5 }, delay: 1, isTerminal: true, write: { written.append($0) })
        let line = try #require(started)
        let index = SourceIndex(paths: ["/a.swift", "/b.swift"], progress: line.index, load: { _ in "struct A: Widget {}\n" })
        #expect(index.parseCount.parsed == 2)
        Thread.sleep(forTimeInterval: 0.35)
        line.stop()
        line.stop()
        let lines = written.all
        #expect(lines.count >= 2)
        #expect(lines.dropLast().allSatisfy { $0 == "\r\u{1B}[Kglance: read 2 of 2 Swift files, parsed 2" })
        #expect(lines.last == "\r\u{1B}[K")
    }

    @Test func noProgressLineOffATerminalOrInTheFirstSecond() throws {
        let offTerminal = ProgressLine.start(started: 0, clock: { 5 }, isTerminal: false, write: { _ in })
        #expect(offTerminal == nil)
        let written = Lines()
        let started = ProgressLine.start(started: 0, clock: { 0.5 }, delay: 1, isTerminal: true, write: { written.append($0) })
        let line = try #require(started)
        Thread.sleep(forTimeInterval: 0.3)
        line.stop()
        #expect(written.all.isEmpty)
        // Through a pipe, --progress changes nothing.
        let piped = try #require(shell("\"$GLANCE\" lint Examples/ProductivityTimer --progress --no-cache", within: 60))
        #expect(piped.status == 0)
        #expect(piped.standardError.hasPrefix("glance: 0 errors, 0 warnings in 23 files ("))
        #expect(!piped.standardError.contains("\r"))
    }
}

private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
}

/// Records (`RunRecord`, `ProjectRecord`): a repeat run prints what the run before printed without linting, and
/// only while every question that run asked the disk gets the same answer.
@Suite struct RunRecordTests {
    let cacheTests = CacheTests()

    func lint(_ arguments: [String]) -> CommandLineTool.Output { cacheTests.lint(arguments) }

    /// After each kind of change, the run from the cache prints what an uncached run prints (and the change shows).
    @Test func everyKindOfChangeMakesTheRunLintAgain() throws {
        let project = try cacheTests.copyOfExample("CommonMistakes")
        let cache = try scratchFolder("records")
        defer { for folder in [(project as NSString).deletingLastPathComponent, cache] { try? FileManager.default.removeItem(atPath: folder) } }
        var previous = lint([project, "--cache-path", cache])
        #expect(previous.standardOutput == lint([project, "--no-cache"]).standardOutput)
        #expect(cacheTests.files(below: cache + "/records-v1").count >= 2, "a run record and a project record")
        // The run record names the files the run parsed, which the next run parses first when they changed.
        let parsedFiles = try cacheTests.files(below: cache + "/records-v1").compactMap { name -> [String]? in
            let data = try unsealed(cache + "/records-v1/" + name)
            return ((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["record"] as? [String: Any])?["parsedFiles"] as? [String]
        }
        #expect(parsedFiles.count == 1 && parsedFiles[0].contains { $0.hasSuffix("/App/Refresh.swift") })
        let repeated = lint([project, "--cache-path", cache])
        #expect(repeated.standardOutput == previous.standardOutput && repeated.standardError == previous.standardError
                && repeated.exitCode == previous.exitCode)

        func change(_ what: String, _ edit: () throws -> Void) throws {
            try edit()
            let cached = lint([project, "--cache-path", cache])
            let uncached = lint([project, "--no-cache"])
            #expect(cached.standardOutput == uncached.standardOutput, "\(what)")
            #expect(cached.standardError == uncached.standardError && cached.exitCode == uncached.exitCode, "\(what)")
            #expect(cached.standardOutput != previous.standardOutput, "\(what) changes the findings")
            previous = cached
            #expect(lint([project, "--cache-path", cache]).standardOutput == cached.standardOutput, "\(what), repeated")
        }
        func replace(_ old: String, _ new: String, in file: String) throws {
            let path = project + "/" + file
            try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
        }
        // The same number of bytes: the size does not tell; the contents do.
        try change("a Swift file edited in place") { try replace("mistakes.wether", "mistakes.wethxr", in: "App/Refresh.swift") }
        try change("an Info.plist edited") {
            try replace("NSSupportsFrequentLiveActivityUpdates", "NSSupportsLiveActivitiesFrequentUpdates", in: "App/Info.plist")
        }
        try change("a Swift file added to a synchronized folder") {
            try "import WidgetKit\n\nfunc reloadNothing() {\n    WidgetCenter.shared.reloadTimelines(ofKind: \"com.example.nothing\")\n}\n"
                .write(toFile: project + "/TickerApp/ReloadNothing.swift", atomically: true, encoding: .utf8)
        }
        try change("a configuration file added") {
            try #"{"disabled_rules": ["reload_unknown_kind"]}"#.write(toFile: project + "/.glance.json", atomically: true, encoding: .utf8)
        }
        try change("the project file edited") { try replace("26.2", "26.0", in: "CommonMistakes.xcodeproj/project.pbxproj") }
        // Other arguments, another record.
        let json = lint([project, "--reporter", "json", "--cache-path", cache])
        #expect(json.standardOutput == lint([project, "--reporter", "json", "--no-cache"]).standardOutput)
        #expect(lint([project, "--cache-path", cache]).standardOutput == previous.standardOutput)
    }

    /// `--config` and `--baseline` given as links: repointing a link is a change, though no file changed.
    @Test func repointedConfigurationAndBaselineLinksAreChanges() throws {
        let project = try cacheTests.copyOfExample("CommonMistakes")
        let folder = (project as NSString).deletingLastPathComponent
        let cache = try scratchFolder("records-links")
        defer { for path in [folder, cache] { try? FileManager.default.removeItem(atPath: path) } }
        try #"{"only_rules": ["duplicate_kind"]}"#.write(toFile: folder + "/a.json", atomically: true, encoding: .utf8)
        try #"{"only_rules": ["widget_url_multiple"]}"#.write(toFile: folder + "/b.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/configuration.json", withDestinationPath: folder + "/a.json")
        let arguments = [project, "--config", folder + "/configuration.json"]
        let first = lint(arguments + ["--cache-path", cache])
        #expect(first.standardOutput == lint(arguments + ["--no-cache"]).standardOutput)
        try FileManager.default.removeItem(atPath: folder + "/configuration.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/configuration.json", withDestinationPath: folder + "/b.json")
        let repointed = lint(arguments + ["--cache-path", cache])
        #expect(repointed.standardOutput == lint(arguments + ["--no-cache"]).standardOutput && repointed.exitCode == lint(arguments + ["--no-cache"]).exitCode)
        #expect(repointed.standardOutput != first.standardOutput)
        // A baseline through a linked folder: the folder repointed to one with an empty baseline.
        let baselines = [folder + "/full", folder + "/empty"]
        for baseline in baselines { try FileManager.default.createDirectory(atPath: baseline, withIntermediateDirectories: true) }
        _ = lint([project, "--no-cache", "--write-baseline", baselines[0] + "/baseline.json"])
        _ = lint([project + "/Watch", "--no-cache", "--write-baseline", baselines[1] + "/baseline.json"])
        try FileManager.default.createSymbolicLink(atPath: folder + "/baselines", withDestinationPath: baselines[0])
        let withBaseline = [project, "--baseline", folder + "/baselines/baseline.json"]
        let full = lint(withBaseline + ["--cache-path", cache])
        try FileManager.default.removeItem(atPath: folder + "/baselines")
        try FileManager.default.createSymbolicLink(atPath: folder + "/baselines", withDestinationPath: baselines[1])
        let other = lint(withBaseline + ["--cache-path", cache])
        #expect(other.standardOutput == lint(withBaseline + ["--no-cache"]).standardOutput)
        #expect(other.standardOutput != full.standardOutput)
    }

    /// A record that cannot be read (truncated, or another's) is ignored and written again.
    @Test func brokenRecordsAreIgnored() throws {
        let project = try cacheTests.copyOfExample("ProductivityTimer")
        let cache = try scratchFolder("records-broken")
        defer { for folder in [(project as NSString).deletingLastPathComponent, cache] { try? FileManager.default.removeItem(atPath: folder) } }
        let expected = lint([project, "--no-cache"])
        _ = lint([project, "--cache-path", cache])
        for damage in ["", "{\"format\":1}", "not json"] {
            for record in cacheTests.files(below: cache + "/records-v1") {
                try damage.write(toFile: cache + "/records-v1/" + record, atomically: false, encoding: .utf8)
            }
            let output = lint([project, "--cache-path", cache])
            #expect(output.standardOutput == expected.standardOutput && output.exitCode == expected.exitCode, "record damaged to \(damage.debugDescription)")
        }
        #expect(lint([project, "--cache-path", cache]).standardOutput == expected.standardOutput)
    }

    /// `--write-baseline` writes a file each time: its runs are not replayed.
    @Test func runsThatWriteABaselineAreNotRecorded() throws {
        let project = try cacheTests.copyOfExample("CommonMistakes")
        let cache = try scratchFolder("records-baseline")
        defer { for folder in [(project as NSString).deletingLastPathComponent, cache] { try? FileManager.default.removeItem(atPath: folder) } }
        let baseline = cache + "/../records-baseline.json"
        defer { try? FileManager.default.removeItem(atPath: baseline) }
        _ = lint([project, "--cache-path", cache, "--write-baseline", baseline])
        try FileManager.default.removeItem(atPath: baseline)
        _ = lint([project, "--cache-path", cache, "--write-baseline", baseline])
        #expect(FileManager.default.fileExists(atPath: baseline))
    }

    /// A question's text form reads back as the same question, whatever its path holds.
    @Test func questionCodesRoundTrip() {
        let questions: [FileQuestion] = [
            .status(path: "/p/a|b.swift", followingLinks: true), .status(path: "/p", followingLinks: false), .listing(path: "/p/x y"),
            .read(path: "/p/R|1|2|3|a", kind: "Swift source", maximumBytes: 4 << 20, prefix: nil),
            .read(path: "/p/i.png", kind: "file", maximumBytes: 32, prefix: 32), .access(path: "/p", mode: 5), .realPath(path: "/p/\n"),
        ]
        for question in questions { #expect(FileQuestion(code: question.code) == question, "\(question)") }
        #expect(FileQuestion(code: "X|/p") == nil)
        #expect(FileQuestion(code: "R|kind|many|-|/p") == nil)
        for broken in ["", "S1", "L", "A|x|/p", "A|5", "R|kind|1|x|/p", "R|kind|1", "P/p", "s1|/p"] { #expect(FileQuestion(code: broken) == nil, "\(broken)") }
        #expect(FileQuestion(code: "P|") == .realPath(path: ""))
    }
}

/// The JSON of a cache file (an entry or a record): what follows its digest (`SourceCache.checked`).
func unsealed(_ path: String) throws -> Data {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let json = SourceCache.checked(data) else { throw CocoaError(.fileReadCorruptFile) }
    return json
}

/// Writes JSON as a cache file, sealed as the cache seals it: a test forging what someone who can write the cache
/// could write.
func writeSealed(_ json: Data, to path: String) throws {
    try SourceCache.sealed(json)!.write(to: URL(fileURLWithPath: path))
}
