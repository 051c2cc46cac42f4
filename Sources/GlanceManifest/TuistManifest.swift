internal import SwiftSyntax
internal import SwiftParser
import Foundation

/// What Glance needs from a Tuist `Project.swift`, read with SwiftParser — never compiled or run: each
/// target's name, product, platforms, source globs and the targets it depends on. Only literal forms are
/// understood, also through a top-level `let` that names them (`let widget = Target.target(…)`); a target
/// built by helper code (`Project.app(…)`, `.featureTarget(…)`) or a computed argument is listed in
/// `unreadable`, so callers can say which files were not placed.
public struct TuistManifest: Sendable, Equatable {
    /// A `sources:` glob, relative to the manifest's folder, with the globs it excludes.
    public struct Glob: Sendable, Equatable {
        public let pattern: String
        public let excluding: [String]

        public init(pattern: String, excluding: [String] = []) {
            self.pattern = pattern
            self.excluding = excluding
        }
    }

    /// A dependency on another target: of this manifest (`.target(name:)`), or of the manifest in the folder
    /// `projectPath` (`.project(target:path:)`, relative to this manifest's folder).
    public struct Dependency: Sendable, Equatable {
        public let target: String
        public let projectPath: String?

        public init(target: String, projectPath: String? = nil) {
            self.target = target
            self.projectPath = projectPath
        }
    }

    public struct Target: Sendable, Equatable {
        public let name: String
        /// `productName:`, when given literally (the module name derives from it).
        public let productName: String?
        /// The `product:` case (`app`, `appExtension`, `watch2App`, `framework`, …), nil when not literal.
        public let product: String?
        /// The `destinations:` or `platform:` cases as written (`iOS`, `iPhone`, `watchOS`, `mac`, …).
        public let platforms: [String]
        /// `sources:` globs.
        public let sources: [Glob]
        /// `buildableFolders:` paths (Xcode 16 synchronized folders): every file below them.
        public let buildableFolders: [String]
        public let dependencies: [Dependency]
    }

    /// The `Project(name:)`, when literal.
    public let name: String?
    public let targets: [Target]
    /// Parts that are not literal and could not be read, each saying what.
    public let unreadable: [String]

    /// Reads a manifest's text. The caller reads the file within Glance's limits and checks the text with
    /// `ParseGuard` first (see `LooseSources`).
    public static func parse(_ text: String) -> TuistManifest {
        let tree = Parser.parse(source: text)
        var reader = TuistReader(tree: tree)
        reader.read()
        return TuistManifest(name: reader.name, targets: reader.targets, unreadable: reader.unreadable)
    }

}

private struct TuistReader {
    let tree: SourceFileSyntax
    var name: String?
    var targets: [TuistManifest.Target] = []
    var unreadable: [String] = []
    /// Top-level `let name = expression` bindings, for names the project's arguments use.
    var bindings: [String: ExprSyntax] = [:]

    init(tree: SourceFileSyntax) {
        self.tree = tree
        for item in tree.statements {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let identifier = binding.pattern.as(IdentifierPatternSyntax.self), let value = binding.initializer?.value {
                    bindings[identifier.identifier.text] = value
                }
            }
        }
    }

    mutating func read() {
        var projects: [FunctionCallExprSyntax] = []
        collectProjects(Syntax(tree), into: &projects)
        guard !projects.isEmpty else {
            unreadable.append("no literal Project(…) call; the project is built by helper code")
            return
        }
        for project in projects {
            if name == nil { name = string(argument(project, "name")) }
            guard let targetsExpr = argument(project, "targets") else { continue }
            guard let elements = arrayElements(resolved(targetsExpr)) else {
                unreadable.append("targets: \(short(targetsExpr)) is not an array literal")
                continue
            }
            for element in elements {
                if let target = target(resolved(element)) { targets.append(target) }
                else { unreadable.append("target \(short(element)) is built by helper code") }
            }
        }
    }

    func collectProjects(_ node: Syntax, into result: inout [FunctionCallExprSyntax]) {
        if let call = node.as(FunctionCallExprSyntax.self), isProjectCall(call) {
            result.append(call)
            return
        }
        for child in node.children(viewMode: .sourceAccurate) { collectProjects(child, into: &result) }
    }

    /// `Project(…)`, `Project.init(…)`, `.init(…)` bound to a `Project`-typed `let`.
    func isProjectCall(_ call: FunctionCallExprSyntax) -> Bool {
        let callee = call.calledExpression.trimmedDescription
        return (callee == "Project" || callee == "Project.init") && call.arguments.contains { $0.label?.text == "targets" }
    }

    /// An identifier that names a top-level `let`, followed (a few steps).
    func resolved(_ expr: ExprSyntax) -> ExprSyntax {
        var current = expr
        for _ in 0..<4 {
            guard let reference = current.as(DeclReferenceExprSyntax.self), let value = bindings[reference.baseName.text] else { break }
            current = value
        }
        return current
    }

    func arrayElements(_ expr: ExprSyntax) -> [ExprSyntax]? {
        expr.as(ArrayExprSyntax.self)?.elements.map(\.expression)
    }

    func argument(_ call: FunctionCallExprSyntax, _ label: String) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    func string(_ expr: ExprSyntax?) -> String? {
        guard let expr, let literal = resolved(expr).as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard case .stringSegment(let part) = segment else { return nil }
            text += part.content.text
        }
        return text
    }

    /// A string literal with its interpolations written as `<expression>` (`"\\(env.name)Widget"` →
    /// `<env.name>Widget`): names a target whose name is computed, for display.
    func template(_ expr: ExprSyntax?) -> String? {
        guard let expr, let literal = resolved(expr).as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let part): text += part.content.text
            case .expressionSegment(let interpolation): text += "<" + interpolation.expressions.trimmedDescription + ">"
            @unknown default: return nil
            }
        }
        return text
    }

    func strings(_ expr: ExprSyntax?) -> [String]? {
        guard let expr else { return nil }
        if let single = string(expr) { return [single] }
        guard let elements = arrayElements(resolved(expr)) else { return nil }
        let values = elements.map { string($0) }
        return values.contains { $0 == nil } ? nil : values.compactMap { $0 }
    }

    /// `.name` or `Type.name`: the member's name.
    func memberName(_ expr: ExprSyntax) -> String? {
        expr.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    func short(_ expr: ExprSyntax) -> String {
        let text = expr.trimmedDescription.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return text.count > 40 ? "`" + text.prefix(40) + "…`" : "`" + text + "`"
    }

    /// `.target(…)`, `Target.target(…)`, `Target(…)`: a target; anything else is helper code.
    mutating func target(_ expr: ExprSyntax) -> TuistManifest.Target? {
        guard let call = expr.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.trimmedDescription
        guard callee == "Target" || callee == ".target" || callee == "Target.target" || callee == "Target.init" else { return nil }
        guard let targetName = string(argument(call, "name")) ?? template(argument(call, "name")) else {
            unreadable.append("a target's name is not literal: \(short(argument(call, "name") ?? expr))")
            return nil
        }
        let productExpr = argument(call, "product")
        let product = productExpr.flatMap { memberName(resolved($0)) }
        if productExpr != nil && product == nil { unreadable.append("target \(targetName): product is computed") }
        var platforms: [String] = []
        for label in ["destinations", "platform"] {
            guard let value = argument(call, label).map(resolved) else { continue }
            if let single = memberName(value) { platforms.append(single) }
            else if let elements = arrayElements(value) { platforms += elements.compactMap { memberName(resolved($0)) } }
        }
        var sources: [TuistManifest.Glob] = []
        if let sourcesExpr = argument(call, "sources") {
            if let globs = globs(sourcesExpr) { sources = globs }
            else { unreadable.append("target \(targetName): sources \(short(sourcesExpr)) are computed") }
        }
        var folders: [String] = []
        if let foldersExpr = argument(call, "buildableFolders") {
            let elements = arrayElements(resolved(foldersExpr)) ?? []
            for element in elements {
                let value = resolved(element)
                if let path = string(value) { folders.append(path) }
                else if let folderCall = value.as(FunctionCallExprSyntax.self), let path = string(folderCall.arguments.first?.expression) {
                    folders.append(path)
                } else {
                    unreadable.append("target \(targetName): buildable folder \(short(element)) is computed")
                }
            }
            if elements.isEmpty && foldersExpr.as(ArrayExprSyntax.self) == nil {
                unreadable.append("target \(targetName): buildableFolders \(short(foldersExpr)) are computed")
            }
        }
        var dependencies: [TuistManifest.Dependency] = []
        for element in argument(call, "dependencies").flatMap({ arrayElements(resolved($0)) }) ?? [] {
            guard let dependency = resolved(element).as(FunctionCallExprSyntax.self), let kind = memberName(dependency.calledExpression) else { continue }
            switch kind {
            case "target":
                if let name = string(argument(dependency, "name") ?? dependency.arguments.first?.expression) {
                    dependencies.append(.init(target: name))
                }
            case "project":
                if let name = string(argument(dependency, "target")), let path = string(argument(dependency, "path")) {
                    dependencies.append(.init(target: name, projectPath: path))
                }
            default:
                continue
            }
        }
        return TuistManifest.Target(name: targetName, productName: string(argument(call, "productName")), product: product,
                                    platforms: platforms, sources: sources, buildableFolders: folders, dependencies: dependencies)
    }

    /// `"Sources/**"`, `["A/**", "B/**"]`, `.paths([…])`, `[.glob("A/**", excluding: […])]`,
    /// `SourceFilesList(globs: […])`; nil when not literal.
    func globs(_ raw: ExprSyntax) -> [TuistManifest.Glob]? {
        let expr = resolved(raw)
        if let pattern = string(expr) { return [.init(pattern: pattern)] }
        if let elements = arrayElements(expr) {
            var result: [TuistManifest.Glob] = []
            for element in elements {
                guard let globs = globs(element) else { return nil }
                result += globs
            }
            return result
        }
        guard let call = expr.as(FunctionCallExprSyntax.self) else { return nil }
        if let list = argument(call, "globs") ?? argument(call, "paths") { return globs(list) }
        let callee = memberName(call.calledExpression) ?? call.calledExpression.trimmedDescription
        switch callee {
        case "paths", "sourceFilesList":
            return call.arguments.first.flatMap { globs($0.expression) }
        case "glob", "SourceFileGlob":
            guard let pattern = string(argument(call, "pattern") ?? call.arguments.first?.expression) else { return nil }
            var excluding: [String] = []
            if let excludingExpr = argument(call, "excluding") {
                guard let list = strings(excludingExpr) else { return nil }
                excluding = list
            }
            return [.init(pattern: pattern, excluding: excluding)]
        default:
            return nil
        }
    }
}
