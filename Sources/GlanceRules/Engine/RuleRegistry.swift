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
        // Live Activities
        LiveActivitiesNotEnabled.self,
        // AlarmKit
        AlarmAttributesRedefined.self,
        AlarmCountdownWithoutWidget.self,
        // Project structure
        ExtensionNotEmbedded.self,
    ]

    public static func rule(_ identifier: String) -> (any Rule.Type)? {
        all.first { $0.description.identifier == identifier }
    }

    public static var identifiers: [String] { all.map { $0.description.identifier } }
}
