import SwiftUI
import WidgetKit

struct ContentView: View {
    @Binding var screen: TimerScreen
    @State private var isRunning = TimerState.isRunning

    var body: some View {
        VStack(spacing: 24) {
            Text(screen == .timer ? "Timer" : "History")
                .font(.largeTitle)
            Toggle("Timer running", isOn: $isRunning)
                .onChange(of: isRunning) { _, running in
                    setRunning(running)
                }
            Button("Track order") {
                Task { try? await OrderTracker().start() }
            }
            Button("Start countdown alarm") {
                Task { try? await AlarmScheduler().scheduleFocusCountdown(minutes: 25) }
            }
        }
        .padding()
    }

    /// Changes the shared state, then tells the system to redraw the control and the widget.
    private func setRunning(_ running: Bool) {
        TimerState.setRunning(running)
        ControlCenter.shared.reloadControls(ofKind: WidgetKinds.timerToggle)
        WidgetCenter.shared.reloadTimelines(ofKind: WidgetKinds.focus)
    }
}
