import SwiftUI
import WidgetKit

@main
struct BrewBundle: WidgetBundle {
    var body: some Widget {
        BrewWidget()
        BrewWidgetsControl()
        FavoriteEmojiWidget()
        BrewLiveActivity()
        LauncherWidget()
    }
}
