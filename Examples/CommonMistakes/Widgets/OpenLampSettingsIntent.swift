import AppIntents

/// Mistake: an OpenIntent compiled only into the widget extension; the app cannot run it
/// (intent_missing_app_membership).
struct OpenLampSettingsIntent: OpenIntent {
    static let title: LocalizedStringResource = "Open Lamp Settings"
    @Parameter(title: "Section", default: .lamp) var target: SettingsSection
}

enum SettingsSection: String, AppEnum {
    case lamp
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Settings section")
    static let caseDisplayRepresentations: [SettingsSection: DisplayRepresentation] = [.lamp: DisplayRepresentation(title: "Lamp")]
}
