import GlanceProject
import GlanceSurfaces

/// A widget needs at least one family that exists on its platform.
struct WidgetNoSupportedFamily: Rule {
    static let description = RuleDescription(
        identifier: "widget_no_supported_family",
        name: "Widget with no usable family",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "`.supportedFamilies` lists no family available on the target's platform (or is empty).",
        rationale: """
            A widget that supports no family of its platform never appears in the widget gallery: \
            `.supportedFamilies([])`, or only `.accessoryCorner` in an iOS extension, leaves nothing to add.
            """,
        source: """
            Apple, supportedFamilies(_:) <https://developer.apple.com/documentation/swiftui/widgetconfiguration/supportedfamilies(_:)>; \
            report: the widget was missing from the gallery <https://github.com/brycebostwick/WidgetAnimation/pull/4>
            """,
        premise: Premise("""
            A widget offers only the families `.supportedFamilies` lists; when none of them exists on the \
            extension's platform there is no size to add, so the widget never appears in the gallery.
            """, .inferred),
        requires: [.targets],
        triggeringExamples: [
            // On iOS the first clause applies; a second postfix `#if` inside it (true in Release, the build that
            // ships) does not hide the modifier.
            .widget("""
                struct CornerWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.corner", provider: ClockProvider()) { ClockView(entry: $0) }
                        #if os(iOS)
                            .configurationDisplayName("Corner")
                            #if !DEBUG
                            .↓supportedFamilies([.accessoryCorner])
                            #endif
                        #else
                            .supportedFamilies([.systemSmall])
                        #endif
                    }
                }
                """),
            .widget("""
                struct ClockWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.clock", provider: ClockProvider()) { ClockView(entry: $0) }
                            .↓supportedFamilies([])
                    }
                }
                """),
            .widget("""
                struct CornerWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.corner", provider: ClockProvider()) { ClockView(entry: $0) }
                            .↓supportedFamilies([.accessoryCorner])
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // A modifier only Debug builds compile: the Release build, which ships, offers the default families.
            .widget("""
                struct CornerWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.corner", provider: ClockProvider()) { ClockView(entry: $0) }
                        #if DEBUG
                            .supportedFamilies([.accessoryCorner])
                        #endif
                    }
                }
                """),
            // Under a condition Glance cannot decide (a module it does not know), the modifier may not apply.
            .widget("""
                struct CornerWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.corner", provider: ClockProvider()) { ClockView(entry: $0) }
                        #if canImport(WatchFaceKit)
                            .supportedFamilies([.accessoryCorner])
                        #endif
                    }
                }
                """),
            // An extension for iOS and macOS with a Lock Screen widget: it appears on iOS.
            RuleExample.widget("""
                struct StatusWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.status", provider: StatusProvider()) { StatusView(entry: $0) }
                            .supportedFamilies([.accessoryCircular])
                    }
                }
                """).with("Widgets") { $0.additionalPlatforms = [.macOS] },
            .watchWidget("""
                struct CornerWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.corner", provider: ClockProvider()) { ClockView(entry: $0) }
                            .supportedFamilies([.accessoryCorner])
                    }
                }
                """),
            // The watch-only family is given only when built for watchOS; on iOS the widget keeps the default families.
            .widget("""
                struct CornerWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "com.example.app.corner", provider: ClockProvider()) { ClockView(entry: $0) }
                        #if os(watchOS)
                            .supportedFamilies([.accessoryCorner])
                        #endif
                    }
                }
                """),
        ])

    static func families(on platform: Platform) -> Set<String> {
        switch platform {
        case .iOS: return ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCircular", "accessoryRectangular", "accessoryInline"]
        case .watchOS: return ["accessoryCircular", "accessoryRectangular", "accessoryInline", "accessoryCorner"]
        case .macOS: return ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"]
        case .visionOS: return ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "systemExtraLargePortrait"]
        case .tvOS: return []
        }
    }

    func validate(_ context: RuleContext) {
        for widget in context.model.widgets {
            guard let families = widget.families, let modifier = widget.familiesModifier else { continue }
            for target in widget.targets where context.model.isWidgetExtension(target) && !target.platforms.isEmpty {
                // An extension built for several platforms (iOS and macOS) may offer a widget on one of them only.
                // A modifier written for other platforms (`#if os(watchOS)`) leaves this one the default families;
                // one under a condition Glance cannot decide may too.
                guard target.platforms.allSatisfy({
                    modifier.applies(in: target, platform: $0, using: context.resolver.build) == true && Set(families).isDisjoint(with: Self.families(on: $0))
                }) else { continue }
                let listed = families.isEmpty ? "no family" : families.joined(separator: ", ")
                let platforms = target.platforms.map(\.displayName).joined(separator: " or ")
                context.report(modifier.call.location, "widget \(widget.typeName) supports \(listed), none of which exists on \(platforms) ('\(target.name)'); it will not appear in the gallery (Glance infers this from Apple's documentation).", target: target)
            }
        }
    }
}
