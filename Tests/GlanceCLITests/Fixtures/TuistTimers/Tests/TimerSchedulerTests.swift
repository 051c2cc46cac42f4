import Testing
@testable import Timers

struct TimerSchedulerTests {
    @Test func metadataKeepsItsLabel() {
        #expect(TimerMetadata(label: "Tea").label == "Tea")
    }
}
