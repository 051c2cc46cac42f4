import AppIntents

/// Opens the app on the menu: an OpenIntent runs in the app, which this file is left out of.
struct OpenMenuIntent: OpenIntent {
    static let title: LocalizedStringResource = "Open Menu"
    @Parameter(title: "Menu") var target: MenuEntity
}
