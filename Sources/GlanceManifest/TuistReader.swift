internal import SwiftSyntax
import Foundation

/// Reads `TuistManifest` from a parsed `Project.swift`: literal forms only (see `TuistManifest`).
struct TuistReader {
    typealias Field = TuistManifest.Field
    typealias PlistLiteral = TuistManifest.PlistLiteral

    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    var name: String?
    var targets: [TuistManifest.Target] = []
    var settings: TuistManifest.Settings?
    var computedSettings: String?
    var unreadable: [String] = []
    /// Top-level `let name = expression` bindings, for names the project's arguments use.
    var bindings: [String: ExprSyntax] = [:]

    init(tree: SourceFileSyntax) {
        self.tree = tree
        converter = SourceLocationConverter(fileName: "Project.swift", tree: tree)
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
            if let settingsExpr = argument(project, "settings"), settings == nil, computedSettings == nil {
                if let literal = readSettings(settingsExpr) { settings = literal } else { computedSettings = short(settingsExpr) }
            }
            guard let targetsExpr = argument(project, "targets") else { continue }
            guard let elements = arrayElements(resolved(targetsExpr)).map({ $0 + appended(to: targetsExpr) }) else {
                unreadable.append("targets: \(short(targetsExpr)) is not an array literal")
                continue
            }
            for element in elements {
                if let target = target(resolved(element)) { targets.append(target) }
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

    // MARK: Expressions

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

    /// What the manifest adds to a top-level `var` array after declaring it, in order, at the top level or in its
    /// `if` blocks (`targets.append(watchTarget)`, `targets += [widgetTarget]`, `targets.append(contentsOf: […])`):
    /// a `var` assembled in statements is the project's list as much as a literal is. Empty for anything else.
    func appended(to expr: ExprSyntax) -> [ExprSyntax] {
        guard let name = expr.as(DeclReferenceExprSyntax.self)?.baseName.text, bindings[name] != nil else { return [] }
        var result: [ExprSyntax] = []
        func visit(_ node: Syntax) {
            if let call = node.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
               member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name, let first = call.arguments.first {
                if member.declName.baseName.text == "append", first.label == nil { result.append(first.expression) }
                if member.declName.baseName.text == "append", first.label?.text == "contentsOf" { result += arrayElements(resolved(first.expression)) ?? [] }
                return
            }
            if let sequence = node.as(SequenceExprSyntax.self) {
                let items = Array(sequence.elements)
                if items.count == 3, items[0].as(DeclReferenceExprSyntax.self)?.baseName.text == name,
                   items[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
                    result += arrayElements(resolved(items[2])) ?? []
                    return
                }
            }
            if let infix = node.as(InfixOperatorExprSyntax.self), infix.leftOperand.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
               infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
                result += arrayElements(resolved(infix.rightOperand)) ?? []
                return
            }
            // Statements at the top level and in `if` blocks; not inside functions or closures, which may never run.
            if node.is(FunctionDeclSyntax.self) || node.is(ClosureExprSyntax.self) { return }
            for child in node.children(viewMode: .sourceAccurate) { visit(child) }
        }
        for item in tree.statements where !item.item.is(VariableDeclSyntax.self) { visit(Syntax(item)) }
        return result
    }

    func argument(_ call: FunctionCallExprSyntax, _ label: String) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    /// The first argument when it has no label.
    func unlabeled(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first.flatMap { $0.label == nil ? $0.expression : nil }
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

    /// `.name` or `Type.name` with `Type` one of `types`: the member's name (`env.name` is not a case).
    func caseName(_ expr: ExprSyntax, of types: Set<String>) -> String? {
        guard let member = expr.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base, !types.contains(base.trimmedDescription) { return nil }
        return member.declName.baseName.text
    }

    /// A call `.name(…)` or `Type.name(…)`, with its member's name.
    func memberCall(_ expr: ExprSyntax) -> (name: String, call: FunctionCallExprSyntax)? {
        guard let call = expr.as(FunctionCallExprSyntax.self), let name = memberName(call.calledExpression) else { return nil }
        return (name, call)
    }

    func short(_ expr: ExprSyntax) -> String {
        let text = expr.trimmedDescription.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return text.count > 40 ? "`" + text.prefix(40) + "…`" : "`" + text + "`"
    }

    // MARK: Targets

    /// `.target(…)`, `Target.target(…)`, `Target(…)`: a target; anything else is helper code (and noted).
    mutating func target(_ expr: ExprSyntax) -> TuistManifest.Target? {
        guard let call = expr.as(FunctionCallExprSyntax.self),
              ["Target", ".target", "Target.target", "Target.init"].contains(call.calledExpression.trimmedDescription) else {
            unreadable.append("target \(short(expr)) is built by helper code")
            return nil
        }
        guard let targetName = string(argument(call, "name")) ?? template(argument(call, "name")) else {
            unreadable.append("a target's name is not literal: \(short(argument(call, "name") ?? expr))")
            return nil
        }
        var computed: [Field: String] = [:]
        func given(_ label: String) -> ExprSyntax? { argument(call, label) }

        let productExpr = given("product")
        let product = productExpr.flatMap { caseName(resolved($0), of: ["Product"]) }
        if let productExpr, product == nil { computed[.product] = short(productExpr) }

        var platforms: [String] = []
        for label in ["destinations", "platform"] {
            guard let written = given(label) else { continue }
            let value = resolved(written)
            let types: Set<String> = ["Destinations", "Destination", "Platform"]
            if let single = caseName(value, of: types) { platforms.append(single) }
            else if let elements = arrayElements(value), case let names = elements.map({ caseName(resolved($0), of: types) }), !names.contains(nil) {
                platforms += names.compactMap { $0 }
            } else {
                computed[.destinations] = short(written)
            }
        }

        var sources: [TuistManifest.Glob] = []
        if let written = given("sources") {
            if let globs = globs(written) { sources = globs } else { computed[.sources] = short(written) }
        }
        var folders: [String] = []
        if let written = given("buildableFolders") {
            if let elements = arrayElements(resolved(written)), case let paths = elements.map(buildableFolder), !paths.contains(nil) {
                folders = paths.compactMap { $0 }
            } else {
                computed[.buildableFolders] = short(written)
            }
        }

        var dependencies: [TuistManifest.Dependency] = []
        var packageProducts: [String] = []
        if let written = given("dependencies") {
            if let elements = arrayElements(resolved(written)) {
                for element in elements {
                    switch dependency(resolved(element)) {
                    case .target(let dependency)?: dependencies.append(dependency)
                    case .package(let product)?: packageProducts.append(product)
                    case .other?: continue
                    case nil: computed[.dependencies] = computed[.dependencies] ?? short(element)
                    }
                }
            } else {
                computed[.dependencies] = short(written)
            }
        }

        var bundleId: String?
        if let written = given("bundleId") {
            bundleId = string(written)
            if bundleId == nil { computed[.bundleId] = short(written) }
        }

        var deploymentTargets: [String: String] = [:]
        if let written = given("deploymentTargets") ?? given("deploymentTarget") {
            if let versions = readDeploymentTargets(resolved(written)) { deploymentTargets = versions } else { computed[.deploymentTargets] = short(written) }
        }

        var infoPlist: TuistManifest.InfoPlist? = .default
        if let written = given("infoPlist") {
            infoPlist = readInfoPlist(resolved(written))
            if infoPlist == nil { computed[.infoPlist] = short(written) }
        }

        var entitlements: TuistManifest.Entitlements?
        if let written = given("entitlements"), resolved(written).as(NilLiteralExprSyntax.self) == nil {
            entitlements = readEntitlements(resolved(written))
            if entitlements == nil { computed[.entitlements] = short(written) }
        }

        var resources: [TuistManifest.Glob] = []
        if let written = given("resources"), resolved(written).as(NilLiteralExprSyntax.self) == nil {
            if let globs = globs(written) { resources = globs } else { computed[.resources] = short(written) }
        }

        var settings: TuistManifest.Settings?
        if let written = given("settings"), resolved(written).as(NilLiteralExprSyntax.self) == nil {
            settings = readSettings(written)
            if settings == nil { computed[.settings] = short(written) }
        }

        let start = call.startLocation(converter: converter), end = call.endLocation(converter: converter)
        return TuistManifest.Target(name: targetName, productName: string(given("productName")), product: product, platforms: platforms,
                                    sources: sources, buildableFolders: folders, dependencies: dependencies, packageProducts: packageProducts,
                                    bundleId: bundleId, deploymentTargets: deploymentTargets, infoPlist: infoPlist, entitlements: entitlements,
                                    resources: resources, settings: settings, computed: computed,
                                    line: start.line, endLine: end.line, column: start.column)
    }

    /// `"Path"`, `.folder("Path")`, `BuildableFolder("Path")`: the folder's path; nil when computed.
    func buildableFolder(_ raw: ExprSyntax) -> String? {
        let value = resolved(raw)
        if let path = string(value) { return path }
        guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
        return string(unlabeled(call) ?? argument(call, "path"))
    }

    enum DependencyEntry {
        case target(TuistManifest.Dependency)
        /// A package product (`.external(name:)`, `.package(product:)`).
        case package(String)
        /// An SDK, a prebuilt framework or library, XCTest: no target, no sources.
        case other
    }

    /// One element of `dependencies:`; nil when computed (helper code, a path that is not literal).
    func dependency(_ expr: ExprSyntax) -> DependencyEntry? {
        guard let (kind, call) = memberCall(expr) else {
            // `.xctest` is a case without arguments.
            return caseName(expr, of: ["TargetDependency"]) == "xctest" ? .other : nil
        }
        switch kind {
        case "target":
            return string(argument(call, "name") ?? unlabeled(call)).map { .target(.init(target: $0)) }
        case "project":
            guard let name = string(argument(call, "target")), let path = path(argument(call, "path")) else { return nil }
            return .target(.init(target: name, projectPath: path))
        case "external":
            return string(argument(call, "name") ?? unlabeled(call)).map { .package($0) }
        case "package":
            return string(argument(call, "product") ?? unlabeled(call)).map { .package($0) }
        case "sdk", "framework", "xcframework", "library", "xctest", "macro", "packagePlugin":
            return .other
        default:
            return nil
        }
    }

    /// A `Path` written literally: a string, `.path("…")`, `.relativeToManifest("…")` or
    /// `.relativeToCurrentFile("…")` (the manifest's own folder): relative to the manifest's folder. Nil for
    /// `.relativeToRoot(…)` (the repository root Tuist finds) and anything computed.
    func path(_ expr: ExprSyntax?) -> String? {
        guard let expr else { return nil }
        if let text = string(expr) { return text }
        guard let (kind, call) = memberCall(resolved(expr)), ["path", "relativeToManifest", "relativeToCurrentFile"].contains(kind) else { return nil }
        return string(unlabeled(call) ?? argument(call, "path"))
    }

    /// `.iOS("17.0")`, `.watchOS(…)`, `.macOS(…)`, `.tvOS(…)`, `.visionOS(…)`,
    /// `.multiplatform(iOS: …, macOS: …, watchOS: …, tvOS: …, visionOS: …)`, and Tuist 3's
    /// `.iOS(targetVersion: "15.0", devices: …)`: the version per platform; nil when computed.
    func readDeploymentTargets(_ expr: ExprSyntax) -> [String: String]? {
        let platforms = ["iOS", "macOS", "watchOS", "tvOS", "visionOS"]
        guard let (kind, call) = memberCall(expr) else { return nil }
        if kind == "multiplatform" || kind == "init" {
            var versions: [String: String] = [:]
            for item in call.arguments {
                guard let label = item.label?.text, platforms.contains(label) else { return nil }
                if item.expression.as(NilLiteralExprSyntax.self) != nil { continue }
                guard let version = string(item.expression) else { return nil }
                versions[label] = version
            }
            return versions
        }
        guard platforms.contains(kind), let version = string(unlabeled(call) ?? argument(call, "targetVersion")) else { return nil }
        return [kind: version]
    }

    // MARK: Info.plist and entitlements

    /// `infoPlist:`; nil when computed.
    func readInfoPlist(_ expr: ExprSyntax) -> TuistManifest.InfoPlist? {
        if caseName(expr, of: ["InfoPlist"]) == "default" { return .default }
        if let (kind, call) = memberCall(expr), kind == "extendingDefault" {
            return (argument(call, "with") ?? unlabeled(call)).flatMap(plistDictionary).map { .extendingDefault($0) }
        }
        switch plistSource(expr) {
        case .file(let path)?: return .file(path)
        case .variable(let name)?: return .variable(name)
        case .dictionary(let contents)?: return .dictionary(contents)
        case nil: return nil
        }
    }

    /// `entitlements:`; nil when computed.
    func readEntitlements(_ expr: ExprSyntax) -> TuistManifest.Entitlements? {
        switch plistSource(expr) {
        case .file(let path)?: return .file(path)
        case .variable(let name)?: return .variable(name)
        case .dictionary(let contents)?: return .dictionary(contents)
        case nil: return nil
        }
    }

    /// The forms `infoPlist:` and `entitlements:` share.
    enum PlistSource {
        case file(String), variable(String), dictionary([String: PlistLiteral])
    }

    /// A string (a file, or a `$(…)` variable, as Tuist's string literal initializers tell them), `.file(path:)`,
    /// `.variable(…)` or `.dictionary([…])`; nil when computed.
    func plistSource(_ expr: ExprSyntax) -> PlistSource? {
        if let text = string(expr) { return text.hasPrefix("$(") ? .variable(text) : .file(text) }
        guard let (kind, call) = memberCall(expr) else { return nil }
        switch kind {
        case "dictionary": return unlabeled(call).flatMap(plistDictionary).map { .dictionary($0) }
        case "file": return path(argument(call, "path") ?? unlabeled(call)).map { .file($0) }
        case "variable": return string(unlabeled(call)).map { .variable($0) }
        default: return nil
        }
    }

    func plistDictionary(_ expr: ExprSyntax) -> [String: PlistLiteral]? {
        guard case .dictionary(let entries)? = plist(expr) else { return nil }
        return entries
    }

    /// A property-list value written literally; nil when anything in it is computed.
    func plist(_ raw: ExprSyntax) -> PlistLiteral? {
        let expr = resolved(raw)
        if let text = string(expr) { return .string(text) }
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return .boolean(literal.literal.tokenKind == .keyword(.true)) }
        if let number = self.number(expr) { return number }
        if let elements = arrayElements(expr) {
            let values = elements.map(plist)
            return values.contains(nil) ? nil : .array(values.compactMap { $0 })
        }
        if let dictionary = expr.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return .dictionary([:]) }
            var entries: [String: PlistLiteral] = [:]
            for element in elements {
                guard let key = string(element.key), let value = plist(element.value) else { return nil }
                entries[key] = value
            }
            return .dictionary(entries)
        }
        // Tuist's `Plist.Value` cases.
        guard let (kind, call) = memberCall(expr), let inner = unlabeled(call), call.arguments.count == 1 else { return nil }
        let value = plist(inner)
        switch (kind, value) {
        case ("string", .string?), ("boolean", .boolean?), ("integer", .integer?), ("array", .array?), ("dictionary", .dictionary?):
            return value
        case ("real", .real?): return value
        case ("real", .integer(let whole)?): return .real(Double(whole))
        default: return nil
        }
    }

    /// An integer or floating-point literal, with a leading `-`.
    func number(_ expr: ExprSyntax) -> PlistLiteral? {
        var negative = false
        var value = expr
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            negative = true
            value = prefix.expression
        }
        let digits = { (text: String) in text.replacingOccurrences(of: "_", with: "") }
        if let literal = value.as(IntegerLiteralExprSyntax.self) {
            let text = digits(literal.literal.text)
            let parsed: Int?
            if text.hasPrefix("0x") { parsed = Int(text.dropFirst(2), radix: 16) }
            else if text.hasPrefix("0o") { parsed = Int(text.dropFirst(2), radix: 8) }
            else if text.hasPrefix("0b") { parsed = Int(text.dropFirst(2), radix: 2) }
            else { parsed = Int(text) }
            return parsed.map { .integer(negative ? -$0 : $0) }
        }
        if let literal = value.as(FloatLiteralExprSyntax.self), let parsed = Double(digits(literal.literal.text)) {
            return .real(negative ? -parsed : parsed)
        }
        return nil
    }

    // MARK: Settings

    /// `.settings(base:debug:release:defaultSettings:defaultConfiguration:)` or
    /// `.settings(base:configurations:defaultSettings:defaultConfiguration:)`; nil when computed.
    func readSettings(_ raw: ExprSyntax) -> TuistManifest.Settings? {
        guard let (kind, call) = memberCall(resolved(raw)), kind == "settings" || kind == "init" else { return nil }
        var base: [String: TuistManifest.SettingLiteral] = [:]
        var configurations: [TuistManifest.Settings.Configuration] = [
            .init(name: "Debug", isDebug: true), .init(name: "Release", isDebug: false),
        ]
        var defaultSettings: String?
        var defaultConfiguration: String?
        for item in call.arguments {
            switch item.label?.text {
            case "base":
                guard let dictionary = settingsDictionary(item.expression) else { return nil }
                base = dictionary
            case "debug", "release":
                guard let dictionary = settingsDictionary(item.expression) else { return nil }
                let isDebug = item.label?.text == "debug"
                configurations = configurations.map { $0.isDebug == isDebug ? .init(name: $0.name, isDebug: isDebug, settings: dictionary) : $0 }
            case "configurations":
                guard let elements = arrayElements(resolved(item.expression)), case let read = elements.map(configuration), !read.contains(nil) else { return nil }
                configurations = read.compactMap { $0 }
            case "defaultSettings":
                let value = resolved(item.expression)
                guard let name = caseName(value, of: ["DefaultSettings"]) ?? memberCall(value)?.name,
                      ["recommended", "essential", "none"].contains(name) else { return nil }
                defaultSettings = name
            case "defaultConfiguration":
                guard let name = string(item.expression) else { return nil }
                defaultConfiguration = name
            default:
                return nil
            }
        }
        return TuistManifest.Settings(base: base, configurations: configurations, defaultSettings: defaultSettings,
                                      defaultConfiguration: defaultConfiguration)
    }

    /// `.debug(name:settings:xcconfig:)` or `.release(…)`; nil when computed.
    func configuration(_ raw: ExprSyntax) -> TuistManifest.Settings.Configuration? {
        guard let (kind, call) = memberCall(resolved(raw)), kind == "debug" || kind == "release" else { return nil }
        guard let nameExpr = argument(call, "name"), let name = configurationName(nameExpr) else { return nil }
        var settings: [String: TuistManifest.SettingLiteral] = [:]
        if let written = argument(call, "settings") {
            guard let dictionary = settingsDictionary(written) else { return nil }
            settings = dictionary
        }
        var xcconfig: String?
        if let written = argument(call, "xcconfig"), resolved(written).as(NilLiteralExprSyntax.self) == nil {
            guard let file = path(written) else { return nil }
            xcconfig = file
        }
        return .init(name: name, isDebug: kind == "debug", settings: settings, xcconfig: xcconfig)
    }

    /// A `ConfigurationName`: `.debug`, `.release`, a string, `.configuration("Beta")`.
    func configurationName(_ raw: ExprSyntax) -> String? {
        let expr = resolved(raw)
        if let text = string(expr) { return text }
        switch caseName(expr, of: ["ConfigurationName"]) {
        case "debug": return "Debug"
        case "release": return "Release"
        default: break
        }
        guard let (kind, call) = memberCall(expr), kind == "configuration" || kind == "init" else { return nil }
        return string(unlabeled(call) ?? argument(call, "stringLiteral"))
    }

    /// A `SettingsDictionary` literal: string keys; values a string, a list of strings, a boolean (`YES`/`NO`),
    /// `.string(…)` or `.array(…)`; also `SettingsDictionary()`, and either followed by ProjectDescription's own
    /// methods with literal arguments (`.automaticCodeSigning(devTeam: "…")`, `.marketingVersion("1.0")`,
    /// `.swiftActiveCompilationConditions("A", "B")`, `.merging([…])`, …: `settingsMethods`). Nil when anything in
    /// it is computed.
    func settingsDictionary(_ raw: ExprSyntax) -> [String: TuistManifest.SettingLiteral]? {
        let expr = resolved(raw)
        if let call = expr.as(FunctionCallExprSyntax.self) {
            if call.calledExpression.trimmedDescription == "SettingsDictionary", call.arguments.isEmpty { return [:] }
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                  var settings = settingsDictionary(base) else { return nil }
            let name = member.declName.baseName.text
            if name == "merging" {
                guard let other = unlabeled(call).flatMap(settingsDictionary), call.arguments.count == 1 else { return nil }
                settings.merge(other) { $1 }
                return settings
            }
            guard let added = settingsMethod(name, call) else { return nil }
            settings.merge(added) { $1 }
            return settings
        }
        guard let dictionary = expr.as(DictionaryExprSyntax.self) else { return nil }
        guard case .elements(let elements) = dictionary.content else { return [:] }
        var result: [String: TuistManifest.SettingLiteral] = [:]
        for element in elements {
            guard let key = string(element.key), let value = settingValue(element.value) else { return nil }
            result[key] = value
        }
        return result
    }

    /// What one of ProjectDescription's `SettingsDictionary` methods sets, for literal arguments; nil for other
    /// methods or computed arguments. (Tuist's SettingsDictionary+Extras.swift:
    /// <https://github.com/tuist/tuist/blob/main/cli/Sources/ProjectDescription/SettingsDictionary%2BExtras.swift>.)
    func settingsMethod(_ name: String, _ call: FunctionCallExprSyntax) -> [String: TuistManifest.SettingLiteral]? {
        let arguments = Array(call.arguments)
        /// The only argument, unlabeled, as a string.
        func text() -> String? { arguments.count == 1 ? string(unlabeled(call)) : nil }
        func flag() -> String? {
            guard arguments.count == 1, let literal = unlabeled(call).map(resolved)?.as(BooleanLiteralExprSyntax.self) else { return nil }
            return literal.literal.tokenKind == .keyword(.true) ? "YES" : "NO"
        }
        /// Variadic strings, joined by spaces.
        func words() -> String? {
            let values = arguments.map { $0.label == nil ? string($0.expression) : nil }
            return values.contains(nil) ? nil : values.compactMap { $0 }.joined(separator: " ")
        }
        func one(_ setting: String, _ value: String?) -> [String: TuistManifest.SettingLiteral]? { value.map { [setting: .string($0)] } }
        func option(_ values: [String: String]) -> String? {
            guard arguments.count == 1, let expr = unlabeled(call).map(resolved), let name = memberName(expr) else { return nil }
            return values[name]
        }
        switch name {
        case "automaticCodeSigning":
            guard arguments.count == 1, let team = string(argument(call, "devTeam")) else { return nil }
            return ["CODE_SIGN_STYLE": .string("Automatic"), "DEVELOPMENT_TEAM": .string(team)]
        case "manualCodeSigning":
            var settings: [String: TuistManifest.SettingLiteral] = ["CODE_SIGN_STYLE": .string("Manual")]
            for item in arguments {
                guard let label = item.label?.text, let value = string(item.expression) else { return nil }
                switch label {
                case "identity": settings["CODE_SIGN_IDENTITY"] = .string(value)
                case "provisioningProfileSpecifier": settings["PROVISIONING_PROFILE_SPECIFIER"] = .string(value)
                default: return nil
                }
            }
            return settings
        case "codeSignIdentityAppleDevelopment": return arguments.isEmpty ? ["CODE_SIGN_IDENTITY": .string("Apple Development")] : nil
        case "codeSignIdentity": return one("CODE_SIGN_IDENTITY", text())
        case "currentProjectVersion": return one("CURRENT_PROJECT_VERSION", text())
        case "marketingVersion": return one("MARKETING_VERSION", text())
        case "appleGenericVersioningSystem": return arguments.isEmpty ? ["VERSIONING_SYSTEM": .string("apple-generic")] : nil
        case "swiftVersion": return one("SWIFT_VERSION", text())
        case "otherSwiftFlags": return one("OTHER_SWIFT_FLAGS", words())
        case "swiftActiveCompilationConditions": return one("SWIFT_ACTIVE_COMPILATION_CONDITIONS", words())
        case "swiftCompilationMode": return one("SWIFT_COMPILATION_MODE", option(["singlefile": "singlefile", "wholemodule": "wholemodule"]))
        case "swiftOptimizationLevel": return one("SWIFT_OPTIMIZATION_LEVEL", option(["o": "-O", "oNone": "-Onone", "oSize": "-Osize"]))
        case "swiftOptimizeObjectLifetimes": return one("SWIFT_OPTIMIZE_OBJECT_LIFETIME", flag())
        case "swiftObjcBridgingHeaderPath": return one("SWIFT_OBJC_BRIDGING_HEADER", text())
        case "otherCFlags", "otherLinkerFlags":
            guard arguments.count == 1, let flags = strings(unlabeled(call)) else { return nil }
            return [name == "otherCFlags" ? "OTHER_CFLAGS" : "OTHER_LDFLAGS": .array(flags)]
        case "bitcodeEnabled": return one("ENABLE_BITCODE", flag())
        case "debugInformationFormat": return one("DEBUG_INFORMATION_FORMAT", option(["dwarf": "dwarf", "dwarfWithDsym": "dwarf-with-dsym"]))
        case "bundleDisplayName": return one("INFOPLIST_KEY_CFBundleDisplayName", text())
        case "applicationCategory":
            // `.developerTools` → `public.app-category.developer-tools`.
            guard arguments.count == 1, let category = unlabeled(call).map(resolved).flatMap(memberName) else { return nil }
            let words = category.reduce(into: "") { result, character in
                result += character.isUppercase ? "-" + character.lowercased() : String(character)
            }
            return ["INFOPLIST_KEY_LSApplicationCategoryType": .string("public.app-category." + words)]
        default:
            return nil
        }
    }

    func settingValue(_ raw: ExprSyntax) -> TuistManifest.SettingLiteral? {
        let expr = resolved(raw)
        if let text = string(expr) { return .string(text) }
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return .string(literal.literal.tokenKind == .keyword(.true) ? "YES" : "NO") }
        if arrayElements(expr) != nil { return strings(expr).map { .array($0) } }
        guard let (kind, call) = memberCall(expr), let inner = unlabeled(call) else { return nil }
        switch kind {
        case "string": return string(inner).map { .string($0) }
        case "array": return strings(inner).map { .array($0) }
        default: return nil
        }
    }

    // MARK: Globs

    /// `"Sources/**"`, `["A/**", "B/**"]`, `.paths([…])`, `[.glob("A/**", excluding: […])]`,
    /// `SourceFilesList(globs: […])`, and for resources `.resources([…])`, `.folderReference(path:)`; nil when
    /// not literal.
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
        if let list = argument(call, "globs") ?? argument(call, "paths") ?? argument(call, "resources") { return globs(list) }
        let callee = memberName(call.calledExpression) ?? call.calledExpression.trimmedDescription
        switch callee {
        case "paths", "sourceFilesList", "resources", "ResourceFileElements":
            return unlabeled(call).flatMap { globs($0) }
        case "glob", "SourceFileGlob":
            guard let pattern = string(argument(call, "pattern") ?? unlabeled(call)) else { return nil }
            var excluding: [String] = []
            if let excludingExpr = argument(call, "excluding") {
                guard let list = strings(excludingExpr) else { return nil }
                excluding = list
            }
            return [.init(pattern: pattern, excluding: excluding)]
        case "folderReference":
            return path(argument(call, "path") ?? unlabeled(call)).map { [.init(pattern: $0)] }
        default:
            return nil
        }
    }
}
