/// A cheap lexical check that runs before SwiftParser sees a file, so that Glance never hands it input on
/// which it takes super-linear time or recurses without bound.
///
/// SwiftParser (the toolchain's) is fast on real code, but some shapes make it backtrack: each `[` or `(`
/// opened right after another tries the type grammar first (22 nested `[` take seconds, and every level
/// doubles it), a `<` starts a generic-argument lookahead that runs to the next token a type cannot hold
/// (1,000 `a < b < b …` take seconds, growing with the square), and unclosed brackets make its error recovery
/// scan ahead again and again. Glance cannot change the parser, so a file past these bounds is not parsed;
/// it is skipped with a note naming the bound (`SourceIndex.unreadable`, shown by `--explain-skips`).
///
/// The scan knows comments (nested `/* */` included), string literals (`"…"`, `"""…"""`, raw `#"…"#`) and
/// interpolations, so brackets and `<` inside strings and comments do not count; it runs in time linear in
/// the file, once per file, on the bytes.
public struct ParseGuard: Sendable {
    /// The bounds; each is far above what hand-written Swift reaches.
    public struct Limits: Sendable, Equatable {
        /// Brackets (`(`, `[`, `{`), string interpolations and `#if` blocks open at once.
        public var nesting: Int
        /// Opening brackets in a row, with only spaces and comments between (`[[[[`, `([([`).
        public var openingRun: Int
        /// `<` not closed by `>` before a token a type cannot hold (`a < b < c …`).
        public var angleChain: Int
        /// `.member` accesses in one postfix chain (`Text("x").padding().padding()…`): each is one level of
        /// the syntax tree, which Glance's walkers follow recursively.
        public var postfixChain: Int
        /// Bytes of one name, number or operator outside strings and comments, and quotes in a row (SwiftParser's
        /// error recovery lexes a token again at each attempt, so a two-megabyte name, or a run of a million
        /// `"`, costs it minutes).
        public var tokenLength: Int
        /// Levels that nest without brackets: `await` and `try` in a row, `->` in one function type
        /// (`(A) -> (B) -> C`), `else` in one `if … else if …` chain. Each is one level of the syntax tree that
        /// SwiftParser and Glance's walkers recurse on, like a link of a postfix chain.
        public var bracketlessNesting: Int

        public init(nesting: Int, openingRun: Int, angleChain: Int, postfixChain: Int, tokenLength: Int, bracketlessNesting: Int) {
            self.nesting = nesting
            self.openingRun = openingRun
            self.angleChain = angleChain
            self.postfixChain = postfixChain
            self.tokenLength = tokenLength
            self.bracketlessNesting = bracketlessNesting
        }

        /// The limits with Glance's deep stacks (see `deepStackSize`).
        public static let standard = Limits(nesting: 128, openingRun: 12, angleChain: 32, postfixChain: 4_000, tokenLength: 1_024,
                                            bracketlessNesting: 4_000)

        /// The limits for a stack of `bytes`: nesting and postfix chains are what the walkers recurse on, so
        /// they shrink with a smaller stack (when the deep stacks cannot be had).
        public static func forStack(bytes: Int) -> Limits {
            var limits = standard
            // Measured on debug builds: a chain of 500 links needs 8 MiB, 4,000 need 64 MiB (16 KiB a link);
            // 128 nested brackets need 4 MiB (reckoned at 64 KiB a level, to be safe). A quarter is kept spare.
            let usable = bytes / 4 * 3
            limits.nesting = max(16, min(standard.nesting, usable / (64 << 10)))
            limits.postfixChain = max(64, min(standard.postfixChain, usable / (16 << 10)))
            limits.bracketlessNesting = max(64, min(standard.bracketlessNesting, usable / (16 << 10)))
            return limits
        }
    }

    /// The largest value of one measure, and the first line where it went past its limit.
    public struct Peak: Sendable, Equatable {
        public let limit: Int
        public var value = 0
        /// The line where the value first went past `limit`; nil while within it.
        public var passedAt: Int?

        init(limit: Int) { self.limit = limit }

        mutating func raise(_ candidate: Int, line: Int) {
            guard candidate > value else { return }
            value = candidate
            if value > limit, passedAt == nil { passedAt = line }
        }
    }

    /// What the scan measured.
    public struct Measure: Sendable, Equatable {
        public var nesting: Peak
        public var openingRun: Peak
        public var angleChain: Peak
        public var postfixChain: Peak
        public var tokenLength: Peak
        public var bracketlessNesting: Peak

        init(limits: Limits) {
            nesting = Peak(limit: limits.nesting)
            openingRun = Peak(limit: limits.openingRun)
            angleChain = Peak(limit: limits.angleChain)
            postfixChain = Peak(limit: limits.postfixChain)
            tokenLength = Peak(limit: limits.tokenLength)
            bracketlessNesting = Peak(limit: limits.bracketlessNesting)
        }
    }

    public let limits: Limits

    public init(limits: Limits = .standard) {
        self.limits = limits
    }

    /// Why `text` must not be parsed (one line, naming the bound and the line where it is passed), or nil.
    public func refusal(_ text: String) -> String? {
        let measure = self.measure(text)
        let bounds: [(Peak, String)] = [
            (measure.nesting, "brackets and #if blocks nested"),
            (measure.openingRun, "opening brackets in a row"),
            (measure.angleChain, "unclosed '<' in a row"),
            (measure.postfixChain, "member accesses in one chain"),
            (measure.tokenLength, "bytes in one name, number or operator, or quotes in a row"),
            (measure.bracketlessNesting, "levels nested without brackets (await or try in a row, -> in one type, else in one if chain)"),
        ]
        for (peak, what) in bounds {
            if let line = peak.passedAt {
                return "not parsed: more than \(peak.limit) \(what) (line \(line)), past the bound Glance keeps SwiftParser within"
            }
        }
        return nil
    }

    /// Measures the text (see `Measure`) against these limits.
    public func measure(_ text: String) -> Measure {
        var scanner = Scanner(bytes: Array(text.utf8), limits: limits)
        scanner.run()
        return scanner.measure
    }

    // MARK: - The scan

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var measure: Measure
        /// Open brackets and interpolations; an interpolation remembers the string it returns to.
        enum Frame { case bracket, interpolation(hashes: Int, multiline: Bool) }
        var frames: [Frame] = []
        var openRun = 0
        /// `#if` blocks open.
        var conditionals = 0
        var angles = 0
        /// Member accesses of the chain being read, per bracket level (index = nesting depth).
        var chains: [Int] = [0]
        /// The last significant byte of code (not space or comment), for chain and run bookkeeping.
        var previous: UInt8 = 0
        /// `await`/`try` in a row.
        var prefixRun = 0
        /// `->` and `else` links per bracket level (index = nesting depth), like `chains`.
        var arrows: [Int] = [0]
        var elses: [Int] = [0]
        /// Whether the last significant token closed a bracket (an `else` right after `}` continues a chain;
        /// anything else there ends it).
        var justClosed = false

        init(bytes: [UInt8], limits: Limits) {
            self.bytes = bytes
            measure = Measure(limits: limits)
        }

        mutating func run() {
            while index < bytes.count {
                let byte = bytes[index]
                // At the start of a run of operator characters (not a comment), measure it as one token.
                if Self.isOperatorByte(byte), index == 0 || !Self.isOperatorByte(bytes[index - 1]),
                   !(byte == 0x2F && (peek(1) == 0x2F || peek(1) == 0x2A)) {
                    var end = index
                    while end < bytes.count, Self.isOperatorByte(bytes[end]) { end += 1 }
                    measure.tokenLength.raise(end - index, line: line)
                }
                switch byte {
                case 0x0A:
                    line += 1; index += 1
                case 0x20, 0x09, 0x0D, 0x0C, 0x0B:
                    index += 1
                case 0x2F where peek(1) == 0x2F:
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                case 0x2F where peek(1) == 0x2A:
                    skipBlockComment()
                case 0x22, 0x23:
                    if byte == 0x22, index == 0 || bytes[index - 1] != 0x22 {
                        var end = index
                        while end < bytes.count, bytes[end] == 0x22 { end += 1 }
                        measure.tokenLength.raise(end - index, line: line)
                    }
                    if !startString() {
                        // `#if … #endif` blocks nest like brackets (each opens a level SwiftParser's lookahead skips).
                        if byte == 0x23, word(at: index + 1, is: "if") {
                            conditionals += 1
                            measure.nesting.raise(frames.count + conditionals, line: line)
                        } else if byte == 0x23, word(at: index + 1, is: "endif") {
                            conditionals = max(0, conditionals - 1)
                        }
                        significant(byte); index += 1
                    }
                case 0x28, 0x5B, 0x7B:   // ( [ {
                    open(byte)
                case 0x29, 0x5D, 0x7D:   // ) ] }
                    close(byte)
                case 0x3C:               // <
                    if peek(1) == 0x3C || peek(1) == 0x3D { stop(); index += 2; previous = 0x2B; continue }
                    angles += 1
                    measure.angleChain.raise(angles, line: line)
                    significant(byte); index += 1
                case 0x3E:               // >
                    if peek(1) == 0x3D || peek(1) == 0x3E { stop(); index += 2; previous = 0x2B; continue }
                    angles = max(0, angles - 1)
                    significant(byte); index += 1
                case 0x2E:               // .
                    if isChainEnd(previous) {
                        chains[chains.count - 1] += 1
                        measure.postfixChain.raise(chains[chains.count - 1], line: line)
                    }
                    significant(byte); index += 1
                case 0x2C, 0x3F, 0x21, 0x26, 0x3A:   // , ? ! & :  (may appear in a type)
                    if byte == 0x2C || byte == 0x3A { chains[chains.count - 1] = 0 }
                    significant(byte); index += 1
                case 0x2D where peek(1) == 0x3E:     // ->
                    arrows[arrows.count - 1] += 1
                    measure.bracketlessNesting.raise(arrows[arrows.count - 1], line: line)
                    significant(byte); index += 2
                case 0x30...0x39:                      // a number literal
                    stop()
                    let start = index
                    while index < bytes.count, isWordByte(bytes[index]) || bytes[index] == 0x2E && peek(1).map(isDigit) == true { index += 1 }
                    measure.tokenLength.raise(index - start, line: line)
                    previous = 0x31
                default:
                    if isWordByte(byte) {
                        // A name right after a name or a closing bracket starts a new expression (the next
                        // statement): the chain before it has ended.
                        if previous == 0x61 || previous == 0x29 || previous == 0x5D || previous == 0x7D { chains[chains.count - 1] = 0 }
                        // A name right after a name starts a new declaration or statement: a function type
                        // before it has ended.
                        if previous == 0x61 { arrows[arrows.count - 1] = 0 }
                        let start = index
                        while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                        measure.tokenLength.raise(index - start, line: line)
                        countLinks(wordAt: start)
                        openRun = 0
                        previous = 0x61
                    } else {
                        // Any other operator or punctuation ends a generic lookahead and a postfix chain.
                        stop()
                        significant(byte); index += 1
                    }
                }
            }
        }

        func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        /// Whether the name at `position` is exactly `word`.
        func word(at position: Int, is word: String) -> Bool {
            let expected = Array(word.utf8)
            guard position + expected.count <= bytes.count, Array(bytes[position..<position + expected.count]) == expected else { return false }
            return position + expected.count == bytes.count || !isWordByte(bytes[position + expected.count])
        }

        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        static func isOperatorByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x2F, 0x3D, 0x2D, 0x2B, 0x21, 0x2A, 0x25, 0x3C, 0x3E, 0x26, 0x7C, 0x5E, 0x7E, 0x3F, 0x2E, 0x5C: return true   // / = - + ! * % < > & | ^ ~ ? . \
            default: return false
            }
        }

        /// Whether a `.` after this byte continues a postfix chain (`x.a`, `f().a`, `a[0].b`), rather than start
        /// an implicit member (`.horizontal` after `(` or `,`).
        func isChainEnd(_ byte: UInt8) -> Bool { byte == 0x61 || byte == 0x29 || byte == 0x5D || byte == 0x7D || byte == 0x3F || byte == 0x21 }

        mutating func significant(_ byte: UInt8) {
            if byte != 0x28 && byte != 0x5B && byte != 0x7B { openRun = 0 }
            if justClosed { elses[elses.count - 1] = 0; justClosed = false }
            previous = byte
        }

        /// Counts the name at `start` (read up to `index`) as a link when it is `await`, `try` or an `else`
        /// right after `}`.
        mutating func countLinks(wordAt start: Int) {
            let length = index - start
            let isElse = length == 4 && word(at: start, is: "else")
            if isElse && justClosed {
                elses[elses.count - 1] += 1
                measure.bracketlessNesting.raise(elses[elses.count - 1], line: line)
            } else if justClosed {
                elses[elses.count - 1] = 0
            }
            justClosed = false
            if (length == 5 && word(at: start, is: "await")) || (length == 3 && word(at: start, is: "try")) {
                prefixRun += 1
                measure.bracketlessNesting.raise(prefixRun, line: line)
            } else {
                prefixRun = 0
            }
        }

        mutating func stop() {
            angles = 0
            chains[chains.count - 1] = 0
            openRun = 0
        }

        mutating func open(_ byte: UInt8) {
            if justClosed { elses[elses.count - 1] = 0; justClosed = false }
            frames.append(.bracket)
            chains.append(0)
            arrows.append(0)
            elses.append(0)
            measure.nesting.raise(frames.count + conditionals, line: line)
            openRun += 1
            measure.openingRun.raise(openRun, line: line)
            if byte == 0x7B { angles = 0 }
            previous = byte
            index += 1
        }

        mutating func close(_ byte: UInt8) {
            index += 1
            if byte == 0x7D { angles = 0 }
            openRun = 0
            previous = byte
            guard let frame = frames.popLast() else { return }
            if chains.count > 1 { chains.removeLast() }
            if arrows.count > 1 { arrows.removeLast(); elses.removeLast() }
            justClosed = byte == 0x7D
            if case .interpolation(let hashes, let multiline) = frame {
                // Back inside the string the interpolation belongs to.
                scanString(hashes: hashes, multiline: multiline)
            }
        }

        mutating func skipBlockComment() {
            var depth = 0
            while index < bytes.count {
                if bytes[index] == 0x2F, peek(1) == 0x2A { depth += 1; index += 2; continue }
                if bytes[index] == 0x2A, peek(1) == 0x2F { depth -= 1; index += 2; if depth == 0 { return }; continue }
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }

        /// At `"` or `#`: starts a string literal when there is one (`#` alone is a directive or `#selector`).
        mutating func startString() -> Bool {
            var hashes = 0
            var position = index
            while position < bytes.count, bytes[position] == 0x23 { hashes += 1; position += 1 }
            guard position < bytes.count, bytes[position] == 0x22 else { return false }
            let multiline = position + 2 < bytes.count && bytes[position + 1] == 0x22 && bytes[position + 2] == 0x22
            index = position + (multiline ? 3 : 1)
            stop()
            previous = 0x61
            scanString(hashes: hashes, multiline: multiline)
            return true
        }

        /// Reads string contents up to the closing quote, or up to an interpolation (which is pushed as a frame
        /// and read as code). A single-line string ends at the end of the line even unclosed.
        mutating func scanString(hashes: Int, multiline: Bool) {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A {
                    line += 1
                    if !multiline { index += 1; return }
                    index += 1
                    continue
                }
                if byte == 0x5C {   // backslash, then `hashes` #, then `(` for an interpolation
                    var position = index + 1
                    var count = 0
                    while count < hashes, position < bytes.count, bytes[position] == 0x23 { count += 1; position += 1 }
                    if count == hashes, position < bytes.count {
                        if bytes[position] == 0x28 {
                            index = position + 1
                            frames.append(.interpolation(hashes: hashes, multiline: multiline))
                            chains.append(0)
                            arrows.append(0)
                            elses.append(0)
                            measure.nesting.raise(frames.count + conditionals, line: line)
                            previous = 0x28
                            return
                        }
                        index = position + 1   // an escape: skip the escaped character
                        continue
                    }
                    index += 1
                    continue
                }
                if byte == 0x22 {
                    let quotes = multiline ? 3 : 1
                    var position = index
                    var count = 0
                    while count < quotes, position < bytes.count, bytes[position] == 0x22 { count += 1; position += 1 }
                    if count == quotes {
                        var closing = 0
                        while closing < hashes, position < bytes.count, bytes[position] == 0x23 { closing += 1; position += 1 }
                        if closing == hashes { index = position; return }
                    }
                    index += 1
                    continue
                }
                index += 1
            }
        }
    }
}
