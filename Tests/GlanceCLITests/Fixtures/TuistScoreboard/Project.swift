import ProjectDescription

// A scores app and its widget extension, described only by this manifest: no .xcodeproj is committed.
let project = Project(
    name: "Scoreboard",
    settings: .settings(base: ["SWIFT_VERSION": "6.0"]),
    targets: [
        .target(
            name: "Scoreboard",
            destinations: .iOS,
            product: .app,
            bundleId: "dev.glance.scoreboard",
            deploymentTargets: .iOS("18.0"),
            infoPlist: .file(path: "App/Info.plist"),
            sources: ["App/Sources/**", "Shared/**"],
            entitlements: "App/Scoreboard.entitlements",
            dependencies: [.target(name: "ScoreboardWidgets")]
        ),
        .target(
            name: "ScoreboardWidgets",
            destinations: .iOS,
            product: .appExtension,
            bundleId: "dev.glance.scoreboard.widgets",
            deploymentTargets: .iOS("18.0"),
            infoPlist: .extendingDefault(with: [
                "CFBundleDisplayName": "Scoreboard",
                "NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"],
            ]),
            sources: ["Widgets/Sources/**", "Shared/**"],
            resources: ["Widgets/Resources/**"],
            entitlements: .file(path: "Widgets/ScoreboardWidgets.entitlements"),
            settings: .settings(base: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "$(inherited) WIDGETS"])
        ),
    ]
)
