import GlanceSourceIndex
import GlanceSurfaces

/// Xcode's widget-extension templates (Xcode 14, 15, 16 and 26), recognized by their shape: the "Start Timer" control,
/// the emoji widget, Xcode 14's intent widget that shows the time, and the emoji Live Activity. A surface is the template when enough of the template's own code
/// and texts are still there; each answer lists what was found, for messages.
extension SurfaceModel {
    // MARK: Control

    /// What is template in a control whose intent does nothing and whose value is a constant; nil otherwise.
    public func templateSignals(of control: ControlSurface) -> [String]? {
        guard let signals = stubSignals(of: control), let action = control.actions.first, let intent = action.intentType else { return nil }
        var texts: [String] = []
        if action.call.unlabeled.first?.stringValue == "Start Timer" { texts.append("titled \"Start Timer\"") }
        if control.content.calls(named: "Label").contains(where: { $0.call.argument("systemImage")?.stringValue == "timer" }) {
            texts.append("labelled with the \"timer\" symbol")
        }
        if control.modifier("description")?.call.unlabeled.first?.stringValue == "A an example control that runs a timer." {
            texts.append("described \"A an example control that runs a timer.\"")
        }
        if intent.members.contains(where: { $0.name == "title" && $0.isStatic && $0.initializer?.stringValue == "Start a timer" }) {
            texts.append("its intent titled \"Start a timer\"")
        }
        // The texts tell the template from a control of the app's own that does nothing yet.
        guard !texts.isEmpty else { return nil }
        return texts + signals
    }

    /// What shows that a control does nothing yet, Xcode's template or a stub of the app's own: its action's
    /// `perform()` only returns `.result()`, and a toggle's value provider returns a constant. Nil otherwise.
    public func stubSignals(of control: ControlSurface) -> [String]? {
        guard let action = control.actions.first, let intent = action.intentType,
              let perform = resolver.declarations(of: intent).flatMap({ $0.members(named: "perform") }).first(where: { $0.kind == .function }),
              XcodeTemplate.isStub(perform) else { return nil }
        var signals = ["\(intent.qualifiedName).perform() only returns .result()"]
        if action.template == .toggle {
            guard let provider = control.valueProviderType,
                  let value = resolver.declarations(of: provider).flatMap({ $0.members(named: "currentValue") }).first(where: { $0.kind == .function }),
                  XcodeTemplate.returnsConstant(value) else { return nil }
            signals.append("\(provider.name).currentValue() returns a constant")
        }
        return signals
    }



    // MARK: Widget

    /// What is template in a widget that still shows the template's emoji; nil otherwise.
    public func templateSignals(of widget: WidgetSurface) -> [String]? {
        let content = widget.content
        let texts = Set(content.calls(named: "Text").compactMap { $0.call.unlabeled.first?.stringValue })
        let reads = Set(content.expressions.compactMap { item -> String? in if case .member(_, let name, _) = item.expr { return name } else { return nil } })
        if widget.configuration == .appIntentConfiguration {
            guard let intentExpr = widget.configurationCall?.argument("intent"), let name = Resolver.typeName(of: intentExpr),
                  let intent = resolver.primaryDeclaration(of: name, context: widget.content.context, from: intentExpr.location.file) else { return nil }
            let members = resolver.declarations(of: intent).flatMap(\.members)
            let parameters = members.filter { $0.kind == .storedProperty && $0.attribute("Parameter") != nil }
            guard parameters.count == 1, let parameter = parameters.first else { return nil }
            let attribute = parameter.attribute("Parameter")!
            let title = attribute.arguments.first { $0.label == "title" }?.value.stringValue
            guard parameter.name == "favoriteEmoji" || title == "Favorite Emoji" else { return nil }
            var intentSignals: [String] = []
            if title == "Favorite Emoji" { intentSignals.append("titled \"Favorite Emoji\"") }
            if attribute.arguments.first(where: { $0.label == "default" })?.value.stringValue == "😃" { intentSignals.append("defaulting to \"😃\"") }
            if members.contains(where: { $0.name == "description" && $0.isStatic && XcodeTemplate.literal(of: $0)?.hasPrefix("This is an example widget") == true }) {
                intentSignals.append("described \"This is an example widget.\"")
            }
            // Two signals of the intent, and a view that still shows the emoji.
            guard !intentSignals.isEmpty, reads.contains(parameter.name) || texts.contains("Favorite Emoji:") else { return nil }
            return ["\(intent.qualifiedName)'s only parameter is the template's \(parameter.name), " + intentSignals.joined(separator: ", "),
                    "the view shows it" + (texts.contains("Favorite Emoji:") ? " under \"Favorite Emoji:\"" : "")]
        }
        // Xcode 14's template: an `IntentConfiguration` of the generated `ConfigurationIntent` whose view shows only
        // the entry's time, named "My Widget" and described "This is an example widget.".
        if widget.configuration == .intentConfiguration {
            guard let intentExpr = widget.configurationCall?.argument("intent"), Resolver.typeName(of: intentExpr) == "ConfigurationIntent",
                  texts.isEmpty, content.calls(named: "Text").count == 1 else { return nil }
            var signals = ["its intent is Xcode's generated ConfigurationIntent, and the view shows only the entry's time"]
            if widget.modifier("configurationDisplayName")?.call.unlabeled.first?.stringValue == "My Widget" { signals.append("it is named \"My Widget\"") }
            if widget.modifier("description")?.call.unlabeled.first?.stringValue == "This is an example widget." { signals.append("described \"This is an example widget.\"") }
            return signals.count >= 3 ? signals : nil
        }
        // The static template: the provider's constant emoji, shown under the template's texts.
        guard reads.contains("emoji"), let providerExpr = widget.configurationCall?.argument("provider"), let name = Resolver.typeName(of: providerExpr),
              let provider = resolver.primaryDeclaration(of: name, context: widget.content.context, from: providerExpr.location.file) else { return nil }
        var literals: Set<String> = []
        for member in resolver.declarations(of: provider).flatMap(\.members) {
            member.code.walk { if case .string(let literal) = $0, let value = literal.value { literals.insert(value) } }
        }
        guard literals.contains("😀") else { return nil }
        var signals = ["its entries hold the constant emoji \"😀\""]
        if texts.contains("Emoji:") { signals.append("the view shows it under \"Emoji:\"") }
        if widget.modifier("configurationDisplayName")?.call.unlabeled.first?.stringValue == "My Widget" { signals.append("it is named \"My Widget\"") }
        if widget.modifier("description")?.call.unlabeled.first?.stringValue == "This is an example widget." { signals.append("described \"This is an example widget.\"") }
        return signals.count >= 2 ? signals : nil
    }


    // MARK: Live Activity

    /// What is template in a Live Activity whose state is only an emoji; nil otherwise.
    public func templateSignals(of activity: LiveActivitySurface) -> [String]? {
        guard activity.contentState.map(\.name) == ["emoji"] else { return nil }
        var signals = ["its ContentState holds only an emoji"]
        if activity.attributeProperties.map(\.name) == ["name"] { signals.append("its only attribute is the template's name") }
        let lockScreen = activity.presentations.lockScreen.calls(named: "Text")
        if lockScreen.contains(where: { scoped in
            if case .string(let literal)? = scoped.call.unlabeled.first { return literal.prefix.hasPrefix("Hello ") && !literal.interpolations.isEmpty }
            return false
        }) { signals.append("its Lock Screen view says \"Hello\" and the emoji") }
        let compact = [activity.presentations.compactLeading, activity.presentations.compactTrailing].compactMap { $0 }
            .flatMap { $0.calls(named: "Text") }.compactMap { $0.call.unlabeled.first.flatMap { expr -> String? in
                if case .string(let literal) = expr { return literal.prefix } else { return nil } } }
        if compact.contains("L") && compact.contains(where: { $0.hasPrefix("T") }) { signals.append("its compact views say \"L\" and \"T\"") }
        return signals.count >= 2 ? signals : nil
    }
}

/// Shapes of the templates' code.
enum XcodeTemplate {
    /// `perform()` whose only statement returns `.result()`.
    static func isStub(_ perform: Member) -> Bool {
        guard let statements = perform.body?.statements, statements.count == 1 else { return false }
        var returned = statements[0]
        if case .returnStatement(let value?, _) = returned { returned = value }
        guard case .call(let call) = returned, call.name == "result", call.arguments.isEmpty, call.base == nil else { return false }
        return true
    }

    /// A function whose result is made of literals only (directly, through locals it binds to literals, or as the
    /// arguments of an initializer), reading at most its own parameters (`configuration.timerName`).
    static func returnsConstant(_ function: Member) -> Bool {
        guard let statements = function.body?.statements, !statements.isEmpty else { return false }
        var constants: Set<String> = []
        let parameters = Set(function.parameters.map(\.name))
        func isConstant(_ expr: Expr) -> Bool {
            switch expr {
            case .bool, .number, .nilLiteral: return true
            case .string(let literal): return literal.interpolations.isEmpty
            case .identifier(let name, _): return constants.contains(name)
            case .member(.identifier(let base, _)?, _, _): return parameters.contains(base)
            case .call(let call):
                // `Value(isRunning: isRunning, name: configuration.timerName)`: a value made of constants.
                return call.name.first?.isUppercase == true && call.arguments.allSatisfy { isConstant($0.value) }
            default: return false
            }
        }
        for (index, statement) in statements.enumerated() {
            let last = index == statements.count - 1
            switch statement {
            case .binding(let name, _, let value?, _) where !last && isConstant(value):
                constants.insert(name)
            case .returnStatement(let value?, _) where last:
                return isConstant(value)
            default:
                if last { return isConstant(statement) }
                return false
            }
        }
        return false
    }

    /// The text a static property holds: a literal, `IntentDescription("…")`, or a computed property returning one.
    static func literal(of member: Member) -> String? {
        let value = member.initializer ?? (member.body?.statements.count == 1 ? member.body?.statements.first : nil)
        switch value {
        case .string(let literal)?: return literal.value
        case .returnStatement(.string(let literal)?, _)?: return literal.value
        case .call(let call)?: return call.unlabeled.first?.stringValue
        default: return nil
        }
    }
}
