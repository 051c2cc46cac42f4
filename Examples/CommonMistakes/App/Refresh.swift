import WidgetKit

/// Mistake: a typo in the kind reloads nothing (reload_unknown_kind).
func refreshWeather() {
    WidgetCenter.shared.reloadTimelines(ofKind: "com.example.mistakes.wether")
}
