import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Builds XML reports with FoundationXML. Attributes keep the order they are given in; text and attribute
/// values are escaped by XMLNode, after `OutputText` spelled out the control characters XML 1.0 cannot hold
/// (all but tab, LF and CR: `\u{1B}`, …) and the bytes of names that are not UTF-8; U+FFFE and U+FFFF, which
/// XML forbids too, are dropped.
enum XMLText {
    /// An element with attributes in the given order and optional text content: `text`, or `lines` (each
    /// escaped as a line of text, `OutputText.escaped`, then joined by line breaks).
    static func element(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil, lines: [String]? = nil,
                        children: [XMLElement] = []) -> XMLElement {
        let element = XMLElement(name: name)
        for (key, value) in attributes {
            if let attribute = XMLNode.attribute(withName: key, stringValue: clean(value)) as? XMLNode { element.addAttribute(attribute) }
        }
        if let content = text.map(clean) ?? lines.map({ $0.map { clean(OutputText.escaped($0)) }.joined(separator: "\n") }) {
            element.addChild(XMLNode.text(withStringValue: content) as! XMLNode)
        }
        for child in children { element.addChild(child) }
        return element
    }

    /// `<?xml version="1.0" encoding="utf-8" standalone="no"?>` and the element, indented by two spaces, empty
    /// elements closed as `<name/>`, ending in a newline.
    static func document(_ root: XMLElement) -> String {
        let document = XMLDocument(rootElement: root)
        document.version = "1.0"
        document.characterEncoding = "utf-8"
        let text = document.xmlString(options: [.nodePrettyPrint, .nodeCompactEmptyElement])
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    static func clean(_ text: String) -> String {
        var cleaned = String.UnicodeScalarView()
        for scalar in OutputText.escaped(text, keeping: ["\t", "\n", "\r"]).unicodeScalars where scalar.value != 0xFFFE && scalar.value != 0xFFFF {
            cleaned.append(scalar)
        }
        return String(cleaned)
    }
}
