import AppIntents

/// Opens the watch app. Compiled into the watch app and its widget extension.
struct OpenWatchAppIntent: OpenIntent {
    static let title: LocalizedStringResource = "Open Mistakes"
    @Parameter(title: "Screen", default: .player) var target: WatchScreen
}

enum WatchScreen: String, AppEnum {
    case player
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Screen")
    static let caseDisplayRepresentations: [WatchScreen: DisplayRepresentation] = [.player: DisplayRepresentation(title: "Player")]
}
