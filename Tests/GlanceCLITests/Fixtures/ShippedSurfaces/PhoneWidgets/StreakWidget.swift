import SwiftUI
import WidgetKit

/// Parked: the bundle has it commented out.
struct StreakWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "com.example.shipped.streak", provider: SummaryProvider()) { entry in
            Image("StreakFlame")
        }
    }
}
