import SwiftUI
import WidgetKit

/// One bundle for everything the extension offers; its order is the gallery order.
@main
struct ProductivityTimerWidgetBundle: WidgetBundle {
    var body: some Widget {
        TimerToggleControl()
        StartBreakControl()
        FocusLengthControl()
        OpenTimerControl()
        FocusWidget()
        OrderLiveActivity()
        AlarmLiveActivity()
    }
}
