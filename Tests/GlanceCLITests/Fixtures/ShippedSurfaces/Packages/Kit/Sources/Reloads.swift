import WidgetKit

public enum Reloads {
    /// A typo of com.example.shipped.home: nothing reloads.
    public static func home() {
        WidgetCenter.shared.reloadTimelines(ofKind: "com.example.shipped.hom")
    }
}
