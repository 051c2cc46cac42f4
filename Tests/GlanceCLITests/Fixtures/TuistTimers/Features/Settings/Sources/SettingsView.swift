import SwiftUI

/// Built by the `.timerFeature(name:)` helper: Glance cannot read helper code, so this file is a loose source.
struct SettingsView: View {
    var body: some View {
        Text("Settings")
    }
}
