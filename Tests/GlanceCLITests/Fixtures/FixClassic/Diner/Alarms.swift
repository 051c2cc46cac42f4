import AlarmKit

/// Mistake: the app has no NSAlarmKitUsageDescription (alarmkit_usage_description_missing).
func askForAlarms() async throws {
    _ = try await AlarmManager.shared.requestAuthorization()
}
