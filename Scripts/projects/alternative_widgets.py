# Fixture: shapes of public apps that drew false findings at the seventh speed stop's triage. A widget extension
# whose @main bundle chooses between two widgets of the same kind with `if #available(iOS 17, *) { … } else
# { … }` (the older one, registered only before iOS 17, has no container background); a control intent that
# opens the app with a URL bound to a local name (`let url = URL(string: "pad://")!`), and one that opens a URL
# from its parameter; a Live Activity started by a function whose stale date parameter defaults to nil and is
# never passed. Xcode 16 synchronized folders; the Info.plist files sit outside them.
def settings(bundle, **extra):
    values = {"SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": bundle, "GENERATE_INFOPLIST_FILE": "YES", **extra}
    return {config: values for config in ["Debug", "Release"]}

PROJECT = {
    "name": "AlternativeWidgets",
    "folder": "Tests/GlanceCLITests/Fixtures/AlternativeWidgets",
    "projectSettings": {"SWIFT_VERSION": "6.0", "IPHONEOS_DEPLOYMENT_TARGET": "16.1"},
    "synchronized": {"Pad": ["Pad"], "PadWidgets": ["PadWidgets"]},
    "targets": [
        {
            "name": "Pad", "type": "app",
            "embed": [{"targets": ["PadWidgets"]}],
            "settings": settings("com.example.pad", INFOPLIST_FILE="Support/Pad-Info.plist", INFOPLIST_KEY_NSSupportsLiveActivities="YES"),
        },
        {
            "name": "PadWidgets", "type": "widget",
            "settings": settings("com.example.pad.widgets", INFOPLIST_FILE="Support/PadWidgets-Info.plist"),
        },
    ],
}
