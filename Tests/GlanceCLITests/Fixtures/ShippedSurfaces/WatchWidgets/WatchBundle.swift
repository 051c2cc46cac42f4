import SwiftUI
import WidgetKit

@main
struct WatchBundle: WidgetBundle {
    var body: some Widget {
        #if !os(watchOS)
        HomeScreenWidget()
        #endif
        CornerWidget()
    }
}
