# The bundled example of mistakes: each mistake of the seeds' "Common mistakes" tables and anti-patterns
# once, each in a file that says which rule catches it. Its exact `glance lint` output is a test.
PROJECT = {
    "name": "CommonMistakes",
    "folder": "Examples/CommonMistakes",
    "projectSettings": {"SWIFT_VERSION": "6.0", "IPHONEOS_DEPLOYMENT_TARGET": "26.0", "WATCHOS_DEPLOYMENT_TARGET": "26.0"},
    "synchronized": {
        "App": ["CommonMistakes"],
        "Shared": ["CommonMistakes", "MistakesWidgets"],
        "Widgets": ["MistakesWidgets"],
        "OrphanWidgets": ["OrphanWidgets"],
        "TickerApp": ["TickerApp"],
        "TickerWidgets": ["TickerWidgets"],
        "PlainWidgets": ["PlainWidgets"],
    },
    "exceptions": {
        "App": {"CommonMistakes": ["Info.plist", "App.entitlements"]},
        "Widgets": {"MistakesWidgets": ["Info.plist", "Widgets.entitlements"]},
        "OrphanWidgets": {"OrphanWidgets": ["Info.plist"]},
        "TickerWidgets": {"TickerWidgets": ["Info.plist"]},
        "PlainWidgets": {"PlainWidgets": ["Info.plist"]},
    },
    "targets": [
        {
            "name": "CommonMistakes", "type": "app",
            "embed": [{"targets": ["MistakesWidgets", "PlainWidgets"]}, {"kind": "watch", "targets": ["MistakesWatch"]}],
            "settings": {config: {
                "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.mistakes",
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "App/Info.plist",
                "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements",
            } for config in ["Debug", "Release"]},
        },
        {
            "name": "MistakesWidgets", "type": "widget",
            "settings": {config: {
                "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.mistakes.widgets",
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "Widgets/Info.plist",
                "CODE_SIGN_ENTITLEMENTS": "Widgets/Widgets.entitlements",
            } for config in ["Debug", "Release"]},
        },
        {
            "name": "MistakesWatch", "type": "app",
            "sources": ["Watch/WatchApp.swift"],
            "embed": [{"targets": ["MistakesWatchWidgets"]}],
            "settings": {config: {
                "SDKROOT": "watchos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.mistakes.watchkitapp",
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_WKCompanionAppBundleIdentifier": "com.example.mistakes",
                # Mistake: a typo in the attributes type name (watch_launch_attribute_types_unknown).
                "INFOPLIST_KEY_WKSupportsLiveActivityLaunchAttributeTypes": "DeliveryAtributes",
                "CODE_SIGN_ENTITLEMENTS": "Watch/Watch.entitlements",
            } for config in ["Debug", "Release"]},
        },
        {
            "name": "MistakesWatchWidgets", "type": "widget",
            "sources": ["WatchWidgets/WatchWidgets.swift"],
            "settings": {config: {
                "SDKROOT": "watchos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.mistakes.watchkitapp.widgets",
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "WatchWidgets/Info.plist",
                "CODE_SIGN_ENTITLEMENTS": "WatchWidgets/WatchWidgets.entitlements",
            } for config in ["Debug", "Release"]},
        },
        {
            "name": "TickerApp", "type": "app",
            "embed": [{"targets": ["TickerWidgets"]}],
            "settings": {config: {
                "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.ticker",
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_NSSupportsLiveActivities": "YES",
                "INFOPLIST_KEY_NSAlarmKitUsageDescription": "Alerts you when the market opens.",
            } for config in ["Debug", "Release"]},
        },
        {
            "name": "TickerWidgets", "type": "widget",
            "settings": {config: {
                "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.ticker.widgets",
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "TickerWidgets/Info.plist",
                # Mistake: above TickerApp's 26.0 (extension_deployment_target_above_app).
                "IPHONEOS_DEPLOYMENT_TARGET": "26.2",
            } for config in ["Debug", "Release"]},
        },
        {
            # Mistake: its Info.plist has no NSExtension (widget_extension_point_missing).
            "name": "PlainWidgets", "type": "widget",
            "settings": {config: {
                "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.mistakes.plain",
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "PlainWidgets/Info.plist",
            } for config in ["Debug", "Release"]},
        },
        {
            "name": "OrphanWidgets", "type": "widget",
            "settings": {config: {
                "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.mistakes.orphan",
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "OrphanWidgets/Info.plist",
            } for config in ["Debug", "Release"]},
        },
    ],
}
