import SwiftUI

@main
struct DinerApp: App {
    var body: some Scene {
        WindowGroup { OrdersView() }
    }
}
