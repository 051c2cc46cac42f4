# Fixture (field case FC2-10): an iOS app and a watchOS app whose widget extensions declare the same names in
# their own files (`Widgets`, `StatusWidget`, `EntryView`, `AppGroup`), each with its own assets and group.
# Classic groups; every file listed.
def settings(sdk, bundle, entitlements, info=None, **extra):
    values = {"SDKROOT": sdk, "PRODUCT_BUNDLE_IDENTIFIER": bundle, "CODE_SIGN_ENTITLEMENTS": entitlements,
              "GENERATE_INFOPLIST_FILE": "YES", **extra}
    if info:
        values["INFOPLIST_FILE"] = info
    return {config: values for config in ["Debug", "Release"]}

PROJECT = {
    "name": "TwinWidgets",
    "folder": "Tests/GlanceCLITests/Fixtures/TwinWidgets",
    "projectSettings": {"SWIFT_VERSION": "6.0", "IPHONEOS_DEPLOYMENT_TARGET": "26.0", "WATCHOS_DEPLOYMENT_TARGET": "26.0"},
    "targets": [
        {
            "name": "Phone", "type": "app", "sources": ["Phone/PhoneApp.swift"],
            "embed": [{"targets": ["PhoneWidgets"]}, {"kind": "watch", "targets": ["Wrist"]}],
            "settings": settings("iphoneos", "com.example.twin", "Phone/Phone.entitlements"),
        },
        {
            "name": "PhoneWidgets", "type": "widget", "sources": ["PhoneWidgets/Widgets.swift", "PhoneWidgets/EntryView.swift"],
            "resources": ["PhoneWidgets/Assets.xcassets"],
            "settings": settings("iphoneos", "com.example.twin.widgets", "PhoneWidgets/PhoneWidgets.entitlements", "PhoneWidgets/Info.plist"),
        },
        {
            "name": "Wrist", "type": "app", "sources": ["Wrist/WristApp.swift"],
            "embed": [{"targets": ["WristWidgets"]}],
            "settings": settings("watchos", "com.example.twin.watchkitapp", "Wrist/Wrist.entitlements"),
        },
        {
            "name": "WristWidgets", "type": "widget", "sources": ["WristWidgets/Widgets.swift", "WristWidgets/EntryView.swift"],
            "resources": ["WristWidgets/Assets.xcassets"],
            "settings": settings("watchos", "com.example.twin.watchkitapp.widgets", "WristWidgets/WristWidgets.entitlements", "WristWidgets/Info.plist"),
        },
    ],
}
