/// A cheap lexical summary of a Swift file, computed for every file without parsing it. It decides which
/// files need a full SwiftSyntax parse (`SourceIndex`): most files of a large app never mention the
/// frameworks Glance checks, and parsing only the ones that do (plus the ones they lead to) is what keeps
/// `glance lint` a fraction of the cost of parsing the whole app.
///
/// The scan is deliberately generous: a word inside a comment or string still counts as mentioned (`words`),
/// and where it cannot tell code from a string's text it takes it for code (`codeMentions`), so a file is parsed
/// too often rather than too rarely.
///
/// Immutable; a class, so that the index hands a file's summary around without copying its sets.
public final class FileTokens: Sendable {
    /// Every identifier-like word in the file (comments and string contents included).
    public let words: WordList
    /// The framework names of `SourceIndex.triggerWords` written in code: not in a comment or in a string
    /// literal's text, and not as the name a declaration gives (`enum Widget`, `func onOpenURL`, `let suiteName`).
    /// What decides that a file is parsed eagerly (Home Assistant's strings file mentions `Widget` only as
    /// `enum Widget` and in its text). The words of a string literal with an interpolation (`\(` or `\#`), and
    /// of every string and comment after it or after a raw string (`#"`) on the same line, count as code: an
    /// interpolation or a raw string may hold quotes the scan does not pair.
    public let codeMentions: Set<String>
    /// Names declared as types: after `struct`, `class`, `enum`, `actor`, `protocol`, `typealias` (at any
    /// nesting depth).
    public let typeNames: Set<String>
    /// Names declared with `typealias` (at any depth).
    public let aliasNames: Set<String>
    /// Names declared with `func` (at any depth).
    public let functionNames: Set<String>
    /// Names declared with `let` or `var` (at any depth; the first name of a declaration).
    public let propertyNames: Set<String>
    /// Names declared with `var` (at any depth; the first name): the properties that can be computed.
    public let variableNames: Set<String>
    /// Types extended in the file (`extension Foo` → `Foo`; `extension Foo.Bar` → `Foo`).
    public let extendedNames: Set<String>
    /// Names declared at the top level (brace depth 0): global `let`/`var`/`func` and type aliases — what
    /// `FileIndex.globals` holds. Not the names of top-level structs, classes, enums, actors and protocols
    /// (`typeNames` has those): a lookup of a global by a type's name (`MaterialDesignIcons.home`) must not
    /// parse the file that declares the type. Every name declared with `let`, `var`, `func` or `typealias` when the
    /// file's braces do not balance (the scan may be out of step).
    public let topLevelNames: Set<String>
    /// Names of types and type aliases declared at the top level (brace depth 0): the ones that can shadow a
    /// framework type in every file of their module (`struct Widget` does; `enum L10n { enum Widget }` does not).
    /// Every name of `typeNames` when the file's braces do not balance (the scan may be out of step).
    public let topLevelTypeNames: Set<String>
    /// Names of functions declared directly in an `extension`'s body (`extension View { func card() … }`): what
    /// `FileIndex.extensionFunctions` can hold. Every name of `functionNames` when the braces do not balance.
    public let extensionFunctionNames: Set<String>
    /// Words written right before `.` and a `UserDefaults` read or write method (`prefs.set(…)`,
    /// `store.prefs?\n.string(forKey:)` → `prefs`): the properties through which a file may read or write a key.
    public let storeReceivers: Set<String>
    /// Attribute names (`@main` → `main`).
    public let attributes: Set<String>
    /// Contents of single-line string literals (up to 200 bytes).
    public let strings: Set<String>
    /// `//` comments whose text, after the slashes and spaces, starts with `glance:` (inline suppressions),
    /// in file order. Found by the same scan, so a `// glance:` inside a string literal or a block comment is
    /// not one of them. Not kept in the source cache (a scan read back from it has none): suppressions change what
    /// is reported, so they come from the file's own text on every run (`directiveComments(in:)`).
    public let directiveComments: [LineComment]

    /// The directive comments of `text`: none without the bytes `glance:` (no scan then), else the scan's.
    public static func directiveComments(in text: String) -> [LineComment] {
        let marker = LineComment.marker
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.count >= marker.count else { return false }
            for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
                if bytes[start..<start + marker.count].elementsEqual(marker) { return true }
            }
            return false
        } ?? text.contains("glance:")
        return found ? FileTokens(scanning: text).directiveComments : []
    }

    /// `UserDefaults` methods that read a key (`string(forKey:)`) and that write or remove one (`set(_:forKey:)`).
    public static let defaultsReadMethods: Set<String> = ["bool", "integer", "string", "object", "double", "float", "data", "array",
                                                          "dictionary", "url", "value", "stringArray"]
    public static let defaultsWriteMethods: Set<String> = ["set", "setValue", "removeObject"]
    static let defaultsMethods = defaultsReadMethods.union(defaultsWriteMethods)

    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "typealias"]
    static let valueKeywords: Set<String> = ["let", "var", "func"]

    public init(scanning text: String) {
        var words: Set<String> = []
        var mentions: Set<String> = []
        var looseLine = false       // a string on this line may have put the scan out of step: take text for code
        var typeNames: Set<String> = []
        var extended: Set<String> = []
        var aliases: Set<String> = []
        var functions: Set<String> = []
        var properties: Set<String> = []
        var variables: Set<String> = []
        var topLevel: Set<String> = []
        var topLevelTypes: Set<String> = []
        var extensionFunctions: Set<String> = []
        var openedByExtension: [Bool] = []      // per open brace: whether it opened an extension's body
        var extensionPending = false            // an `extension` keyword whose `{` is still to come
        var balanced = true                     // no `}` without its `{`
        var storeReceivers: Set<String> = []
        var lastWord: String?                   // the last token, when it is a word (`?` and `!` after it kept)
        var receiver: String?                   // the word before the last `.`, while only spaces follow
        var attributes: Set<String> = []
        var strings: Set<String> = []
        var directives: [LineComment] = []
        var countedLines = (upTo: 0, line: 1, lineStart: 0)   // newlines counted so far, for directive positions
        let bytes = Array(text.utf8)
        let count = bytes.count
        var index = 0
        var depth = 0
        var previousWord: String?
        var afterAt = false

        @inline(__always) func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
        }
        /// Adds the words of bytes[start..<end] (comments, strings) without treating them as code (unless
        /// `asCode`: then framework names among them are also `mentions`).
        func addWords(_ start: Int, _ end: Int, asCode: Bool) {
            var position = start
            while position < end {
                if isWordByte(bytes[position]) {
                    let wordStart = position
                    while position < end, isWordByte(bytes[position]) { position += 1 }
                    let word = String(decoding: bytes[wordStart..<position], as: UTF8.self)
                    if asCode, SourceIndex.triggerWords.contains(word) { mentions.insert(word) }
                    words.insert(word)
                } else {
                    position += 1
                }
            }
        }

        /// Whether bytes[start..<end] hold an interpolation's start (`\(`, or `\#` in a raw string).
        func holdsInterpolation(_ start: Int, _ end: Int) -> Bool {
            var position = start
            while position + 1 < end {
                if bytes[position] == 0x5C, bytes[position + 1] == 0x28 || bytes[position + 1] == 0x23 { return true }
                position += 1
            }
            return false
        }

        while index < count {
            let byte = bytes[index]
            if isWordByte(byte) {
                let start = index
                while index < count, isWordByte(bytes[index]) { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                words.insert(word)
                if SourceIndex.triggerWords.contains(word),
                   !(previousWord.map { FileTokens.typeKeywords.contains($0) || FileTokens.valueKeywords.contains($0) } ?? false) {
                    mentions.insert(word)
                }
                if afterAt { attributes.insert(word); afterAt = false }
                if let previous = previousWord {
                    if previous == "extension" {
                        extended.insert(word)
                    } else if FileTokens.typeKeywords.contains(previous) {
                        typeNames.insert(word)
                        if depth == 0 { topLevelTypes.insert(word) }
                        if previous == "typealias" {
                            aliases.insert(word)
                            if depth == 0 { topLevel.insert(word) }
                        }
                    } else if FileTokens.valueKeywords.contains(previous) {
                        if depth == 0 { topLevel.insert(word) }
                        if previous == "func" {
                            functions.insert(word)
                            if openedByExtension.last == true { extensionFunctions.insert(word) }
                        } else {
                            properties.insert(word)
                            if previous == "var" { variables.insert(word) }
                        }
                    }
                }
                if word == "extension" { extensionPending = true }
                if let receiver, FileTokens.defaultsMethods.contains(word) { storeReceivers.insert(receiver) }
                receiver = nil
                lastWord = word
                previousWord = word
                continue
            }
            switch byte {
            case 0x2F where index + 1 < count && bytes[index + 1] == 0x2F:       // line comment
                let start = index
                while index < count, bytes[index] != 0x0A { index += 1 }
                addWords(start, index, asCode: looseLine)
                var textStart = start + 2
                while textStart < index, bytes[textStart] == 0x20 || bytes[textStart] == 0x09 { textStart += 1 }
                if index - textStart >= 7, bytes[textStart..<textStart + 7].elementsEqual(LineComment.marker) {
                    for position in countedLines.upTo..<start where bytes[position] == 0x0A {
                        countedLines.line += 1
                        countedLines.lineStart = position + 1
                    }
                    countedLines.upTo = start
                    var end = index
                    if end > textStart, bytes[end - 1] == 0x0D { end -= 1 }
                    directives.append(LineComment(line: countedLines.line, column: start - countedLines.lineStart + 1,
                                                  text: String(decoding: bytes[textStart..<end], as: UTF8.self)))
                }
                continue
            case 0x2F where index + 1 < count && bytes[index + 1] == 0x2A:       // block comment (nesting)
                let start = index
                var nesting = 0
                while index < count {
                    if bytes[index] == 0x2F, index + 1 < count, bytes[index + 1] == 0x2A { nesting += 1; index += 2; continue }
                    if bytes[index] == 0x2A, index + 1 < count, bytes[index + 1] == 0x2F { nesting -= 1; index += 2; if nesting == 0 { break }; continue }
                    index += 1
                }
                addWords(start, index, asCode: looseLine)
                continue
            case 0x22:                                                            // string literal
                if index > 0, bytes[index - 1] == 0x23 { looseLine = true }      // a raw string: #"…"#
                if index + 2 < count, bytes[index + 1] == 0x22, bytes[index + 2] == 0x22 {
                    let start = index + 3
                    index = start
                    while index < count, !(bytes[index] == 0x22 && index + 2 < count && bytes[index + 1] == 0x22 && bytes[index + 2] == 0x22) { index += 1 }
                    if holdsInterpolation(start, index) { looseLine = true }
                    addWords(start, index, asCode: looseLine)
                    index = min(count, index + 3)
                } else {
                    let start = index + 1
                    index = start
                    while index < count, bytes[index] != 0x22, bytes[index] != 0x0A {
                        if bytes[index] == 0x5C { index += 1 }
                        index += 1
                    }
                    let end = min(index, count)
                    if holdsInterpolation(start, end) { looseLine = true }
                    addWords(start, end, asCode: looseLine)
                    if index < count, bytes[index] == 0x22, end - start <= 200 {
                        strings.insert(String(decoding: bytes[start..<end], as: UTF8.self))
                    }
                    index += 1
                }
                previousWord = nil
                lastWord = nil
                receiver = nil
                continue
            case 0x40: afterAt = true; index += 1; continue                      // @
            case 0x7B:                                                            // {
                depth += 1
                openedByExtension.append(extensionPending)
                extensionPending = false
            case 0x7D:                                                            // }
                if depth == 0 { balanced = false }
                depth = max(0, depth - 1)
                _ = openedByExtension.popLast()
            default: break
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x3F, 0x21: break                         // spaces, `?` and `!` keep both
            case 0x2E: receiver = lastWord; lastWord = nil                        // .
            default: receiver = nil; lastWord = nil
            }
            if byte == 0x0A { looseLine = false }
            if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { previousWord = nil }
            afterAt = false
            index += 1
        }
        self.words = WordList(words)
        self.codeMentions = mentions
        self.typeNames = typeNames
        self.extendedNames = extended
        self.aliasNames = aliases
        self.functionNames = functions
        self.propertyNames = properties
        self.variableNames = variables
        balanced = balanced && depth == 0
        self.topLevelNames = balanced ? topLevel : topLevel.union(functions).union(properties).union(aliases)
        self.topLevelTypeNames = balanced ? topLevelTypes : typeNames
        self.extensionFunctionNames = balanced ? extensionFunctions : functions
        self.storeReceivers = storeReceivers
        self.attributes = attributes
        self.strings = strings
        self.directiveComments = directives
    }

    /// Reads what `encode(to:)` wrote (see the coding below).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func names(_ key: CodingKeys) throws -> Set<String> {
            let joined = try container.decode(String.self, forKey: key)
            let separator = FileTokens.separator(key)
            guard joined.utf8.last == separator else { return [] }
            // Split on the separator's byte (not on Characters, which costs several times more).
            let lines = joined.utf8.dropLast().split(separator: separator, omittingEmptySubsequences: false)
            var set = Set<String>(minimumCapacity: lines.count)
            for line in lines { set.insert(String(Substring(line))) }
            return set
        }
        words = WordList(joined: try container.decode(String.self, forKey: .words))
        codeMentions = try names(.codeMentions)
        typeNames = try names(.typeNames)
        aliasNames = try names(.aliasNames)
        functionNames = try names(.functionNames)
        propertyNames = try names(.propertyNames)
        variableNames = try names(.variableNames)
        extendedNames = try names(.extendedNames)
        topLevelNames = try names(.topLevelNames)
        topLevelTypeNames = try names(.topLevelTypeNames)
        extensionFunctionNames = try names(.extensionFunctionNames)
        storeReceivers = try names(.storeReceivers)
        attributes = try names(.attributes)
        strings = try names(.strings)
        directiveComments = []
    }
}

/// A `//` comment found by the lexical scan.
public struct LineComment: Sendable, Hashable, Codable {
    /// 1-based line of the `//`.
    public let line: Int
    /// 1-based column of the first `/`, in UTF-8 bytes (as SwiftSyntax counts columns).
    public let column: Int
    /// The comment's text after `//` and leading spaces, e.g. `glance:disable:next widget_url_multiple`.
    public let text: String

    public init(line: Int, column: Int, text: String) {
        self.line = line
        self.column = column
        self.text = text
    }

    /// `glance:` in UTF-8: the start of a directive comment's text.
    static let marker = Array("glance:".utf8)
}

// MARK: - Coding (for the source cache)

/// Each set of names is coded as one string, its members sorted, each followed by a separator: a space for names
/// (no identifier holds one), a newline for the contents of single-line string literals (none holds one; the
/// empty literal `""` is an empty line). A cached scan is read back with one string per set instead of one per
/// word, which is most of what reading a cache entry costs, and names need no escape in JSON (an escape sends
/// the decoder down its slow path).
extension FileTokens: Codable {
    private enum CodingKeys: String, CodingKey {
        case words, codeMentions, typeNames, aliasNames, functionNames, propertyNames, variableNames, extendedNames, topLevelNames
        case topLevelTypeNames, extensionFunctionNames, storeReceivers, attributes, strings
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(words.joined, forKey: .words)
        for (key, set) in [(CodingKeys.codeMentions, codeMentions), (.typeNames, typeNames), (.aliasNames, aliasNames), (.functionNames, functionNames),
                           (.propertyNames, propertyNames), (.variableNames, variableNames), (.extendedNames, extendedNames),
                           (.topLevelNames, topLevelNames), (.topLevelTypeNames, topLevelTypeNames),
                           (.extensionFunctionNames, extensionFunctionNames), (.storeReceivers, storeReceivers), (.attributes, attributes),
                           (.strings, strings)] {
            let separator = String(UnicodeScalar(FileTokens.separator(key)))
            try container.encode(set.sorted().map { $0 + separator }.joined(), forKey: key)
        }
    }

    /// The byte after each member of a coded set: a newline for string literals' contents, else a space.
    private static func separator(_ key: CodingKeys) -> UInt8 { key == .strings ? 0x0A : 0x20 }
}

/// A file's words (`FileTokens.words`): a set while the scan builds it; read back from the cache, the text the
/// cache holds (the words sorted by their UTF-8 bytes, each followed by a space), searched by halving in place, so
/// that reading a cached scan neither hashes every word of the file into a set nor splits the text.
public struct WordList: Sendable {
    private enum Storage: Sendable {
        case set(Set<String>)
        /// Sorted by UTF-8 bytes, each followed by a space; empty or ending with a space.
        case sorted(String)
    }

    private let storage: Storage

    init(_ words: Set<String>) { storage = .set(words) }

    /// Words sorted by their UTF-8 bytes, each followed by a space (`FileTokens`' coding); anything else is no
    /// words.
    init(joined text: String) {
        storage = .sorted(text.utf8.last == 0x20 ? text : "")
    }

    /// The coded form: the words sorted by their UTF-8 bytes, each followed by a space.
    var joined: String {
        switch storage {
        case .set(let words): return words.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { $0 + " " }.joined()
        case .sorted(let text): return text
        }
    }

    public func contains(_ word: String) -> Bool {
        switch storage {
        case .set(let words): return words.contains(word)
        case .sorted(let text):
            // Words are compared as `String`s compare (canonical equivalence): an ASCII word equals only its own
            // bytes, and is searched by halving; any other is compared with every word (identifiers are ASCII).
            guard word.utf8.allSatisfy({ $0 < 0x80 }) else {
                return text.utf8.split(separator: 0x20).contains { String(Substring($0)) == word }
            }
            let target = Array(word.utf8)
            if let found = text.utf8.withContiguousStorageIfAvailable({ Self.search(target, in: $0) }) { return found }
            return Self.search(target, in: Array(text.utf8)[...])
        }
    }

    /// Whether `target` is one of the space-ended words of `bytes`, sorted by their bytes.
    private static func search<Bytes: RandomAccessCollection<UInt8>>(_ target: [UInt8], in bytes: Bytes) -> Bool where Bytes.Index == Int {
        var low = bytes.startIndex, high = bytes.endIndex
        while low < high {
            // The word around the middle: [start, end), with low ≤ start ≤ middle < end < high.
            var start = (low + high) / 2
            while start > low && bytes[start - 1] != 0x20 { start -= 1 }
            var end = start
            while bytes[end] != 0x20 { end += 1 }
            let word = bytes[start..<end]
            if word.elementsEqual(target) { return true }
            if word.lexicographicallyPrecedes(target) { low = end + 1 } else { high = start }
        }
        return false
    }

    public func isDisjoint(with other: Set<String>) -> Bool { !other.contains(where: contains) }

    public func isSuperset(of other: some Sequence<String>) -> Bool { other.allSatisfy(contains) }

    /// The words among `other`.
    public func intersection(_ other: Set<String>) -> Set<String> { other.filter(contains) }
}
