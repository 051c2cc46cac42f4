import ProjectDescription
import ProjectDescriptionHelpers

// The watch extension is a top-level constant, as many Tuist projects write their targets.
let watchWidgets = Target.target(
    name: "WatchTimerWidgets",
    destinations: [.appleWatch],
    product: .appExtension,
    bundleId: "dev.glance.timers.watchkitapp.widgets",
    infoPlist: .extendingDefault(with: [
        "NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"],
    ]),
    sources: .paths(["WatchWidgets/**"])
)

let project = Project(
    name: "Timers",
    targets: [
        .target(
            name: "Timers",
            destinations: .iOS,
            product: .app,
            bundleId: "dev.glance.timers",
            infoPlist: .extendingDefault(with: ["NSSupportsLiveActivities": true]),
            sources: ["App/**", "Shared/**"],
            dependencies: [.target(name: "TimerWidgets")]
        ),
        .target(
            name: "TimerWidgets",
            destinations: .iOS,
            product: .appExtension,
            bundleId: "dev.glance.timers.widgets",
            infoPlist: .extendingDefault(with: [
                "NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"],
            ]),
            sources: [.glob("Widgets/**", excluding: ["Widgets/Previews/**"]), "Shared/**"]
        ),
        watchWidgets,
        .target(
            name: "TimersTests",
            destinations: .iOS,
            product: .unitTests,
            bundleId: "dev.glance.timers.tests",
            sources: ["Tests/**"],
            dependencies: [.target(name: "Timers")]
        ),
        .timerFeature(name: "Settings"),
    ]
)
