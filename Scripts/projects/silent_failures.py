# Fixture: the silent failures of issue 21 (field cases FC3-20…22). Xcode 16 synchronized folders.
# - The iOS widget extension's bundle registers Xcode's control template unchanged, the favourite-emoji widget
#   template and the emoji Live Activity template (which the app starts): template_surface_shipped, once each, at
#   the declarations (FC3-20). A second copy of the widget template that no bundle lists is silent (only
#   widget_not_in_bundle reports it).
# - The brew widget draws "mug.fil" (no such SF Symbol: sf_symbol_unknown, "did you mean"), the app's custom
#   symbol "kettle.brew" with Image(systemName:) (the message says to use Image(_:)), and "cup.and.heat.waves"
#   (SF Symbols 6, iOS 18) in an extension that deploys to iOS 17: sf_symbol_unavailable, except under
#   `if #available(iOS 18, *)` (FC3-21). The app's own code draws an unknown name too: reported only when the
#   configuration lists the rule in opt_in_rules (Optin.glance.json).
# - The app schedules a tea alarm with UUID() while its stop intent gets another UUID() (alarm_id_unknown, FC3-22);
#   a second alarm passes one id to both; a third takes its configuration from a parameter (a skip).
# - Shared/Launcher.swift, compiled by the iOS and the watch widget extensions, offers a RunSystemShortcutIntent
#   button: an error for the watch extension, a warning for the iOS one (deploys to iOS 17, no check), and silent
#   where `if #available(iOS 27, *)` guards it.
def settings(bundle, sdk="iphoneos", **extra):
    values = {"SDKROOT": sdk, "PRODUCT_BUNDLE_IDENTIFIER": bundle, "GENERATE_INFOPLIST_FILE": "YES", **extra}
    return {config: values for config in ["Debug", "Release"]}

PROJECT = {
    "name": "SilentFailures",
    "folder": "Tests/GlanceCLITests/Fixtures/SilentFailures",
    "projectSettings": {"SWIFT_VERSION": "6.0", "IPHONEOS_DEPLOYMENT_TARGET": "17.0", "WATCHOS_DEPLOYMENT_TARGET": "11.0"},
    "synchronized": {"Brew": ["Brew"], "BrewWidgets": ["BrewWidgets"], "Shared": ["BrewWidgets", "BrewWatchWidgets"],
                     "BrewWatch": ["BrewWatch"], "BrewWatchWidgets": ["BrewWatchWidgets"], "SharedAttributes": ["Brew", "BrewWidgets"]},
    "exceptions": {"Brew": {"Brew": ["Info.plist"]}, "BrewWidgets": {"BrewWidgets": ["Info.plist"]}},
    "targets": [
        {
            "name": "Brew", "type": "app",
            "embed": [{"targets": ["BrewWidgets"]}, {"kind": "watch", "targets": ["BrewWatch"]}],
            "settings": settings("com.example.brew", INFOPLIST_FILE="Brew/Info.plist", INFOPLIST_KEY_NSSupportsLiveActivities="YES"),
        },
        {"name": "BrewWidgets", "type": "widget",
         "settings": settings("com.example.brew.widgets", INFOPLIST_FILE="BrewWidgets/Info.plist")},
        {
            "name": "BrewWatch", "type": "app",
            "embed": [{"targets": ["BrewWatchWidgets"]}],
            "settings": settings("com.example.brew.watchkitapp", sdk="watchos", INFOPLIST_KEY_WKCompanionAppBundleIdentifier="com.example.brew"),
        },
        {"name": "BrewWatchWidgets", "type": "widget",
         "settings": settings("com.example.brew.watchkitapp.widgets", sdk="watchos", INFOPLIST_FILE="BrewWidgets/Info.plist")},
    ],
}
