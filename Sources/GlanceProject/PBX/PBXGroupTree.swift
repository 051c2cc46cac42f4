import Foundation

/// Where the elements of a project's group tree live on disk: each element's parent, from the main group
/// down, and its absolute path (`sourceTree` `<group>` relative to the parent, `SOURCE_ROOT` to SRCROOT,
/// `<absolute>`; elements under `BUILT_PRODUCTS_DIR`, `SDKROOT` and the like are not on disk here).
public struct PBXGroupTree: Sendable {
    public let pbx: PBXProj
    /// SRCROOT: the folder holding the `.xcodeproj` plus the project's `projectDirPath`, absolute.
    public let sourceRoot: String
    /// Element id → parent group id.
    public private(set) var parents: [String: String] = [:]
    /// An element the tree lists a second time, or inside itself (Xcode never writes that; a damaged or
    /// hand-edited file can): it keeps its first place. Nil when there is none.
    public private(set) var listedTwice: String?
    /// The first element found nested deeper than `maximumDepth` groups (Xcode's own projects stay within a few
    /// dozen; a hostile file can nest 100,000): it and everything below it are not on disk for Glance, so no path
    /// is built for them (each would hold every folder above it). Nil when there is none.
    public private(set) var nestedTooDeep: String?
    /// Elements below `maximumDepth`.
    private var beyondDepth: Set<String> = []
    /// 256 nested groups.
    public static let maximumDepth = 256
    /// Element id → absolute path (nil for elements outside the disk, such as products).
    private var elementPaths: [String: String?] = [:]
    private let mainGroup: String?

    /// `projectPath` is the absolute path of the `.xcodeproj` folder.
    public init(pbx: PBXProj, projectPath: String) {
        self.pbx = pbx
        sourceRoot = projectPath.deletingLastPathComponent.appendingPath(pbx.project.projectDirPath).standardizedPath
        mainGroup = pbx.project.mainGroup
        var stack = [pbx.project.mainGroup].compactMap { $0 }.map { (id: $0, depth: 0) }
        var seen: Set<String> = Set(stack.map(\.id))
        // Sized for every object once: growing a table of 100,000 ids rehashes them again and again.
        seen.reserveCapacity(pbx.objects.count)
        parents.reserveCapacity(pbx.objects.count)
        // Fields read as they are: a project's 100,000 file references each pass here.
        while let (id, depth) = stack.popLast() {
            guard let children = pbx.objects[id]?["children"]?.strings else { continue }
            for child in children {
                guard seen.insert(child).inserted else {
                    if listedTwice == nil { listedTwice = child }
                    continue
                }
                parents[child] = id
                if depth + 1 > Self.maximumDepth {
                    if nestedTooDeep == nil { nestedTooDeep = child }
                    beyondDepth.insert(child)
                }
                stack.append((child, depth + 1))
            }
        }
    }

    /// The absolute on-disk path of a group-tree element, or nil when it does not live on disk. Walks up the
    /// parents without recursion (a group tree can be thousands deep).
    public mutating func path(of id: String) -> String? {
        if let cached = elementPaths[id] { return cached }
        if beyondDepth.contains(id) { return nil }
        // The chain from `id` up to the first element whose path is known, or to the top.
        var chain: [String] = []
        var visited: Set<String> = []
        var current: String? = id
        while let element = current, elementPaths[element] == nil, visited.insert(element).inserted {
            chain.append(element)
            current = Self.sourceTree(pbx.objects[element]) == "<group>" ? parents[element] : nil
        }
        for element in chain.reversed() { elementPaths[element] = .some(computePath(of: element)) }
        return elementPaths[id] ?? nil
    }

    /// One element's path, its parent's being known already (see `path(of:)`).
    private func computePath(of id: String) -> String? {
        guard let fields = pbx.objects[id] else { return nil }
        var base: String?
        switch Self.sourceTree(fields) {
        case "<group>":
            if let parent = parents[id] { base = elementPaths[parent] ?? nil } else { base = sourceRoot }
        case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR": base = sourceRoot
        case "<absolute>": base = ""
        default: base = nil   // BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR: not on disk here
        }
        guard let base else { return nil }
        let own = fields["path"]?.string
        if own == nil, id == mainGroup { return sourceRoot }
        if let own { return (base.isEmpty ? own : base.appendingPath(own)).standardizedPath }
        return base   // a group without a path sits where its parent is
    }

    /// An element's `sourceTree` (`<group>` when the file names none), as `PBXFileElement` reads it.
    private static func sourceTree(_ fields: [String: PlistValue]?) -> String? {
        guard let fields else { return nil }
        return fields["sourceTree"]?.string ?? "<group>"
    }
}
