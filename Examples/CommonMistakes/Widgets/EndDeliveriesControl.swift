import ActivityKit
import AppIntents
import SwiftUI
import WidgetKit

struct EndDeliveriesControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.mistakes.end-deliveries") {
            ControlWidgetButton(action: EndDeliveriesIntent()) { Label("End deliveries", systemImage: "xmark") }
        }
        .displayName("End Deliveries")
        .description("Ends the delivery Live Activities.")
    }
}

/// Mistake: a plain AppIntent runs in the widget extension when the control performs it, where the
/// activity list is empty; nothing ends (activity_list_outside_app).
struct EndDeliveriesIntent: AppIntent {
    static let title: LocalizedStringResource = "End Deliveries"

    func perform() async throws -> some IntentResult {
        for activity in Activity<DeliveryAttributes>.activities {
            await activity.end(nil, dismissalPolicy: .immediate)
        }
        return .result()
    }
}
