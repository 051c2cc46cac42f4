/// Every rule, in catalog order (rules.md). A test checks that each rule file under `Sources/GlanceRules`
/// is listed here, so adding a rule is adding its file and one line.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        // Controls
        ControlOpensAppOnWatch.self,
        SetValueIntentAssignsValue.self,
        SetValueIntentMissingValue.self,
        ControlStateInProcess.self,
        ControlNotReloaded.self,
        IntentMissingAppMembership.self,
        ExtensionIntentUsesAppAPI.self,
        ControlMissingDisplayMetadata.self,
        PrimaryActionDuplicate.self,
        PrimaryActionNotTappable.self,
        OpenURLIntentCustomScheme.self,
        IntentRequirementTypo.self,
        // Widgets and bundles
        WidgetNotInBundle.self,
        DuplicateKind.self,
        ReloadUnknownKind.self,
        ConfigurationIntentPerform.self,
        ConfigurationParameterWithoutDefault.self,
        WidgetURLMultiple.self,
        LinkInUnsupportedFamily.self,
        AppGroupNotEntitled.self,
        AppGroupNotShared.self,
        WidgetMissingContainerBackground.self,
        WidgetAssetMissing.self,
        WidgetReloadInLoop.self,
        WidgetNoSupportedFamily.self,
        WidgetImageOversized.self,
        TemplateSurfaceShipped.self,
        SFSymbolUnknown.self,
        SFSymbolUnavailable.self,
        SystemShortcutUnavailable.self,
        // Live Activities
        LiveActivitiesNotEnabled.self,
        ActivityTypeNotConfigured.self,
        ActivityListOutsideApp.self,
        MisspelledInfoPlistKey.self,
        LiveActivityViewNetworkAccess.self,
        LiveActivityPayloadBudget.self,
        LiveActivityImageTooLarge.self,
        LiveActivityMinimalPresentation.self,
        LiveActivityLockScreenWithoutLink.self,
        CompactPresentationsLinkDiffer.self,
        LiveActivityTapUnhandled.self,
        WatchLaunchAttributeTypesUnknown.self,
        LiveActivityPushWithoutEntitlement.self,
        StaleDateNeverRead.self,
        IntentPostsNotificationOnly.self,
        ActivityRequestInBackground.self,
        // AlarmKit
        AlarmAttributesRedefined.self,
        AlarmCountdownWithoutWidget.self,
        AlarmKitUsageDescriptionMissing.self,
        AlarmMetadataMismatch.self,
        AlarmSoundName.self,
        AlarmIDUnknown.self,
        // Deep links
        DeepLinkUnhandled.self,
        DeepLinkRouteUnmatched.self,
        URLSchemeNotRegistered.self,
        // Project structure
        ExtensionNotEmbedded.self,
        WidgetExtensionPointMissing.self,
        ExtensionDeploymentTargetAboveApp.self,
        // Suppressions
        UnusedSuppression.self,
    ]

    /// The rules of `glance payload check`, in catalog order.
    public static let payloadRules: [any PayloadRule.Type] = [
        PayloadInvalidJSON.self,
        PayloadTooLarge.self,
        PayloadMissingField.self,
        PayloadUnknownAPSKey.self,
        PayloadBadEvent.self,
        PayloadTimeInMilliseconds.self,
        PayloadDismissalDateNotEnd.self,
        PayloadStaleBeforeTimestamp.self,
        PayloadContentStateMismatch.self,
        PayloadDateEncoding.self,
        PayloadAttributesMismatch.self,
        PayloadBadHeaders.self,
        PayloadAlertShape.self,
    ]

    public static func payloadRule(_ identifier: String) -> (any PayloadRule.Type)? {
        payloadRules.first { $0.description.identifier == identifier }
    }

    public static var payloadIdentifiers: [String] { payloadRules.map { $0.description.identifier } }

    /// Every rule Glance documents: the lint rules, then the payload rules.
    public static var documented: [any DescribedRule.Type] { all + payloadRules }

    /// A lint or payload rule by id.
    public static func describedRule(_ identifier: String) -> (any DescribedRule.Type)? {
        documented.first { $0.description.identifier == identifier }
    }

    public static func rule(_ identifier: String) -> (any Rule.Type)? {
        all.first { $0.description.identifier == identifier }
    }

    public static var identifiers: [String] { all.map { $0.description.identifier } }
}
