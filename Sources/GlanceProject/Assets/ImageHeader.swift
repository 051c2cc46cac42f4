import Foundation

/// Reads an image's size from its file header, without decoding it.
///
/// PNG: the IHDR chunk. JPEG: the first start-of-frame marker. PDF: the first `/MediaBox`.
/// SVG: the root element's `width`/`height`, else its `viewBox`. Other formats: nil.
public enum ImageHeader {
    public struct Size: Sendable, Hashable, Codable {
        public let width: Double
        public let height: Double
        /// PDF and SVG sizes are in points and can be scaled without loss.
        public let isVector: Bool

        public init(width: Double, height: Double, isVector: Bool) {
            self.width = width
            self.height = height
            self.isVector = isVector
        }
    }

    /// The size of an image file, from its first 512 KiB (256 KiB for PDF and SVG); nil when the file cannot
    /// be read (`FileSystem.readPrefix`) or its format is not known.
    public static func size(ofFile path: String, fileSystem: FileSystem) -> Size? {
        let ext = path.pathExtension.lowercased()
        guard let head = try? fileSystem.readPrefix(path, count: ext == "pdf" || ext == "svg" ? 256 * 1024 : 512 * 1024) else { return nil }
        return size(of: head, pathExtension: ext)
    }

    public static func size(of data: Data, pathExtension ext: String = "") -> Size? {
        let bytes = [UInt8](data)
        if bytes.count >= 24, bytes[0] == 0x89, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47 {
            let width = be32(bytes, 16), height = be32(bytes, 20)
            return Size(width: Double(width), height: Double(height), isVector: false)
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 { return jpeg(bytes) }
        if ext == "pdf" || (bytes.count > 4 && bytes[0] == 0x25 && bytes[1] == 0x50 && bytes[2] == 0x44 && bytes[3] == 0x46) {
            return pdf(String(decoding: bytes, as: UTF8.self))
        }
        if ext == "svg" { return svg(String(decoding: bytes, as: UTF8.self)) }
        return nil
    }

    private static func be32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func jpeg(_ bytes: [UInt8]) -> Size? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { index += 1; continue }
            let marker = bytes[index + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) || marker == 0xFF { index += marker == 0xFF ? 1 : 2; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return Size(width: Double(width), height: Double(height), isVector: false)
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func pdf(_ text: String) -> Size? {
        guard let range = text.range(of: "/MediaBox") else { return nil }
        let after = text[range.upperBound...].drop { $0 == " " || $0 == "[" }
        let numbers = after.prefix { $0 != "]" }.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }).compactMap { Double($0) }
        guard numbers.count >= 4 else { return nil }
        return Size(width: numbers[2] - numbers[0], height: numbers[3] - numbers[1], isVector: true)
    }

    private static func svg(_ text: String) -> Size? {
        guard let start = text.range(of: "<svg") else { return nil }
        let tag = text[start.upperBound...].prefix { $0 != ">" }
        func attribute(_ name: String) -> String? {
            guard let range = tag.range(of: " \(name)=") ?? tag.range(of: "\n\(name)=") else { return nil }
            let rest = tag[range.upperBound...]
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
            return String(rest.dropFirst().prefix { $0 != quote })
        }
        func points(_ text: String?) -> Double? {
            guard let text, !text.hasSuffix("%") else { return nil }
            return Double(text.replacingOccurrences(of: "px", with: "").replacingOccurrences(of: "pt", with: ""))
        }
        if let width = points(attribute("width")), let height = points(attribute("height")) {
            return Size(width: width, height: height, isVector: true)
        }
        if let box = attribute("viewBox") {
            let numbers = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if numbers.count == 4 { return Size(width: numbers[2], height: numbers[3], isVector: true) }
        }
        return nil
    }
}
