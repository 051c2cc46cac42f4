/// Every widget and control kind, in one place so reloads cannot drift from declarations.
enum WidgetKinds {
    static let timerToggle = "com.example.productivitytimer.timer-toggle"
    static let startBreak = "com.example.productivitytimer.start-break"
    static let openTimer = "com.example.productivitytimer.open-timer"
    static let focusLength = "com.example.productivitytimer.focus-length"
    static let focus = "com.example.productivitytimer.focus"
}
