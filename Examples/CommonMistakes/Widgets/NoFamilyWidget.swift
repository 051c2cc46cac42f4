import SwiftUI
import WidgetKit

/// Mistake: no family at all, so it never appears in the gallery (widget_no_supported_family).
struct NoFamilyWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.mistakes.clock", provider: ForecastProvider()) { entry in
            Text(entry.summary)
                .containerBackground(.fill, for: .widget)
        }
        .configurationDisplayName("Clock")
        .description("The time.")
        .supportedFamilies([])
    }
}

/// Mistake: a 2400×1600 px image in a small widget (widget_image_oversized).
struct HeaderWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.mistakes.header", provider: ForecastProvider()) { entry in
            Image("Header")
                .resizable()
                .frame(width: 80, height: 50)
                .containerBackground(.fill, for: .widget)
        }
        .configurationDisplayName("Header")
        .description("A header image.")
    }
}
