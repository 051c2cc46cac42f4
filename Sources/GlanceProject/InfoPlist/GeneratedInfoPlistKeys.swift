/// The Info.plist keys the build system generates from `INFOPLIST_KEY_<Key>` settings when
/// `GENERATE_INFOPLIST_FILE = YES`, with the plist type each setting produces.
///
/// Source: facts XC-02…XC-04; swift-build @ 41aee626 (`generatedInfoPlistKeys` and
/// `usageDescriptionStringKeys` in InfoPlistProcessorTaskAction.swift; setting types from BuiltinMacros.swift).
/// Keys outside this list — `NSAlarmKitUsageDescription`, `NSUserActivityTypes`, `NSExtension` — are never
/// generated, whatever the build settings say (XC-03).
public enum GeneratedInfoPlistKeys {
    public enum ValueType: Sendable {
        /// A Boolean setting: plist `true` when the value starts with y, Y, t, T or 1–9, else `false`.
        case boolean
        /// A string (also enumeration settings, passed through unvalidated).
        case string
        /// A list setting: an array, split on unquoted white space.
        case stringList
    }

    /// Info.plist key → value type. The setting is `INFOPLIST_KEY_` + key, with `~ipad`/`~iphone` written
    /// `_iPad`/`_iPhone`.
    public static let all: [String: ValueType] = general.merging(usageDescriptions.map { ($0, .string) }) { first, _ in first }

    static let general: [String: ValueType] = [
        "CFBundleDisplayName": .string,
        "LSApplicationCategoryType": .string,
        "NSHumanReadableCopyright": .string,
        "NSPrincipalClass": .string,
        "ITSAppUsesNonExemptEncryption": .boolean,
        "ITSEncryptionExportComplianceCode": .string,
        "LSBackgroundOnly": .boolean,
        "LSUIElement": .boolean,
        "NSMainNibFile": .string,
        "NSMainStoryboardFile": .string,
        "NSViewGestureRecognizerIsExclusive": .boolean,
        "UILaunchStoryboardName": .string,
        "UIMainStoryboardFile": .string,
        "UIRequiredDeviceCapabilities": .stringList,
        "UISupportedInterfaceOrientations": .stringList,
        "UIUserInterfaceStyle": .string,
        "LSSupportsOpeningDocumentsInPlace": .boolean,
        "NSSensorKitPrivacyPolicyURL": .string,
        "NSSupportsLiveActivities": .boolean,
        "NSSupportsLiveActivitiesFrequentUpdates": .boolean,
        "UIApplicationSupportsIndirectInputEvents": .boolean,
        "UIRequiresFullScreen": .boolean,
        "UIStatusBarHidden": .boolean,
        "UIStatusBarStyle": .string,
        "UISupportedInterfaceOrientations~ipad": .stringList,
        "UISupportedInterfaceOrientations~iphone": .stringList,
        "UISupportsDocumentBrowser": .boolean,
        "CLKComplicationPrincipalClass": .string,
        "WKApplication": .boolean,
        "WKCompanionAppBundleIdentifier": .string,
        "WKExtensionDelegateClassName": .string,
        "WKRunsIndependentlyOfCompanionApp": .boolean,
        "WKWatchOnly": .boolean,
        "WKSupportsLiveActivityLaunchAttributeTypes": .stringList,
        "MetalCaptureEnabled": .boolean,
        "GCSupportsControllerUserInteraction": .boolean,
        "GCSupportsGameMode": .boolean,
        "NSStickerSharingLevel": .string,
    ]

    static let usageDescriptions: [String] = [
        "NFCReaderUsageDescription", "NSAccessoryTrackingUsageDescription", "NSAppDataUsageDescription",
        "NSAppleEventsUsageDescription", "NSAppleMusicUsageDescription", "NSBluetoothAlwaysUsageDescription",
        "NSBluetoothPeripheralUsageDescription", "NSBluetoothWhileInUseUsageDescription", "NSCalendarsUsageDescription",
        "NSCalendarsFullAccessUsageDescription", "NSCalendarsWriteOnlyAccessUsageDescription", "NSCameraUsageDescription",
        "NSContactsUsageDescription", "NSCriticalMessagingUsageDescription", "NSDesktopFolderUsageDescription",
        "NSDocumentsFolderUsageDescription", "NSDownloadsFolderUsageDescription", "NSFaceIDUsageDescription",
        "NSFallDetectionUsageDescription", "NSFileProviderDomainUsageDescription", "NSFileProviderPresenceUsageDescription",
        "NSFinancialDataUsageDescription", "NSFocusStatusUsageDescription", "NSGKFriendListUsageDescription",
        "NSHandsTrackingUsageDescription", "NSHealthClinicalHealthRecordsShareUsageDescription", "NSHealthShareUsageDescription",
        "NSHealthUpdateUsageDescription", "NSHomeKitUsageDescription", "NSIdentityUsageDescription",
        "NSLocalNetworkUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription",
        "NSLocationUsageDescription", "NSLocationWhenInUseUsageDescription", "NSMicrophoneUsageDescription",
        "NSMotionUsageDescription", "NSNearbyInteractionAllowOnceUsageDescription", "NSNearbyInteractionUsageDescription",
        "NSNetworkVolumesUsageDescription", "NSPhotoLibraryAddUsageDescription", "NSPhotoLibraryUsageDescription",
        "NSRemindersUsageDescription", "NSRemindersFullAccessUsageDescription", "NSRemovableVolumesUsageDescription",
        "NSSensorKitUsageDescription", "NSSiriUsageDescription", "NSSpeechRecognitionUsageDescription",
        "NSSystemAdministrationUsageDescription", "NSSystemExtensionUsageDescription", "NSUserTrackingUsageDescription",
        "NSVideoSubscriberAccountUsageDescription", "NSVoIPUsageDescription", "NSWorldSensingUsageDescription",
        "OSBundleUsageDescription",
    ]

    /// The setting that generates a key.
    public static func settingName(for key: String) -> String {
        "INFOPLIST_KEY_" + key.replacingOccurrences(of: "~ipad", with: "_iPad").replacingOccurrences(of: "~iphone", with: "_iPhone")
    }
}
