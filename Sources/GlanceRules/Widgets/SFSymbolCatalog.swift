import GlanceProject
import GlanceSurfaces

/// The SF Symbol names Glance knows, with the release that introduced each and the OS versions of each release
/// (`SFSymbolsData`, written by Scripts/update-sf-symbols.py). Read once per run, when a rule first asks
/// (`shared` is a lazily initialized global), in a few milliseconds.
struct SFSymbolCatalog: Sendable {
    /// One SF Symbols release: its public version (`7.0`) and the first version of each OS that has its symbols.
    struct Release: Sendable {
        let version: String
        let firstVersions: [Platform: String]
    }

    /// Oldest first.
    let releases: [Release]
    /// Each name's release (an index into `releases`), or nil for an old name whose release the data does not know.
    private let names: [String: Int?]
    /// Old name → current name, for renamed symbols.
    private let currentNames: [String: String]
    /// Current name → its old names.
    private let oldNames: [String: [String]]
    let allNames: [String]

    static let shared = SFSymbolCatalog(text: SFSymbolsData.text)

    /// Parses the data's lines (see the header of `SFSymbolsData`); a line of another shape is left out.
    init(text: String) {
        var releases: [Release] = []
        var index: [String: Int] = [:]
        var names: [String: Int?] = [:]
        var current: [String: String] = [:]
        let platforms = Dictionary(uniqueKeysWithValues: Platform.allCases.map { (Availability.name(of: $0), $0) })
        for line in text.split(separator: "\n") {
            if line.hasPrefix("release ") {
                let words = line.split(separator: " ").map(String.init)
                guard words.count >= 2, words.count % 2 == 0 else { continue }
                var versions: [Platform: String] = [:]
                for pair in stride(from: 2, to: words.count, by: 2) {
                    if let platform = platforms[words[pair]] { versions[platform] = words[pair + 1] }
                }
                index[words[1]] = releases.count
                releases.append(Release(version: words[1], firstVersions: versions))
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, !fields[0].isEmpty else { continue }
            let name = String(fields[0])
            if fields[1] == "-" { names[name] = .some(nil) } else if let release = index[String(fields[1])] { names[name] = release } else { continue }
            if fields.count >= 3, fields[2].hasPrefix(">") { current[name] = String(fields[2].dropFirst()) }
        }
        self.releases = releases
        self.names = names
        currentNames = current
        oldNames = Dictionary(grouping: current.keys.sorted(), by: { current[$0]! })
        allNames = names.keys.sorted()
    }

    /// Whether a name is an SF Symbol (a current name or a renamed symbol's old one).
    func contains(_ name: String) -> Bool { names[name] != nil }

    /// The release that introduced a name; nil when the name is unknown, or an old name of unknown release.
    func release(of name: String) -> Release? { names[name].flatMap { $0 }.map { releases[$0] } }

    /// The newest release the data knows.
    var newest: Release { releases[releases.count - 1] }

    /// The current name of a renamed symbol's old name.
    func currentName(of name: String) -> String? { currentNames[name] }

    /// The old names of a renamed symbol, each with its release (those whose release is known).
    func oldNames(of name: String) -> [(name: String, release: Release)] {
        (oldNames[name] ?? []).compactMap { old in release(of: old).map { (old, $0) } }
    }

    /// The closest SF Symbol name, for "did you mean": among the names of the same first part (`arrow.…`) when one is
    /// close enough, else among all.
    func closest(to name: String) -> String? {
        let family = name.prefix { $0 != "." } + "."
        return Suggestion.closest(name, in: allNames.filter { $0.hasPrefix(family) }) ?? Suggestion.closest(name, in: allNames)
    }
}
