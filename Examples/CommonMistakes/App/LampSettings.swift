import Foundation

/// Mistake: the app changes the value the lamp control shows, but never reloads the control
/// (control_not_reloaded).
func setLamp(_ on: Bool) {
    AppGroup.defaults?.set(on, forKey: "lamp")
}
