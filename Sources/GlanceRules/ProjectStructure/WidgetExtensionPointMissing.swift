import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// An extension whose code is a widget extension must declare the WidgetKit extension point in its Info.plist.
struct WidgetExtensionPointMissing: Rule {
    static let description = RuleDescription(
        identifier: "widget_extension_point_missing",
        name: "Widget extension without the WidgetKit extension point",
        group: .projectStructure,
        defaultSeverity: .error,
        summary: "An extension target whose code has a `@main` WidgetBundle, Widget or ControlWidget has no `NSExtension` › `NSExtensionPointIdentifier` in its merged Info.plist, or the old Today point `com.apple.widget-extension`; or it declares the WidgetKit point while its code is another kind of extension.",
        rationale: """
            The system learns what an app extension is from `NSExtensionPointIdentifier` in the `NSExtension` \
            dictionary of its Info.plist. Without it, or with another point (`com.apple.widget-extension` is the \
            old Today extension), WidgetKit never registers the extension: its widgets, controls and Live Activity \
            views do not exist on the device. No build setting generates `NSExtension`, so the key must be in the \
            extension's Info.plist file. The reverse mistake is the same: an extension that declares the WidgetKit \
            point but whose code is, say, a notification service (a `UNNotificationServiceExtension` and no \
            `@main` widget code) is never run for its real purpose. Extensions whose Info.plist is incomplete (the \
            file missing or unreadable) are not checked.
            """,
        source: """
            Apple, Creating a widget extension <https://developer.apple.com/documentation/widgetkit/creating-a-widget-extension>; \
            Apple, NSExtension <https://developer.apple.com/documentation/bundleresources/information-property-list/nsextension>; \
            Apple, NSExtensionPointIdentifier <https://developer.apple.com/documentation/bundleresources/information-property-list/nsextension/nsextensionpointidentifier>
            """,
        premise: Premise("""
            The system learns what an app extension is from `NSExtensionPointIdentifier` in its Info.plist; without \
            the WidgetKit point WidgetKit never loads the extension, so its widgets, controls and Live Activity \
            views do not exist on the device.
            """, .documented),
        requires: [.targets, .infoPlist],
        triggeringExamples: [
            RuleExample.widget("""
                @main
                struct MeterWidgets: WidgetBundle {
                    var body: some Widget { UsageWidget() }
                }
                """).with("Widgets") { $0.infoPlist = ["Debug": ["CFBundleDisplayName": .string("Meter")], "Release": ["CFBundleDisplayName": .string("Meter")]] }
                .expecting([".:1:1"]),
            // The Info.plist of an old Today extension, with WidgetKit code.
            RuleExample.widget("""
                @main
                struct StatusWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "status", provider: StatusProvider()) { entry in StatusView(entry: entry) }
                    }
                }
                """).with("Widgets") {
                    $0.kind = .appExtension
                    $0.set(info: "NSExtension", .dictionary(["NSExtensionPointIdentifier": .string("com.apple.widget-extension")]))
                }.expecting([".:1:1"]),
            // The app's bundle id typed as the point: no system extension point has that name.
            RuleExample.widget("""
                @main
                struct StatusWidgets: WidgetBundle {
                    var body: some Widget { StatusWidget() }
                }
                """).with("Widgets") {
                    $0.kind = .appExtension
                    $0.set(info: "NSExtension", .dictionary(["NSExtensionPointIdentifier": .string("com.example.app.widgets")]))
                }.expecting([".:1:1"]),
            // The WidgetKit point, with the code of a notification service extension.
            RuleExample(files: [ExampleFile(path: "Widgets/NotificationService.swift", targets: ["Widgets"], contents: """
                import UserNotifications

                final class NotificationService: UNNotificationServiceExtension {
                    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                        contentHandler(request.content)
                    }
                }
                """)]).expecting([".:1:1"]),
        ],
        nonTriggeringExamples: [
            // An Intents extension that compiles the widget's file too (to share its types): it is an Intents
            // extension, and the widget's @main is not its entry point.
            RuleExample(files: [ExampleFile(path: "Widgets/PriceWidget.swift", targets: ["Widgets", "Intents"], contents: """
                @main
                struct PriceWidget: Widget {
                    var body: some WidgetConfiguration {
                        IntentConfiguration(kind: "price", intent: SelectTokenIntent.self, provider: Provider()) { entry in Text("") }
                    }
                }
                """)], targets: ExampleTarget.defaults + [ExampleTarget(name: "Intents", kind: .appExtension, platform: .iOS,
                    bundleIdentifier: "com.example.app.intents",
                    infoPlist: ["NSExtension": .dictionary(["NSExtensionPointIdentifier": .string("com.apple.intents-service")])])]),
            .widget("""
                @main
                struct MeterWidgets: WidgetBundle {
                    var body: some Widget { UsageWidget() }
                }
                """),
            // ExtensionKit's form of the same declaration.
            RuleExample.widget("""
                @main
                struct MeterWidgets: WidgetBundle {
                    var body: some Widget { UsageWidget() }
                }
                """).with("Widgets") {
                    $0.infoPlist = ["Debug": [:], "Release": [:]]
                    $0.set(info: "EXAppExtensionAttributes", .dictionary(["EXExtensionPointIdentifier": .string("com.apple.widgetkit-extension")]))
                },
            // The Info.plist file is missing: nothing is known about the keys.
            RuleExample.widget("""
                @main
                struct MeterWidgets: WidgetBundle {
                    var body: some Widget { UsageWidget() }
                }
                """).with("Widgets") {
                    $0.infoPlist = ["Debug": [:], "Release": [:]]
                    $0.infoPlistProblem = "Widgets/Info.plist: INFOPLIST_FILE does not exist"
                },
            // Another kind of extension, with no widget code.
            RuleExample(files: [ExampleFile(path: "Notifications/NotificationService.swift", targets: ["Notifications"], contents: """
                final class NotificationService: UNNotificationServiceExtension {}
                """)], targets: ExampleTarget.defaults + [
                ExampleTarget(name: "Notifications", kind: .appExtension, platform: .iOS, bundleIdentifier: "com.example.app.notifications",
                              infoPlist: ["NSExtension": .dictionary(["NSExtensionPointIdentifier": .string("com.apple.usernotifications.service")])]),
            ]),
        ])

    /// Principal classes of other extension points, with the point they belong to.
    static let otherExtensionClasses: [(base: String, point: String)] = [
        ("UNNotificationServiceExtension", "com.apple.usernotifications.service"),
        ("UNNotificationContentExtension", "com.apple.usernotifications.content-extension"),
        ("INExtension", "com.apple.intents-service"),
        ("SLComposeServiceViewController", "com.apple.share-services"),
        ("NSFileProviderReplicatedExtension", "com.apple.fileprovider-nonui"),
        ("ASCredentialProviderViewController", "com.apple.authentication-services-credential-provider-ui"),
    ]

    func validate(_ context: RuleContext) {
        let model = context.model
        for surface in model.targets {
            let target = surface.target
            let isExtension = surface.kind == .widgetExtension || surface.kind == .appExtension
                || (surface.kind == .unknown && target.productType?.contains("extension") == true)
            guard isExtension else { continue }
            guard let main = mainDeclaration(in: target, model) else {
                checkOtherExtension(target, context)
                continue
            }
            if let problem = target.configurations.compactMap(\.infoPlistProblem).first {
                context.skip("Info.plist of '\(target.name)' is incomplete (\(problem)); its extension point is not checked")
                continue
            }
            // Another extension kind that compiles a widget's file too (an Intents extension sharing the widget's
            // code) is that other kind: its @main widget code is never its entry point. Only no point at all, or
            // the old Today point, is the mistake.
            let wrong = target.configurations.filter { configuration in
                let point = ExtensionPoint.declared(in: configuration.infoPlist)
                return point == nil || point == "com.apple.widget-extension"
                    || !ExtensionPoint.isSystem(point!, infoPlist: configuration.infoPlist)
            }
            guard let configuration = wrong.first else { continue }
            let names = wrong.count == target.configurations.count ? "" : " in \(wrong.map(\.name).joined(separator: " and "))"
            let what = "'\(target.name)' has @main \(main.name) (\(context.place(main.location)))"
            let message: String
            if let point = ExtensionPoint.declared(in: configuration.infoPlist) {
                let today = point == "com.apple.widget-extension" ? " (the Today extension of iOS 13 and earlier)"
                    : ExtensionPoint.isSystem(point, infoPlist: configuration.infoPlist) ? "" : " (no system extension point has that name)"
                message = """
                    \(what), a WidgetKit extension, but its Info.plist declares NSExtensionPointIdentifier \(point)\(today)\(names); \
                    WidgetKit never registers it, so its widgets do not appear. Set NSExtension › NSExtensionPointIdentifier to \
                    \(ExtensionPoint.widgetKit).
                    """
            } else {
                message = """
                    \(what), but its Info.plist has no NSExtension › NSExtensionPointIdentifier\(names); the system does not \
                    register it as a widget extension, so its widgets do not appear. Add an NSExtension dictionary with \
                    NSExtensionPointIdentifier = \(ExtensionPoint.widgetKit) to the extension's Info.plist file.
                    """
            }
            let key = configuration.infoPlist["EXAppExtensionAttributes"] != nil ? "EXAppExtensionAttributes" : "NSExtension"
            // Certain only where no configuration declares any point: another point may be meant (a Today extension).
            // (An ExtensionKit extension's EXAppExtensionAttributes without its point is not an NSExtension to add.)
            let declaresNone = wrong.allSatisfy {
                ExtensionPoint.declared(in: $0.infoPlist) == nil && $0.infoPlist["NSExtension"] == nil && $0.infoPlist["EXAppExtensionAttributes"] == nil
            }
            context.report(target: target, configuration: configuration, plistKey: key, in: configuration.infoPlistFile, message,
                           subjects: declaresNone ? [ViolationSubject(targetID: target.id, configurations: wrong.map(\.name))] : [])
        }
    }

    /// An extension that declares the WidgetKit point, has no `@main` widget code, and whose code is the
    /// principal class of another kind of extension.
    private func checkOtherExtension(_ target: Target, _ context: RuleContext) {
        let model = context.model
        guard let configuration = target.configurations.first(where: { ExtensionPoint.declared(in: $0.infoPlist) == ExtensionPoint.widgetKit }),
              !target.configurations.contains(where: { $0.infoPlistProblem != nil }) else { return }
        let sources = Set(target.sources)
        for (base, point) in Self.otherExtensionClasses {
            let declarations = model.index.files(at: model.index.paths(mentioningAll: [base]).filter(sources.contains))
                .flatMap(\.types).filter { $0.kind != .extension && $0.inheritedTypes.map(TypeName.base).contains(base) }
            guard let declaration = declarations.min(by: { $0.location < $1.location }) else { continue }
            context.report(target: target, configuration: configuration, plistKey: "NSExtension", in: configuration.infoPlistFile, """
                '\(target.name)' declares NSExtensionPointIdentifier \(ExtensionPoint.widgetKit) but has no @main widget code; its \
                \(declaration.name) (\(context.place(declaration.location))) is a \(base), whose extension point is \(point). \
                The system loads it as a widget extension and never runs \(declaration.name). Declare \(point) instead.
                """)
            return
        }
    }

    /// The `@main` WidgetBundle, Widget or ControlWidget compiled into a target, if any.
    private func mainDeclaration(in target: Target, _ model: SurfaceModel) -> TypeDecl? {
        if let bundle = model.mainBundles(in: target).first { return bundle.type }
        return (model.widgets.map(\.type) + model.controls.map(\.type))
            .filter { $0.isMain && model.resolver.targets(of: $0).contains { $0.id == target.id } }
            .min { $0.location < $1.location }
    }
}
