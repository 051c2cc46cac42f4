import SwiftUI
import WidgetKit

/// Written for the watch: its families exist only there, and only the watch bundle registers it.
struct CornerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.shipped.corner", provider: SummaryProvider()) { entry in
            Text("\(entry.total)").containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Corner")
        .description("Today's total.")
        #if os(watchOS)
        .supportedFamilies([.accessoryCorner])
        #endif
    }
}
