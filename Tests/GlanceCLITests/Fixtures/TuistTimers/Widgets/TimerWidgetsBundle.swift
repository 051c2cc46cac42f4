import SwiftUI
import WidgetKit

@main
struct TimerWidgetsBundle: WidgetBundle {
    var body: some Widget {
        TimerWidget()
        TimerAlarmActivity()
    }
}
