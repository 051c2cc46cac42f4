internal import SwiftSyntax
internal import SwiftParser
internal import SwiftOperators
import Foundation

/// Parses one Swift file with SwiftParser and converts it into a `FileIndex`.
enum Extractor {
    static func index(source: String, path: String) -> FileIndex {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        var context = Context(path: path, converter: converter)
        context.visitTopLevel(tree.statements, conditions: [])
        return FileIndex(path: path, imports: context.imports, types: context.types, globals: context.globals,
                         topLevel: Block(context.topLevel), hasSyntaxErrors: tree.hasError)
    }

    /// Parses without extracting (benchmarks); returns whether the tree has errors.
    static func parseOnly(_ source: String) -> Bool { Parser.parse(source: source).hasError }

    /// The most binary operators of one sequence grouped by precedence (see `folded`); longer sequences stay flat.
    static let maximumFoldedOperators = 256

    struct Context {
        // (see Declarations.swift for the types produced)
        let path: String
        let converter: SourceLocationConverter
        var imports: [ImportDecl] = []
        var types: [TypeDecl] = []
        var globals: [Member] = []
        var topLevel: [Expr] = []

        func location(_ node: some SyntaxProtocol) -> SourceLocation {
            let position = converter.location(for: node.positionAfterSkippingLeadingTrivia)
            return SourceLocation(file: path, line: position.line, column: position.column)
        }

        // MARK: Declarations

        mutating func visitTopLevel(_ items: CodeBlockItemListSyntax, conditions: [String]) {
            for item in items {
                switch item.item {
                case .decl(let decl):
                    globals += visitDeclaration(decl, outer: nil, conditions: conditions)
                case .stmt(let statement):
                    topLevel += statements(from: statement)
                case .expr(let expression):
                    if let macro = expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { continue }
                    topLevel.append(expr(expression))
                @unknown default:
                    continue
                }
            }
        }

        /// Records a declaration (types go to `types`) and returns the members it declares: properties,
        /// functions, cases and aliases of the enclosing type, or globals at top level (`outer == nil`).
        mutating func visitDeclaration(_ decl: DeclSyntax, outer: String?, conditions: [String]) -> [Member] {
            if let importDecl = decl.as(ImportDeclSyntax.self) {
                let exported = importDecl.attributes.contains { element in
                    if case .attribute(let attribute) = element { return attribute.attributeName.trimmedDescription == "_exported" }
                    return false
                }
                imports.append(ImportDecl(module: importDecl.path.map(\.name.text).joined(separator: "."), location: location(importDecl.path),
                                          conditions: conditions, isExported: exported))
            } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                var members: [Member] = []
                for (clauseCondition, clause) in ifConfigClauses(ifConfig) {
                    let nested = conditions + [clauseCondition]
                    switch clause.elements {
                    case .decls(let list)?:
                        for member in list { members += visitDeclaration(member.decl, outer: outer, conditions: nested) }
                    case .statements(let list)?:
                        if outer == nil { visitTopLevel(list, conditions: nested) }
                    default: break
                    }
                }
                return members
            } else if let macro = decl.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" {
                return []   // preview-only code is never shipped
            } else if let typeDecl = TypeDeclView(decl) {
                visitType(typeDecl, outer: outer, conditions: conditions)
            } else if let members = memberDecls(decl, conditions: conditions) {
                return members
            }
            return []
        }

        mutating func visitType(_ view: TypeDeclView, outer: String?, conditions: [String]) {
            let qualified: String
            if view.kind == .extension { qualified = view.name }
            else { qualified = outer.map { $0 + "." + view.name } ?? view.name }
            var members: [Member] = []
            for item in view.memberBlock.members {
                members += visitDeclaration(item.decl, outer: qualified, conditions: conditions)
            }
            let inherited = (view.inheritance?.inheritedTypes.flatMap { inheritedType -> [String] in
                inheritedType.type.trimmedDescription.split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) }
            } ?? []) + view.selfConformances
            types.append(TypeDecl(kind: view.kind, name: view.name, qualifiedName: qualified, inheritedTypes: inherited,
                                  attributes: attributes(view.attributes), members: members, location: location(view.node),
                                  conditions: conditions))
        }

        func ifConfigClauses(_ ifConfig: IfConfigDeclSyntax) -> [(String, IfConfigClauseSyntax)] {
            var previous: [String] = []
            var result: [(String, IfConfigClauseSyntax)] = []
            for clause in ifConfig.clauses {
                let own = clause.condition?.trimmedDescription
                // Each clause's condition repeats the negation of every clause before it; past 32 clauses that
                // part is an unknown name (so the text stays linear in the number of clauses).
                let negatedPrevious = previous.count > 32 ? ["moreThan32EarlierClauses"] : previous.map { "!(\($0))" }
                let condition: String
                if let own { condition = (negatedPrevious + ["(\(own))"]).joined(separator: " && ") }
                else { condition = negatedPrevious.isEmpty ? "true" : negatedPrevious.joined(separator: " && ") }
                if let own { previous.append(own) }
                result.append((condition, clause))
            }
            return result
        }

        func attributes(_ list: AttributeListSyntax) -> [Attribute] {
            list.compactMap { element -> Attribute? in
                guard case .attribute(let attribute) = element else { return nil }
                var arguments: [Argument] = []
                switch attribute.arguments {
                case .argumentList(let list)?:
                    arguments = list.map { Argument(label: $0.label?.text, value: expr($0.expression)) }
                case .availability(let list)?:
                    // `@available(iOS 17.0, *)`, `@available(iOS, introduced: 17.0)`: as `#available`'s arguments.
                    arguments = availabilityArguments(list)
                default:
                    break
                }
                return Attribute(name: TypeName.base(attribute.attributeName.trimmedDescription), arguments: arguments)
            }
        }

        func modifierNames(_ modifiers: DeclModifierListSyntax) -> [String] { modifiers.map(\.name.text) }

        func memberDecls(_ decl: DeclSyntax, conditions: [String]) -> [Member]? {
            if let variable = decl.as(VariableDeclSyntax.self) {
                let modifiers = modifierNames(variable.modifiers)
                let isStatic = modifiers.contains("static") || modifiers.contains("class")
                let isConstant = variable.bindingSpecifier.text == "let"
                let attrs = attributes(variable.attributes)
                var result: [Member] = []
                var pendingType: String?
                for binding in variable.bindings.reversed() {
                    // `var a, b: Int` — the annotation applies to the names before it.
                    if let annotation = binding.typeAnnotation { pendingType = annotation.type.trimmedDescription }
                    guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    var body: Block?
                    var kind: Member.Kind = .storedProperty
                    if let accessorBlock = binding.accessorBlock {
                        switch accessorBlock.accessors {
                        case .getter(let items):
                            kind = .computedProperty
                            body = block(items)
                        case .accessors(let accessors):
                            let getter = accessors.first { $0.accessorSpecifier.text == "get" }
                            if getter != nil || accessors.allSatisfy({ $0.accessorSpecifier.text == "get" }) { kind = .computedProperty }
                            if accessors.contains(where: { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }) { kind = .storedProperty }
                            body = Block(accessors.flatMap { $0.body.map { block($0.statements).statements } ?? [] })
                        @unknown default:
                            break
                        }
                    }
                    result.append(Member(kind: kind, name: identifier.identifier.text, isStatic: isStatic, isConstant: isConstant,
                                         type: binding.typeAnnotation?.type.trimmedDescription ?? pendingType,
                                         initializer: binding.initializer.map { expr($0.value) }, body: body, parameters: [],
                                         attributes: attrs, modifiers: modifiers, location: location(binding), conditions: conditions))
                }
                return result.reversed()
            }
            if let function = decl.as(FunctionDeclSyntax.self) {
                let modifiers = modifierNames(function.modifiers)
                return [Member(kind: .function, name: function.name.text, isStatic: modifiers.contains("static") || modifiers.contains("class"),
                               isConstant: false, type: function.signature.returnClause?.type.trimmedDescription, initializer: nil,
                               body: function.body.map { block($0.statements) },
                               parameters: parameters(function.signature.parameterClause.parameters),
                               attributes: attributes(function.attributes), modifiers: modifiers, location: location(function.name),
                               conditions: conditions)]
            }
            if let initializer = decl.as(InitializerDeclSyntax.self) {
                return [Member(kind: .initializer, name: "init", isStatic: false, isConstant: false, type: nil, initializer: nil,
                               body: initializer.body.map { block($0.statements) },
                               parameters: parameters(initializer.signature.parameterClause.parameters),
                               attributes: attributes(initializer.attributes), modifiers: modifierNames(initializer.modifiers),
                               location: location(initializer), conditions: conditions)]
            }
            if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
                return enumCase.elements.map { element in
                    let associated = element.parameterClause?.parameters.map { parameter in
                        Parameter(label: parameter.firstName?.text ?? "_", name: parameter.secondName?.text ?? parameter.firstName?.text ?? "_",
                                  type: parameter.type.trimmedDescription, defaultValue: parameter.defaultValue.map { expr($0.value) })
                    } ?? []
                    return Member(kind: .enumCase, name: element.name.text, isStatic: true, isConstant: true, type: nil,
                                  initializer: element.rawValue.map { expr($0.value) }, body: nil, parameters: associated,
                                  attributes: [], modifiers: [], location: location(element), conditions: conditions)
                }
            }
            if let alias = decl.as(TypeAliasDeclSyntax.self) {
                return [Member(kind: .typeAlias, name: alias.name.text, isStatic: true, isConstant: true,
                               type: alias.initializer.value.trimmedDescription, initializer: nil, body: nil, parameters: [],
                               attributes: [], modifiers: modifierNames(alias.modifiers), location: location(alias), conditions: conditions)]
            }
            return nil
        }

        func parameters(_ list: FunctionParameterListSyntax) -> [Parameter] {
            list.map { parameter in
                Parameter(label: parameter.firstName.text, name: parameter.secondName?.text ?? parameter.firstName.text,
                          type: parameter.type.trimmedDescription, defaultValue: parameter.defaultValue.map { expr($0.value) })
            }
        }

        // MARK: Statements

        func block(_ items: CodeBlockItemListSyntax) -> Block {
            var result: [Expr] = []
            for item in items {
                switch item.item {
                case .expr(let expression): result.append(expr(expression))
                case .stmt(let statement): result += statements(from: statement)
                case .decl(let decl): result += localDeclaration(decl)
                @unknown default: continue
                }
            }
            return Block(result)
        }

        func localDeclaration(_ decl: DeclSyntax) -> [Expr] {
            if let variable = decl.as(VariableDeclSyntax.self) {
                return variable.bindings.flatMap { binding -> [Expr] in
                    var out: [Expr] = []
                    let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? binding.pattern.trimmedDescription
                    out.append(.binding(name: name, type: binding.typeAnnotation?.type.trimmedDescription,
                                        value: binding.initializer.map { expr($0.value) }, location: location(binding)))
                    if let accessors = binding.accessorBlock {
                        out.append(.other(genericChildren(Syntax(accessors)), location: location(accessors)))
                    }
                    return out
                }
            }
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                return [ifConfigBranches(ifConfig)]
            }
            if let function = decl.as(FunctionDeclSyntax.self), let body = function.body {
                return [.other(block(body.statements).statements, location: location(function))]
            }
            return []
        }

        func ifConfigBranches(_ ifConfig: IfConfigDeclSyntax) -> Expr {
            let clauses = ifConfigClauses(ifConfig).map { condition, clause -> Clause in
                switch clause.elements {
                case .statements(let list)?: return Clause(condition: condition, body: block(list))
                case .decls(let list)?: return Clause(condition: condition, body: Block(list.flatMap { localDeclaration($0.decl) }))
                case .postfixExpression(let expression)?: return Clause(condition: condition, body: Block([expr(expression)]))
                default: return Clause(condition: condition, body: .empty)
                }
            }
            return .branches(conditions: [], clauses: clauses, location: location(ifConfig))
        }

        func statements(from statement: StmtSyntax) -> [Expr] {
            if let expressionStatement = statement.as(ExpressionStmtSyntax.self) {
                if let macro = expressionStatement.expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return [] }
                return [expr(expressionStatement.expression)]
            }
            if let returnStatement = statement.as(ReturnStmtSyntax.self) {
                return [.returnStatement(returnStatement.expression.map { expr($0) }, location: location(returnStatement))]
            }
            if let guardStatement = statement.as(GuardStmtSyntax.self) {
                return [.branches(conditions: conditions(guardStatement.conditions),
                                  clauses: [Clause(condition: nil, body: block(guardStatement.body.statements))],
                                  location: location(guardStatement))]
            }
            if let forStatement = statement.as(ForStmtSyntax.self) {
                let variables = forStatement.pattern.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
                    if case .identifier(let name) = token.tokenKind { return name } else { return nil }
                }
                return [.loop(sequence: expr(forStatement.sequence), variables: variables, body: block(forStatement.body.statements),
                              location: location(forStatement))]
            }
            if let whileStatement = statement.as(WhileStmtSyntax.self) {
                return [.loop(sequence: .other(conditions(whileStatement.conditions), location: location(whileStatement)), variables: [],
                              body: block(whileStatement.body.statements), location: location(whileStatement))]
            }
            if let repeatStatement = statement.as(RepeatStmtSyntax.self) {
                return [.loop(sequence: expr(repeatStatement.condition), variables: [], body: block(repeatStatement.body.statements),
                              location: location(repeatStatement))]
            }
            if let doStatement = statement.as(DoStmtSyntax.self) {
                var result = block(doStatement.body.statements).statements
                let catches = doStatement.catchClauses.map { Clause(condition: nil, body: block($0.body.statements)) }
                if !catches.isEmpty { result.append(.branches(conditions: [], clauses: catches, location: location(doStatement))) }
                return result
            }
            if let deferStatement = statement.as(DeferStmtSyntax.self) { return block(deferStatement.body.statements).statements }
            if let throwStatement = statement.as(ThrowStmtSyntax.self) { return [expr(throwStatement.expression)] }
            return [.other(genericChildren(Syntax(statement)), location: location(statement))]
        }

        func conditions(_ list: ConditionElementListSyntax) -> [Expr] {
            list.map { element -> Expr in
                switch element.condition {
                case .expression(let expression): return expr(expression)
                case .optionalBinding(let binding):
                    let name = binding.pattern.trimmedDescription
                    return .binding(name: name, type: binding.typeAnnotation?.type.trimmedDescription,
                                    value: binding.initializer.map { expr($0.value) } ?? .identifier(name, location: location(binding)),
                                    location: location(binding))
                case .matchingPattern(let pattern):
                    return .other([expr(pattern.initializer.value)], location: location(pattern))
                case .availability(let availability):
                    return availabilityCheck(availability)
                @unknown default:  // the toolchain's SwiftSyntax is built for library evolution; the package is not
                    return .other([], location: location(element))
                }
            }
        }

        /// `#available(iOS 17.0, watchOS 10, *)` as a call named `#available` (or `#unavailable`) with an argument
        /// per platform, labeled with the platform and valued with its version (`iOS: 17.0`); `*` is an unlabeled
        /// argument.
        func availabilityCheck(_ availability: AvailabilityConditionSyntax) -> Expr {
            let here = location(availability)
            return .call(Call(callee: .identifier(availability.availabilityKeyword.text, location: here),
                              arguments: availabilityArguments(availability.availabilityArguments), location: here))
        }

        /// An availability list's items: a platform and version as an argument labeled with the platform (`iOS: 17.0`),
        /// a labeled item with its label (`introduced: 17.0`, `message: "…"`), anything else (`*`, `iOS`,
        /// `unavailable`) as an unlabeled name.
        func availabilityArguments(_ list: AvailabilityArgumentListSyntax) -> [Argument] {
            list.map { argument -> Argument in
                switch argument.argument {
                case .availabilityVersionRestriction(let restriction):
                    return Argument(label: restriction.platform.text,
                                    value: .number(restriction.version?.trimmedDescription ?? "", location: location(restriction)))
                case .availabilityLabeledArgument(let labeled):
                    let value: Expr
                    switch labeled.value {
                    case .version(let version): value = .number(version.trimmedDescription, location: location(labeled))
                    case .string(let text): value = .string(StringLiteral(segments: [.text(text.segments.trimmedDescription)], location: location(labeled)))
                    @unknown default: value = .identifier(labeled.value.trimmedDescription, location: location(labeled))
                    }
                    return Argument(label: labeled.label.text, value: value)
                default:
                    return Argument(label: nil, value: .identifier(argument.argument.trimmedDescription, location: location(argument)))
                }
            }
        }

        // MARK: Expressions

        func expr(_ syntax: ExprSyntax) -> Expr {
            let here = location(syntax)
            if let call = syntax.as(FunctionCallExprSyntax.self) {
                var arguments = call.arguments.map { Argument(label: $0.label?.text, value: expr($0.expression)) }
                if let trailing = call.trailingClosure { arguments.append(Argument(label: nil, value: closure(trailing))) }
                for additional in call.additionalTrailingClosures {
                    arguments.append(Argument(label: additional.label.text, value: closure(additional.closure)))
                }
                return .call(Call(callee: expr(call.calledExpression), arguments: arguments, location: calleeLocation(call)))
            }
            if let member = syntax.as(MemberAccessExprSyntax.self) {
                return .member(base: member.base.map { expr($0) }, name: member.declName.baseName.text, location: location(member.declName))
            }
            if let reference = syntax.as(DeclReferenceExprSyntax.self) {
                return .identifier(reference.baseName.text, location: here)
            }
            if let literal = syntax.as(StringLiteralExprSyntax.self) { return .string(string(literal)) }
            if let literal = syntax.as(IntegerLiteralExprSyntax.self) { return .number(literal.literal.text, location: here) }
            if let literal = syntax.as(FloatLiteralExprSyntax.self) { return .number(literal.literal.text, location: here) }
            if let literal = syntax.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.tokenKind == .keyword(.true), location: here) }
            if syntax.is(NilLiteralExprSyntax.self) { return .nilLiteral(location: here) }
            if let closureSyntax = syntax.as(ClosureExprSyntax.self) { return closure(closureSyntax) }
            if let array = syntax.as(ArrayExprSyntax.self) { return .array(array.elements.map { expr($0.expression) }, location: here) }
            if let dictionary = syntax.as(DictionaryExprSyntax.self) {
                if case .elements(let elements) = dictionary.content {
                    return .dictionary(elements.flatMap { [expr($0.key), expr($0.value)] }, location: here)
                }
                return .dictionary([], location: here)
            }
            if let sequence = syntax.as(SequenceExprSyntax.self) { return self.sequence(Array(sequence.elements), location: here) }
            if let infix = syntax.as(InfixOperatorExprSyntax.self) {
                let op = infix.operator.trimmedDescription
                if infix.operator.is(AssignmentExprSyntax.self) || (op.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(op)) {
                    return .assignment(target: expr(infix.leftOperand), op: op, value: expr(infix.rightOperand), location: here)
                }
                return .operation(op, [expr(infix.leftOperand), expr(infix.rightOperand)], location: here)
            }
            if let prefix = syntax.as(PrefixOperatorExprSyntax.self) {
                return .operation(prefix.operator.text, [expr(prefix.expression)], location: here)
            }
            if let tryExpr = syntax.as(TryExprSyntax.self) {
                // `try?` and `try!` change what the expression yields (nil or a trap for an error); plain `try` does not.
                if let mark = tryExpr.questionOrExclamationMark { return .operation("try" + mark.text, [expr(tryExpr.expression)], location: here) }
                return expr(tryExpr.expression)
            }
            if let awaitExpr = syntax.as(AwaitExprSyntax.self) { return expr(awaitExpr.expression) }
            if let unwrap = syntax.as(ForceUnwrapExprSyntax.self) { return expr(unwrap.expression) }
            if let chain = syntax.as(OptionalChainingExprSyntax.self) { return expr(chain.expression) }
            if let asExpr = syntax.as(AsExprSyntax.self) { return expr(asExpr.expression) }
            if let tuple = syntax.as(TupleExprSyntax.self) {
                if tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil { return expr(only.expression) }
                return .other(tuple.elements.map { expr($0.expression) }, location: here)
            }
            if let generic = syntax.as(GenericSpecializationExprSyntax.self) {
                return .identifier(generic.trimmedDescription, location: here)
            }
            if let ifExpr = syntax.as(IfExprSyntax.self) { return ifBranches(ifExpr) }
            if let switchExpr = syntax.as(SwitchExprSyntax.self) {
                return .branches(conditions: [expr(switchExpr.subject)], clauses: switchClauses(switchExpr.cases, condition: nil), location: here)
            }
            if let ternary = syntax.as(TernaryExprSyntax.self) {
                return .branches(conditions: [expr(ternary.condition)],
                                 clauses: [Clause(condition: nil, body: Block([expr(ternary.thenExpression)])),
                                           Clause(condition: nil, body: Block([expr(ternary.elseExpression)]))],
                                 location: here)
            }
            if let keyPath = syntax.as(KeyPathExprSyntax.self) { return .keyPath(keyPath.trimmedDescription, location: here) }
            // `#keyPath(UIApplication.shared)` is a string naming a property, not a use of it.
            if let macro = syntax.as(MacroExpansionExprSyntax.self), macro.macroName.text == "keyPath" {
                return .keyPath(macro.trimmedDescription, location: here)
            }
            if let postfixIf = syntax.as(PostfixIfConfigExprSyntax.self) {
                // `view #if os(iOS) .modifier() #endif`: the base, then each clause's modifiers as alternatives.
                let base = postfixIf.base.map { expr($0) }
                let clauses = ifConfigClauses(postfixIf.config).map { condition, clause -> Clause in
                    if case .postfixExpression(let expression)? = clause.elements {
                        return Clause(condition: condition, body: Block([expr(expression)]))
                    }
                    return Clause(condition: condition, body: .empty)
                }
                return .other((base.map { [$0] } ?? []) + [.branches(conditions: [], clauses: clauses, location: here)], location: here)
            }
            return .other(genericChildren(Syntax(syntax)), location: here)
        }

        /// The location Xcode would point at for a call: the called name (`Image` in `Image("x")`, `widgetURL`
        /// in `.widgetURL(url)`).
        func calleeLocation(_ call: FunctionCallExprSyntax) -> SourceLocation {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return location(member.declName) }
            return location(call.calledExpression)
        }

        /// The cases of a `switch`, those inside `#if … #endif` among them with the clause's condition
        /// (`#if os(iOS) case .accessoryRectangular: … #endif` is a case labeled `accessoryRectangular` under
        /// `(os(iOS))`), so that a family or value finds its case whatever the build.
        func switchClauses(_ cases: SwitchCaseListSyntax, condition: String?) -> [Clause] {
            cases.flatMap { element -> [Clause] in
                switch element {
                case .switchCase(let switchCase):
                    return [Clause(condition: condition, body: block(switchCase.statements), labels: caseLabels(switchCase), literals: caseLiterals(switchCase))]
                case .ifConfigDecl(let ifConfig):
                    return ifConfigClauses(ifConfig).flatMap { clauseCondition, clause -> [Clause] in
                        guard case .switchCases(let nested)? = clause.elements else { return [] }
                        return switchClauses(nested, condition: condition.map { "(\($0)) && \(clauseCondition)" } ?? clauseCondition)
                    }
                @unknown default: return []
                }
            }
        }

        /// Member names in a case's patterns (`.accessoryCircular`), or `default`.
        func caseLabels(_ switchCase: SwitchCaseSyntax) -> [String] {
            switch switchCase.label {
            case .default: return ["default"]
            case .case(let label):
                return label.caseItems.flatMap { item -> [String] in
                    var names: [String] = []
                    for token in item.pattern.tokens(viewMode: .sourceAccurate) {
                        if case .identifier = token.tokenKind { names.append(token.text) }
                    }
                    return names.isEmpty ? [] : [names.last!]
                }
            @unknown default: return []
            }
        }

        /// String literal patterns of a case (`case "timer":`).
        func caseLiterals(_ switchCase: SwitchCaseSyntax) -> [String] {
            guard case .case(let label) = switchCase.label else { return [] }
            return label.caseItems.compactMap { item -> String? in
                guard let expression = item.pattern.as(ExpressionPatternSyntax.self)?.expression,
                      let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
                return string(literal).value
            }
        }

        /// `if … else if … else …` as one set of branches, read in a loop (an `else if` chain can be thousands long).
        func ifBranches(_ ifExpr: IfExprSyntax) -> Expr {
            var conditionExprs: [Expr] = []
            var clauses: [Clause] = []
            var current: IfExprSyntax? = ifExpr
            while let branch = current {
                current = nil
                let own = conditions(branch.conditions)
                conditionExprs += own
                clauses.append(Clause(condition: nil, body: block(branch.body.statements), conditionCount: own.count))
                switch branch.elseBody {
                case .ifExpr(let nested)?:
                    current = nested
                case .codeBlock(let elseBlock)?:
                    clauses.append(Clause(condition: nil, body: block(elseBlock.statements)))
                case nil:
                    clauses.append(Clause(condition: nil, body: .empty))
                @unknown default:
                    break
                }
            }
            return .branches(conditions: conditionExprs, clauses: clauses, location: location(ifExpr))
        }

        /// An unfolded operator sequence (`a = b + c`, `x ? y : z`, `a as B`).
        func sequence(_ elements: [ExprSyntax], location here: SourceLocation) -> Expr {
            sequence(elements[...], location: here, depth: 0)
        }

        /// `a = b = c …` and `a ? b : c ? d : …` nest one level per operator; past 64 levels the rest of the
        /// sequence is kept flat, so a statement of thousands of operators costs linear time and stack.
        func sequence(_ elements: ArraySlice<ExprSyntax>, location here: SourceLocation, depth: Int) -> Expr {
            guard depth < 64 else {
                return .other(elements.filter { !$0.is(BinaryOperatorExprSyntax.self) && !$0.is(AssignmentExprSyntax.self) }.map { expr($0) }, location: here)
            }
            let first = elements.startIndex
            if elements.count >= 3, elements[first + 1].is(AssignmentExprSyntax.self) {
                return .assignment(target: expr(elements[first]), op: "=", value: sequence(elements.dropFirst(2), location: here, depth: depth + 1), location: here)
            }
            if elements.count >= 3, let op = elements[first + 1].as(BinaryOperatorExprSyntax.self), op.operator.text.hasSuffix("="),
               !["==", "!=", "<=", ">=", "===", "!=="].contains(op.operator.text) {
                return .assignment(target: expr(elements[first]), op: op.operator.text, value: sequence(elements.dropFirst(2), location: here, depth: depth + 1), location: here)
            }
            if let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), index > first,
               let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self) {
                let condition = sequence(elements[..<index], location: here, depth: depth + 1)
                let rest = sequence(elements[(index + 1)...], location: here, depth: depth + 1)
                return .branches(conditions: [condition],
                                 clauses: [Clause(condition: nil, body: Block([expr(ternary.thenExpression)])),
                                           Clause(condition: nil, body: Block([rest]))],
                                 location: here)
            }
            if elements.count == 1 { return expr(elements[first]) }
            var operands: [Expr] = []
            var operators: [String] = []
            for element in elements {
                if let op = element.as(BinaryOperatorExprSyntax.self) { operators.append(op.operator.text) }
                else if element.is(UnresolvedAsExprSyntax.self) || element.is(UnresolvedIsExprSyntax.self) { operators.append("as") }
                else if element.is(TypeExprSyntax.self) { continue }
                else { operands.append(expr(element)) }
            }
            if operands.count == 1 { return operands[0] }
            // Several binary operators (`a || b <= c`): grouped by Swift's standard precedences. The grouped tree
            // can be as deep as the operators are many, and is walked recursively, so a sequence longer than real
            // conditions are (hundreds of operators) stays one flat operation.
            if Set(operators).count > 1, operators.count <= Extractor.maximumFoldedOperators, let grouped = folded(Array(elements)) { return grouped }
            return .operation(Set(operators).count == 1 ? operators[0] : operators.joined(separator: " "), operands, location: here)
        }

        /// A sequence of operands and binary operators grouped as Swift groups them (SwiftOperators' standard
        /// table folds a copy; its shape is rebuilt over the original operands, so locations stay theirs). Nil
        /// when the sequence holds anything else (`as`, `is`, `?:`, `=`) or an operator the table does not know.
        func folded(_ elements: [ExprSyntax]) -> Expr? {
            guard elements.count % 2 == 1,
                  elements.enumerated().allSatisfy({ $0.offset % 2 == 0 || $0.element.is(BinaryOperatorExprSyntax.self) }),
                  let tree = try? OperatorTable.standardOperators.foldSingle(SequenceExprSyntax(elements: ExprListSyntax(elements))) else { return nil }
            var next = 0
            func rebuild(_ node: ExprSyntax) -> Expr? {
                if let infix = node.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
                    guard let left = rebuild(infix.leftOperand), let right = rebuild(infix.rightOperand) else { return nil }
                    return .operation(op.operator.text, [left, right], location: left.location)
                }
                guard next < elements.count else { return nil }
                defer { next += 2 }
                return expr(elements[next])
            }
            guard let result = rebuild(tree), next == elements.count + 1 else { return nil }
            return result
        }

        func closure(_ syntax: ClosureExprSyntax) -> Expr {
            var parameters: [String] = []
            if let signature = syntax.signature, let clause = signature.parameterClause {
                switch clause {
                case .simpleInput(let list): parameters = list.map(\.name.text)
                case .parameterClause(let parameterClause):
                    parameters = parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
                @unknown default:
                    break
                }
            }
            return .closure(Closure(parameters: parameters, body: block(syntax.statements), location: location(syntax)))
        }

        func string(_ literal: StringLiteralExprSyntax) -> StringLiteral {
            var segments: [StringLiteral.Segment] = []
            for segment in literal.segments {
                switch segment {
                case .stringSegment(let text): segments.append(.text(unescape(text.content.text)))
                case .expressionSegment(let interpolation):
                    for element in interpolation.expressions { segments.append(.interpolation(expr(element.expression))) }
                @unknown default:
                    continue
                }
            }
            return StringLiteral(segments: segments, location: location(literal))
        }

        /// A string literal segment's text with Swift's escapes decoded: `\n`, `\r`, `\t`, `\0`, `\u{…}`, and a
        /// backslash before any other character (`\"`, `\\`) standing for that character.
        func unescape(_ text: String) -> String {
            guard text.contains("\\") else { return text }
            var result = String.UnicodeScalarView()
            var scalars = text.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "\\", let escaped = scalars.next() else { result.append(scalar); continue }
                switch escaped {
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "0": result.append("\0")
                case "u":
                    // `\u{1F600}`: up to eight hex digits in braces; anything malformed is kept as written.
                    var digits = ""
                    var closed = false
                    if let open = scalars.next(), open == "{" {
                        while let next = scalars.next() {
                            if next == "}" { closed = true; break }
                            digits.unicodeScalars.append(next)
                            if digits.count > 8 { break }
                        }
                    }
                    if closed, let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) { result.append(decoded) }
                    else { result.append(contentsOf: "\\u{\(digits)".unicodeScalars) }
                default: result.append(escaped)
                }
            }
            return String(result)
        }

        /// Sub-expressions and blocks of a node Glance does not model, so calls inside are not lost.
        func genericChildren(_ node: Syntax) -> [Expr] {
            var result: [Expr] = []
            for child in node.children(viewMode: .sourceAccurate) {
                if let expression = child.as(ExprSyntax.self) { result.append(expr(expression)) }
                else if let items = child.as(CodeBlockItemListSyntax.self) { result += block(items).statements }
                else if let statement = child.as(StmtSyntax.self) { result += statements(from: statement) }
                else if let decl = child.as(DeclSyntax.self) { result += localDeclaration(decl) }
                else { result += genericChildren(child) }
            }
            return result
        }
    }

    /// A uniform view of struct, class, enum, actor, protocol and extension declarations.
    struct TypeDeclView {
        let node: Syntax
        let kind: TypeDecl.Kind
        let name: String
        let inheritance: InheritanceClauseSyntax?
        let attributes: AttributeListSyntax
        let memberBlock: MemberBlockSyntax
        /// A protocol's `where Self: Widget` requirements: conforming types are those types too.
        var selfConformances: [String] = []

        init?(_ decl: DeclSyntax) {
            if let value = decl.as(StructDeclSyntax.self) {
                (kind, name, inheritance, attributes, memberBlock) = (.struct, value.name.text, value.inheritanceClause, value.attributes, value.memberBlock)
                node = Syntax(value.name)
            } else if let value = decl.as(ClassDeclSyntax.self) {
                (kind, name, inheritance, attributes, memberBlock) = (.class, value.name.text, value.inheritanceClause, value.attributes, value.memberBlock)
                node = Syntax(value.name)
            } else if let value = decl.as(EnumDeclSyntax.self) {
                (kind, name, inheritance, attributes, memberBlock) = (.enum, value.name.text, value.inheritanceClause, value.attributes, value.memberBlock)
                node = Syntax(value.name)
            } else if let value = decl.as(ActorDeclSyntax.self) {
                (kind, name, inheritance, attributes, memberBlock) = (.actor, value.name.text, value.inheritanceClause, value.attributes, value.memberBlock)
                node = Syntax(value.name)
            } else if let value = decl.as(ProtocolDeclSyntax.self) {
                (kind, name, inheritance, attributes, memberBlock) = (.protocol, value.name.text, value.inheritanceClause, value.attributes, value.memberBlock)
                node = Syntax(value.name)
                for requirement in value.genericWhereClause?.requirements ?? [] {
                    if case .conformanceRequirement(let conformance) = requirement.requirement, conformance.leftType.trimmedDescription == "Self" {
                        selfConformances += conformance.rightType.trimmedDescription.split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) }
                    }
                }
            } else if let value = decl.as(ExtensionDeclSyntax.self) {
                (kind, name, inheritance, attributes, memberBlock) = (.extension, value.extendedType.trimmedDescription, value.inheritanceClause, value.attributes, value.memberBlock)
                node = Syntax(value.extendedType)
            } else {
                return nil
            }
        }
    }
}
