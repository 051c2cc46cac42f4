# Fixture: shapes of public apps that drew false findings at the seventh speed stop's triage. A widget extension
# whose @main bundle chooses between two widgets of the same kind with `if #available(iOS 17, *) { … } else
# { … }` (the older one, registered only before iOS 17, has no container background); a control intent that
# opens the app with a URL bound to a local name (`let url = URL(string: "pad://")!`), and one that opens a URL
# from its parameter; a Live Activity started by a function whose stale date parameter defaults to nil and is
# never passed; a Live Activity button whose intent the extension declares as a stub and the app declares with
# the work (the system runs the app's, found by name); a control whose configured intent is its own action
# (`AppIntentControlConfiguration(intent:) { configuration in ControlWidgetButton(action: configuration) }`),
# which opens the app (both targets compile it) and reaches UIApplication through `#keyPath`; a tvOS app, without extensions or App Group
# entitlements, that opens an App Group suite; a Live Activity view that reads a file from the App Group
# container; a widget nested in the bundle's type, listed as `Self.ShelfWidget()`. Xcode 16 synchronized folders; the Info.plist and entitlements files sit outside them.
def settings(bundle, sdk="iphoneos", **extra):
    values = {"SDKROOT": sdk, "PRODUCT_BUNDLE_IDENTIFIER": bundle, "GENERATE_INFOPLIST_FILE": "YES", **extra}
    return {config: values for config in ["Debug", "Release"]}

PROJECT = {
    "name": "AlternativeWidgets",
    "folder": "Tests/GlanceCLITests/Fixtures/AlternativeWidgets",
    "projectSettings": {"SWIFT_VERSION": "6.0", "IPHONEOS_DEPLOYMENT_TARGET": "16.1", "TVOS_DEPLOYMENT_TARGET": "17.0"},
    "synchronized": {"Pad": ["Pad"], "PadWidgets": ["PadWidgets"], "Shared": ["Pad", "PadWidgets"], "PadTV": ["PadTV"]},
    "targets": [
        {
            "name": "Pad", "type": "app",
            "embed": [{"targets": ["PadWidgets"]}],
            "settings": settings("com.example.pad", INFOPLIST_FILE="Support/Pad-Info.plist", CODE_SIGN_ENTITLEMENTS="Support/Pad.entitlements", INFOPLIST_KEY_NSSupportsLiveActivities="YES"),
        },
        {
            "name": "PadWidgets", "type": "widget",
            "settings": settings("com.example.pad.widgets", INFOPLIST_FILE="Support/PadWidgets-Info.plist",
                                 CODE_SIGN_ENTITLEMENTS="Support/PadWidgets.entitlements"),
        },
        {
            "name": "PadTV", "type": "app",
            "settings": settings("com.example.pad.tv", sdk="appletvos"),
        },
    ],
}
