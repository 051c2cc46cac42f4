import Foundation

/// An asset catalog (`*.xcassets`) as far as widget rules need it: image and color names, and for each image
/// its files with their scale and pixel size (read from the file headers).
public struct AssetCatalog: Sendable, Codable {
    public let path: String
    public let images: [ImageAsset]
    /// Color set names (`Brand`, or `Namespace/Brand` inside a folder that provides a namespace).
    public let colors: Set<String>

    /// Names an `Image("…")` can load: image sets and symbol sets.
    public var imageNames: Set<String> { Set(images.map(\.name)) }

    public func image(named name: String) -> ImageAsset? { images.first { $0.name == name } }

    public init(path: String, images: [ImageAsset], colors: Set<String>) {
        self.path = path
        self.images = images
        self.colors = colors
    }

    /// Reads a catalog folder. A missing or unreadable `Contents.json` leaves the entry without details; one that is
    /// there but cannot be read as JSON (truncated, too large) is recorded in `fileSystem.problems` as well, since
    /// the rules that need its details stay silent about that entry.
    public static func read(_ path: String, fileSystem: FileSystem) -> AssetCatalog {
        var images: [ImageAsset] = []
        var colors: Set<String> = []
        var visited: Set<String> = []
        func visit(_ folder: String, namespace: String) {
            // Symbolic links may lead back up the catalog: each real folder is read once.
            guard visited.insert(FileSystem.realPath(folder)).inserted, visited.count < 100_000 else { return }
            for name in fileSystem.contents(of: folder) {
                let child = folder.appendingPath(name)
                guard fileSystem.isDirectory(child) else { continue }
                let ext = name.pathExtension
                let base = (name as NSString).deletingPathExtension
                switch ext {
                case "imageset", "symbolset":
                    images.append(ImageAsset.read(child, name: namespace + base, isSymbol: ext == "symbolset", fileSystem: fileSystem))
                case "appiconset":
                    // `Image("AppIcon")` / `UIImage(named: "AppIcon")` resolve app icon sets too.
                    images.append(ImageAsset(name: namespace + base, folder: child, isSymbol: false, representations: []))
                case "colorset":
                    colors.insert(namespace + base)
                case "":
                    let contents = readContents(of: child, fileSystem: fileSystem)
                    let provides = contents?["properties"]?["provides-namespace"]?.boolValue ?? false
                    visit(child, namespace: provides ? namespace + name + "/" : namespace)
                default:
                    continue
                }
            }
        }
        visit(path, namespace: "")
        return AssetCatalog(path: path, images: images.sorted { $0.name < $1.name }, colors: colors)
    }
}

extension AssetCatalog {
    /// A catalog entry's `Contents.json`, or nil when it is missing or cannot be read (then a problem naming it is
    /// recorded).
    static func readContents(of folder: String, fileSystem: FileSystem) -> PlistValue? {
        let file = folder.appendingPath("Contents.json")
        guard fileSystem.exists(file) else { return nil }
        do {
            return try PlistValue.json(at: file, fileSystem: fileSystem)
        } catch {
            let reason = (error as? ProjectError)?.reasonText ?? "not valid JSON"
            fileSystem.record("\(file): \(reason); what it says about \(folder.lastPathComponent) is not checked")
            return nil
        }
    }
}

/// One image set (or symbol set) of a catalog.
public struct ImageAsset: Sendable, Codable {
    public let name: String
    public let folder: String
    public let isSymbol: Bool
    public let representations: [ImageRepresentation]

    public init(name: String, folder: String, isSymbol: Bool, representations: [ImageRepresentation]) {
        self.name = name
        self.folder = folder
        self.isSymbol = isSymbol
        self.representations = representations
    }

    static func read(_ folder: String, name: String, isSymbol: Bool, fileSystem: FileSystem) -> ImageAsset {
        var representations: [ImageRepresentation] = []
        let contents = AssetCatalog.readContents(of: folder, fileSystem: fileSystem)
        let preservesVector = contents?["properties"]?["preserves-vector-representation"]?.boolValue ?? false
        for entry in contents?["images"]?.array ?? contents?["symbols"]?.array ?? [] {
            guard let filename = entry["filename"]?.string else { continue }
            let scaleText = entry["scale"]?.string ?? ""
            let scale = Double(scaleText.replacingOccurrences(of: "x", with: ""))
            let file = folder.appendingPath(filename)
            // A symbol set's SVG is a template whose canvas (often 3300×2200) is not the size it is drawn at: a
            // symbol is vector and scales with the font or frame, so it has no size to judge.
            let size = isSymbol ? nil : fileSystem.resolve(file).flatMap { ImageHeader.size(ofFile: $0, fileSystem: fileSystem) }
            representations.append(ImageRepresentation(filename: filename, scale: scale, idiom: entry["idiom"]?.string,
                                                       size: size, preservesVector: preservesVector))
        }
        return ImageAsset(name: name, folder: folder, isSymbol: isSymbol, representations: representations)
    }
}

/// One file of an image set.
public struct ImageRepresentation: Sendable, Codable {
    public let filename: String
    /// `1`, `2`, `3`, or nil for a single-scale (often vector) image.
    public let scale: Double?
    public let idiom: String?
    /// Size read from the file: pixels for PNG/JPEG, points for PDF/SVG (`ImageHeader.Size.isVector`); nil when not
    /// read, and for a symbol set's file (a template, not a drawn size).
    public let size: ImageHeader.Size?
    public let preservesVector: Bool

    public init(filename: String, scale: Double?, idiom: String?, size: ImageHeader.Size?, preservesVector: Bool) {
        self.filename = filename
        self.scale = scale
        self.idiom = idiom
        self.size = size
        self.preservesVector = preservesVector
    }
}

extension PlistValue {
    /// Reads a JSON file of at most `InputLimit.projectJSON` into a `PlistValue` (booleans stay booleans).
    static func json(at path: String, fileSystem: FileSystem) throws -> PlistValue {
        let data = try fileSystem.read(path, limit: .projectJSON)
        let object = try JSONSerialization.jsonObject(with: data)
        return PlistValue(foundation: object)
    }
}
