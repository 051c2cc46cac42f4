import SwiftUI
import WidgetKit

struct StepsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.shipped.steps", provider: SummaryProvider()) { entry in StepsView(entry: entry) }
            .configurationDisplayName("Steps")
            .description("Steps today.")
            .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

/// The Lock Screen branch has no container background.
struct StepsView: View {
    @Environment(\.widgetFamily) var family
    let entry: SummaryEntry

    var body: some View {
        switch family {
        case .accessoryRectangular:
            Text("\(entry.total) steps")
        default:
            Text("\(entry.total)").containerBackground(.fill.tertiary, for: .widget)
        }
    }
}
