internal import SwiftSyntax
internal import SwiftParser
import Foundation

/// What Glance needs from a Swift package's `Package.swift`, read with SwiftParser — never executed.
/// Only literal forms are understood; anything computed is listed in `unreadable` so callers can record a skip.
public struct PackageManifest: Sendable, Equatable {
    public struct Product: Sendable, Equatable {
        public let name: String
        public let targets: [String]
    }

    public struct Target: Sendable, Equatable {
        public enum Kind: String, Sendable { case regular, executable, test, macro, plugin, binary, system }
        public let name: String
        public let kind: Kind
        /// A literal `path:`, relative to the package folder.
        public let path: String?
        /// Literal `sources:` (relative to the target folder), when given.
        public let sources: [String]?
        public let exclude: [String]
        /// Names of targets of this package this target depends on (`"A"`, `.target(name: "A")`, `.byName(name: "A")`).
        public let targetDependencies: [String]
        /// `.product(name:package:)` dependencies.
        public let productDependencies: [(name: String, package: String)]

        public static func == (lhs: Target, rhs: Target) -> Bool {
            lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.sources == rhs.sources
                && lhs.exclude == rhs.exclude && lhs.targetDependencies == rhs.targetDependencies
                && lhs.productDependencies.map(\.name) == rhs.productDependencies.map(\.name)
        }
    }

    public let name: String?
    public let products: [Product]
    public let targets: [Target]
    /// `.package(path: "…")` dependencies, by the identity SwiftPM gives them (the folder name) → path.
    public let localDependencies: [String: String]
    /// `.package(url: …)` identities (the last path component without `.git`).
    public let remoteDependencies: [String]
    /// Parts of the manifest that are not literal and could not be read.
    public let unreadable: [String]

    /// Reads a manifest's text. The caller reads the file within Glance's limits and checks the text with
    /// `ParseGuard` first (see `LocalPackages`).
    public static func parse(_ text: String) -> PackageManifest {
        let tree = Parser.parse(source: text)
        var reader = Reader()
        // `let publicTargets = ["Kit", "UI"]` at the top level, named in `Package(…)` (`targets: publicTargets`).
        for statement in tree.statements {
            guard let variable = statement.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.let) else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value {
                    reader.constants[name] = value
                }
            }
        }
        reader.visit(Syntax(tree))
        return reader.manifest
    }

    /// The targets a product builds, with every target they depend on inside the package.
    public func targetClosure(ofProduct product: String) -> [Target] {
        guard let entry = products.first(where: { $0.name == product }) else {
            // A product of the same name as a target (implicit for executables) or unknown.
            return targets.first { $0.name == product }.map { closure([$0.name]) } ?? []
        }
        return closure(entry.targets)
    }

    func closure(_ names: [String]) -> [Target] {
        var seen: Set<String> = []
        var pending = names
        var result: [Target] = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let target = targets.first(where: { $0.name == name }) else { continue }
            result.append(target)
            pending += target.targetDependencies
        }
        return result.sorted { $0.name < $1.name }
    }

    /// The conventional folders of a target without `path:` (SwiftPM's predefined source folders).
    public static let conventionalFolders = ["Sources", "Source", "src", "srcs"]
}

private struct Reader {
    var name: String?
    var products: [PackageManifest.Product] = []
    var targets: [PackageManifest.Target] = []
    var local: [String: String] = [:]
    var remote: [String] = []
    var unreadable: [String] = []
    /// The manifest's top-level constants (`let name = value`).
    var constants: [String: ExprSyntax] = [:]

    var manifest: PackageManifest {
        PackageManifest(name: name, products: products, targets: targets, localDependencies: local, remoteDependencies: remote, unreadable: unreadable)
    }

    mutating func visit(_ node: Syntax) {
        if let call = node.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Package" {
            read(package: call)
            return
        }
        for child in node.children(viewMode: .sourceAccurate) { visit(child) }
    }

    func argument(_ call: FunctionCallExprSyntax, _ label: String) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    /// The expression, or the value of the top-level constant it names (followed a few times).
    func resolved(_ expr: ExprSyntax?) -> ExprSyntax? {
        var current = expr
        for _ in 0..<4 {
            guard let reference = current?.as(DeclReferenceExprSyntax.self), let value = constants[reference.baseName.text] else { return current }
            current = value
        }
        return current
    }

    func string(_ expr: ExprSyntax?) -> String? {
        guard let literal = resolved(expr)?.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard case .stringSegment(let part) = segment else { return nil }
            text += part.content.text
        }
        return text
    }

    func strings(_ expr: ExprSyntax?) -> [String]? {
        guard let array = resolved(expr)?.as(ArrayExprSyntax.self) else { return nil }
        let values = array.elements.map { string($0.expression) }
        return values.contains(where: { $0 == nil }) ? nil : values.compactMap { $0 }
    }

    /// `.name(…)` calls in an array literal; anything else is noted.
    func calls(in expr: ExprSyntax?, what: String, notes: inout [String]) -> [(String, FunctionCallExprSyntax)] {
        guard let expr = resolved(expr) else { return [] }
        guard let array = expr.as(ArrayExprSyntax.self) else {
            notes.append("\(what) is not an array literal")
            return []
        }
        return array.elements.compactMap { element in
            guard let call = element.expression.as(FunctionCallExprSyntax.self),
                  let member = call.calledExpression.as(MemberAccessExprSyntax.self) else {
                notes.append("\(what) has an element that is not a literal call: \(element.expression.trimmedDescription)")
                return nil
            }
            return (member.declName.baseName.text, call)
        }
    }

    mutating func read(package call: FunctionCallExprSyntax) {
        name = string(argument(call, "name"))
        var notes: [String] = []
        for (kind, product) in calls(in: argument(call, "products"), what: "products", notes: &notes) where kind == "library" || kind == "executable" {
            guard let productName = string(argument(product, "name")), let names = strings(argument(product, "targets")) else {
                notes.append("product \(product.trimmedDescription.prefix(60)) is not literal")
                continue
            }
            products.append(.init(name: productName, targets: names))
        }
        for (kind, dependency) in calls(in: argument(call, "dependencies"), what: "dependencies", notes: &notes) where kind == "package" {
            if let path = string(argument(dependency, "path")) {
                let identity = string(argument(dependency, "name")) ?? (path as NSString).lastPathComponent
                local[identity] = path
            } else if let url = string(argument(dependency, "url")) {
                var identity = (url as NSString).lastPathComponent
                if identity.hasSuffix(".git") { identity.removeLast(4) }
                remote.append(identity)
            }
        }
        for (kind, target) in calls(in: argument(call, "targets"), what: "targets", notes: &notes) {
            let targetKind: PackageManifest.Target.Kind
            switch kind {
            case "target": targetKind = .regular
            case "executableTarget": targetKind = .executable
            case "testTarget": targetKind = .test
            case "macro": targetKind = .macro
            case "plugin": targetKind = .plugin
            case "binaryTarget": targetKind = .binary
            case "systemLibrary": targetKind = .system
            default: continue
            }
            guard let targetName = string(argument(target, "name")) else {
                notes.append("a target's name is not literal")
                continue
            }
            let pathExpr = argument(target, "path")
            let path = string(pathExpr)
            if pathExpr != nil && path == nil { notes.append("target \(targetName): path is computed") }
            var targetDependencies: [String] = []
            var productDependencies: [(String, String)] = []
            if let array = resolved(argument(target, "dependencies"))?.as(ArrayExprSyntax.self) {
                for element in array.elements {
                    if let plain = string(element.expression) {
                        targetDependencies.append(plain)
                    } else if let dependency = element.expression.as(FunctionCallExprSyntax.self),
                              let member = dependency.calledExpression.as(MemberAccessExprSyntax.self) {
                        let dependencyName = string(argument(dependency, "name"))
                        switch member.declName.baseName.text {
                        case "target", "byName":
                            if let dependencyName { targetDependencies.append(dependencyName) }
                        case "product":
                            if let dependencyName, let package = string(argument(dependency, "package")) { productDependencies.append((dependencyName, package)) }
                        default:
                            break
                        }
                    }
                }
            }
            targets.append(.init(name: targetName, kind: targetKind, path: path, sources: strings(argument(target, "sources")),
                                 exclude: strings(argument(target, "exclude")) ?? [], targetDependencies: targetDependencies,
                                 productDependencies: productDependencies))
        }
        unreadable += notes
    }
}
