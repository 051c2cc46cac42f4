import SwiftUI
import WidgetKit

@main
struct BrewWatchBundle: WidgetBundle {
    var body: some Widget {
        LauncherWidget()
    }
}
