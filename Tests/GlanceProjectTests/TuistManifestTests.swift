import Testing
import GlanceManifest

/// What `TuistManifest` reads of a target beyond its files (FC3-15): bundle id, deployment targets, Info.plist,
/// entitlements, resources, settings and package dependencies, each in its literal forms; a computed form is
/// recorded in the target's `computed` with the expression as written, never guessed.
struct TuistManifestTests {
    /// The targets of a manifest whose only project lists them.
    func targets(_ targets: String, project: String = "") -> TuistManifest {
        TuistManifest.parse("""
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(
                name: "Demo",\(project)
                targets: [
            \(targets)
                ]
            )
            """)
    }

    /// A list assembled in statements: declared as a `var`, then appended to at the top level and in `if` blocks.
    @Test func targetsAssembledInStatements() {
        let manifest = TuistManifest.parse("""
            import ProjectDescription

            let appTarget: Target = .target(name: "App", destinations: .iOS, product: .app, bundleId: "dev.glance.app")
            let watchTarget: Target = .target(name: "Watch", destinations: [.appleWatch], product: .app, bundleId: "dev.glance.app.watchkitapp")
            let widgetTarget: Target = .target(name: "Widgets", destinations: .iOS, product: .appExtension, bundleId: "dev.glance.app.widgets")
            let testsTarget: Target = .target(name: "Tests", destinations: .iOS, product: .unitTests, bundleId: "dev.glance.app.tests")
            var projectTargets: [Target] = [appTarget]
            if isWatchAppEnabled {
                projectTargets.append(watchTarget)
            }
            projectTargets += [widgetTarget]
            projectTargets.append(contentsOf: [testsTarget])
            func never() { projectTargets.append(appTarget) }

            let project = Project(name: "Demo", targets: projectTargets)
            """)
        #expect(manifest.unreadable == [])
        #expect(manifest.targets.map(\.name) == ["App", "Watch", "Widgets", "Tests"])
    }

    @Test func bundleIdAndDeploymentTargets() throws {
        let manifest = targets("""
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "dev.glance.app", deploymentTargets: .iOS("17.0")),
                .target(name: "Watch", destinations: [.appleWatch], product: .app, bundleId: "dev.glance.app.watchkitapp",
                        deploymentTargets: .watchOS("10.0")),
                .target(name: "Mac", destinations: .macOS, product: .app, bundleId: "dev.glance.mac", deploymentTargets: .macOS("14.0")),
                .target(name: "All", destinations: [.iPhone, .mac, .appleWatch], product: .framework, bundleId: "dev.glance.all",
                        deploymentTargets: .multiplatform(iOS: "17.0", macOS: "14.0", watchOS: "10.0", visionOS: nil)),
                Target(name: "Old", platform: .iOS, product: .app, bundleId: "dev.glance.old",
                       deploymentTarget: .iOS(targetVersion: "15.0", devices: [.iphone, .ipad])),
                .target(name: "Computed", destinations: .iOS, product: .app, bundleId: "\\(Constants.prefix).computed",
                        deploymentTargets: Constants.deploymentTargets),
            """)
        #expect(manifest.unreadable == [])
        #expect(manifest.targets.map(\.bundleId) == ["dev.glance.app", "dev.glance.app.watchkitapp", "dev.glance.mac", "dev.glance.all", "dev.glance.old", nil])
        #expect(manifest.targets.map(\.deploymentTargets) == [
            ["iOS": "17.0"], ["watchOS": "10.0"], ["macOS": "14.0"], ["iOS": "17.0", "macOS": "14.0", "watchOS": "10.0"], ["iOS": "15.0"], [:],
        ])
        let computed = try #require(manifest.targets.last)
        #expect(computed.computed == [.bundleId: "`\"\\(Constants.prefix).computed\"`", .deploymentTargets: "`Constants.deploymentTargets`"])
        #expect(manifest.targets.dropLast().allSatisfy { $0.computed.isEmpty && $0.isLiteral })
        #expect(computed.isLiteral)
    }

    @Test func infoPlistLiteralForms() {
        let manifest = targets("""
                .target(name: "Absent", destinations: .iOS, product: .app, bundleId: "a"),
                .target(name: "Default", destinations: .iOS, product: .app, bundleId: "a", infoPlist: .default),
                .target(name: "Extended", destinations: .iOS, product: .app, bundleId: "a", infoPlist: .extendingDefault(with: [
                    "NSSupportsLiveActivities": true,
                    "CFBundleDisplayName": "Demo",
                    "Build": 42,
                    "Ratio": -1.5,
                    "UIBackgroundModes": ["remote-notification", "audio"],
                    "NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension", "Nested": [:]],
                    "Tuist": .dictionary(["S": .string("s"), "B": .boolean(false), "I": .integer(7), "R": .real(2), "A": .array([.string("x")])]),
                ])),
                .target(name: "Dictionary", destinations: .iOS, product: .app, bundleId: "a", infoPlist: .dictionary(["CFBundleVersion": "3"])),
                .target(name: "File", destinations: .iOS, product: .app, bundleId: "a", infoPlist: .file(path: "App/Info.plist")),
                .target(name: "String", destinations: .iOS, product: .app, bundleId: "a", infoPlist: "App/Info.plist"),
                .target(name: "Manifest", destinations: .iOS, product: .app, bundleId: "a", infoPlist: .file(path: .relativeToManifest("App/Info.plist"))),
                .target(name: "Variable", destinations: .iOS, product: .app, bundleId: "a", infoPlist: "$(INFO_PLIST_FILE)"),
                .target(name: "Variable2", destinations: .iOS, product: .app, bundleId: "a", infoPlist: .variable("$(INFO_PLIST_FILE)")),
            """)
        #expect(manifest.targets.map(\.infoPlist) == [
            .default, .default,
            .extendingDefault([
                "NSSupportsLiveActivities": .boolean(true),
                "CFBundleDisplayName": .string("Demo"),
                "Build": .integer(42),
                "Ratio": .real(-1.5),
                "UIBackgroundModes": .array([.string("remote-notification"), .string("audio")]),
                "NSExtension": .dictionary(["NSExtensionPointIdentifier": .string("com.apple.widgetkit-extension"), "Nested": .dictionary([:])]),
                "Tuist": .dictionary(["S": .string("s"), "B": .boolean(false), "I": .integer(7), "R": .real(2), "A": .array([.string("x")])]),
            ]),
            .dictionary(["CFBundleVersion": .string("3")]),
            .file("App/Info.plist"), .file("App/Info.plist"), .file("App/Info.plist"),
            .variable("$(INFO_PLIST_FILE)"), .variable("$(INFO_PLIST_FILE)"),
        ])
        #expect(manifest.targets.allSatisfy { $0.computed.isEmpty })
    }

    @Test func infoPlistComputedForms() {
        let manifest = targets("""
                .target(name: "Helper", destinations: .iOS, product: .app, bundleId: "a", infoPlist: .extendingDefault(with: .appKeys)),
                .target(name: "Interpolated", destinations: .iOS, product: .app, bundleId: "a", infoPlist: .extendingDefault(with: ["Name": "\\(name)"])),
                .target(name: "Call", destinations: .iOS, product: .app, bundleId: "a", infoPlist: makeInfoPlist()),
                .target(name: "Root", destinations: .iOS, product: .app, bundleId: "a", infoPlist: .file(path: .relativeToRoot("App/Info.plist"))),
            """)
        #expect(manifest.targets.map(\.infoPlist) == [nil, nil, nil, nil])
        #expect(manifest.targets.map { $0.computed[.infoPlist] } == [
            "`.extendingDefault(with: .appKeys)`", "`.extendingDefault(with: [\"Name\": \"\\(name…`", "`makeInfoPlist()`",
            "`.file(path: .relativeToRoot(\"App/Info.pl…`",
        ])
        // What the rest of the target says is still read.
        #expect(manifest.targets.allSatisfy { $0.isLiteral && $0.bundleId == "a" })
    }

    @Test func entitlementsForms() {
        let manifest = targets("""
                .target(name: "Absent", destinations: .iOS, product: .app, bundleId: "a"),
                .target(name: "Nil", destinations: .iOS, product: .app, bundleId: "a", entitlements: nil),
                .target(name: "String", destinations: .iOS, product: .app, bundleId: "a", entitlements: "App/App.entitlements"),
                .target(name: "File", destinations: .iOS, product: .app, bundleId: "a", entitlements: .file(path: "App/App.entitlements")),
                .target(name: "Dictionary", destinations: .iOS, product: .app, bundleId: "a", entitlements: .dictionary([
                    "com.apple.security.application-groups": ["group.$(PRODUCT_BUNDLE_IDENTIFIER)"],
                    "aps-environment": .string("development"),
                ])),
                .target(name: "Variable", destinations: .iOS, product: .app, bundleId: "a", entitlements: "$(ENTITLEMENTS_FILE)"),
                .target(name: "Computed", destinations: .iOS, product: .app, bundleId: "a", entitlements: .appGroups(["group.a"])),
            """)
        #expect(manifest.targets.map(\.entitlements) == [
            nil, nil, .file("App/App.entitlements"), .file("App/App.entitlements"),
            .dictionary(["com.apple.security.application-groups": .array([.string("group.$(PRODUCT_BUNDLE_IDENTIFIER)")]),
                         "aps-environment": .string("development")]),
            .variable("$(ENTITLEMENTS_FILE)"), nil,
        ])
        #expect(manifest.targets.map { $0.computed[.entitlements] } == [nil, nil, nil, nil, nil, nil, "`.appGroups([\"group.a\"])`"])
    }

    @Test func resourcesForms() {
        let manifest = targets("""
                .target(name: "Strings", destinations: .iOS, product: .app, bundleId: "a", resources: ["App/Resources/**", "App/Assets.xcassets"]),
                .target(name: "Elements", destinations: .iOS, product: .app, bundleId: "a",
                        resources: .resources([.glob(pattern: "Widgets/**", excluding: ["Widgets/Previews/**"]), .folderReference(path: "Widgets/Sounds")])),
                .target(name: "Computed", destinations: .iOS, product: .app, bundleId: "a", resources: .shared),
            """)
        #expect(manifest.targets.map(\.resources) == [
            [.init(pattern: "App/Resources/**"), .init(pattern: "App/Assets.xcassets")],
            [.init(pattern: "Widgets/**", excluding: ["Widgets/Previews/**"]), .init(pattern: "Widgets/Sounds")],
            [],
        ])
        #expect(manifest.targets.map { $0.computed[.resources] } == [nil, nil, "`.shared`"])
    }

    @Test func settingsForms() throws {
        let manifest = targets("""
                .target(name: "Simple", destinations: .iOS, product: .app, bundleId: "a", settings: .settings(
                    base: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "$(inherited) WIDGETS", "ENABLE_PREVIEWS": true,
                           "OTHER_SWIFT_FLAGS": ["-DFOO", "-D BAR"], "GENERATE_INFOPLIST_FILE": .string("YES")],
                    debug: ["CODE_SIGN_ENTITLEMENTS": "Debug.entitlements"],
                    release: ["CODE_SIGN_ENTITLEMENTS": "Release.entitlements"],
                    defaultSettings: .none
                )),
                .target(name: "Configurations", destinations: .iOS, product: .app, bundleId: "a", settings: .settings(
                    configurations: [
                        .debug(name: .debug, settings: ["A": "1"], xcconfig: "Configs/Debug.xcconfig"),
                        .release(name: "Beta", settings: ["A": .array(["2", "3"])]),
                        .release(name: .release, xcconfig: .relativeToManifest("Configs/Release.xcconfig")),
                    ],
                    defaultSettings: .recommended(excluding: ["SWIFT_VERSION"])
                )),
                .target(name: "Methods", destinations: .iOS, product: .app, bundleId: "a", settings: .settings(
                    base: SettingsDictionary().automaticCodeSigning(devTeam: "ABC").marketingVersion("2.1")
                        .swiftActiveCompilationConditions("A", "B").otherLinkerFlags(["-ObjC"]).swiftOptimizationLevel(.oSize)
                        .applicationCategory(.developerTools).merging(["SWIFT_VERSION": "6.0"])
                )),
                .target(name: "Helper", destinations: .iOS, product: .app, bundleId: "a",
                        settings: .settings(base: SettingsDictionary().teamDefaults())),
            """, project: """

                settings: .settings(base: ["DEVELOPMENT_TEAM": "ABCDE12345"], defaultConfiguration: "Release"),
            """)
        #expect(manifest.settings == .init(base: ["DEVELOPMENT_TEAM": .string("ABCDE12345")],
                                           configurations: [.init(name: "Debug", isDebug: true), .init(name: "Release", isDebug: false)],
                                           defaultConfiguration: "Release"))
        #expect(manifest.computedSettings == nil)
        #expect(manifest.targets[0].settings == .init(
            base: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": .string("$(inherited) WIDGETS"), "ENABLE_PREVIEWS": .string("YES"),
                   "OTHER_SWIFT_FLAGS": .array(["-DFOO", "-D BAR"]), "GENERATE_INFOPLIST_FILE": .string("YES")],
            configurations: [.init(name: "Debug", isDebug: true, settings: ["CODE_SIGN_ENTITLEMENTS": .string("Debug.entitlements")]),
                             .init(name: "Release", isDebug: false, settings: ["CODE_SIGN_ENTITLEMENTS": .string("Release.entitlements")])],
            defaultSettings: "none"))
        #expect(manifest.targets[1].settings == .init(
            configurations: [.init(name: "Debug", isDebug: true, settings: ["A": .string("1")], xcconfig: "Configs/Debug.xcconfig"),
                             .init(name: "Beta", isDebug: false, settings: ["A": .array(["2", "3"])]),
                             .init(name: "Release", isDebug: false, xcconfig: "Configs/Release.xcconfig")],
            defaultSettings: "recommended"))
        // ProjectDescription's own SettingsDictionary methods are literal; a helper's are not.
        #expect(manifest.targets[2].settings?.base == [
            "CODE_SIGN_STYLE": .string("Automatic"), "DEVELOPMENT_TEAM": .string("ABC"), "MARKETING_VERSION": .string("2.1"),
            "SWIFT_ACTIVE_COMPILATION_CONDITIONS": .string("A B"), "OTHER_LDFLAGS": .array(["-ObjC"]), "SWIFT_OPTIMIZATION_LEVEL": .string("-Osize"),
            "INFOPLIST_KEY_LSApplicationCategoryType": .string("public.app-category.developer-tools"), "SWIFT_VERSION": .string("6.0"),
        ])
        #expect(manifest.targets[3].settings == nil)
        #expect(manifest.targets[3].computed == [.settings: "`.settings(base: SettingsDictionary().tea…`"])
        // Settings a project computes.
        let computed = targets(".target(name: \"A\", destinations: .iOS, product: .app, bundleId: \"a\"),",
                               project: "\n    settings: .projectSettings,")
        #expect(computed.settings == nil)
        #expect(computed.computedSettings == "`.projectSettings`")
    }

    @Test func dependenciesAndPlaces() throws {
        let manifest = targets("""
                .target(
                    name: "App",
                    destinations: .iOS,
                    product: .app,
                    bundleId: "a",
                    dependencies: [
                        .target(name: "Widgets"), .project(target: "Core", path: .relativeToManifest("../Core")),
                        .external(name: "Kingfisher"), .package(product: "Charts"), .sdk(name: "WidgetKit", type: .framework), .xctest,
                    ]
                ),
                .target(name: "Widgets", destinations: .iOS, product: .appExtension, bundleId: "a.w", dependencies: [.target(name: "Core"), .feature(.core)]),
                .target(name: "Other", destinations: env.destinations, product: Product.app, bundleId: "a.o"),
            """)
        let app = manifest.targets[0], widgets = manifest.targets[1], other = manifest.targets[2]
        #expect(app.dependencies == [.init(target: "Widgets"), .init(target: "Core", projectPath: "../Core")])
        #expect(app.packageProducts == ["Kingfisher", "Charts"])
        #expect(app.computed.isEmpty && app.isLiteral)
        #expect((app.line, app.endLine, app.column) == (7, 16, 5))
        #expect((widgets.line, widgets.endLine) == (17, 17))
        // A dependency built by helper code: what the target embeds is not known.
        #expect(widgets.dependencies == [.init(target: "Core")])
        #expect(widgets.computed == [.dependencies: "`.feature(.core)`"])
        #expect(!widgets.isLiteral)
        // Destinations read from a value are not a case of `Destinations`.
        #expect(other.product == "app")
        #expect(other.platforms == [])
        #expect(other.computed == [.destinations: "`env.destinations`"])
        #expect(!other.isLiteral)
        #expect(manifest.allTargetsRead)
    }
}
