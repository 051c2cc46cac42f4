import ActivityKit
import AlarmKit
import SwiftUI

/// A second app with its own mistakes:
/// - it handles neither URLs nor Live Activity taps (live_activity_tap_unhandled);
/// - it asks for push tokens without the Push Notifications capability (live_activity_push_without_entitlement);
/// - NSAlarmKitUsageDescription is only a build setting, which the build does not turn into a key
///   (alarmkit_usage_description_missing);
/// - its alarms use TickerMetadata but the widget draws LegacyTickerMetadata (alarm_metadata_mismatch).
@main
struct TickerApp: App {
    var body: some Scene {
        WindowGroup { Text("Ticker") }
    }
}

struct TickerMetadata: AlarmMetadata {
    var symbol: Int
}

enum Ticker {
    static func follow() throws {
        let content = ActivityContent(state: TickerAttributes.ContentState(price: 101), staleDate: nil)
        _ = try Activity<TickerAttributes>.request(attributes: TickerAttributes(symbol: 1), content: content, pushType: .token)
    }

    static func alertAtOpen(schedule: Alarm.Schedule) async throws {
        let presentation = AlarmPresentation(alert: AlarmPresentation.Alert(title: "Market open"))
        let attributes = AlarmAttributes<TickerMetadata>(presentation: presentation, metadata: TickerMetadata(symbol: 1), tintColor: .green)
        _ = try await AlarmManager.shared.schedule(id: UUID(), configuration: .alarm(schedule: schedule, attributes: attributes))
    }
}

struct TickerAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var price: Int
    }

    var symbol: Int
}
