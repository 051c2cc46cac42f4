/// Names of framework types and modifiers that view code uses, so Glance can tell "a type from a framework"
/// from "a type it cannot see" (a view from a binary package), and need not look for project extensions
/// that define common SwiftUI modifiers.
public enum KnownTypes {
    /// SwiftUI, WidgetKit, ActivityKit, Charts, Foundation and Swift types commonly called in view code.
    public static let all: Set<String> = [
        // SwiftUI views and shapes
        "Text", "Image", "Label", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid",
        "GridRow", "Spacer", "Divider", "Color", "Rectangle", "RoundedRectangle", "UnevenRoundedRectangle", "Circle", "Capsule",
        "Ellipse", "ContainerRelativeShape", "Path", "ProgressView", "Gauge", "Group", "ForEach", "ViewThatFits", "Link",
        "Button", "Toggle", "EmptyView", "AnyView", "TupleView", "GeometryReader", "TimelineView", "Canvas", "ScrollView",
        "List", "Section", "NavigationLink", "NavigationStack", "NavigationView", "Menu", "ShareLink", "Picker", "Slider",
        "Stepper", "TextField", "SecureField", "DatePicker", "Form", "TabView", "AsyncImage", "Layout", "AnyLayout",
        "HStackLayout", "VStackLayout", "ZStackLayout", "ContentUnavailableView", "Material", "Font", "LinearGradient",
        "RadialGradient", "AngularGradient", "EllipticalGradient", "Gradient", "ShapeStyle", "AnyShape", "AnyShapeStyle",
        "EdgeInsets", "Edge", "Angle", "UnitPoint", "Alignment", "HorizontalAlignment", "VerticalAlignment", "Binding",
        "State", "Environment", "StrokeStyle", "ImageResource", "ColorResource", "LocalizedStringKey", "ContainerBackgroundPlacement",
        "ButtonStyle", "PlainButtonStyle", "BorderedButtonStyle", "ToggleStyle", "SwitchToggleStyle", "ViewBuilder",
        // WidgetKit / ActivityKit / controls
        "AccessoryWidgetBackground", "WidgetFamily", "DynamicIsland", "DynamicIslandExpandedRegion", "ActivityConfiguration",
        "StaticConfiguration", "AppIntentConfiguration", "IntentConfiguration", "StaticControlConfiguration",
        "AppIntentControlConfiguration", "ControlWidgetToggle", "ControlWidgetButton", "Timeline", "TimelineEntry",
        "ActivityViewContext", "WidgetRenderingMode", "WidgetAccentedRenderingMode", "ActivityContent", "IntentDescription",
        // Charts
        "Chart", "LineMark", "BarMark", "AreaMark", "PointMark", "RuleMark", "RectangleMark", "SectorMark", "PlottableValue",
        "AxisMarks", "AxisValueLabel", "AxisGridLine", "AxisTick", "ChartProxy",
        // Foundation, Core Graphics, UIKit, AppKit, Swift
        "Date", "URL", "UUID", "String", "Substring", "Int", "Int32", "Int64", "UInt", "Double", "Float", "CGFloat", "Bool",
        "Character", "Array", "Set", "Dictionary", "Optional", "Result", "Data", "Calendar", "DateFormatter", "DateComponents",
        "DateComponentsFormatter", "RelativeDateTimeFormatter", "ISO8601DateFormatter", "NumberFormatter", "MeasurementFormatter",
        "Measurement", "TimeInterval", "Duration", "TimeZone", "Locale", "LocalizedStringResource", "AttributedString",
        "NSAttributedString", "CGSize", "CGPoint", "CGRect", "CGColor", "UIColor", "UIImage", "UIFont", "NSColor", "NSImage",
        "NSFont", "Bundle", "ProcessInfo", "JSONDecoder", "JSONEncoder", "UserDefaults", "FileManager", "NotificationCenter",
        "DispatchQueue", "Task", "Range", "ClosedRange", "Never", "Void", "Any", "AnyHashable", "Error", "NSError",
        "DateInterval", "Decimal", "Comparable", "Equatable", "Hashable", "Identifiable", "CustomStringConvertible",
        "GridItem", "Text.DateStyle", "Image.Scale", "Font.Weight", "NSLocalizedString", "String.LocalizationValue", "Int16", "Int8",
        "UInt8", "UInt16", "UInt32", "UInt64", "Float16", "Float32", "Float64", "NSNumber", "NSString", "URLComponents", "URLQueryItem",
        "IndexPath", "Timer", "SymbolRenderingMode", "ControlSize", "ColorScheme", "ProgressViewStyle", "DynamicTypeSize",
        "AnyIterator", "AnySequence", "AnyCollection", "IndexingIterator", "Mirror", "ObjectIdentifier", "Calendar.Component",
    ]

    /// Values that configure views rather than being views: styles, formatters, shapes' parameters
    /// (`IconOnlyLabelStyle()`, `DateFormatter()`, `.init`-built options).
    public static func isConfigurationValue(_ name: String) -> Bool {
        ["Style", "Formatter", "Options", "Configuration", "Descriptor", "Components"].contains { name.hasSuffix($0) }
    }

    /// Names with an Apple framework's prefix (`UIGraphicsBeginImageContextWithOptions`, `CIColor`,
    /// `CGContext`, `NSNumber`, `MKMapSnapshotter`): Apple's code, which never hides a project view.
    public static func isApplePrefixed(_ name: String) -> Bool {
        let characters = Array(name)
        guard characters.count > 2, characters[2].isUppercase else { return false }
        return applePrefixes.contains(String(characters[0..<2]))
    }

    static let applePrefixes: Set<String> = ["UI", "NS", "CG", "CI", "CF", "CA", "AV", "MK", "CL", "CK", "HK", "EK", "PK", "WK", "GK",
                                             "MP", "SF", "UN", "CN", "LA", "CT", "VN", "AR", "SK", "PH", "QL"]

    /// Common SwiftUI modifiers: never looked up among the project's extension functions.
    public static let modifiers: Set<String> = [
        "padding", "frame", "font", "foregroundColor", "foregroundStyle", "background", "overlay", "cornerRadius", "clipShape",
        "opacity", "shadow", "offset", "lineLimit", "minimumScaleFactor", "multilineTextAlignment", "fixedSize", "layoutPriority",
        "bold", "italic", "monospacedDigit", "monospaced", "fontWeight", "fontDesign", "kerning", "tracking", "tint",
        "accentColor", "resizable", "scaledToFit", "scaledToFill", "aspectRatio", "renderingMode", "symbolRenderingMode",
        "symbolVariant", "imageScale", "contentTransition", "animation", "transition", "id", "tag", "onAppear", "onDisappear",
        "task", "widgetURL", "containerBackground", "contentMargins", "widgetAccentable", "privacySensitive", "redacted",
        "unredacted", "invalidatableContent", "keylineTint", "activityBackgroundTint", "activitySystemActionForegroundColor",
        "environment", "accessibilityLabel", "accessibilityHidden", "accessibilityValue", "accessibilityElement",
        "handGestureShortcut", "buttonStyle", "toggleStyle", "labelStyle", "progressViewStyle", "gaugeStyle", "textCase",
        "truncationMode", "allowsTightening", "strikethrough", "underline", "blur", "brightness", "saturation", "grayscale",
        "colorInvert", "colorMultiply", "hueRotation", "rotationEffect", "scaleEffect", "mask", "border", "stroke", "fill",
        "strokeBorder", "trim", "zIndex", "clipped", "compositingGroup", "drawingGroup", "luminanceToAlpha", "edgesIgnoringSafeArea",
        "ignoresSafeArea", "chartXAxis", "chartYAxis", "chartYScale", "chartXScale", "chartLegend", "foregroundStyleScale",
        "interpolationMethod", "lineStyle", "symbol", "symbolSize", "annotation", "position", "map", "filter", "compactMap",
        "sorted", "first", "last", "prefix", "suffix", "formatted", "appending", "replacingOccurrences", "contains", "reduce",
        "dropFirst", "dropLast", "joined", "lowercased", "uppercased", "description", "configurationDisplayName",
        "supportedFamilies", "displayName", "contentMarginsDisabled", "supplementalActivityFamilies", "pushHandler",
        "promptsForUserConfiguration", "containerBackgroundRemovable", "widgetContentMargins", "dynamicTypeSize",
        "environmentObject", "preferredColorScheme", "colorScheme", "help", "disabled", "contextMenu", "sheet", "alert",
        "navigationTitle", "toolbar", "onTapGesture", "gesture", "simultaneousGesture", "onChange", "onReceive", "refreshable",
        "searchable", "listRowBackground", "listStyle", "scrollContentBackground", "safeAreaInset", "alignmentGuide",
    ]
}
