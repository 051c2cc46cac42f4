# Fixture: shapes of public apps that once drew false findings. An iOS app whose app delegate is written in
# Objective-C and handles URLs there; a widget extension whose @main bundle lists its widgets through
# `@WidgetBundleBuilder` static properties in an extension of another type; a Live Activity in a file the watch
# widget extension also compiles, under `#if canImport(ActivityKit)` (ActivityKit is iOS-only), drawing a custom
# SF Symbol (a `.symbolset`, whose SVG canvas is not its size); an iOS widget whose only `supportedFamilies` is a
# watch family under `#if os(watchOS)` (on iOS it keeps the default families). Classic groups.
def settings(sdk, bundle, entitlements=None, info=None, **extra):
    values = {"SDKROOT": sdk, "PRODUCT_BUNDLE_IDENTIFIER": bundle, "GENERATE_INFOPLIST_FILE": "YES", **extra}
    if entitlements:
        values["CODE_SIGN_ENTITLEMENTS"] = entitlements
    if info:
        values["INFOPLIST_FILE"] = info
    return {config: values for config in ["Debug", "Release"]}

PROJECT = {
    "name": "UnseenShapes",
    "folder": "Tests/GlanceCLITests/Fixtures/UnseenShapes",
    "projectSettings": {"SWIFT_VERSION": "6.0", "IPHONEOS_DEPLOYMENT_TARGET": "26.0", "WATCHOS_DEPLOYMENT_TARGET": "26.0"},
    "targets": [
        {
            "name": "Notes", "type": "app",
            "sources": ["Notes/main.m", "Notes/AppDelegate.m", "Notes/NoteStore.swift"],
            "embed": [{"targets": ["NotesWidgets"]}, {"kind": "watch", "targets": ["NotesWatch"]}],
            "settings": settings("iphoneos", "com.example.notes", info="Notes/Info.plist", INFOPLIST_KEY_NSSupportsLiveActivities="YES"),
        },
        {
            "name": "NotesWidgets", "type": "widget",
            "sources": ["NotesWidgets/Bundle.swift", "NotesWidgets/NoteWidget.swift", "Shared/NoteActivity.swift"],
            "resources": ["NotesWidgets/Assets.xcassets"],
            "settings": settings("iphoneos", "com.example.notes.widgets", info="NotesWidgets/Info.plist"),
        },
        {
            "name": "NotesWatch", "type": "app", "sources": ["NotesWatch/NotesWatchApp.swift"],
            "embed": [{"targets": ["NotesWatchWidgets"]}],
            "settings": settings("watchos", "com.example.notes.watchkitapp"),
        },
        {
            "name": "NotesWatchWidgets", "type": "widget",
            "sources": ["NotesWatchWidgets/WatchBundle.swift", "Shared/NoteActivity.swift"],
            "settings": settings("watchos", "com.example.notes.watchkitapp.widgets", info="NotesWatchWidgets/Info.plist"),
        },
    ],
}
