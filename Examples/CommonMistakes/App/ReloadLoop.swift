import WidgetKit

/// Mistake: one reload per account spends the widget budget (widget_reload_in_loop).
func refreshAccounts(_ accounts: [String]) {
    for account in accounts {
        AppGroup.defaults?.set(Date(), forKey: "refreshed-\(account)")
        WidgetCenter.shared.reloadTimelines(ofKind: Kinds.weather)
    }
}
