import Foundation

extension Glance {
    /// Glance's version. This is the one place it is written: `glance --version` and SARIF's `tool.driver`
    /// print it, CHANGELOG.md's first entry names it (a test checks), and a release is the git tag of the same
    /// name (`Scripts/test-consumer-package.sh` tags a bare clone with it).
    public static let version = "0.3.4"
}

/// Which SwiftSyntax this `glance` was built with, and where it came from: the swift-syntax package (linked
/// into the executable) or a toolchain's own copy (shared libraries loaded at run time).
public enum SwiftSyntaxOrigin {
    /// The swift-syntax release, as its major version (`603` for the release that goes with Swift 6.3).
    public static var release: String {
        #if GLANCE_SWIFT_SYNTAX_PACKAGE
        #if canImport(SwiftSyntax603)
        return "603"
        #elseif canImport(SwiftSyntax602)
        return "602"
        #elseif canImport(SwiftSyntax601)
        return "601"
        #else
        return "600"
        #endif
        #else
        // A toolchain's copy is built from the same release as the toolchain's compiler.
        #if compiler(>=6.3)
        return "603"
        #elseif compiler(>=6.2)
        return "602"
        #elseif compiler(>=6.1)
        return "601"
        #else
        return "600"
        #endif
        #endif
    }

    /// True when SwiftSyntax is the swift-syntax package, linked in (`GLANCE_SWIFT_SYNTAX=package`).
    public static var isPackage: Bool {
        #if GLANCE_SWIFT_SYNTAX_PACKAGE
        return true
        #else
        return false
        #endif
    }

    /// One line for `glance --version`, e.g. `SwiftSyntax 603 from the swift-syntax package, linked in` or
    /// `SwiftSyntax 603 from a Swift toolchain: /usr/local/lib/glance/libSwiftSyntax.so`.
    public static var summary: String {
        if isPackage { return "SwiftSyntax \(release) from the swift-syntax package, linked in" }
        let place = loadedLibraryPath(named: "libSwiftSyntax").map { ": " + $0 } ?? ""
        return "SwiftSyntax \(release) from a Swift toolchain's own copy\(place)"
    }

    /// The file of a shared library this process has loaded whose name starts with `prefix` (Linux: read from
    /// /proc/self/maps, to its end: `String(contentsOfFile:)` stops after one page of a /proc file); nil where
    /// that cannot be known.
    static func loadedLibraryPath(named prefix: String) -> String? {
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
              let maps = String(data: data, encoding: .utf8) else { return nil }
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            let name = (path as NSString).lastPathComponent
            // The loader keeps `$ORIGIN/../lib/glance` as PREFIX/bin/../lib/glance: say PREFIX/lib/glance.
            if name.hasPrefix(prefix + ".") { return (path as NSString).standardizingPath }
        }
        return nil
    }
}

extension Glance {
    /// What the source cache's entries depend on besides a file's text: Glance's version and the SwiftSyntax that
    /// parses — its release, and for a toolchain's own copy also the size and modification time of the
    /// `libSwiftParser` this process loaded, which an update of the toolchain changes.
    public static let cacheIdentity: String = {
        var identity = "Glance \(version); SwiftSyntax \(SwiftSyntaxOrigin.release)"
        if SwiftSyntaxOrigin.isPackage { return identity + " (package)" }
        if let library = SwiftSyntaxOrigin.loadedLibraryPath(named: "libSwiftParser"),
           let attributes = try? FileManager.default.attributesOfItem(atPath: library) {
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            identity += " (toolchain libSwiftParser, \(size) bytes, modified \(Int(modified)))"
        }
        return identity
    }()

    /// What a record (`RunRecord`, `ProjectRecord`) depends on besides `cacheIdentity`: this program itself — the
    /// size and modification time of its executable — so a Glance built again from changed sources, with the
    /// same version, never prints an older build's output.
    public static let executableIdentity: String = {
        guard let path = Bundle.main.executablePath, let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "" }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path), \(size) bytes, modified \(modified)"
    }()
}
