# glance fix on Xcode 16 synchronized folders (PBXFileSystemSynchronizedRootGroup and their exception sets),
# written as Xcode writes, two configurations with an entitlements file each: each mistake a fix repairs, once,
# and one it is not sure of. FixCommandTests pins the diff.
CONFIGURATIONS = ["Debug", "Release"]

PROJECT = {
    "name": "FixSynchronized",
    "folder": "Tests/GlanceCLITests/Fixtures/FixSynchronized",
    "xcodeStyle": True,
    "configurations": CONFIGURATIONS,
    "projectSettings": {"SWIFT_VERSION": "6.0", "IPHONEOS_DEPLOYMENT_TARGET": "17.0"},
    "synchronized": {
        "App": ["Cafe"],
        "Shared": ["Cafe", "CafeWidgets"],
        "Widgets": ["CafeWidgets"],
    },
    "exceptions": {
        "App": {"Cafe": ["Debug.entitlements", "Info.plist", "Release.entitlements"]},
        # Mistake: the control's intent, shared with the app, is left out of it (intent_missing_app_membership).
        "Shared": {"Cafe": ["OpenMenuIntent.swift"]},
        "Widgets": {"CafeWidgets": ["CafeWidgets.entitlements"]},
    },
    "targets": [
        {
            # Mistakes: NSSupportsLiveActivities is NO in its Info.plist; the widgets are embedded only when
            # installing; each configuration's entitlements lack the configuration's group.
            "name": "Cafe", "type": "app",
            "embed": [{"targets": ["CafeWidgets"], "onlyWhenInstalling": True}],
            "dependencies": ["CafeWidgets"],
            "settings": {config: {
                "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.cafe",
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "App/Info.plist",
                "CODE_SIGN_ENTITLEMENTS": f"App/{config}.entitlements",
                "APP_GROUP": "group.com.example.cafe" + (".debug" if config == "Debug" else ""),
            } for config in CONFIGURATIONS},
        },
        {
            # Mistakes: no Info.plist file at all (so no NSExtension); deployed to iOS 16, where containerBackground
            # needs an availability check (not fixed).
            "name": "CafeWidgets", "type": "widget",
            "settings": {config: {
                "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.cafe.widgets",
                "GENERATE_INFOPLIST_FILE": "YES", "CODE_SIGN_ENTITLEMENTS": "Widgets/CafeWidgets.entitlements",
                "IPHONEOS_DEPLOYMENT_TARGET": "16.0",
            } for config in CONFIGURATIONS},
        },
    ],
}
