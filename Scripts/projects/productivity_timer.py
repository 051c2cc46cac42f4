# The bundled clean example: an iOS app, its widget extension, a watchOS app and the watch's widget extension.
# App/, Shared/, Watch/ and WatchWidgets/ are Xcode 16 synchronized folders; Widgets/ uses classic groups.
APP = "ProductivityTimer"
PROJECT = {
    "name": APP,
    "folder": "Examples/ProductivityTimer",
    "xcconfig": "Config/Base.xcconfig",
    "projectSettings": {"SWIFT_VERSION": "6.0", "IPHONEOS_DEPLOYMENT_TARGET": "26.0", "WATCHOS_DEPLOYMENT_TARGET": "26.0"},
    "synchronized": {
        "App": ["ProductivityTimer"],
        "Shared": ["ProductivityTimer", "ProductivityTimerWidgets"],
        "Watch": ["ProductivityTimerWatch"],
        "WatchWidgets": ["ProductivityTimerWatchWidgets"],
    },
    # The app's Info.plist and entitlements live in its synchronized folder but are not resources.
    "exceptions": {
        "App": {"ProductivityTimer": ["Info.plist", "ProductivityTimer.entitlements"]},
        "Watch": {"ProductivityTimerWatch": ["ProductivityTimerWatch.entitlements"]},
        "WatchWidgets": {"ProductivityTimerWatchWidgets": ["Info.plist", "ProductivityTimerWatchWidgets.entitlements"]},
    },
    "targets": [
        {
            "name": "ProductivityTimer", "type": "app",
            "embed": [{"targets": ["ProductivityTimerWidgets"]}, {"kind": "watch", "targets": ["ProductivityTimerWatch"]}],
            "dependencies": ["ProductivityTimerWidgets", "ProductivityTimerWatch"],
            "settings": {config: {
                "SDKROOT": "iphoneos",
                "PRODUCT_BUNDLE_IDENTIFIER": "$(BASE_BUNDLE_IDENTIFIER)",
                "GENERATE_INFOPLIST_FILE": "YES",
                "INFOPLIST_FILE": "App/Info.plist",
                "INFOPLIST_KEY_NSSupportsLiveActivities": "YES",
                "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES",
                "INFOPLIST_KEY_UILaunchScreen_Generation": "YES",
                "CODE_SIGN_ENTITLEMENTS": "App/ProductivityTimer.entitlements",
                "TARGETED_DEVICE_FAMILY": "1,2",
            } for config in ["Debug", "Release"]},
        },
        {
            "name": "ProductivityTimerWidgets", "type": "widget",
            "sources": [
                "Widgets/ProductivityTimerWidgetBundle.swift", "Widgets/TimerToggleControl.swift",
                "Widgets/StartBreakControl.swift", "Widgets/OpenTimerControl.swift", "Widgets/FocusLengthControl.swift",
                "Widgets/FocusWidget.swift", "Widgets/OrderLiveActivity.swift", "Widgets/AlarmLiveActivity.swift",
            ],
            "resources": ["Widgets/Assets.xcassets"],
            "settings": {config: {
                "SDKROOT": "iphoneos",
                "PRODUCT_BUNDLE_IDENTIFIER": "$(BASE_BUNDLE_IDENTIFIER).widgets",
                "GENERATE_INFOPLIST_FILE": "YES",
                "INFOPLIST_FILE": "Widgets/Info.plist",
                "CODE_SIGN_ENTITLEMENTS": "Widgets/ProductivityTimerWidgets.entitlements",
                "SKIP_INSTALL": "YES",
            } for config in ["Debug", "Release"]},
        },
        {
            "name": "ProductivityTimerWatch", "type": "app",
            "embed": [{"targets": ["ProductivityTimerWatchWidgets"]}],
            "dependencies": ["ProductivityTimerWatchWidgets"],
            "settings": {config: {
                "SDKROOT": "watchos",
                "PRODUCT_BUNDLE_IDENTIFIER": "$(BASE_BUNDLE_IDENTIFIER).watchkitapp",
                "GENERATE_INFOPLIST_FILE": "YES",
                "INFOPLIST_KEY_WKCompanionAppBundleIdentifier": "$(BASE_BUNDLE_IDENTIFIER)",
                "INFOPLIST_KEY_WKSupportsLiveActivityLaunchAttributeTypes": "OrderAttributes",
                "CODE_SIGN_ENTITLEMENTS": "Watch/ProductivityTimerWatch.entitlements",
                "SKIP_INSTALL": "YES",
            } for config in ["Debug", "Release"]},
        },
        {
            "name": "ProductivityTimerWatchWidgets", "type": "widget",
            "settings": {config: {
                "SDKROOT": "watchos",
                "PRODUCT_BUNDLE_IDENTIFIER": "$(BASE_BUNDLE_IDENTIFIER).watchkitapp.widgets",
                "GENERATE_INFOPLIST_FILE": "YES",
                "INFOPLIST_FILE": "WatchWidgets/Info.plist",
                "CODE_SIGN_ENTITLEMENTS": "WatchWidgets/ProductivityTimerWatchWidgets.entitlements",
                "SKIP_INSTALL": "YES",
            } for config in ["Debug", "Release"]},
        },
    ],
}
