# Fixture: what each target compiles and ships (issue 20, field cases FC3-00…19). Xcode 16 synchronized folders.
# - One folder, Widgets/, is a member of an iOS and a watchOS widget extension. The iOS bundle (PhoneWidgets/)
#   lists the Home Screen widget; the watch bundle (WatchWidgets/) lists it under #if !os(watchOS) and lists the
#   corner widget, whose families exist only under #if os(watchOS): neither is reported where it does not ship
#   (FC3-01). A widget no bundle registers is judged by widget_not_in_bundle alone (FC3-02); one commented out of
#   the bundle is parked (a skip).
# - The steps widget sets its container background on one branch only (FC3-11).
# - The Live Activity's own link uses a scheme the app does not register (no finding, FC3-00), with a route the
#   app's router does not accept (deep_link_route_unmatched, FC3-18); its button runs a plain intent that reaches
#   Activity.activities through a singleton (activity_list_outside_app, FC3-17).
# - A control opens a URL built with URLComponents whose scheme the app does not register (FC3-16).
# - Shared code opens the App Group named after the running bundle's id; the app's entitlements list
#   group.$(CFBundleIdentifier) (its own id), the extension's list the app's group in Debug and a beta group in
#   Release (FC3-13, FC3-14).
# - A comment starting with "glance:" is prose (FC3-03); a stale date given only to end at once (FC3-04); a
#   configuration intent that is an App Shortcut (FC3-05).
# - The Ticker app registers its scheme, links a remote package and reads no URL (deep_link_unhandled, one
#   finding for its two widgets' links, FC3-12).
# - A local package whose one target's files sit in Sources/ (FC3-19) holds a reload with a typo'd kind.
# - Leftover.xcodeproj beside the project holds only xcuserdata/ (FC3-06).
def settings(bundle, sdk="iphoneos", **extra):
    values = {"SDKROOT": sdk, "PRODUCT_BUNDLE_IDENTIFIER": bundle, "GENERATE_INFOPLIST_FILE": "YES", **extra}
    return {config: values for config in ["Debug", "Release"]}

widget_settings = settings("com.example.shipped.widgets", INFOPLIST_FILE="Support/Widgets-Info.plist")
widget_settings = {config: {**values, "CODE_SIGN_ENTITLEMENTS": f"Support/ShippedWidgets-{config}.entitlements"} for config, values in widget_settings.items()}

PROJECT = {
    "name": "ShippedSurfaces",
    "folder": "Tests/GlanceCLITests/Fixtures/ShippedSurfaces",
    "projectSettings": {"SWIFT_VERSION": "6.0", "IPHONEOS_DEPLOYMENT_TARGET": "18.0", "WATCHOS_DEPLOYMENT_TARGET": "11.0"},
    "localPackages": ["Packages/Kit"],
    "synchronized": {"Shipped": ["Shipped"], "Shared": ["Shipped", "ShippedWidgets"], "Widgets": ["ShippedWidgets", "ShippedWatchWidgets"],
                     "PhoneWidgets": ["ShippedWidgets"], "WatchWidgets": ["ShippedWatchWidgets"], "ShippedWatch": ["ShippedWatch"],
                     "Ticker": ["Ticker"], "TickerWidgets": ["TickerWidgets"]},
    "targets": [
        {
            "name": "Shipped", "type": "app",
            "embed": [{"targets": ["ShippedWidgets"]}, {"kind": "watch", "targets": ["ShippedWatch"]}],
            "packageProducts": [{"product": "Kit", "package": "Packages/Kit"}],
            "settings": settings("com.example.shipped", INFOPLIST_FILE="Support/Shipped-Info.plist", CODE_SIGN_ENTITLEMENTS="Support/Shipped.entitlements"),
        },
        {"name": "ShippedWidgets", "type": "widget", "settings": widget_settings},
        {
            "name": "ShippedWatch", "type": "app",
            "embed": [{"targets": ["ShippedWatchWidgets"]}],
            "settings": settings("com.example.shipped.watchkitapp", sdk="watchos"),
        },
        {
            "name": "ShippedWatchWidgets", "type": "widget",
            "settings": settings("com.example.shipped.watchkitapp.widgets", sdk="watchos",
                                 INFOPLIST_FILE="Support/Widgets-Info.plist"),
        },
        {
            "name": "Ticker", "type": "app",
            "embed": [{"targets": ["TickerWidgets"]}],
            "packageProducts": [{"product": "OrderedCollections"}],
            "settings": settings("com.example.ticker", INFOPLIST_FILE="Support/Ticker-Info.plist"),
        },
        {
            "name": "TickerWidgets", "type": "widget",
            "settings": settings("com.example.ticker.widgets", INFOPLIST_FILE="Support/Widgets-Info.plist"),
        },
    ],
}
