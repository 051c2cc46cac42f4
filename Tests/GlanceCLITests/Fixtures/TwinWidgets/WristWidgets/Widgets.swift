import SwiftUI
import WidgetKit

// The same names as in the other widget extension: each module has its own.
@main
struct Widgets: WidgetBundle {
    var body: some Widget {
        StatusWidget()
    }
}

struct StatusWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.twin.wrist.status", provider: StatusProvider()) { entry in
            EntryView(entry: entry)
        }
        .configurationDisplayName("Status")
        .description("The current status.")
    }
}
