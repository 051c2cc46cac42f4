import SwiftUI
import WidgetKit

@main
struct StreakWidgets: WidgetBundle {
    var body: some Widget {
        StreakWidget()
    }
}

struct StreakWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "streak", provider: StreakProvider()) { entry in
            Text("\(entry.days) days")
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "streaks://today"))
        }
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}
