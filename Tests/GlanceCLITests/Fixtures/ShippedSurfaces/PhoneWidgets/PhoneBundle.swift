import SwiftUI
import WidgetKit

@main
struct PhoneBundle: WidgetBundle {
    var body: some Widget {
        HomeScreenWidget()
        StepsWidget()
        GroupActivity()
        TimerControl()
        // StreakWidget() — back when the streak service ships
    }
}
