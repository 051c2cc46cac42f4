import Foundation
import Testing
@testable import GlanceProject
@testable import GlanceSourceIndex

/// File names that are not UTF-8, bounded reads, and the folder reads stay in.
struct FilePathBytesTests {
    @Test func namesRoundTrip() {
        for bytes: [UInt8] in [Array("plain.swift".utf8), Array("café.swift".utf8), [0x43, 0xE9, 0x2E], [0xFF, 0xFE, 0x00 + 0x41], [0xC3], [0xED, 0xA0, 0x80],
                               Array("\u{10FFE9}".utf8), [0xF4, 0x8F, 0xBF, 0xBF]] {
            let string = FilePathBytes.string(fromBytes: bytes)
            #expect(FilePathBytes.bytes(of: string) == bytes, "\(bytes)")
        }
        #expect(FilePathBytes.string(fromBytes: Array("café".utf8)) == "café")
        #expect(!FilePathBytes.hasEscapedBytes("café"))
        #expect(FilePathBytes.hasEscapedBytes(FilePathBytes.string(fromBytes: [0x41, 0xE9])))
    }
}

struct FileSystemTests {
    func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "glance-fs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        return path
    }

    /// Heard questions, by path.
    final class Heard: FileObserver, @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []
        func observed(_ question: FileQuestion, _ answer: FileAnswer) {
            guard case .status(let path, _) = question else { return }
            lock.lock(); paths.append(path); lock.unlock()
        }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return paths }
    }

    /// Starts observing on a thread of its own, asks about `path` with a file system made there and with one made
    /// before, and returns what its observer heard; `meanwhile` runs while it observes.
    func observe(_ path: String, made before: FileSystem, meanwhile: () -> Void = {}) -> (observer: Heard, stop: () -> Void) {
        let observer = Heard()
        let started = DispatchSemaphore(value: 0), stop = DispatchSemaphore(value: 0), stopped = DispatchSemaphore(value: 0)
        Thread {
            FileSystem.startObserving(observer)
            _ = FileSystem().status(path + "/made-there")
            _ = before.status(path + "/made-before")
            started.signal()
            stop.wait()
            FileSystem.stopObserving(observer)
            stopped.signal()
        }.start()
        started.wait()
        meanwhile()
        return (observer, { stop.signal(); stopped.wait() })
    }

    /// Two runs observing at once on threads of their own hear their own file systems' questions, not each
    /// other's; a file system made outside any scope is heard by both (a run may hear more, never less).
    @Test func runsObservingAtOnceHearTheirOwnQuestions() throws {
        // Paths of this test only: other tests' unscoped file systems may be heard too.
        let root = "/glance-observing-\(UUID().uuidString)"
        func ours(_ heard: Heard) -> [String] { heard.all.filter { $0.hasPrefix(root) }.map { String($0.dropFirst(root.count)) }.sorted() }
        let unscoped = FileSystem()
        let first = observe(root + "/first", made: unscoped)
        let second = observe(root + "/second", made: unscoped)
        first.stop()
        second.stop()
        #expect(ours(first.observer) == ["/first/made-before", "/first/made-there", "/second/made-before"])
        #expect(ours(second.observer) == ["/second/made-before", "/second/made-there"])
        // A stage's observer within a run shares the run's scope: both hear the stage's file systems.
        let run = Heard(), stage = Heard()
        FileSystem.startObserving(run)
        FileSystem.startObserving(stage)
        _ = FileSystem().status(root + "/stage")
        FileSystem.stopObserving(stage)
        _ = FileSystem().status(root + "/after")
        FileSystem.stopObserving(run)
        _ = FileSystem().status(root + "/outside")
        #expect(ours(run) == ["/after", "/stage"])
        #expect(ours(stage) == ["/stage"])
    }

    /// A canonical path resolves links, `.`, `..` and doubled or trailing slashes, whether the path is already in
    /// standard form (resolved by realpath(3) alone) or not; a path that does not exist keeps its missing part.
    @Test func canonicalPathsResolveLinksWhateverTheSpelling() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let real = FileSystem.canonicalPath(folder) + "/inside"
        try Data("x".utf8).write(to: URL(fileURLWithPath: real + "/f.swift"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: real)
        try FileManager.default.createSymbolicLink(atPath: folder + "/file-link.swift", withDestinationPath: real + "/f.swift")
        let expected: [(String, String)] = [
            (folder + "/link/f.swift", real + "/f.swift"),
            (folder + "/file-link.swift", real + "/f.swift"),
            (folder + "/link/../inside/f.swift", real + "/f.swift"),
            (folder + "/link//f.swift", real + "/f.swift"),
            (folder + "/link/./f.swift", real + "/f.swift"),
            (folder + "/link/", real),
            (folder + "/link/missing/g.swift", real + "/missing/g.swift"),
            (folder + "/.hidden/g.swift", FileSystem.canonicalPath(folder) + "/.hidden/g.swift"),
        ]
        for (path, canonical) in expected { #expect(FileSystem.canonicalPath(path) == canonical, "\(path)") }
    }

    /// Reading ahead walks the folder as a project search does, and reads, scans and parses (when parsed eagerly).
    @Test func readingAheadCoversTheFolderSwiftFiles() throws {
        let folder = NSTemporaryDirectory() + "ahead-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = [
            "App/Widget.swift": "import WidgetKit\nstruct W: Widget { var body: some WidgetConfiguration { EmptyWidgetConfiguration() } }",
            "App/Model.swift": "struct Model {}",
            "Pods/Lib/Lib.swift": "struct Lib {}",
            ".hidden/Secret.swift": "struct Secret {}",
            "App/notes.txt": "not Swift",
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: ((folder + "/" + path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        let done = ScanAhead(swiftFilesIn: folder).finishWhenDone()
        #expect(done.keys.sorted() == [folder + "/App/Model.swift", folder + "/App/Widget.swift"])
        #expect(done[folder + "/App/Widget.swift"]?.parsed?.types.map(\.name) == ["W"])
        #expect(done[folder + "/App/Model.swift"]?.parsed == nil && done[folder + "/App/Model.swift"]?.tokens?.typeNames == ["Model"])
    }

    /// A Swift file the project lists that the checkout lacks (a gitignored secrets file) is told apart from one
    /// that exists and is not read: the index lists both as unread, and only the first as missing.
    @Test func missingSwiftFilesAreToldApartFromUnreadOnes() throws {
        let folder = NSTemporaryDirectory() + "missing-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "let grid = [[[[[[[[[[[[[[1]]]]]]]]]]]]]]".write(toFile: folder + "/Grid.swift", atomically: true, encoding: .utf8)
        let fileSystem = FileSystem()
        fileSystem.confine(to: folder)
        let index = SourceIndex(paths: [folder + "/Secrets.swift", folder + "/Grid.swift"], fileSystem: fileSystem)
        #expect(Set(index.unreadable.keys) == [folder + "/Secrets.swift", folder + "/Grid.swift"])
        #expect(index.missing == [folder + "/Secrets.swift"])
    }

    @Test func readsAreBoundedAndRegular() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fileSystem = FileSystem()
        try Data(repeating: 0x61, count: 2_000).write(to: URL(fileURLWithPath: folder + "/a.txt"))
        #expect(try fileSystem.read(folder + "/a.txt", limit: InputLimit(kind: "test", maximumBytes: 2_000)).count == 2_000)
        #expect(throws: ProjectError.notRead(folder + "/a.txt", reason: "it is 2 KiB, over Glance's limit of 1 KiB for a test file")) {
            try fileSystem.read(folder + "/a.txt", limit: InputLimit(kind: "test", maximumBytes: 1_024))
        }
        #expect(try fileSystem.readPrefix(folder + "/a.txt", count: 10).count == 10)
        #expect(mkfifo(folder + "/pipe", 0o644) == 0)
        #expect(throws: ProjectError.notRead(folder + "/pipe", reason: "it is a FIFO (named pipe), not a regular file")) {
            try fileSystem.read(folder + "/pipe", limit: .configuration)
        }
        #expect(throws: ProjectError.unreadable(folder + "/inside", reason: "it is a folder, not a file")) {
            try fileSystem.read(folder + "/inside", limit: .configuration)
        }
        #expect(throws: ProjectError.unreadable(folder + "/missing", reason: "no such file")) {
            try fileSystem.read(folder + "/missing", limit: .configuration)
        }
        // /proc reports a size of 0: the read itself stops at the limit.
        #expect(throws: ProjectError.notRead("/proc/self/maps", reason: "it is 1 KiB, over Glance's limit of 1 KiB for a test file")) {
            try fileSystem.read("/proc/self/maps", limit: InputLimit(kind: "test", maximumBytes: 1_024))
        }
    }

    @Test func nothingOutsideTheBoundaryIsReadOrListed() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "secret".write(toFile: folder + "/secret.txt", atomically: true, encoding: .utf8)
        try "ok".write(toFile: folder + "/inside/a.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/inside/link.txt", withDestinationPath: folder + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder + "/inside/up", withDestinationPath: "..")
        let fileSystem = FileSystem(confinedTo: folder + "/inside")
        #expect(throws: ProjectError.notRead(folder + "/inside/link.txt", reason: "it leads outside the folder being linted (to \(folder)/secret.txt)")) {
            try fileSystem.read(folder + "/inside/link.txt", limit: .configuration)
        }
        #expect(throws: ProjectError.notRead(folder + "/inside/../secret.txt", reason: "it leads outside the folder being linted (to \(folder)/secret.txt)")) {
            try fileSystem.read(folder + "/inside/../secret.txt", limit: .configuration)
        }
        #expect(fileSystem.contents(of: folder).isEmpty)
        #expect(fileSystem.walk(folder + "/inside") == [folder + "/inside/a.swift"])
        #expect(fileSystem.problems.contains("\(folder)/inside/link.txt: symbolic link to \(folder)/secret.txt, outside the folder being linted; not followed"))
        #expect(fileSystem.problems.contains("\(folder)/inside/up: symbolic link to \(folder), outside the folder being linted; not followed"))
    }

    @Test func pathsAreStandardizedByTheirText() {
        #expect("/a/b/../c/./d//e/".standardizedPath == "/a/c/d/e")
        #expect("/../a".standardizedPath == "/a")
        #expect("../a/../../b".standardizedPath == "../../b")
        #expect("a/..".standardizedPath == ".")
    }

    /// `pathExtension`, worked out on the bytes, agrees with Foundation's on the shapes paths take.
    @Test func pathExtensionsAgreeWithFoundation() {
        let paths = ["Sources/App.swift", "/a/b/Widget.SWIFT", "Makefile", ".gitignore", "/a/.hidden", "notes.", "a.b/c",
                     "a.b/c.d/", "Assets.xcassets/", "/", "", ".", "..", "a/..", "archive.tar.gz", "/a/b.c//", "x/.y.z",
                     "café/Entrée.swift", "a b/c d.m"]
        for path in paths { #expect(path.pathExtension == (path as NSString).pathExtension, "\(path)") }
    }
}

struct JSONLimitsTests {
    @Test func depthAndKeysWithTheirPlace() {
        let limits = JSONLimits(maximumDepth: 3, maximumKeys: 2)
        #expect(limits.problem(in: Data("{\"a\": [[1]]}".utf8)) == nil)
        #expect(limits.problem(in: Data("{\"a\":\n  [[[1]]]}".utf8))?.line == 2)
        #expect(limits.problem(in: Data("{\"a\":\n  [[[1]]]}".utf8))?.column == 5)
        #expect(limits.problem(in: Data("{\"a\": 1, \"b\": 2, \"c\": 3}".utf8))?.message == "holds more than 2 object keys (Glance's limit)")
        // Brackets and colons inside strings do not count.
        #expect(limits.problem(in: Data("{\"[[[[:::\": \"]]]{{{:\"}".utf8)) == nil)
    }
}

struct ExpansionLimitTests {
    func settings(_ pairs: [(String, String)]) -> BuildSettings {
        BuildSettings(layers: [pairs.map { SettingAssignment(name: $0.0, value: $0.1, origin: "test") }], builtins: [:], sdk: nil, configuration: "Debug")
    }

    @Test func exponentialExpansionStopsAtTheLengthLimit() {
        var pairs = (0..<40).map { ("L\($0)", "$(L\($0 + 1))$(L\($0 + 1))") }
        pairs.append(("L40", "ha"))
        let started = Date()
        #expect(settings(pairs).value("L0") == .unknown(missing: ["L22 (expands past Glance's limit of 262144 characters)"]))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func exponentialWorkWithEmptyValuesIsLinear() {
        var pairs = (0..<60).map { ("E\($0)", "$(E\($0 + 1))$(E\($0 + 1))") }
        pairs.append(("E60", ""))
        let started = Date()
        #expect(settings(pairs).value("E0") == .known(""))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func deepNestingAndReferenceChains() {
        let deep = String(repeating: "$(", count: 10_000) + "X" + String(repeating: ")", count: 10_000)
        #expect(settings([("DEEP", deep)]).value("DEEP") == .unknown(missing: ["DEEP (nests $(…) or setting references more than 64 deep, Glance's limit)"]))
        let chain = (0..<100).map { ("C\($0)", "$(C\($0 + 1))") } + [("C100", "end")]
        #expect(settings(chain).value("C0").known == nil)
        #expect(settings(chain).value("C90") == .known("end"))
    }

    @Test func cyclesSayThatTheyAreCycles() {
        #expect(settings([("A", "$(B)"), ("B", "$(A)")]).value("A") == .unknown(missing: ["B (defined in terms of itself)"]))
        #expect(settings([("A", "x $(A)")]).value("A") == .known("x "))
    }
}

struct PathPatternLimitTests {
    /// Patterns that backtrack exponentially in a naive matcher answer at once.
    @Test func pathologicalGlobsAreFast() {
        let started = Date()
        let stars = PathPattern(String(repeating: "**/", count: 200) + "x")
        #expect(!stars.matches(String(repeating: "a/", count: 200) + "y"))
        #expect(stars.matches(String(repeating: "a/", count: 200) + "x"))
        let component = PathPattern(String(repeating: "*a", count: 30) + "*b")
        #expect(!component.matches(String(repeating: "a", count: 200)))
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(PathPattern.problem(String(repeating: "a", count: 1_025)) == "is 1025 characters long; Glance's limit is 1024")
    }

    @Test func braceExpansionIsBounded() {
        #expect(TuistProject.expandingBraces("A/{B,C}/{D,E}.swift") == ["A/B/D.swift", "A/B/E.swift", "A/C/D.swift", "A/C/E.swift"])
        #expect(TuistProject.expandingBraces(String(repeating: "{a,b}", count: 30)).isEmpty)
    }
}
