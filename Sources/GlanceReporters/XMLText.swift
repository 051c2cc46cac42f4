import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Builds XML reports with FoundationXML. Attributes keep the order they are given in; text and attribute
/// values are escaped by XMLNode; characters XML 1.0 forbids (C0 controls other than tab, LF and CR, and
/// U+FFFE/U+FFFF) are dropped, since XMLNode writes them as they are.
enum XMLText {
    /// An element with attributes in the given order and optional text content.
    static func element(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil, children: [XMLElement] = []) -> XMLElement {
        let element = XMLElement(name: name)
        for (key, value) in attributes {
            if let attribute = XMLNode.attribute(withName: key, stringValue: clean(value)) as? XMLNode { element.addAttribute(attribute) }
        }
        if let text { element.addChild(XMLNode.text(withStringValue: clean(text)) as! XMLNode) }
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
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x9 && value != 0xA && value != 0xD) || value == 0xFFFE || value == 0xFFFF { continue }
            cleaned.append(scalar)
        }
        return String(cleaned)
    }
}
