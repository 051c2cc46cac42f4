import SwiftUI
import WidgetKit

/// Mistakes: the extension's Info.plist has no NSExtension (widget_extension_point_missing), and no app embeds it
/// (extension_not_embedded).
@main
struct DinerWidgets: WidgetBundle {
    var body: some Widget {
        MenuWidget()
        OrderActivity()
    }
}

/// Mistake: no containerBackground (widget_missing_container_background).
struct MenuWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.diner.menu", provider: MenuProvider()) { entry in
            VStack(alignment: .leading) {
                Text(entry.dish)
                    .font(.headline)
                Text(MenuStore.special)
            }
            .padding()
        }
        .configurationDisplayName("Menu")
        .description("Today's dish.")
    }
}

struct MenuEntry: TimelineEntry {
    let date: Date
    let dish: String
}

struct MenuProvider: TimelineProvider {
    func placeholder(in context: Context) -> MenuEntry { MenuEntry(date: .now, dish: "Soup") }
    func getSnapshot(in context: Context, completion: @escaping (MenuEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<MenuEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}
