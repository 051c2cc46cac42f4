import GlanceProject
import GlanceSourceIndex

/// One pass over all parsed code for the calls that are not tied to a widget declaration: App Group
/// storage and its keys, reloads, Live Activity requests, AlarmKit configurations, Double Tap modifiers and
/// URL handlers.
final class CodeScan {
    let resolver: Resolver
    var alarms: [AlarmSurface] = []
    var alarmIntentUses: [IntentUse] = []
    var appGroupUsages: [AppGroupUsage] = []
    var storeAccesses: [StoreAccess] = []
    var reloads: [ReloadCall] = []
    var activityRequests: [ActivityRequest] = []
    var staleDateUses: [StaleDateUse] = []
    /// `AlarmManager`, `pushToStartTokenUpdates`, `pushToStartToken`, `URLSession` … by name.
    var apiUses: [APIUse] = []
    var alarmMetadataUses: [AlarmMetadataUse] = []
    static let trackedAPIs: Set<String> = ["AlarmManager", "pushToStartTokenUpdates", "pushToStartToken"]
    /// The framework each framework type Glance recognizes by name belongs to. A name counts as the
    /// framework's only where the file imports the framework and no project declaration shadows it
    /// (`Resolver.isFrameworkName`): an app's own `AlarmManager` is not AlarmKit's.
    static let frameworks: [String: String] = [
        "AlarmManager": "AlarmKit", "AlarmAttributes": "AlarmKit", "AlarmPresentation": "AlarmKit",
        "Activity": "ActivityKit", "ActivityContent": "ActivityKit", "UserDefaults": "Foundation", "ModelConfiguration": "SwiftData",
    ]
    var primaryActions: [PrimaryActionUse] = []
    var urlHandlers: [URLHandler] = []
    var alarmSchedules: [AlarmSchedule] = []

    static let readMethods = FileTokens.defaultsReadMethods
    static let writeMethods = FileTokens.defaultsWriteMethods

    init(resolver: Resolver) { self.resolver = resolver }

    func run() {
        let files = resolver.index.parsedFiles
        let stores = groupStoreNames(files)
        var alarmPresentations: [String: [(String, SourceLocation)]] = [:]      // site key → presentations built there
        var alarmConfigurations: [(Call, CodeSite)] = []
        var scheduleCalls: [(call: Call, site: CodeSite)] = []
        let resolver = self.resolver
        // `let group = …` earlier in the same member, for ids passed through a local name.
        var locals: [String: Expr] = [:]
        // Contents given to `activity.end(content, dismissalPolicy: .immediate)`: the activity is removed at once,
        // so a stale date in them is never shown.
        var endedAtOnce: Set<SourceLocation> = []
        CodeSites.walk(files) { expr, site in
            let targets = { resolver.targets(of: expr.location, conditions: site.conditions) }
            if case .binding(let name, _, let value?, _) = expr { locals[siteKey(site) + "|" + name] = value }
            let bound = locals
            let local = { (argument: Expr) -> Expr in
                if case .identifier(let name, _) = argument, let value = bound[self.siteKey(site) + "|" + name] { return value }
                return argument
            }
            switch expr {
            case .identifier(let name, let location) where Self.trackedAPIs.contains(name) && isFramework(name, at: location, in: site.context):
                apiUses.append(APIUse(name: name, location: location, targets: targets(), context: site.context, member: site.member))
            case .member(let base, let name, let location) where (Self.trackedAPIs.contains(name) || name == "activities") && isActivity(base, in: site.context):
                var use = APIUse(name: name == "activities" ? APIUse.activityList : name, location: location, targets: targets(),
                                 context: site.context, member: site.member)
                switch base {
                case .identifier(let activity, _)?, .member(_, let activity, _)?: use.attributes = TypeName.genericArguments(activity).first
                default: break
                }
                apiUses.append(use)
            default:
                break
            }
            guard case .call(let call) = expr else { return }
            switch call.name {
            case "UserDefaults" where call.argument("suiteName") != nil && isFramework("UserDefaults", at: call.location, in: site.context):
                appGroupUsages.append(AppGroupUsage(api: "UserDefaults(suiteName:)", value: groupValue(local(call.argument("suiteName")!), context: site.context),
                                                    location: call.location, targets: targets(), conditions: site.conditions, context: site.context, member: site.member))
            case "containerURL" where call.argument("forSecurityApplicationGroupIdentifier") != nil:
                appGroupUsages.append(AppGroupUsage(api: "containerURL(forSecurityApplicationGroupIdentifier:)",
                                                    value: groupValue(local(call.argument("forSecurityApplicationGroupIdentifier")!), context: site.context),
                                                    location: call.location, targets: targets(), conditions: site.conditions, context: site.context, member: site.member))
            // SwiftData's store in an App Group's container: `ModelConfiguration(groupContainer: .identifier("group.…"))`.
            case "ModelConfiguration" where isFramework("ModelConfiguration", at: call.location, in: site.context):
                if case .call(let container)? = call.argument("groupContainer"), container.name == "identifier", container.base == nil,
                   let identifier = container.unlabeled.first {
                    appGroupUsages.append(AppGroupUsage(api: "ModelConfiguration(groupContainer:)", value: groupValue(local(identifier), context: site.context),
                                                        location: call.location, targets: targets(), conditions: site.conditions, context: site.context, member: site.member))
                }
            case "schedule" where call.argument("configuration") != nil && call.argument("id") != nil
                    && resolver.imports("AlarmKit", from: call.location.file):
                apiUses.append(APIUse(name: APIUse.alarmSchedule, location: call.location, targets: targets(), context: site.context, member: site.member))
                if !isPreviewOrMock(site) { scheduleCalls.append((call, site)) }
            case "reloadTimelines", "reloadAllTimelines", "reloadControls", "reloadAllControls":
                let api = ReloadCall.API(rawValue: call.name)!
                var kind: KindValue?
                if let kindExpr = call.argument("ofKind") {
                    kind = resolver.stringValue(kindExpr, context: site.context).map(KindValue.known) ?? .unknown(kindExpr.dottedPath ?? "expression")
                }
                var reload = ReloadCall(api: api, kind: kind, location: call.location, kindLocation: call.argument("ofKind")?.location,
                                        targets: targets(), insideLoop: site.insideLoop)
                reload.context = site.context
                call.argument("ofKind")?.walk { inner in
                    if case .identifier(let name, _) = inner, site.loopVariables.contains(name) { reload.kindVariesWithLoop = true }
                }
                // `for kind in ["a", "b"] { reloadTimelines(ofKind: kind) }`: one reload of each listed kind.
                if case .identifier(let variable, _)? = call.argument("ofKind"), case .array(let items, _)? = site.loopSequences[variable],
                   !items.isEmpty, items.allSatisfy({ resolver.stringValue($0, context: site.context) != nil }) {
                    for item in items {
                        var each = ReloadCall(api: api, kind: .known(resolver.stringValue(item, context: site.context)!), location: call.location,
                                              kindLocation: item.location, targets: reload.targets, insideLoop: true)
                        each.kindVariesWithLoop = true
                        each.context = site.context
                        reloads.append(each)
                    }
                } else {
                    reloads.append(reload)
                }
            case "request" where isActivity(call.base, in: site.context) && !followsConstantFalseGuard(call.location, site: site):
                var pushType: String?
                if let push = call.argument("pushType") {
                    switch push {
                    case .nilLiteral: pushType = nil
                    case .member(_, let name, _): pushType = name
                    case .call(let inner): pushType = inner.name
                    default: pushType = "unknown"
                    }
                }
                var attributes: String?
                switch call.base {
                case .identifier(let name, _)?, .member(_, let name, _)?: attributes = TypeName.genericArguments(name).first
                default: break
                }
                // `Activity.request(attributes: DeliveryAttributes(…), …)`: the type the argument makes.
                if attributes == nil, let argument = call.argument("attributes"), case .call(let made) = local(argument), made.base == nil,
                   made.name.first?.isUppercase == true {
                    attributes = made.name
                }
                activityRequests.append(ActivityRequest(attributes: attributes, pushType: pushType, location: call.location, targets: targets(),
                                                        context: site.context, member: site.member))
            case "AlarmAttributes" where isFramework("AlarmAttributes", at: call.location, in: site.context):
                if case .identifier(let name, _) = call.callee, let metadata = TypeName.genericArguments(name).first {
                    alarmMetadataUses.append(AlarmMetadataUse(metadata: metadata, location: call.location, targets: targets()))
                }
            case "ActivityContent" where isFramework("ActivityContent", at: call.location, in: site.context),
                 "init" where call.isImplicitMember && call.argument("state") != nil && call.argument("staleDate") != nil:
                if let stale = call.argument("staleDate"), !isNil(stale), !isParameterNeverPassed(local(stale), site: site) {
                    var attributes: String?
                    if case .call(let state)? = call.argument("state"), case .member(let base?, "ContentState", _) = state.callee {
                        attributes = base.dottedPath
                    }
                    var use = StaleDateUse(location: call.location, attributes: attributes, targets: targets())
                    use.secondsFromNow = Self.secondsFromNow(local(stale))
                    // `staleDate: state.startTime`, or a local holding it (`let staleDate = classStartTime`).
                    var held: Expr? = stale
                    for _ in 0..<4 {
                        switch held {
                        case .member(_, let property, _)?: use.property = property
                        case .identifier(let property, _)?: use.property = property
                        default: break
                        }
                        guard case .identifier? = held, let next = held.map(local), next.location != held?.location else { break }
                        held = next
                    }
                    staleDateUses.append(use)
                }
            case "end" where call.base != nil:
                if case .member(nil, "immediate", _)? = call.argument("dismissalPolicy"), let content = call.unlabeled.first.map(local) {
                    endedAtOnce.insert(content.location)
                }
            case "handGestureShortcut":
                if case .member(_, "primaryAction", _)? = call.unlabeled.first {
                    primaryActions.append(PrimaryActionUse(call: call, attachedTo: call.base.flatMap(Chains.rootName), context: site.context,
                                                           member: site.member, targets: targets()))
                }
            case "onOpenURL", "onContinueUserActivity":
                let kind: URLHandler.Kind = call.name == "onOpenURL" ? .onOpenURL : .onContinueUserActivity
                let activityType = kind == .onContinueUserActivity ? call.unlabeled.first.flatMap { $0.text } : nil
                if let closure = call.closures.last?.closure {
                    urlHandlers.append(URLHandler(kind: kind, location: call.location, targets: targets(), body: closure.body, context: site.context,
                                                  activityType: activityType, parameter: closure.parameters.first ?? "$0"))
                } else if let perform = call.argument("perform") ?? call.arguments.last?.value {
                    // `onOpenURL(perform: handle)`: the handler is a function of the enclosing type.
                    urlHandlers.append(URLHandler(kind: kind, location: call.location, targets: targets(), body: Block([perform]),
                                                  context: site.context, activityType: activityType, parameter: nil))
                }
            default:
                break
            }
            if let access = storeAccess(call, site: site, stores: stores) { storeAccesses.append(access) }
            if isAlarmConfiguration(call) && isFramework("AlarmManager", at: call.location, in: site.context) { alarmConfigurations.append((call, site)) }
            if let presentation = alarmPresentation(call), isFramework("AlarmPresentation", at: call.location, in: site.context) {
                alarmPresentations[siteKey(site), default: []] += presentation.map { ($0, call.location) }
            }
        }
        for (call, site) in alarmConfigurations {
            let targets = resolver.targets(of: call.location, conditions: site.conditions)
            let stop = call.argument("stopIntent").flatMap { intent($0, context: site.context) }
            let secondary = call.argument("secondaryIntent").flatMap { intent($0, context: site.context) }
            for (label, found) in [("stopIntent", stop), ("secondaryIntent", secondary)] {
                guard let found, let expr = call.argument(label) else { continue }
                alarmIntentUses.append(IntentUse(intent: found.name, declaration: found.declaration, site: .alarm, location: expr.location,
                                                 owner: "AlarmManager.AlarmConfiguration", targets: targets))
            }
            var metadata: String?
            if case .member(let base, _, _) = call.callee, case .identifier(let name, _)? = base { metadata = TypeName.genericArguments(name).first }
            if case .identifier(let name, _) = call.callee { metadata = TypeName.genericArguments(name).first }
            let built = alarmPresentations[siteKey(site)] ?? []
            var alarm = AlarmSurface(location: call.location, presentationLocations: built.filter { $0.0 != "alert" }.map(\.1),
                                     presentations: Array(Set(built.map(\.0))).sorted(), metadata: metadata, stopIntent: stop?.name,
                                     secondaryIntent: secondary?.name, targets: targets)
            alarm.isPreviewOrMock = isPreviewOrMock(site)
            alarm.isConfiguration = true
            alarms.append(alarm)
            alarmPresentations[siteKey(site)] = nil
        }
        // Presentations built where no configuration is made (a helper returning AlarmAttributes).
        if !alarmPresentations.isEmpty { CodeSites.walk(files) { expr, site in
            guard case .call(let call) = expr, let presentation = alarmPresentation(call), alarmPresentations[siteKey(site)] != nil,
                  isFramework("AlarmPresentation", at: call.location, in: site.context) else { return }
            var alarm = AlarmSurface(location: call.location, presentationLocations: presentation == ["alert"] ? [] : [call.location],
                                     presentations: presentation, metadata: nil, stopIntent: nil, secondaryIntent: nil,
                                     targets: resolver.targets(of: call.location, conditions: site.conditions))
            alarm.isPreviewOrMock = isPreviewOrMock(site)
            alarms.append(alarm)
        } }
        urlHandlers += delegateHandlers(files) + objectiveCHandlers()
        alarmSchedules = AlarmSchedules.build(scheduleCalls, resolver: resolver, isConfiguration: isAlarmConfiguration)
        alarms.sort { $0.location < $1.location }
        staleDateUses.removeAll { endedAtOnce.contains($0.location) }
    }

    /// Code written for previews, mocks, samples or tests: its type, member or file name says so, or a folder
    /// of the project named for them holds it.
    func isPreviewOrMock(_ site: CodeSite) -> Bool {
        let words = ["preview", "mock", "sample", "fixture", "stub", "fake"]
        var components = resolver.project.relativePath(site.file).split(separator: "/").map { $0.lowercased() }
        let file = components.popLast() ?? ""
        let names = [site.context ?? "", site.member ?? "", file].map { $0.lowercased() }
        let folders: Set<String> = ["tests", "mocks", "previews", "preview content", "fixtures", "samples"]
        return names.contains { name in words.contains { name.contains($0) } }
            || components.contains { folders.contains($0) || $0.hasSuffix("tests") }
    }

    /// `Date().addingTimeInterval(15)`, `Date.now.addingTimeInterval(15)`, `.now + 15`, `Date() + 15`,
    /// `Date(timeIntervalSinceNow: 15)` → 15; nil for anything else.
    static func secondsFromNow(_ expr: Expr) -> Double? {
        func isNow(_ expr: Expr?) -> Bool {
            switch expr {
            case .call(let call)? where call.name == "Date" && call.arguments.isEmpty: return true
            case .member(let base, "now", _)?: return base == nil || base?.dottedPath == "Date"
            default: return false
            }
        }
        func number(_ expr: Expr?) -> Double? { if case .number(let text, _)? = expr { return Double(text.replacingOccurrences(of: "_", with: "")) } else { return nil } }
        switch expr {
        case .call(let call) where call.name == "addingTimeInterval" && isNow(call.base):
            return number(call.unlabeled.first)
        case .call(let call) where call.name == "Date":
            return number(call.argument("timeIntervalSinceNow"))
        case .operation("+", let operands, _) where operands.count == 2 && isNow(operands[0]):
            return number(operands[1])
        default:
            return nil
        }
    }

    private func siteKey(_ site: CodeSite) -> String { "\(site.file)|\(site.context ?? "")|\(site.member ?? "")" }

    private func isNil(_ expr: Expr) -> Bool { if case .nilLiteral = expr { return true } else { return false } }

    /// Whether `expr` is a parameter of the function holding it that defaults to nil and that no call in the
    /// project passes (`func start(until end: Date? = nil)`, only ever called as `start()`): it is always nil. The
    /// files that name the function are parsed to find its calls; a labeled argument is matched by its label, an
    /// unlabeled one by its position. A reference to the function that is not a call (`begin(until:)` passed
    /// on, `perform(begin)`) may pass anything: then it is not known.
    private func isParameterNeverPassed(_ expr: Expr, site: CodeSite) -> Bool {
        guard case .identifier(let name, _) = expr, let function = site.member else { return false }
        let candidates = functions(named: function, site: site).filter { $0.parameters.contains { $0.name == name } }
        guard candidates.count == 1, let parameter = candidates[0].parameters.first(where: { $0.name == name }),
              case .nilLiteral? = parameter.defaultValue else { return false }
        // Among the unlabeled parameters, this one's position.
        let position = candidates[0].parameters.prefix { $0.name != name }.filter { $0.label == "_" }.count
        for file in resolver.index.files(mentioning: function) {
            let uses = functionUses(in: file)
            if uses.references[function, default: []].contains(where: { !uses.callees.contains($0) }) { return false }
            for call in uses.calls[function, default: []] {
                let argument = parameter.label == "_"
                    ? call.arguments.filter { $0.label == nil }.map(\.value).filter { if case .closure = $0 { false } else { true } }.dropFirst(position).first
                    : call.argument(parameter.label)
                if let argument, !isNil(argument) { return false }
            }
        }
        return true
    }

    /// A file's calls by name, the places its code names a function (`begin`, `begin(until:)`) by base name, and
    /// where its calls' callees are: worked out once per file.
    private func functionUses(in file: FileIndex) -> FunctionUses {
        if let known = functionUsesByFile[file.path] { return known }
        var uses = FunctionUses()
        let code = file.types.flatMap(\.members).map(\.code) + file.globals.map(\.code) + [file.topLevel]
        for block in code {
            block.walk { inner in
                switch inner {
                case .call(let call):
                    uses.calls[call.name, default: []].append(call)
                    uses.callees.insert(call.callee.location)
                case .identifier(let written, let location), .member(_, let written, let location):
                    uses.references[String(written.prefix { $0 != "(" }), default: []].append(location)
                default:
                    break
                }
            }
        }
        functionUsesByFile[file.path] = uses
        return uses
    }

    /// The functions of the site's type (or the file's globals) with this name, from a table made once per type.
    private func functions(named function: String, site: CodeSite) -> [Member] {
        let key = site.context.map { "type \($0) \(site.file)" } ?? "file \(site.file)"
        if let table = functionsByOwner[key] { return table[function] ?? [] }
        let members = site.context.map { resolver.declarations(of: $0, from: site.file).flatMap(\.members) } ?? resolver.index.file(site.file)?.globals ?? []
        let table = Dictionary(grouping: members.filter { $0.kind == .function }, by: \.name)
        functionsByOwner[key] = table
        return table[function] ?? []
    }

    private var functionsByOwner: [String: [String: [Member]]] = [:]

    struct FunctionUses {
        var calls: [String: [Call]] = [:]
        var references: [String: [SourceLocation]] = [:]
        var callees: Set<SourceLocation> = []
    }

    private var functionUsesByFile: [String: FunctionUses] = [:]

    /// `Activity<…>` of ActivityKit (not a project type named `Activity`).
    private func isActivity(_ base: Expr?, in context: String?) -> Bool {
        guard let base else { return false }
        if case .identifier(let name, let location) = base {
            // `ActivityKit.Activity<X>` is the framework's, whatever the project declares.
            if name.hasPrefix("ActivityKit.") { return TypeName.base(name) == "Activity" }
            return TypeName.base(name) == "Activity" && isFramework("Activity", at: location, in: context)
        }
        // `ActivityKit.Activity<X>`: the framework's, whatever the project declares.
        if case .member(.identifier("ActivityKit", _)?, let name, _) = base { return TypeName.base(name) == "Activity" }
        return false
    }

    /// Whether code at `location` comes after a `guard flag else { … }` in its member's body, where `flag` is a
    /// constant `false` (`let liveActivitiesEnabled = false`, a global or a `let` of the member's type): a feature
    /// switched off in the source, whose code never runs.
    func followsConstantFalseGuard(_ location: SourceLocation, site: CodeSite) -> Bool {
        guard let memberName = site.member else { return false }
        let members = site.context.map { context in resolver.declarations(of: context, from: location.file).flatMap { $0.members(named: memberName) } }
            ?? resolver.globals(named: memberName, from: location.file)
        func isConstantFalse(_ name: String) -> Bool {
            let own = site.context.map { context in resolver.declarations(of: context, from: location.file).flatMap { $0.members(named: name) } } ?? []
            let candidates = own.isEmpty ? resolver.globals(named: name, from: location.file) : own
            return !candidates.isEmpty && candidates.allSatisfy { $0.isConstant && $0.initializer?.boolValue == false }
        }
        for member in members where member.location.file == location.file {
            for statement in member.code.statements {
                if statement.location.line >= location.line { break }
                guard case .branches(let conditions, let clauses, _) = statement, clauses.count == 1, clauses[0].conditionCount == 0,
                      conditions.count == 1, case .identifier(let flag, _) = conditions[0] else { continue }
                if isConstantFalse(flag) { return true }
            }
        }
        return false
    }

    /// Whether a framework type's name, written at `location` in the type `context`, means the framework's type.
    func isFramework(_ name: String, at location: SourceLocation, in context: String?) -> Bool {
        guard let framework = Self.frameworks[name] else { return true }
        return resolver.isFrameworkName(name, of: framework, from: location.file, context: context)
    }

    // MARK: App Groups

    func containsSuiteName(_ expr: Expr) -> Bool {
        var found = false
        expr.walk { if case .call(let call) = $0, call.name == "UserDefaults", call.argument("suiteName") != nil { found = true } }
        return found
    }

    /// Properties and globals holding an App Group `UserDefaults` (`static let shared = UserDefaults(suiteName: …)`),
    /// as `Type.name` and plain names.
    func groupStoreNames(_ files: [FileIndex]) -> Set<String> {
        var names: Set<String> = []
        for file in files {
            for type in file.types {
                for member in type.members where (member.kind == .storedProperty || member.kind == .computedProperty) && containsSuiteName(Expr.other(member.code.statements, location: member.location)) {
                    names.insert(member.name)
                    names.insert(type.name + "." + member.name)
                }
            }
            for member in file.globals where containsSuiteName(Expr.other(member.code.statements, location: member.location)) {
                names.insert(member.name)
            }
        }
        // Local `let defaults = UserDefaults(suiteName: …)`, known only inside their member.
        CodeSites.walk(files) { expr, site in
            if case .binding(let name, _, let value?, _) = expr, containsSuiteName(value) { names.insert(siteKey(site) + "|" + name) }
        }
        return names
    }

    /// What an App Group id expression holds: a literal (through constants), a value read from the
    /// Info.plist at run time (`Bundle.main.object(forInfoDictionaryKey: "AppGroup")`, also through a
    /// constant that holds it), or unknown.
    func groupValue(_ expr: Expr, context: String?, depth: Int = 0) -> AppGroupUsage.Value {
        if let value = resolver.stringValue(expr, context: context) { return .literal(value) }
        var key: String?
        expr.walk { inner in
            if case .call(let call) = inner, call.name == "object", let argument = call.argument("forInfoDictionaryKey") {
                key = resolver.stringValue(argument, context: context)
            }
        }
        if key == nil {
            var mentionsInfoDictionary = false
            var strings: [String] = []
            expr.walk { inner in
                if case .member(_, "infoDictionary", _) = inner { mentionsInfoDictionary = true }
                if let value = inner.stringValue { strings.append(value) }
            }
            if mentionsInfoDictionary, strings.count == 1 { key = strings[0] }
        }
        if let key { return .infoPlistKey(key) }
        if depth < 6, let constant = resolver.constant(expr, context: context), let value = constant.value {
            let held = groupValue(value, context: constant.context, depth: depth + 1)
            if case .infoPlistKey = held { return held }
        }
        // Worked out per target and configuration (`"group." + Bundle.main.bundleIdentifier!`, a computed property).
        return .computed(expr, context: context, text: expr.dottedPath.map { "`\($0)`" } ?? "an expression")
    }

    func storeAccess(_ call: Call, site: CodeSite, stores: Set<String>) -> StoreAccess? {
        let isWrite = Self.writeMethods.contains(call.name)
        guard isWrite || Self.readMethods.contains(call.name), let keyExpr = call.argument("forKey"),
              let key = resolver.stringValue(keyExpr, context: site.context), let base = call.base,
              isGroupStore(base, stores: stores) || base.dottedPath.map({ stores.contains(siteKey(site) + "|" + $0) }) == true else { return nil }
        let targets = resolver.targets(of: call.location, conditions: site.conditions)
        // Code only test bundles compile runs in no app or extension (nor is it parsed for these accesses).
        if targets.areOnlyTestBundles { return nil }
        return StoreAccess(key: key, isWrite: isWrite, location: call.location, targets: targets, context: site.context, member: site.member)
    }

    func isGroupStore(_ expr: Expr, stores: Set<String>) -> Bool {
        if containsSuiteName(expr) { return true }
        guard let path = expr.dottedPath else { return false }
        let parts = path.split(separator: ".").map(String.init)
        if let last = parts.last, stores.contains(last) { return true }
        if parts.count >= 2, stores.contains(parts.suffix(2).joined(separator: ".")) { return true }
        return false
    }

    // MARK: AlarmKit

    func isAlarmConfiguration(_ call: Call) -> Bool {
        switch call.callee {
        case .identifier(let name, _):
            let base = TypeName.base(name)
            return base == "AlarmConfiguration" || aliasesAlarmConfiguration(base)
        case .member(let base, let name, _):
            let basePath = base?.dottedPath.map(TypeName.base) ?? ""
            if name == "AlarmConfiguration" { return true }
            if ["alarm", "timer"].contains(name) {
                if basePath.hasSuffix("AlarmConfiguration") { return true }
                if base == nil { return call.argument("attributes") != nil }
                return aliasesAlarmConfiguration(basePath)
            }
            if name == "init" { return basePath.hasSuffix("AlarmConfiguration") }
            return false
        default:
            return false
        }
    }

    /// `typealias AlarmConfiguration = AlarmManager.AlarmConfiguration` (or another name for it).
    func aliasesAlarmConfiguration(_ name: String) -> Bool {
        resolver.index.typeAliases(named: name).contains { $0.alias.type.map { TypeName.base($0).hasSuffix("AlarmConfiguration") } == true }
    }

    /// The last name of a call that builds a presentation.
    static let presentationNames: Set<String> = ["AlarmPresentation", "init", "Countdown", "Paused", "Alert"]

    /// The presentations a call builds: `AlarmPresentation(alert:countdown:paused:)` or `AlarmPresentation.Countdown(…)`.
    func alarmPresentation(_ call: Call) -> [String]? {
        // Every call is asked: the called name rules out most before the path is spelled out.
        guard Self.presentationNames.contains(TypeName.base(call.name)), let written = call.callee.dottedPath,
              written.contains("AlarmPresentation") else { return nil }
        let path = written.split(separator: ".").map { TypeName.base(String($0)) }.joined(separator: ".")
        if path == "AlarmPresentation" || path == "AlarmPresentation.init" {
            var result = ["alert"]
            if let countdown = call.argument("countdown"), !isNil(countdown) { result.append("countdown") }
            if let paused = call.argument("paused"), !isNil(paused) { result.append("paused") }
            return result
        }
        if path.hasSuffix("AlarmPresentation.Countdown") { return ["countdown"] }
        if path.hasSuffix("AlarmPresentation.Paused") { return ["paused"] }
        if path.hasSuffix("AlarmPresentation.Alert") { return ["alert"] }
        return nil
    }

    /// The intent type an expression builds (`StopIntent(id: …)`), and its declaration when the project has it.
    func intent(_ expr: Expr, context: String?) -> (name: String, declaration: TypeDecl?)? {
        guard let name = Resolver.typeName(of: expr) else { return nil }
        let declaration = resolver.primaryDeclaration(of: name, context: context, from: expr.location.file)
        return (declaration?.qualifiedName ?? name, declaration)
    }

    // MARK: UIKit and AppKit handlers

    static let delegateHandlers: [String: URLHandler.Kind] = [
        "application(_:open:options:)": .applicationOpenURL,
        // AppKit's `NSApplicationDelegate.application(_:open urls:)`.
        "application(_:open:)": .applicationOpenURL,
        "scene(_:openURLContexts:)": .sceneOpenURLContexts,
        "scene(_:willConnectTo:options:)": .sceneWillConnect,
        "application(_:continue:restorationHandler:)": .applicationContinue,
        "scene(_:continue:)": .sceneContinue,
    ]

    /// Superclasses of app delegates that implement nothing about URLs.
    static let plainSuperclasses: Set<String> = ["UIResponder", "NSObject", "UIApplication", "NSResponder"]

    /// The Objective-C selectors of the delegate methods, as the Swift handlers' kinds.
    static let objectiveCHandlers: [String: URLHandler.Kind] = [
        "application:openURL:options:": .applicationOpenURL, "application:openURL:sourceApplication:annotation:": .applicationOpenURL,
        "application:handleOpenURL:": .applicationOpenURL, "scene:openURLContexts:": .sceneOpenURLContexts,
        "application:continueUserActivity:restorationHandler:": .applicationContinue, "scene:continueUserActivity:": .sceneContinue,
    ]

    /// URL handlers an app implements in Objective-C (`Target.objectiveCURLMethods`): their code is not read, so
    /// rules know a handler is there but not what it does (`URLHandler.isObjectiveC`).
    func objectiveCHandlers() -> [URLHandler] {
        resolver.project.targets.flatMap { target in
            target.objectiveCURLMethods.compactMap { method -> URLHandler? in
                // A file that could not be searched may implement `application:openURL:options:`.
                let selector = method.selector == ObjectiveCMethods.unsearched ? "application:openURL:options:" : method.selector
                guard let kind = Self.objectiveCHandlers[selector] else { return nil }
                return URLHandler(kind: kind, location: SourceLocation(file: method.file, line: method.line, column: 1), targets: [target],
                                  body: Block([]), context: nil, activityType: nil, parameter: nil, isObjectiveC: true)
            }
        }
    }

    /// The methods of `type` registered for the URL Apple Event (`setEventHandler(self, andSelector: #selector(…),
    /// forEventClass: …, andEventID: AEEventID(kAEGetURL))`), as handlers whose body is the method's.
    func appleEventHandlers(in type: TypeDecl) -> [URLHandler] {
        var result: [URLHandler] = []
        for member in type.members {
            member.code.walk { expr in
                guard case .call(let call) = expr, call.name == "setEventHandler", let selector = call.argument("andSelector") else { return }
                var getsURL = false
                for argument in call.arguments { argument.value.walk { if case .identifier("kAEGetURL", _) = $0 { getsURL = true } } }
                guard getsURL else { return }
                var names: Set<String> = []
                selector.walk { part in
                    switch part {
                    case .identifier(let name, _), .member(_, let name, _): names.insert(name)
                    case .call(let inner): names.insert(inner.name)
                    default: break
                    }
                }
                for method in type.members where method.kind == .function && names.contains(method.name) {
                    guard let body = method.body else { continue }
                    result.append(URLHandler(kind: .appleEventURL, location: method.location,
                                             targets: resolver.targets(of: method.location, conditions: type.conditions + method.conditions),
                                             body: body, context: type.qualifiedName, activityType: nil, parameter: nil))
                }
            }
        }
        return result
    }

    func delegateHandlers(_ files: [FileIndex]) -> [URLHandler] {
        var result: [URLHandler] = []
        for file in files {
            for type in file.types {
                // `class AppDelegate: FlutterAppDelegate`: URLs are the superclass's business.
                if type.kind == .class, let superclass = type.inheritedTypes.first.map(TypeName.base),
                   type.isMain || type.attributes.contains(where: { $0.name == "UIApplicationMain" })
                    || type.inheritedTypes.contains("UIApplicationDelegate") || URLHandler.urlHandlingDelegates.contains(superclass),
                   !Self.plainSuperclasses.contains(superclass), !superclass.hasPrefix("UIApplicationDelegate"),
                   superclass.contains("Delegate"),
                   resolver.primaryDeclaration(of: superclass, from: type.location.file) == nil {
                    result.append(URLHandler(kind: .frameworkDelegate, location: type.location,
                                             targets: resolver.targets(of: type.location, conditions: type.conditions),
                                             body: Block([]), context: type.qualifiedName, activityType: superclass, parameter: nil))
                }
                result += appleEventHandlers(in: type)
                for member in type.members where member.kind == .function {
                    guard let kind = Self.delegateHandlers[member.signature], let body = member.body else { continue }
                    if kind == .sceneWillConnect {
                        var readsURLs = false
                        body.walk { if case .member(_, "urlContexts", _) = $0 { readsURLs = true } }
                        guard readsURLs else { continue }
                    }
                    let parameter = member.parameters.count > 1 ? member.parameters[1].name : nil
                    result.append(URLHandler(kind: kind, location: member.location,
                                             targets: resolver.targets(of: member.location, conditions: type.conditions + member.conditions),
                                             body: body, context: type.qualifiedName, activityType: nil, parameter: parameter))
                }
            }
        }
        return result
    }
}
