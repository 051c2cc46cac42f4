import SwiftUI
import WidgetKit

/// The iPhone widget. The watch extension declares a widget of the same name.
struct TimerWidget: Widget {
    static let kind = "timer"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: TimerProvider()) { entry in
            StatusView(minutes: entry.minutes)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .supportedFamilies([.systemSmall])
    }
}

struct StatusView: View {
    var minutes: Int

    var body: some View {
        Text("\(minutes) min")
            .widgetURL(URL(string: "timers://timer"))
            .widgetURL(URL(string: "timers://settings"))
    }
}
