import SwiftUI
import WidgetKit

/// The watch widget: same type names as the iPhone one, another kind and family.
struct TimerWidget: Widget {
    static let kind = "watch-timer"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: WatchTimerProvider()) { entry in
            StatusView(minutes: entry.minutes)
                .containerBackground(.clear, for: .widget)
        }
        .supportedFamilies([.accessoryCircular])
    }
}

struct StatusView: View {
    var minutes: Int

    var body: some View {
        Gauge(value: Double(minutes), in: 0...60) { Image(systemName: "timer") }
            .gaugeStyle(.accessoryCircular)
    }
}

@main
struct WatchTimerWidgetsBundle: WidgetBundle {
    var body: some Widget {
        TimerWidget()
    }
}
