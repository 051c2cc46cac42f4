import SwiftUI
import WidgetKit

/// Registered by no bundle: only widget_not_in_bundle speaks about it (it has no container background, and no
/// family Glance knows, but it does not ship).
struct OrphanWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.shipped.orphan", provider: SummaryProvider()) { entry in
            Text("\(entry.total)").widgetURL(URL(string: "orphan://x"))
        }
        .supportedFamilies([])
    }
}
