import Foundation
import GlanceInput
import Testing

/// How Glance shows values it did not write, and how it reads what a user points it at.
struct ShownTests {
    static let pem = (try? String(contentsOfFile: TestKey.path, encoding: .utf8)) ?? ""

    @Test func keyMaterialIsRecognised() {
        let base64 = Self.pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        #expect(Shown.keyMaterial(Self.pem) == "a PEM private key")
        #expect(Shown.keyMaterial("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n") == "PEM text (CERTIFICATE)")
        // A key pasted without its first line.
        #expect(Shown.keyMaterial(String(Self.pem.drop { $0 != "\n" })) == "a PEM private key")
        #expect(Shown.keyMaterial(base64) == "a \(base64.count)-character base64 value")
        #expect(Shown.keyMaterial("eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJURUFNIn0.c2lnbmF0dXJl") == "a JWT")
        // Paths, identifiers and tokens are not key material.
        for ordinary in ["/work/wt/issue10/Tests/GlancePushTests/Fixtures/", "/tmp/glance-push-tests-command-1A2B3C4D-5E6F/key",
                         "Tests/GlancePushTests/Fixtures/AuthKey_TESTKEY001.p8", "TEAM1234AB", "0/R5kQnVUjypgsVW7/vjyg==",
                         String(repeating: "7F3a0C9e", count: 8), "/Users/Someone/Library/Mobile Documents/Keys/AuthKey_ABC123DEFG.p8"] {
            #expect(Shown.keyMaterial(ordinary) == nil, "\(ordinary)")
        }
    }

    @Test func valuesAreQuotedEscapedAndCut() {
        #expect(Shown.quoted("TEAM1234AB") == "'TEAM1234AB'")
        #expect(Shown.quoted("TEAM1234AB\n") == "'TEAM1234AB\\n'")
        #expect(Shown.quoted("\u{1B}[31mred") == "'\\u{1B}[31mred'")
        #expect(Shown.quoted("a\u{202E}b") == "'a\\u{202E}b'")
        #expect(Shown.quoted(String(repeating: "x", count: 100), limit: 10) == "'xxxxxxxxxx…' (100 characters)")
        #expect(Shown.quoted(Self.pem) == "(a PEM private key, not shown)")
        #expect(Shown.name("/tmp/a b/AuthKey.p8") == "/tmp/a b/AuthKey.p8")
        #expect(Shown.name("/tmp/a\nb") == "'/tmp/a\\nb'")
        #expect(Shown.escaped("line 1\nline 2\ttab", keeping: ["\n"]) == "line 1\nline 2\\ttab")
    }

    @Test func homeIsExpandedLikeAShell() {
        #expect(HomePath.expanding("~/keys/k.p8", home: "/home/me") == "/home/me/keys/k.p8")
        #expect(HomePath.expanding("~", home: "/home/me/") == "/home/me")
        #expect(HomePath.expanding("/abs/~/x", home: "/home/me") == "/abs/~/x")
        #expect(HomePath.expanding("~bob/x", home: "/home/me") == nil)
        #expect(HomePath.expanding("~/x", home: nil) == nil)
    }
}

struct InputFileTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch("input") }

    @Test func readsFilesAndRefusesWhatIsNotOne() throws {
        let file = scratch.path + "/a.txt"
        try write("hello", to: file)
        #expect(try InputFile.read(file, limit: 5, kind: "a file") == Data("hello".utf8))
        #expect(throws: InputFile.Failure(subject: file, reason: "is 5 bytes; Glance reads at most 4 bytes of a file; keep it short")) {
            try InputFile.read(file, limit: 4, kind: "a file", hint: "keep it short")
        }
        #expect(throws: InputFile.Failure(subject: scratch.path, reason: "is a folder, not a file")) { try InputFile.read(scratch.path, limit: 4, kind: "a file") }
        #expect(throws: InputFile.Failure(subject: scratch.path + "/none", reason: "no such file")) { try InputFile.read(scratch.path + "/none", limit: 4, kind: "a file") }
        #expect(throws: InputFile.Failure(subject: file + "/x", reason: "no such file (a folder on the way is a file)")) { try InputFile.read(file + "/x", limit: 4, kind: "a file") }
        // Devices and pipes have no size: reading stops past the limit.
        #expect(throws: InputFile.Failure(subject: "/dev/zero", reason: "is more than 1000 bytes; Glance reads at most 1000 bytes of a file")) {
            try InputFile.read("/dev/zero", limit: 1000, kind: "a file")
        }
        #expect(try InputFile.read("/dev/null", limit: 10, kind: "a file").isEmpty)
        // A path that is not printable is shown escaped.
        #expect(throws: InputFile.Failure(subject: "'/tmp/x\\ny'", reason: "no such file")) { try InputFile.read("/tmp/x\ny", limit: 4, kind: "a file") }
    }

    /// A pipe the shell opened (`<(…)` gives `/dev/fd/N`) is read to its end.
    @Test func readsAPipe() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writeEnd = ends[1]
        let writer = Thread {
            let handle = FileHandle(fileDescriptor: writeEnd, closeOnDealloc: true)
            for _ in 0..<100 { handle.write(Data(repeating: 0x61, count: 1000)) }
            try? handle.close()
        }
        writer.start()
        defer { close(ends[0]) }
        #expect(try InputFile.read("/dev/fd/\(ends[0])", limit: 200_000, kind: "a file").count == 100_000)
    }

    /// A named FIFO (which a checked-out repository can hold) is refused at once: opening it would wait for a
    /// writer that may never come.
    @Test func refusesANamedFIFO() throws {
        let path = scratch.path + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: InputFile.Failure(subject: path, reason: "is a FIFO (named pipe), not a JSON file; to read from a pipe, give - or <(…)")) {
            try InputFile.read(path, limit: 10, kind: "a JSON file")
        }
    }
}
