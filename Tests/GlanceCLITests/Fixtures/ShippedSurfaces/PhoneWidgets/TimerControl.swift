import AppIntents
import SwiftUI
import WidgetKit

struct TimerControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.shipped.timer") {
            ControlWidgetButton(action: OpenTimerIntent()) { Label("Timer", systemImage: "timer") }
        }
        .displayName("Timer")
        .description("Opens the timer.")
    }
}

/// Opens a URL assembled with URLComponents: its scheme is known, and the app does not register it.
struct OpenTimerIntent: AppIntent {
    static let title: LocalizedStringResource = "Open Timer"

    func perform() async throws -> some IntentResult & OpensIntent {
        var components = URLComponents()
        components.scheme = "timerapp"
        components.host = "join"
        return .result(opensIntent: OpenURLIntent(components.url!))
    }
}
