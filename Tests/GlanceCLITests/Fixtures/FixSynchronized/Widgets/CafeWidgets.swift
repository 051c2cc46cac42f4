import AppIntents
import SwiftUI
import WidgetKit

/// Mistake: the extension has no Info.plist file, so no NSExtension (widget_extension_point_missing).
@main
struct CafeWidgets: WidgetBundle {
    var body: some Widget {
        BrewActivity()
        MenuControl()
        SpecialsControl()
        SpecialsWidget()
    }
}

struct MenuControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.cafe.menu") {
            ControlWidgetButton(action: OpenMenuIntent()) { Label("Menu", systemImage: "menucard") }
        }
        .displayName("Menu")
        .description("Opens the menu.")
    }
}

/// Opens the specials through a URL of the app's own scheme, which the app does not register
/// (url_scheme_not_registered, fixed with --value cafe).
struct SpecialsControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.cafe.specials-control") {
            ControlWidgetButton(action: OpenSpecialsIntent()) { Label("Specials", systemImage: "star") }
        }
        .displayName("Specials")
        .description("Opens today's specials.")
    }
}

struct OpenSpecialsIntent: AppIntent {
    static let title: LocalizedStringResource = "Open Specials"
    static let openAppWhenRun = true

    func perform() async throws -> some IntentResult & OpensIntent {
        .result(opensIntent: OpenURLIntent(URL(string: "cafe://specials")!))
    }
}

/// Mistake: no containerBackground; the extension runs on iOS 16, so the fix is the developer's.
struct SpecialsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.cafe.specials", provider: SpecialsProvider()) { entry in
            Text(entry.special)
        }
        .configurationDisplayName("Specials")
        .description("Today's special.")
    }
}

struct SpecialsEntry: TimelineEntry {
    let date: Date
    let special: String
}

struct SpecialsProvider: TimelineProvider {
    func placeholder(in context: Context) -> SpecialsEntry { SpecialsEntry(date: .now, special: "Flat white") }
    func getSnapshot(in context: Context, completion: @escaping (SpecialsEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<SpecialsEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}
