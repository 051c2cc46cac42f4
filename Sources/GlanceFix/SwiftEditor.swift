import Foundation
import SwiftParser
import SwiftSyntax

/// Edits of Swift sources made with SwiftSyntax, keeping the file's formatting.
enum SwiftEditor {
    enum Failure: Error { case notFound(String) }

    static let containerBackground = ".containerBackground(.fill.tertiary, for: .widget)"

    /// Appends `.containerBackground(.fill.tertiary, for: .widget)` to the view expression that starts at `line`:`column`
    /// (UTF-8 columns, as SwiftSyntax counts) and is a statement of its own (a closure's, or after `return`): on a
    /// line of its own, under the last modifier when the expression has modifiers on lines of their own, indented
    /// one level (the file's own: the view's indentation past the line above) under the view otherwise; on the same
    /// line when the view shares its line with the closure.
    /// - Throws: `Failure.notFound` when no such expression starts there, or the result does not parse as the source did.
    static func addingContainerBackground(to text: String, line: Int, column: Int) throws -> String {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let finder = StatementFinder(line: line, column: column, converter: converter)
        finder.walk(tree)
        guard let expression = finder.found else { throw Failure.notFound("no view expression starts at \(line):\(column)") }
        let utf8 = Array(text.utf8)
        let start = expression.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = expression.endPositionBeforeTrailingTrivia.utf8Offset
        func lineStart(_ offset: Int) -> Int { var index = offset; while index > 0 && utf8[index - 1] != 0x0A { index -= 1 }; return index }
        func indent(from offset: Int) -> String {
            String(decoding: utf8[offset...].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
        }
        let firstLine = lineStart(start)
        let lastLine = lineStart(end)
        let beforeStart = utf8[firstLine..<start]
        let insertion: String
        let lastIndent = indent(from: lastLine)
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        if lastLine > firstLine, utf8.indices.contains(lastLine + lastIndent.utf8.count), utf8[lastLine + lastIndent.utf8.count] == UInt8(ascii: ".") {
            insertion = newline + lastIndent + containerBackground
        } else if beforeStart.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            // One level of the file's own indentation: the view's indentation past the line above it (the closure's).
            let own = indent(from: firstLine)
            // (Blank lines above are passed over.)
            var above = firstLine > 0 ? lineStart(firstLine - 1) : 0
            var end = firstLine - 1
            while above > 0 && indent(from: above).utf8.count >= end - above {
                end = above - 1
                above = lineStart(above - 1)
            }
            let outer = indent(from: above)
            let unit = own.hasPrefix(outer) && own.count > outer.count ? String(own.dropFirst(outer.count)) : (own.contains("\t") ? "\t" : "    ")
            insertion = newline + own + unit + containerBackground
        } else {
            insertion = containerBackground
        }
        let edited = String(decoding: utf8[..<end], as: UTF8.self) + insertion + String(decoding: utf8[end...], as: UTF8.self)
        let reparsed = Parser.parse(source: edited)
        guard reparsed.hasError == tree.hasError else { throw Failure.notFound("the edited file does not parse as the original did") }
        return edited
    }

    /// Finds the outermost expression starting at a position that is a statement of its own (or a `return`'s value).
    private final class StatementFinder: SyntaxVisitor {
        let line: Int
        let column: Int
        let converter: SourceLocationConverter
        var found: ExprSyntax?

        init(line: Int, column: Int, converter: SourceLocationConverter) {
            self.line = line
            self.column = column
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        private func starts(_ node: some SyntaxProtocol) -> Bool {
            let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
            return location.line == line && location.column == column
        }

        override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
            guard found == nil else { return .skipChildren }
            if case .expr(let expression) = node.item, starts(expression), !expression.is(IfExprSyntax.self), !expression.is(SwitchExprSyntax.self) {
                found = expression
                return .skipChildren
            }
            return .visitChildren
        }

        override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
            guard found == nil else { return .skipChildren }
            if let expression = node.expression, starts(expression), !expression.is(IfExprSyntax.self), !expression.is(SwitchExprSyntax.self) {
                found = expression
                return .skipChildren
            }
            return .visitChildren
        }
    }
}
