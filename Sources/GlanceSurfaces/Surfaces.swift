import GlanceProject
import GlanceSourceIndex

/// A target as the surface model sees it: the project's target plus what its sources show (a target
/// whose extension point is unknown but whose code has an `@main` `WidgetBundle` is a widget extension).
public struct TargetSurface: Sendable {
    public let target: Target
    public let kind: TargetKind
    public var name: String { target.name }
    public var id: String { target.id }
}

/// How a widget or control is configured.
public enum ConfigurationKind: String, Sendable {
    case staticConfiguration = "StaticConfiguration"
    case appIntentConfiguration = "AppIntentConfiguration"
    case intentConfiguration = "IntentConfiguration"
    case activityConfiguration = "ActivityConfiguration"
    case staticControlConfiguration = "StaticControlConfiguration"
    case appIntentControlConfiguration = "AppIntentControlConfiguration"
}

/// A resolved `kind` string, or the expression that could not be resolved.
public enum KindValue: Sendable, Hashable {
    case known(String)
    case unknown(String)

    public var known: String? { if case .known(let value) = self { return value } else { return nil } }
    public var text: String {
        switch self {
        case .known(let value): return value
        case .unknown(let expression): return "<\(expression)>"
        }
    }
}

/// A modifier applied to a configuration (`.displayName("…")`, `.supportedFamilies([…])`).
public struct ModifierUse: Sendable {
    public let call: Call
    /// The postfix `#if` conditions the modifier is written under (`#if os(watchOS) .supportedFamilies(…) #endif`);
    /// empty when it applies on every platform the code is built for.
    public var conditions: [String] = []
    public var name: String { call.name }

    /// Whether the modifier may apply in the target's shipping build for `platform` (false only when its
    /// conditions are surely false there).
    public func mayApply(in target: Target, platform: Platform, using build: BuildConditions) -> Bool {
        applies(in: target, platform: platform, using: build) != false
    }

    /// Whether the modifier applies in the target's shipping build for `platform`: nil when its conditions cannot
    /// be decided there.
    public func applies(in target: Target, platform: Platform, using build: BuildConditions) -> Bool? {
        build.compiles(conditions, in: target, platform: platform, file: call.location.file)
    }
}

/// A `Widget` (WidgetKit) with a timeline configuration, or the widget that hosts a Live Activity.
public final class WidgetSurface: Sendable {
    public let type: TypeDecl
    public let kind: KindValue?
    public let configuration: ConfigurationKind?
    public let configurationCall: Call?
    public let modifiers: [ModifierUse]
    /// The content view (`StaticConfiguration`'s closure); empty for Live Activities.
    public let content: ViewTree
    /// Families from `.supportedFamilies([...])` (`systemSmall`, …), the first that may apply on every platform the
    /// widget is built for (`familiesModifier`); nil when not given, not literal, or given only for some of them
    /// (`#if os(watchOS) .supportedFamilies(…) #endif` on a widget also built for iOS).
    public let families: [String]?
    /// The targets that ship the widget: those whose `@main` bundle registers it (see `Registrations`). Rules judge
    /// a widget in these targets only.
    public let targets: [Target]
    /// The targets that compile its declaration (its file is a member, and its `#if` conditions are not false in the
    /// target's shipping build), whether or not they register it.
    public let compiledTargets: [Target]
    public var typeName: String { type.qualifiedName }
    public var location: SourceLocation { type.location }
    public func modifier(_ name: String) -> ModifierUse? { modifiers.first { $0.name == name } }

    /// How the targets' builds evaluate `#if` conditions.
    let build: BuildConditions

    /// The `.supportedFamilies` modifier `families` comes from: the first, in source order, that may apply on
    /// every platform the widget is built for.
    public var familiesModifier: ModifierUse? { Self.familiesModifier(in: modifiers, targets: targets, build: build) }

    /// Whether the widget is written for other platforms than the target's: it gives `.supportedFamilies` only
    /// under `#if`s that are false for every platform of the target (`#if os(watchOS) .supportedFamilies([.accessoryCorner])
    /// #endif` on a widget an iOS extension compiles too).
    public func isBuiltOnlyForOtherPlatforms(than target: Target) -> Bool {
        let families = modifiers.filter { $0.name == "supportedFamilies" }
        return !families.isEmpty && !target.platforms.isEmpty && families.allSatisfy { modifier in
            target.platforms.allSatisfy { modifier.applies(in: target, platform: $0, using: build) == false }
        }
    }

    /// The families the widget gives on one platform of a target: the `.supportedFamilies` modifier that surely
    /// applies there (`#if os(iOS) .supportedFamilies([…]) #endif` on iOS), and its literal families; nil when
    /// none applies for sure or its list is not literal.
    public func families(in target: Target, platform: Platform) -> (modifier: ModifierUse, families: [String])? {
        guard let modifier = modifiers.first(where: { $0.name == "supportedFamilies" && $0.applies(in: target, platform: platform, using: build) == true }),
              let list = modifier.call.unlabeled.first, let names = Self.familyNames(list) else { return nil }
        return (modifier, names)
    }

    /// The names of a literal family list (`[.systemSmall, .accessoryInline]`); nil for anything else.
    static func familyNames(_ list: Expr) -> [String]? {
        guard case .array(let items, _) = list else { return nil }
        let names = items.compactMap { item -> String? in if case .member(nil, let name, _) = item { return name } else { return nil } }
        return names.count == items.count ? names : nil
    }

    static func familiesModifier(in modifiers: [ModifierUse], targets: [Target], build: BuildConditions) -> ModifierUse? {
        modifiers.first { modifier in
            modifier.name == "supportedFamilies"
                && targets.allSatisfy { target in target.platforms.allSatisfy { modifier.mayApply(in: target, platform: $0, using: build) } }
        }
    }

    init(type: TypeDecl, kind: KindValue?, configuration: ConfigurationKind?, configurationCall: Call?, modifiers: [ModifierUse], content: ViewTree, families: [String]?,
         targets: [Target], compiledTargets: [Target], build: BuildConditions) {
        self.build = build
        self.compiledTargets = compiledTargets
        self.type = type
        self.kind = kind
        self.configuration = configuration
        self.configurationCall = configurationCall
        self.modifiers = modifiers
        self.content = content
        self.families = families
        self.targets = targets
    }
}

/// A `ControlWidget`.
public final class ControlSurface: Sendable {
    public enum Template: String, Sendable { case toggle = "ControlWidgetToggle", button = "ControlWidgetButton" }

    public let type: TypeDecl
    public let kind: KindValue?
    public let configuration: ConfigurationKind?
    public let configurationCall: Call?
    /// Every template the content builds (several when `#if` chooses per platform).
    public let actions: [ControlAction]
    /// The configuration's content (its closure, with the views and helpers it reaches): the template and its label.
    public let content: ViewTree
    /// The value provider's type name (`provider: Provider()`), resolved in the control's scope.
    public let valueProvider: String?
    /// The value provider's declaration, when the project declares it.
    public let valueProviderType: TypeDecl?
    public let modifiers: [ModifierUse]
    /// The targets that ship the control (whose `@main` bundle registers it); rules judge it there only.
    public let targets: [Target]
    /// The targets that compile its declaration.
    public let compiledTargets: [Target]
    public var typeName: String { type.qualifiedName }
    public var location: SourceLocation { type.location }
    public func modifier(_ name: String) -> ModifierUse? { modifiers.first { $0.name == name } }
    /// The first template (`ControlWidgetToggle`, `ControlWidgetButton`).
    public var template: Template? { actions.first?.template }
    public var templateCall: Call? { actions.first?.call }
    /// The first action's intent type.
    public var actionIntent: String? { actions.first?.intent }

    let build: BuildConditions

    /// The actions the target's shipping build compiles for a platform (those whose `#if` conditions are surely
    /// false there are left out).
    public func actions(in target: Target, platform: Platform) -> [ControlAction] {
        actions.filter { build.compiles($0.conditions, in: target, platform: platform, file: $0.call.location.file) != false }
    }

    init(type: TypeDecl, kind: KindValue?, configuration: ConfigurationKind?, configurationCall: Call?, actions: [ControlAction], content: ViewTree,
         valueProvider: String?, valueProviderType: TypeDecl? = nil, modifiers: [ModifierUse], targets: [Target], compiledTargets: [Target],
         build: BuildConditions) {
        self.build = build
        self.content = content
        self.compiledTargets = compiledTargets
        self.valueProviderType = valueProviderType
        self.type = type
        self.kind = kind
        self.configuration = configuration
        self.configurationCall = configurationCall
        self.actions = actions
        self.valueProvider = valueProvider
        self.modifiers = modifiers
        self.targets = targets
    }
}

/// A control template and its action.
public struct ControlAction: Sendable {
    public let template: ControlSurface.Template
    /// `ControlWidgetToggle(…)` / `ControlWidgetButton(…)`.
    public let call: Call
    /// The action intent's type (qualified), when the action is written as `SomeIntent(…)`.
    public let intent: String?
    /// The action intent's declaration, when the project declares it.
    public let intentType: TypeDecl?
    /// Where the `action:` argument is.
    public let actionLocation: SourceLocation
    /// `#if` conditions around the template inside the control's code.
    public let conditions: [String]
}

/// One stored property of an `ActivityAttributes` type or its `ContentState`.
public struct StoredProperty: Sendable {
    public let name: String
    public let type: String?
    public let hasDefault: Bool
    public let location: SourceLocation
}

/// The presentations of a Live Activity.
public struct LiveActivityPresentations: Sendable {
    public let lockScreen: ViewTree
    /// `DynamicIslandExpandedRegion` contents, by region (`leading`, `trailing`, `center`, `bottom`).
    public let expanded: [(region: String, tree: ViewTree)]
    public let compactLeading: ViewTree?
    public let compactTrailing: ViewTree?
    public let minimal: ViewTree?
    /// The `DynamicIsland(…)` call, and modifiers applied to it (`.widgetURL`, `.keylineTint`).
    public let dynamicIsland: Call?
    public let dynamicIslandModifiers: [ModifierUse]

    /// All presentations by name, for rules that look at each.
    public var all: [(name: String, tree: ViewTree)] {
        var result: [(String, ViewTree)] = [("lockScreen", lockScreen)]
        result += expanded.map { ("expanded.\($0.region)", $0.tree) }
        if let compactLeading { result.append(("compactLeading", compactLeading)) }
        if let compactTrailing { result.append(("compactTrailing", compactTrailing)) }
        if let minimal { result.append(("minimal", minimal)) }
        return result
    }
}

/// A Live Activity: an `ActivityConfiguration(for:)` in a widget, with its attributes type.
public final class LiveActivitySurface: Sendable {
    public let widget: WidgetSurface
    /// As written: `OrderAttributes`, `AlarmAttributes<TimerMetadata>`.
    public let attributes: String
    /// The project's declaration of the attributes type (nil for framework types such as `AlarmAttributes`).
    public let attributesType: TypeDecl?
    public let contentStateType: TypeDecl?
    public let attributeProperties: [StoredProperty]
    public let contentState: [StoredProperty]
    public let presentations: LiveActivityPresentations
    public let modifiers: [ModifierUse]
    public var targets: [Target] { widget.targets }
    public var location: SourceLocation { widget.configurationCall?.location ?? widget.location }
    public var isAlarm: Bool { TypeName.base(attributes) == "AlarmAttributes" }
    public func modifier(_ name: String) -> ModifierUse? { modifiers.first { $0.name == name } }

    init(widget: WidgetSurface, attributes: String, attributesType: TypeDecl?, contentStateType: TypeDecl?, attributeProperties: [StoredProperty], contentState: [StoredProperty], presentations: LiveActivityPresentations, modifiers: [ModifierUse]) {
        self.widget = widget
        self.attributes = attributes
        self.attributesType = attributesType
        self.contentStateType = contentStateType
        self.attributeProperties = attributeProperties
        self.contentState = contentState
        self.presentations = presentations
        self.modifiers = modifiers
    }
}

/// An App Intent type.
public final class IntentSurface: Sendable {
    public let type: TypeDecl
    /// All supertypes (`SetValueIntent`, `AppIntent`, project protocols…).
    public let conformances: Set<String>
    /// Each `static var openAppWhenRun` declaration: its literal value (nil when not a literal) and `#if` conditions.
    public let openAppWhenRunDeclarations: [(value: Bool?, conditions: [String])]
    /// Each `static var supportedModes` declaration: whether it includes `.foreground`, and its conditions.
    public let supportedModesDeclarations: [(foreground: Bool, conditions: [String])]
    public let perform: Member?
    public let parameters: [Member]
    public let targets: [Target]

    public var typeName: String { type.qualifiedName }
    public var location: SourceLocation { type.location }
    static let appProcessProtocols = ["LiveActivityIntent", "AudioPlaybackIntent", "ForegroundContinuableIntent", "PushToTalkTransmissionIntent"]

    let build: BuildConditions

    /// Conditions that surely hold in the target's shipping build (for one of its platforms, when given); without
    /// a target, only no conditions hold.
    private func holds(_ conditions: [String], in target: Target?, platform: Platform?) -> Bool {
        guard !conditions.isEmpty else { return true }
        guard let target else { return false }
        if let platform { return build.compiles(conditions, in: target, platform: platform, file: type.location.file) == true }
        return build.compiles(conditions, in: target, file: type.location.file) == true
    }

    /// `openAppWhenRun = true` is declared for the target's build (on the platform, when given).
    public func openAppWhenRun(in target: Target?, platform: Platform? = nil) -> Bool {
        openAppWhenRunDeclarations.contains { $0.value == true && holds($0.conditions, in: target, platform: platform) }
    }

    /// `supportedModes` includes `.foreground` for the target's build.
    public func foregroundMode(in target: Target?, platform: Platform? = nil) -> Bool {
        supportedModesDeclarations.contains { $0.foreground && holds($0.conditions, in: target, platform: platform) }
    }

    /// Why the intent foregrounds the app in the target's build (`OpenIntent`, `openAppWhenRun = true`, or
    /// `supportedModes` with `.foreground`; CT-07), or nil when it does not. Without a target, only declarations
    /// outside any `#if` count.
    public func opensAppReason(in target: Target?, platform: Platform? = nil) -> String? {
        if conformances.contains("OpenIntent") { return "it is an OpenIntent" }
        if openAppWhenRun(in: target, platform: platform) { return "openAppWhenRun is true" }
        if foregroundMode(in: target, platform: platform) { return "supportedModes includes .foreground" }
        return nil
    }

    public func opensApp(in target: Target?, platform: Platform? = nil) -> Bool { opensAppReason(in: target, platform: platform) != nil }

    /// Why the intent runs in the app process when used from a widget, Live Activity or control (INT-01), or nil.
    public func runsInAppReason(in target: Target?, platform: Platform? = nil) -> String? {
        if let reason = opensAppReason(in: target, platform: platform) { return reason }
        for name in Self.appProcessProtocols where conformances.contains(name) { return "it is a \(name)" }
        return nil
    }

    public func runsInApp(in target: Target?, platform: Platform? = nil) -> Bool { runsInAppReason(in: target, platform: platform) != nil }

    /// Without a target: only unconditional declarations count.
    public var opensApp: Bool { opensApp(in: nil) }
    public var runsInApp: Bool { runsInApp(in: nil) }

    init(type: TypeDecl, conformances: Set<String>, openAppWhenRunDeclarations: [(value: Bool?, conditions: [String])], supportedModesDeclarations: [(foreground: Bool, conditions: [String])], perform: Member?, parameters: [Member], targets: [Target],
         build: BuildConditions) {
        self.build = build
        self.type = type
        self.conformances = conformances
        self.openAppWhenRunDeclarations = openAppWhenRunDeclarations
        self.supportedModesDeclarations = supportedModesDeclarations
        self.perform = perform
        self.parameters = parameters
        self.targets = targets
    }
}

/// Where an intent is used from a glanceable surface.
public struct IntentUse: Sendable {
    public enum Site: String, Sendable { case control, widgetButton, liveActivityButton, alarm }
    public let intent: String
    /// The intent's declaration, as the using code's module sees it.
    public let declaration: TypeDecl?
    public let site: Site
    public let location: SourceLocation
    /// The surface using it (control or widget type name, attributes type for Live Activities).
    public let owner: String
    /// The targets the using code is compiled into.
    public let targets: [Target]
}

/// An AlarmKit alarm configuration or presentation.
public struct AlarmSurface: Sendable {
    /// The configuration call, or the presentation when no configuration is built in the same function.
    public let location: SourceLocation
    /// Where each non-alert presentation (countdown, paused) is built.
    public let presentationLocations: [SourceLocation]
    /// `alert`, `countdown`, `paused` — the presentations this code builds.
    public let presentations: [String]
    public let metadata: String?
    public let stopIntent: String?
    public let secondaryIntent: String?
    public let targets: [Target]
    /// Built for previews, mocks or samples (the enclosing type, member or file says so), not shipped behaviour.
    public var isPreviewOrMock = false
    /// `location` is an `AlarmConfiguration` (not a presentation built elsewhere).
    public var isConfiguration = false
}

/// A deep link a surface carries.
public struct DeepLink: Sendable {
    public enum Source: String, Sendable {
        case widgetURL, link = "Link", openURLIntent = "OpenURLIntent"
        /// `UIApplication.shared.open(url)` / `NSWorkspace.shared.open(url)` in an App Intent's code.
        case openURL = "open(_:)"

        /// The system opens the URL like any other (not a widget's own link, which WidgetKit hands to its app).
        public var opensLikeAnyURL: Bool { self == .openURLIntent || self == .openURL }
    }
    public enum Surface: String, Sendable { case widget, liveActivity, control, intent }
    public let source: Source
    public let surface: Surface
    /// The widget, control or intent type, or the Live Activity's attributes.
    public let owner: String
    /// The widget or intent declaration carrying the link, when it is one.
    public var ownerType: TypeDecl? = nil
    /// The URL when fully known.
    public let url: String?
    /// The known beginning of the URL (scheme and more) when it is built with interpolation.
    public let urlPrefix: String?
    public let location: SourceLocation
    public let targets: [Target]
    /// For Live Activities: the presentation (`lockScreen`, `compactLeading`, `dynamicIsland`, …).
    public let presentation: String?
}

/// A `WidgetBundle`.
public struct WidgetBundleSurface: Sendable {
    public let type: TypeDecl
    public let isMain: Bool
    /// Type names listed in `body` (widgets, controls, nested bundles), with their `#if` conditions and the
    /// branches they sit in (`if #available(iOS 17, *) { NewWidget() } else { OldWidget() }`: alternatives).
    public let members: [(name: String, location: SourceLocation, conditions: [String], choices: [BranchChoice])]
    /// What `body` uses that Glance cannot follow, as written: a helper function from elsewhere (`helper()`), a list
    /// from a package it did not read (`ExternalWidgets.all`). The member list may then be incomplete.
    public let unresolved: [String]
    public let targets: [Target]
}

/// App Group storage reached from code: `UserDefaults(suiteName:)`, `containerURL(forSecurityApplicationGroupIdentifier:)`.
public struct AppGroupUsage: Sendable {
    public enum Value: Sendable, Hashable {
        /// A known identifier (build-setting references such as `$(TeamIdentifierPrefix)` still unexpanded).
        case literal(String)
        /// Read from the target's Info.plist key at run time.
        case infoPlistKey(String)
        /// Computed when the code runs (from the bundle id, the Info.plist, the project's constants): worked out
        /// per target and configuration with `StringEvaluator`. `text` names the expression for messages.
        case computed(Expr, context: String?, text: String)

        public static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.literal(let a), .literal(let b)), (.infoPlistKey(let a), .infoPlistKey(let b)): return a == b
            case (.computed(let a, _, _), .computed(let b, _, _)): return a.location == b.location
            default: return false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .literal(let text): hasher.combine(0); hasher.combine(text)
            case .infoPlistKey(let key): hasher.combine(1); hasher.combine(key)
            case .computed(let expr, _, _): hasher.combine(2); hasher.combine(expr.location)
            }
        }
    }
    public let api: String
    public let value: Value
    public let location: SourceLocation
    /// The targets that may compile it (its `#if` conditions not false for them).
    public let targets: [Target]
    /// The `#if` conditions around it, outermost first: whether a configuration compiles it is
    /// `BuildConditions.compiles(conditions, in:file:configuration:)`.
    public let conditions: [String]
    /// Qualified name of the type whose code makes the call (nil for globals and top-level code).
    public var context: String? = nil
    /// The member (property, function) whose code makes the call, when it is in one.
    public var member: String? = nil
}

/// A read or write of an App Group `UserDefaults` key.
public struct StoreAccess: Sendable {
    public let key: String
    public let isWrite: Bool
    public let location: SourceLocation
    public let targets: [Target]
    /// The type (or nil) whose code makes the access.
    public let context: String?
    public let member: String?
}

/// `reloadTimelines(ofKind:)`, `reloadAllTimelines()`, `reloadControls(ofKind:)`, `reloadAllControls()`.
public struct ReloadCall: Sendable {
    public enum API: String, Sendable { case reloadTimelines, reloadAllTimelines, reloadControls, reloadAllControls }
    public let api: API
    public let kind: KindValue?
    /// Where the call is, and where its `ofKind:` argument is.
    public let location: SourceLocation
    public let kindLocation: SourceLocation?
    public let targets: [Target]
    public let insideLoop: Bool
    /// The type whose code makes the call (nil for globals and top-level code).
    public var context: String?
    /// The kind is computed from a loop's variable (`for kind in kinds { reload(ofKind: kind) }`): each pass
    /// may reload another kind.
    public var kindVariesWithLoop = false
}

/// `Activity<…>.request(…)`.
public struct ActivityRequest: Sendable {
    public let attributes: String?
    /// `token`, `channel`, or nil when no push type is passed.
    public let pushType: String?
    public let location: SourceLocation
    public let targets: [Target]
    /// The type and member whose code makes the request.
    public let context: String?
    public let member: String?
}

/// A place that passes a non-nil `staleDate` (`ActivityContent(state:staleDate:)`).
public struct StaleDateUse: Sendable {
    public let location: SourceLocation
    /// The property the stale date is read from, when it is one (`state.startTime` → `startTime`).
    public var property: String? = nil
    /// The attributes type, when the state is written as `Attributes.ContentState(…)`.
    public let attributes: String?
    public let targets: [Target]
    /// Seconds after now, when the stale date is written as now plus a literal (`Date().addingTimeInterval(15)`,
    /// `.now + 60`, `Date(timeIntervalSinceNow: 300)`).
    public var secondsFromNow: Double? = nil
}

/// `AlarmAttributes<Metadata>(…)` built in code: which metadata type the app's alarms use.
public struct AlarmMetadataUse: Sendable {
    public let metadata: String
    public let location: SourceLocation
    public let targets: [Target]
}

/// A reference to a framework API, with where it is and the targets that compile it.
public struct APIUse: Sendable {
    /// The `name` of `AlarmManager.schedule(id:configuration:)` calls.
    public static let alarmSchedule = "AlarmManager.schedule"
    /// The `name` of `Activity<…>.activities`: the list of the app's running activities.
    public static let activityList = "Activity.activities"

    public let name: String
    public let location: SourceLocation
    public let targets: [Target]
    public let context: String?
    public let member: String?
    /// For `Activity<Attributes>.…`: the attributes type as written (`DeliveryAttributes`).
    public var attributes: String? = nil
}

/// `.handGestureShortcut(.primaryAction)`.
public struct PrimaryActionUse: Sendable {
    public let call: Call
    /// The view the modifier is attached to: the root of its modifier chain (`Button`, `Text`, a project view type).
    public let attachedTo: String?
    public let context: String?
    public let member: String?
    public let targets: [Target]
}

/// A URL or user-activity handler in app code.
public struct URLHandler: Sendable {
    public enum Kind: String, Sendable {
        case onOpenURL, applicationOpenURL = "application(_:open:options:)", sceneOpenURLContexts = "scene(_:openURLContexts:)"
        case sceneWillConnect = "scene(_:willConnectTo:options:)", onContinueUserActivity
        case applicationContinue = "application(_:continue:restorationHandler:)", sceneContinue = "scene(_:continue:)"
        /// An app delegate whose superclass is a framework's (`FlutterAppDelegate`, `RCTAppDelegate`,
        /// `EXAppDelegateWrapper`): the superclass implements `application(_:open:options:)` and hands URLs on.
        case frameworkDelegate = "app delegate inherited from a framework"
        /// AppKit's Apple Event for URLs: `NSAppleEventManager.shared().setEventHandler(self, andSelector:
        /// #selector(handle(_:reply:)), forEventClass: AEEventClass(kInternetEventClass), andEventID: AEEventID(kAEGetURL))`;
        /// the body is the selector's method.
        case appleEventURL = "Apple Event URL handler (kAEGetURL)"
    }

    /// App delegate superclasses known to handle URLs (Flutter, React Native, Expo).
    public static let urlHandlingDelegates: Set<String> = ["FlutterAppDelegate", "RCTAppDelegate", "EXAppDelegateWrapper", "ExpoAppDelegate",
                                                           "RCTAppDelegateWrapper", "FlutterImplicitEngineDelegate"]
    public let kind: Kind
    public let location: SourceLocation
    public let targets: [Target]
    /// The handler's code (closure body or method body).
    public let body: Block
    public let context: String?
    /// For user-activity handlers: the activity type handled (`onContinueUserActivity(X)`), as written; for
    /// `frameworkDelegate`, the superclass.
    public let activityType: String?
    /// The name of the URL (or user activity) parameter in `body`.
    public let parameter: String?
    /// A method of an Objective-C app or scene delegate (`- application:openURL:options:`): Glance knows it is
    /// there, not what it does (`body` is empty).
    public var isObjectiveC = false

    /// Handles URLs (`onOpenURL`, `application(_:open:options:)`, `scene(_:openURLContexts:)`, `scene(_:willConnectTo:options:)`).
    public var handlesURLs: Bool { [.onOpenURL, .applicationOpenURL, .sceneOpenURLContexts, .sceneWillConnect, .frameworkDelegate, .appleEventURL].contains(kind) }

    /// For `frameworkDelegate`: the superclass, when Glance does not know whether it handles URLs (not one of
    /// `urlHandlingDelegates`). Rules that trust it record a skip naming it.
    public var unknownSuperclass: String? {
        guard kind == .frameworkDelegate, let superclass = activityType, !Self.urlHandlingDelegates.contains(superclass) else { return nil }
        return superclass
    }

    /// Handles the activity a Live Activity tap without URL delivers (`NSUserActivityTypeLiveActivity`).
    public var handlesLiveActivityTaps: Bool {
        guard [.onContinueUserActivity, .applicationContinue, .sceneContinue].contains(kind) else { return false }
        // Objective-C code is not read: it may handle them.
        if isObjectiveC { return true }
        if let activityType { return activityType.contains("NSUserActivityTypeLiveActivity") }
        var mentions = false
        body.walk { expr in
            if case .identifier("NSUserActivityTypeLiveActivity", _) = expr { mentions = true }
            if expr.stringValue == "NSUserActivityTypeLiveActivity" { mentions = true }
        }
        return mentions
    }
}

/// Why something could not be judged; `glance lint --explain-skips` lists these.
public struct Skip: Sendable, Hashable {
    /// The rule id, or nil for the model as a whole.
    public let rule: String?
    public let file: String?
    public let reason: String

    public init(rule: String?, file: String?, reason: String) {
        self.rule = rule
        self.file = file
        self.reason = reason
    }
}
