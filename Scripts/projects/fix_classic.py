# glance fix on classic groups (PBXGroup, Sources phases), written as Xcode writes (comments, one-line build
# files), three configurations: each mistake a fix repairs, once. FixCommandTests pins the diff.
CONFIGURATIONS = ["Debug", "Beta", "Release"]

PROJECT = {
    "name": "FixClassic",
    "folder": "Tests/GlanceCLITests/Fixtures/FixClassic",
    "xcodeStyle": True,
    "configurations": CONFIGURATIONS,
    "projectSettings": {"SWIFT_VERSION": "6.0", "IPHONEOS_DEPLOYMENT_TARGET": "17.0"},
    "targets": [
        {
            # Mistakes: no NSSupportsLiveActivities (no Info.plist file: the build setting), no
            # NSAlarmKitUsageDescription, no Embed Foundation Extensions phase.
            "name": "Diner", "type": "app",
            "sources": ["Diner/DinerApp.swift", "Diner/Orders.swift", "Diner/Alarms.swift"],
            "files": ["Diner/Diner.entitlements"],
            "settings": {config: {
                "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.diner",
                "GENERATE_INFOPLIST_FILE": "YES", "CODE_SIGN_ENTITLEMENTS": "Diner/Diner.entitlements",
                "INFOPLIST_KEY_UILaunchScreen_Generation": "YES",
            } for config in CONFIGURATIONS},
        },
        {
            # Mistakes: no NSExtension in its Info.plist, not embedded, an App Group it is not entitled to, a
            # widget without containerBackground, an app-process intent compiled here only.
            "name": "DinerWidgets", "type": "widget",
            "sources": ["DinerWidgets/DinerWidgets.swift", "DinerWidgets/OrderActivity.swift", "DinerWidgets/ReorderIntent.swift",
                        "DinerWidgets/MenuStore.swift"],
            "files": ["DinerWidgets/Info.plist", "DinerWidgets/DinerWidgets.entitlements"],
            "settings": {config: {
                "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.diner.widgets",
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "DinerWidgets/Info.plist",
                "CODE_SIGN_ENTITLEMENTS": "DinerWidgets/DinerWidgets.entitlements",
            } for config in CONFIGURATIONS},
        },
    ],
}
