# Fixture (field cases FC2-18, FC2-19, FC2-20): an app that links two local packages the ways Xcode 14 and 16
# projects hold them, with product dependencies that name no package: `Packages/ReaderKit`, a file reference to
# the package folder, and `Modules/SyncKit`, inside a synchronized folder no target owns. Its App Group comes
# from the Info.plist (`group.$(ORGANIZATION_IDENTIFIER).reader`) while the entitlements say `$(APP_GROUP_ID)`,
# which ends in `-debug` in Debug.
PROJECT = {
    "name": "Reader",
    "folder": "Tests/GlanceCLITests/Fixtures/LegacyPackages",
    "projectSettings": {"SWIFT_VERSION": "5.0", "IPHONEOS_DEPLOYMENT_TARGET": "17.0", "ORGANIZATION_IDENTIFIER": "com.example"},
    "packageFolderReferences": ["Packages/ReaderKit"],
    "synchronized": {"Modules": []},
    "targets": [
        {
            "name": "Reader", "type": "app", "sources": ["App/ReaderApp.swift"],
            "packageProducts": [{"product": "ReaderKit"}, {"product": "SyncKit"}],
            "settings": {config: {
                "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.reader",
                "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/Reader.entitlements",
                "APP_GROUP_ID": "group.com.example.reader" + suffix,
            } for config, suffix in [("Debug", "-debug"), ("Release", "")]},
        },
    ],
}
