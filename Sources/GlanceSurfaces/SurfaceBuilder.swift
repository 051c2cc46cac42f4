import GlanceProject
import GlanceSourceIndex

/// Joins the project model and the source index into the `SurfaceModel`.
struct SurfaceBuilder {
    let project: ProjectModel
    let index: SourceIndex
    let resolver: Resolver

    init(project: ProjectModel, index: SourceIndex) {
        self.project = project
        self.index = index
        resolver = Resolver(project: project, index: index)
    }

    static let widgetConfigurations: Set<String> = ["StaticConfiguration", "AppIntentConfiguration", "IntentConfiguration", "ActivityConfiguration"]
    static let controlConfigurations: Set<String> = ["StaticControlConfiguration", "AppIntentControlConfiguration"]

    func build() -> SurfaceModel {
        let widgetTypes = resolver.types(conformingTo: "Widget"), controlTypes = resolver.types(conformingTo: "ControlWidget")
        let bundles = resolver.types(conformingTo: "WidgetBundle").map(bundle)
        let registrations = Registrations(bundles: bundles, mainWidgets: (widgetTypes + controlTypes).filter(\.isMain), resolver: resolver)
        let widgets = widgetTypes.map { widget($0, registrations: registrations) }
        let controls = controlTypes.map { control($0, registrations: registrations) }
        let liveActivities = widgets.compactMap(liveActivity)
        let intents = resolver.types(conformingTo: "AppIntent").map(intent)
        let shortcuts = appShortcutIntents()
        parseStoreUsers(readBy: controls)
        let scan = CodeScan(resolver: resolver)
        scan.run()
        let targets = project.targets.map { target -> TargetSurface in
            var kind = target.kind
            if kind == .appExtension || (kind == .unknown && !project.isLooseSources && target.productType?.contains("extension") == true) {
                let hasMainWidget = (bundles.map(\.type) + widgets.map(\.type) + controls.map(\.type))
                    .contains { $0.isMain && resolver.targets(of: $0).contains { $0.id == target.id } }
                if hasMainWidget && target.kindReason.contains("extension point unknown") { kind = .widgetExtension }
            }
            return TargetSurface(target: target, kind: kind)
        }
        var uses = controls.flatMap { control in
            control.actions.compactMap { action -> IntentUse? in
                guard let intent = action.intent else { return nil }
                return IntentUse(intent: intent, declaration: action.intentType, site: .control, location: action.actionLocation,
                                 owner: control.typeName, targets: control.targets)
            }
        }
        uses += widgets.flatMap { widget in buttonIntents(in: widget.content, site: .widgetButton, owner: widget.typeName, targets: widget.targets) }
        uses += liveActivities.flatMap { activity in
            activity.presentations.all.flatMap { buttonIntents(in: $0.tree, site: .liveActivityButton, owner: activity.attributes, targets: activity.targets) }
        }
        uses += scan.alarmIntentUses
        var deepLinks = widgets.filter { $0.configuration != .activityConfiguration }.flatMap { widget in
            links(in: widget.content, surface: .widget, owner: widget.typeName, targets: widget.targets, presentation: nil)
        }
        for activity in liveActivities {
            for (name, tree) in activity.presentations.all {
                deepLinks += links(in: tree, surface: .liveActivity, owner: activity.attributes, targets: activity.targets, presentation: name)
            }
            for modifier in activity.presentations.dynamicIslandModifiers where modifier.name == "widgetURL" {
                deepLinks += link(modifier.call, source: .widgetURL, surface: .liveActivity, owner: activity.attributes,
                                  context: activity.widget.typeName, targets: activity.targets, presentation: "dynamicIsland")
            }
        }
        for intent in intents {
            let code = ViewTree(roots: resolver.declarations(of: intent.type).flatMap { $0.members.map(\.code) }, context: intent.typeName,
                                resolver: resolver, followsTypes: false)
            let opens = code.calls(named: "open").filter { scoped in
                guard let base = scoped.call.base?.dottedPath else { return false }
                return ["UIApplication.shared", "NSWorkspace.shared"].contains(base) && scoped.call.unlabeled.count == 1
            }
            for (scoped, source) in code.calls(named: "OpenURLIntent").map({ ($0, DeepLink.Source.openURLIntent) }) + opens.map({ ($0, .openURL) }) {
                deepLinks += link(scoped.call, source: source, surface: .intent, owner: intent.typeName,
                                  context: scoped.context, targets: intent.targets, presentation: nil, in: code).map { link in
                    var owned = link
                    owned.ownerType = intent.type
                    return owned
                }
            }
        }
        var skips: [Skip] = project.notes.map({ Self.skip(forNote: $0, in: project) })
        for target in project.targets {
            var configurationsByNote: [(String, [String])] = []
            for configuration in target.configurations {
                for note in configuration.notes {
                    if let index = configurationsByNote.firstIndex(where: { $0.0 == note }) { configurationsByNote[index].1.append(configuration.name) }
                    else { configurationsByNote.append((note, [configuration.name])) }
                }
            }
            for (note, names) in configurationsByNote {
                skips.append(Skip(rule: nil, file: nil, reason: "target '\(target.name)' (\(names.joined(separator: ", "))): \(note)"))
            }
        }
        for (path, reason) in index.unreadable.sorted(by: { $0.key < $1.key }) {
            let generated = reason.hasPrefix("no such file") && path.utf8.firstRange(of: "/Pods/".utf8) != nil ? " (CocoaPods writes it; run `pod install`)" : ""
            skips.append(Skip(rule: nil, file: project.relativePath(path), reason: reason + generated))
        }
        for path in index.notUTF8 {
            skips.append(Skip(rule: nil, file: project.relativePath(path), reason: "not valid UTF-8; read with replacement characters"))
        }
        if !project.unassignedSources.isEmpty {
            skips.append(Skip(rule: nil, file: nil, reason: "\(project.unassignedSources.count) Swift file(s) under the folder are in no target; not linted"))
        }
        return SurfaceModel(project: project, resolver: resolver, registry: registrations, targets: targets, widgets: widgets, controls: controls,
                            liveActivities: liveActivities, intents: intents, intentUses: uses.sorted { $0.location < $1.location },
                            alarms: scan.alarms, deepLinks: deepLinks.sorted { $0.location < $1.location }, bundles: bundles,
                            appGroupUsages: scan.appGroupUsages, storeAccesses: scan.storeAccesses, reloads: scan.reloads,
                            activityRequests: scan.activityRequests, staleDateUses: scan.staleDateUses, apiUses: scan.apiUses,
                            alarmMetadataUses: scan.alarmMetadataUses, alarmSchedules: scan.alarmSchedules,
                            primaryActions: scan.primaryActions, urlHandlers: scan.urlHandlers, appShortcutIntents: shortcuts, skips: skips)
    }

    /// Code that reads or writes App Group defaults through a project property (`AppGroup.defaults.set(…)`)
    /// names that property but no framework type, so the index did not parse it eagerly. Parse the files that
    /// call a `UserDefaults` method on such a property with a key (`FileTokens.storeReceivers`), and for a static
    /// property also name its type — not those only test bundles compile: their code runs in no app or extension
    /// (on Home Assistant, 14 of the 38 files, 144 KB of 361). What they write matters only where a control shows a
    /// value read from App Group defaults (`control_not_reloaded`): they are parsed only when some control's value
    /// path (its provider's `currentValue` and what that runs) names a store property or opens a suite itself.
    func parseStoreUsers(readBy controls: [ControlSurface]) {
        /// A property that holds a store; a static one (`AppGroup.defaults`) is reached through its type's name.
        struct Store: Hashable { let owner: String?; let property: String }
        var stores: Set<Store> = []
        for file in index.parsedFiles {
            for type in file.types {
                for member in type.members where member.kind == .storedProperty || member.kind == .computedProperty {
                    var holdsStore = false
                    member.code.walk { if case .call(let call) = $0, call.name == "UserDefaults", call.argument("suiteName") != nil { holdsStore = true } }
                    if holdsStore { stores.insert(Store(owner: member.isStatic ? type.name : nil, property: member.name)) }
                }
            }
            for member in file.globals {
                var holdsStore = false
                member.code.walk { if case .call(let call) = $0, call.name == "UserDefaults", call.argument("suiteName") != nil { holdsStore = true } }
                if holdsStore { stores.insert(Store(owner: nil, property: member.name)) }
            }
        }
        let resolver = self.resolver
        guard !stores.isEmpty, controls.contains(where: { valuePathMayReadDefaults($0, stores: Set(stores.map(\.property))) }) else { return }
        let shipped = { (path: String) in !resolver.targets(ofFile: path).areOnlyTestBundles }
        for store in stores.sorted(by: { ($0.owner ?? "", $0.property) < ($1.owner ?? "", $1.property) }) {
            _ = index.files(callingDefaultsMethodsOn: store.property, mentioning: store.owner, in: shipped)
        }
    }

    /// Whether a control's value path (its provider's `currentValue` and the members that runs) may read App Group
    /// defaults: it names one of `stores` (properties that hold a suite) or opens a suite (`UserDefaults(suiteName:)`).
    func valuePathMayReadDefaults(_ control: ControlSurface, stores: Set<String>) -> Bool {
        guard let provider = control.valueProvider else { return false }
        let file = control.valueProviderType?.location.file ?? control.location.file
        for reached in resolver.reachableMembers(from: [(provider, "currentValue", file)]) {
            guard let hash = reached.firstIndex(of: "#") else { continue }
            let type = String(reached[..<hash]), member = String(reached[reached.index(after: hash)...])
            if stores.contains(member) { return true }
            for declaration in resolver.declarations(of: type, from: nil) {
                for found in declaration.members(named: member) {
                    var opens = false
                    found.code.walk { if case .call(let call) = $0, call.name == "UserDefaults" { opens = true } }
                    if opens { return true }
                }
            }
        }
        return false
    }

    // MARK: - Widgets and controls

    /// The code of a type's `body` (with helpers reachable from it).
    func bodyTree(_ type: TypeDecl) -> ViewTree {
        let body = resolver.declarations(of: type).flatMap { $0.members(named: "body") }.map(\.code)
        return ViewTree(roots: body, context: type.qualifiedName, resolver: resolver)
    }

    /// The first configuration call the body reaches, and the code block it sits in.
    func configuration(of type: TypeDecl, names: Set<String>) -> (call: Call, block: Block, context: String?)? {
        let body = resolver.declarations(of: type).flatMap { $0.members(named: "body") }.map(\.code)
        let own = ViewTree(roots: body, context: type.qualifiedName, resolver: resolver, followsTypes: false)
        guard let found = own.calls.first(where: { names.contains($0.call.name) })
                ?? bodyTree(type).calls.first(where: { names.contains($0.call.name) }) else { return nil }
        // The block holding the call: the body or the helper it came from.
        let blocks = resolver.declarations(of: found.context ?? type.qualifiedName, from: found.call.location.file).flatMap(\.members).map(\.code)
        let block = blocks.first { block in block.allCalls.contains { $0.location == found.call.location } } ?? Block([])
        return (found.call, block, found.context)
    }

    func kindValue(_ call: Call, context: String?) -> KindValue? {
        guard let expr = call.argument("kind") else { return nil }
        if let value = resolver.stringValue(expr, context: context) { return .known(value) }
        return .unknown(expr.dottedPath ?? "expression")
    }

    func widget(_ type: TypeDecl, registrations: Registrations) -> WidgetSurface {
        let compiled = resolver.targets(of: type)
        let targets = registrations.shippingTargets(of: type, compiled: compiled)
        // A wrapper (`if #available(iOS 17, *) { return Modern().body } else { return Legacy().body }`) has no
        // configuration of its own: the widgets it returns ship with it and are judged each on its own.
        guard registrations.delegates(of: type).isEmpty, let (call, block, context) = configuration(of: type, names: Self.widgetConfigurations) else {
            return WidgetSurface(type: type, kind: nil, configuration: nil, configurationCall: nil, modifiers: [],
                                 content: ViewTree(roots: [], context: type.qualifiedName, resolver: resolver), families: nil, targets: targets,
                                 compiledTargets: compiled, build: resolver.build)
        }
        let modifiers = Chains.conditionalModifiers(of: call.location, in: block).map { ModifierUse(call: $0.call, conditions: $0.conditions) }
        let configuration = ConfigurationKind(rawValue: call.name)
        var content: [Block] = []
        if configuration != .activityConfiguration {
            if let closure = call.closures.first(where: { $0.label == "content" || $0.label == nil })?.closure { content = [closure.body] }
            else if let other = call.argument("content") { content = [Block([other])] }
        }
        var families: [String]?
        // The families of every platform the widget is built for: a modifier written for some platforms only
        // (`#if os(watchOS) .supportedFamilies([.accessoryCorner]) #endif`) does not say them.
        var supported = WidgetSurface.familiesModifier(in: modifiers, targets: targets, build: resolver.build)?.call.unlabeled.first
        // `.supportedFamilies(Self.families)`: the array a constant or a one-expression property holds.
        if let expr = supported, expr.dottedPath != nil, let held = resolver.constant(expr, context: context)?.value { supported = held }
        if let supported { families = WidgetSurface.familyNames(supported) }
        return WidgetSurface(type: type, kind: kindValue(call, context: context), configuration: configuration, configurationCall: call,
                             modifiers: modifiers, content: ViewTree(roots: content, context: context, resolver: resolver),
                             families: families, targets: targets, compiledTargets: compiled, build: resolver.build)
    }

    func control(_ type: TypeDecl, registrations: Registrations) -> ControlSurface {
        let compiled = resolver.targets(of: type)
        let targets = registrations.shippingTargets(of: type, compiled: compiled)
        guard let (call, block, context) = configuration(of: type, names: Self.controlConfigurations) else {
            return ControlSurface(type: type, kind: nil, configuration: nil, configurationCall: nil, actions: [],
                                  content: ViewTree(roots: [], context: type.qualifiedName, resolver: resolver), valueProvider: nil, modifiers: [], targets: targets, compiledTargets: compiled, build: resolver.build)
        }
        let modifiers = Chains.conditionalModifiers(of: call.location, in: block).map { ModifierUse(call: $0.call, conditions: $0.conditions) }
        let content = ViewTree(roots: call.closures.map(\.closure.body), context: context, resolver: resolver)
        // `AppIntentControlConfiguration(kind:intent: X.self) { configuration in ControlWidgetButton(action: configuration) }`:
        // the content closure's parameter is the configured intent, an X.
        let configured = call.argument("intent").flatMap(Resolver.typeName(of:))
        let configurationParameter = call.closures.first?.closure.parameters.first ?? "$0"
        let actions = content.calls.compactMap { scoped -> ControlAction? in
            guard let template = ControlSurface.Template(rawValue: scoped.call.name) else { return nil }
            let action = scoped.call.argument("action")
            var intent: String?
            var intentType: TypeDecl?
            var actionType = action.flatMap(Resolver.typeName(of:))
            if case .identifier(configurationParameter, _)? = action, let configured { actionType = configured }
            if let action, let name = actionType,
               let declaration = resolver.primaryDeclaration(of: name, context: scoped.context, from: action.location.file) {
                intent = declaration.qualifiedName
                intentType = declaration
            }
            return ControlAction(template: template, call: scoped.call, intent: intent, intentType: intentType,
                                 actionLocation: action?.location ?? scoped.call.location,
                                 conditions: scoped.conditions)
        }
        var provider: String?
        var providerType: TypeDecl?
        if let providerExpr = call.argument("provider"), let name = Resolver.typeName(of: providerExpr) {
            providerType = resolver.primaryDeclaration(of: name, context: context, from: providerExpr.location.file)
            provider = providerType?.qualifiedName ?? name
        }
        return ControlSurface(type: type, kind: kindValue(call, context: context),
                              configuration: ConfigurationKind(rawValue: call.name), configurationCall: call,
                              actions: actions, content: content, valueProvider: provider, valueProviderType: providerType,
                              modifiers: modifiers, targets: targets, compiledTargets: compiled, build: resolver.build)
    }

    // MARK: - Live Activities

    func liveActivity(_ widget: WidgetSurface) -> LiveActivitySurface? {
        guard widget.configuration == .activityConfiguration, let call = widget.configurationCall,
              let forArgument = call.argument("for"), let attributes = Resolver.typeName(of: forArgument) else { return nil }
        let context = widget.content.context ?? widget.typeName
        let attributesType = resolver.primaryDeclaration(of: attributes, context: context, from: forArgument.location.file)
        var contentStateType: TypeDecl?
        if let attributesType {
            contentStateType = resolver.primaryDeclaration(of: "ContentState", context: attributesType.qualifiedName, from: attributesType.location.file)
        }
        let closures = call.closures
        let lockScreen = closures.first { $0.label == nil || $0.label == "content" }?.closure.body ?? .empty
        let dynamicIslandClosure = closures.first { $0.label == "dynamicIsland" }?.closure.body ?? .empty
        let tree = { (block: Block) in ViewTree(roots: [block], context: context, resolver: self.resolver) }
        var dynamicIsland: Call?
        var expanded: [(String, ViewTree)] = []
        var compactLeading: ViewTree?, compactTrailing: ViewTree?, minimal: ViewTree?
        var islandModifiers: [ModifierUse] = []
        if let island = ViewTree(roots: [dynamicIslandClosure], context: context, resolver: resolver).calls.first(where: { $0.call.name == "DynamicIsland" }) {
            dynamicIsland = island.call
            let islandClosures = island.call.closures
            if let expandedBody = islandClosures.first(where: { $0.label == nil || $0.label == "expanded" })?.closure.body {
                let regions = expandedBody.allCalls.filter { $0.name == "DynamicIslandExpandedRegion" }
                for region in regions {
                    let name = region.unlabeled.first.flatMap { expr -> String? in if case .member(_, let name, _) = expr { return name } else { return nil } } ?? "region"
                    expanded.append((name, tree(Block(region.closures.map(\.closure.body).flatMap(\.statements)))))
                }
                if regions.isEmpty { expanded.append(("expanded", tree(expandedBody))) }
            }
            if let body = islandClosures.first(where: { $0.label == "compactLeading" })?.closure.body { compactLeading = tree(body) }
            if let body = islandClosures.first(where: { $0.label == "compactTrailing" })?.closure.body { compactTrailing = tree(body) }
            if let body = islandClosures.first(where: { $0.label == "minimal" })?.closure.body { minimal = tree(body) }
            let holder = resolver.declarations(of: island.context ?? context, from: island.call.location.file).flatMap(\.members).map(\.code)
                .first { $0.allCalls.contains { $0.location == island.call.location } } ?? dynamicIslandClosure
            islandModifiers = Chains.conditionalModifiers(of: island.call.location, in: holder).map { ModifierUse(call: $0.call, conditions: $0.conditions) }
        }
        let presentations = LiveActivityPresentations(lockScreen: tree(lockScreen), expanded: expanded, compactLeading: compactLeading,
                                                      compactTrailing: compactTrailing, minimal: minimal, dynamicIsland: dynamicIsland,
                                                      dynamicIslandModifiers: islandModifiers)
        return LiveActivitySurface(widget: widget, attributes: attributes, attributesType: attributesType, contentStateType: contentStateType,
                                   attributeProperties: attributesType.map(storedProperties) ?? [],
                                   contentState: contentStateType.map(storedProperties) ?? [],
                                   presentations: presentations, modifiers: widget.modifiers)
    }

    func storedProperties(_ type: TypeDecl) -> [StoredProperty] {
        type.members.filter { $0.kind == .storedProperty && !$0.isStatic }.map {
            StoredProperty(name: $0.name, type: $0.type, hasDefault: $0.initializer != nil, location: $0.location)
        }
    }

    // MARK: - Intents and bundles

    /// The intents (qualified names) an `AppShortcutsProvider` offers as App Shortcuts (`AppShortcut(intent: X())`).
    func appShortcutIntents() -> Set<String> {
        var names: Set<String> = []
        for provider in resolver.types(conformingTo: "AppShortcutsProvider") {
            let code = resolver.declarations(of: provider).flatMap { $0.members(named: "appShortcuts") }.map(\.code)
            let tree = ViewTree(roots: code, context: provider.qualifiedName, resolver: resolver, followsTypes: false)
            for scoped in tree.calls(named: "AppShortcut") {
                guard let expr = scoped.call.argument("intent"), let name = Resolver.typeName(of: expr) else { continue }
                names.insert(resolver.primaryDeclaration(of: name, context: scoped.context, from: expr.location.file)?.qualifiedName ?? name)
            }
        }
        return names
    }

    func intent(_ type: TypeDecl) -> IntentSurface {
        let declarations = resolver.declarations(of: type)
        let members = declarations.flatMap(\.members)
        let openAppWhenRun = members.filter { $0.name == "openAppWhenRun" && $0.isStatic }.map { member in
            (value: resolver.valueExpression(member)?.boolValue, conditions: member.conditions)
        }
        let supportedModes = members.filter { $0.name == "supportedModes" && $0.isStatic }.map { member -> (foreground: Bool, conditions: [String]) in
            var foreground = false
            resolver.valueExpression(member)?.walk { if case .member(_, "foreground", _) = $0 { foreground = true } }
            return (foreground, member.conditions)
        }
        let parameters = members.filter { $0.kind == .storedProperty && $0.attribute("Parameter") != nil }
        return IntentSurface(type: type, conformances: resolver.supertypes(declaredBy: declarations), openAppWhenRunDeclarations: openAppWhenRun,
                             supportedModesDeclarations: supportedModes, perform: members.first { $0.kind == .function && $0.name == "perform" },
                             parameters: parameters, targets: resolver.targets(of: type), build: resolver.build)
    }

    func bundle(_ type: TypeDecl) -> WidgetBundleSurface {
        let declarations = resolver.declarations(of: type)
        let body = declarations.flatMap { $0.members(named: "body") }.map(\.code)
        let tree = ViewTree(roots: body, context: type.qualifiedName, resolver: resolver, followsTypes: false)
        var members: [(String, SourceLocation, [String], [BranchChoice])] = []
        var unresolved: [String] = []
        for scoped in tree.calls {
            switch scoped.call.callee {
            case .identifier(let name, _) where name.hasPrefix("#"):
                continue      // `#available(…)` in an `if`
            case .member(let base?, let name, let location) where name.first?.isUppercase == true:
                // `Self.ClockWidget()`, `Pack.ClockWidget()`: a nested type, by its qualified name.
                guard let owner = base.dottedPath else { unresolved.append((base.dottedPath ?? "?") + "." + name + "()"); continue }
                let qualified = (owner == "Self" ? type.qualifiedName : owner) + "." + name
                members.append((qualified, location, scoped.conditions, scoped.choices))
            case .identifier(let name, let location):
                // A helper of the bundle (a `@WidgetBundleBuilder` property or function of the bundle or of the
                // file, whatever its case) is walked by the tree; a type the project declares, or another
                // capitalized name, is a member; anything else is unknown.
                if !tree.memberCode(name, in: scoped.context, file: location.file).isEmpty { continue }
                let isType = !resolver.primaryDeclarations(of: name, context: scoped.context, from: location.file).isEmpty
                if isType || name.first?.isUppercase == true { members.append((TypeName.base(name), location, scoped.conditions, scoped.choices)) }
                else { unresolved.append(name + "()") }
            default:
                break
            }
        }
        unresolved += tree.unfollowedReferences.map(\.name)
        return WidgetBundleSurface(type: type, isMain: type.isMain, members: members, unresolved: unresolved, targets: resolver.targets(of: type))
    }

    func buttonIntents(in tree: ViewTree, site: IntentUse.Site, owner: String, targets: [Target]) -> [IntentUse] {
        tree.calls.compactMap { scoped -> IntentUse? in
            guard ["Button", "Toggle"].contains(scoped.call.name), let intentExpr = scoped.call.argument("intent"),
                  let name = Resolver.typeName(of: intentExpr),
                  let declaration = resolver.primaryDeclaration(of: name, context: scoped.context, from: intentExpr.location.file) else { return nil }
            return IntentUse(intent: declaration.qualifiedName, declaration: declaration, site: site, location: intentExpr.location, owner: owner, targets: targets)
        }
    }

    // MARK: - Deep links

    func links(in tree: ViewTree, surface: DeepLink.Surface, owner: String, targets: [Target], presentation: String?) -> [DeepLink] {
        tree.calls.flatMap { scoped -> [DeepLink] in
            switch scoped.call.name {
            case "widgetURL" where scoped.call.isModifier:
                return link(scoped.call, source: .widgetURL, surface: surface, owner: owner, context: scoped.context, targets: targets, presentation: presentation, in: tree)
            case "Link": return link(scoped.call, source: .link, surface: surface, owner: owner, context: scoped.context, targets: targets, presentation: presentation, in: tree)
            default: return []
            }
        }
    }

    /// `tree`: the code the call was found in, for the local names it binds (`let url = URL(string: …)!`).
    func link(_ call: Call, source: DeepLink.Source, surface: DeepLink.Surface, owner: String, context: String?,
              targets: [Target], presentation: String?, in tree: ViewTree? = nil) -> [DeepLink] {
        let urlExpr = call.argument("destination") ?? call.argument("url") ?? call.unlabeled.first { if case .closure = $0 { return false } else { return true } }
        var url: String?
        var prefix: String?
        if let urlExpr {
            (url, prefix) = urlText(urlExpr, context: context, in: tree)
        }
        return [DeepLink(source: source, surface: surface, owner: owner, url: url, urlPrefix: prefix, location: call.location,
                         targets: targets, presentation: presentation)]
    }

    /// A URL expression's text: `URL(string: "…")`, `URL(string: constant)!`, a `URL` constant, a string;
    /// with interpolation or a concatenation, the known beginning (interpolated constants included); a
    /// `URLComponents` value's `url` (its literal scheme, host and path).
    func urlText(_ expr: Expr, context: String?, in tree: ViewTree? = nil, depth: Int = 0) -> (url: String?, prefix: String?) {
        guard depth < 6 else { return (nil, nil) }
        switch expr {
        case .call(let call) where call.name == "URL":
            if let string = call.argument("string") { return urlText(string, context: context, in: tree, depth: depth + 1) }
            return (nil, nil)
        case .call(let call) where call.name == "URLComponents":
            if let string = call.argument("string") { return urlText(string, context: context, in: tree, depth: depth + 1) }
            return (nil, nil)
        case .member(.identifier(let name, let location)?, "url", _):
            // `var components = URLComponents(); components.scheme = "pocket"; …; components.url`
            return componentsText(name, before: location, context: context, in: tree)
        case .string(let literal):
            if let value = resolver.stringValue(expr, context: context) { return (value, value) }
            var known = ""
            for segment in literal.segments {
                if case .text(let part) = segment { known += part; continue }
                guard case .interpolation(let inner) = segment, let value = resolver.stringValue(inner, context: context) else { break }
                known += value
            }
            return (nil, known.isEmpty ? nil : known)
        case .identifier, .member:
            if case .identifier(let name, let location) = expr, let local = tree?.localValue(name, before: location) {
                return urlText(local, context: context, in: tree, depth: depth + 1)
            }
            if let value = resolver.stringValue(expr, context: context) { return (value, value) }
            if let constant = resolver.constant(expr, context: context), let value = constant.value {
                return urlText(value, context: constant.context, depth: depth + 1)
            }
            return (nil, nil)
        case .operation("+", let operands, _):
            var known = ""
            for operand in operands {
                guard let value = resolver.stringValue(operand, context: context) else { break }
                known += value
            }
            return (nil, known.isEmpty ? nil : known)
        default:
            return (nil, nil)
        }
    }

    /// The URL a `URLComponents` local builds from literal parts assigned before `location` (`scheme`, `host`,
    /// `path`): the whole URL when every part is known, else the known beginning (`pocket://`).
    func componentsText(_ name: String, before location: SourceLocation, context: String?, in tree: ViewTree?) -> (url: String?, prefix: String?) {
        guard let tree, let initial = tree.localValue(name, before: location) else { return (nil, nil) }
        if case .call(let call) = initial, call.name == "URLComponents", call.arguments.isEmpty {} else {
            if case .call(let call) = initial, call.name == "URLComponents" { return urlText(initial, context: context, in: tree) }
            return (nil, nil)
        }
        var parts: [String: String?] = [:]
        for block in tree.blocks {
            block.walk { expr in
                guard case .assignment(.member(.identifier(name, _)?, let part, _), "=", let value, let at) = expr, at < location,
                      ["scheme", "host", "path", "query"].contains(part) else { return }
                parts[part] = .some(resolver.stringValue(value, context: context))
            }
        }
        guard let scheme = parts["scheme"] ?? nil else { return (nil, nil) }
        let host = parts["host"], path = parts["path"], query = parts["query"]
        var text = scheme + "://"
        if host != nil {
            guard let host = host ?? nil else { return (nil, text) }
            text += host
        }
        if path != nil {
            guard let path = path ?? nil else { return (nil, text) }
            text += path
        }
        if query != nil { return (nil, text) }
        return (text, text)
    }
}

extension SurfaceBuilder {
    /// A project note as a skip; a note that starts with a path below the project's folder (`/abs/App/x.json: …`,
    /// as the file system and the asset reader record them) names that file relative to the folder, like every
    /// other skip. Paths outside the folder stay absolute.
    static func skip(forNote note: String, in project: ProjectModel) -> Skip {
        let prefix = project.root.hasSuffix("/") ? project.root : project.root + "/"
        guard note.hasPrefix(prefix), let colon = note.range(of: ": ") else { return Skip(rule: nil, file: nil, reason: note) }
        let path = String(note[..<colon.lowerBound])
        return Skip(rule: nil, file: project.relativePath(path), reason: String(note[colon.upperBound...]))
    }
}
