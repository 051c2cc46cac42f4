# Fixture: compilation conditions per target and configuration (issue 20, FC3-10). Classic groups.
# - FlagWidgets' only @main bundle is under #if FEATURE_WIDGETS, which only Debug sets: the Release build ships
#   no widget (widget_not_in_bundle reports the bundle, naming the configuration that compiles it).
# - OtherWidgets' bundle is under #if OTHER_WIDGETS, set by OTHER_SWIFT_FLAGS -D in every configuration: it ships,
#   and its widget without a container background is reported.
# - PodWidgets' bundle is under #if COCOAPODS; its base configuration is CocoaPods' xcconfig, not committed: the
#   condition is unknown, so nothing is reported as compiled out.
def settings(bundle, **extra):
    values = {"SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": bundle, "GENERATE_INFOPLIST_FILE": "YES", **extra}
    return {config: dict(values) for config in ["Debug", "Release"]}

flags = settings("com.example.flags.widgets", INFOPLIST_FILE="Support/Widgets-Info.plist")
flags["Debug"]["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] = "DEBUG FEATURE_WIDGETS $(inherited)"

PROJECT = {
    "name": "FeatureFlagWidgets",
    "folder": "Tests/GlanceCLITests/Fixtures/FeatureFlagWidgets",
    "projectSettings": {"SWIFT_VERSION": "6.0", "IPHONEOS_DEPLOYMENT_TARGET": "17.0"},
    "targets": [
        {
            "name": "Flags", "type": "app",
            "embed": [{"targets": ["FlagWidgets", "OtherWidgets", "PodWidgets"]}],
            "sources": ["Flags/FlagsApp.swift"],
            "settings": settings("com.example.flags"),
        },
        {"name": "FlagWidgets", "type": "widget", "sources": ["FlagWidgets/FlagWidgets.swift"], "settings": flags},
        {
            "name": "OtherWidgets", "type": "widget", "sources": ["OtherWidgets/OtherWidgets.swift"],
            "settings": settings("com.example.flags.other", INFOPLIST_FILE="Support/Widgets-Info.plist",
                                 OTHER_SWIFT_FLAGS="$(inherited) -D OTHER_WIDGETS"),
        },
        {
            "name": "PodWidgets", "type": "widget", "sources": ["PodWidgets/PodWidgets.swift"],
            "xcconfig": {"Debug": "Pods/Target Support Files/Pods-PodWidgets/Pods-PodWidgets.debug.xcconfig",
                         "Release": "Pods/Target Support Files/Pods-PodWidgets/Pods-PodWidgets.release.xcconfig"},
            "settings": settings("com.example.flags.pod", INFOPLIST_FILE="Support/Widgets-Info.plist"),
        },
    ],
}
