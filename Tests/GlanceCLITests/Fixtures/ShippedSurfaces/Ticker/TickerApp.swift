import OrderedCollections
import SwiftUI

/// Registers the "ticker" scheme and links a remote package, but reads no URL: the package cannot add a handler.
@main
struct TickerApp: App {
    @State private var quotes = OrderedSet<String>()
    var body: some Scene { WindowGroup { List(Array(quotes), id: \.self) { Text($0) } } }
}
