import Foundation
import GlanceProject
import GlanceSurfaces

/// Decoded widget images count against the extension's ~30 MB memory limit.
struct WidgetImageOversized: Rule {
    static let description = RuleDescription(
        identifier: "widget_image_oversized",
        name: "Widget image far larger than any widget",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "An asset-catalog image a widget shows has more than twice the pixels of the largest widget at 3× (about 2.5 million pixels).",
        rationale: """
            Widget extensions run with a memory limit of about 30 MB, and an image is decoded to width × height \
            × 4 bytes whatever frame it is drawn in. Oversized images make widgets render blank on older \
            devices. Downscale them.
            """,
        source: """
            report: large images leave the widget blank <https://github.com/ABausG/home_widget/issues/119>; \
            report: the widget memory limit <https://github.com/feedback-assistant/reports/issues/177>
            """,
        premise: Premise("""
            Widget extensions run with a memory limit of about 30 MB and an image decodes to width × height × 4 \
            bytes; developers report widgets with oversized images rendering blank on older devices.
            """, .reported),
        requires: [.targets, .resources],
        triggeringExamples: [
            RuleExample.widget("""
                struct HeaderWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "header", provider: Provider()) { entry in
                            ↓Image("Header").resizable().frame(width: 80, height: 50)
                                .containerBackground(.fill, for: .widget)
                        }
                    }
                }
                """).with("Widgets") { $0.images = ["Header": (width: 2400, height: 1600, scale: 1)] },
        ],
        nonTriggeringExamples: [
            RuleExample.widget("""
                struct HeaderWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "header", provider: Provider()) { entry in
                            Image("Header").resizable().frame(width: 80, height: 50)
                                .containerBackground(.fill, for: .widget)
                        }
                    }
                }
                """).with("Widgets") { $0.images = ["Header": (width: 240, height: 150, scale: 3)] },
        ])

    /// Twice the pixels of a systemLarge widget (364 × 382 pt) at 3×.
    static let limit = 2.0 * (364 * 3) * (382 * 3)

    func validate(_ context: RuleContext) {
        let model = context.model
        for widget in model.widgets where widget.configuration != .activityConfiguration {
            let catalogs = widget.targets.filter(model.isWidgetExtension).flatMap { model.project.catalogs(of: $0) }
            for scoped in widget.content.calls(named: "Image") where scoped.call.argument("bundle") == nil {
                guard let name = scoped.call.arguments.first(where: { $0.label == nil || $0.label == "decorative" })?.value.stringValue,
                      let image = catalogs.lazy.compactMap({ $0.image(named: name) }).first else { continue }
                let sizes = image.representations.compactMap(\.size).filter { !$0.isVector }
                guard let largest = sizes.max(by: { $0.width * $0.height < $1.width * $1.height }), largest.width * largest.height > Self.limit else { continue }
                let megabytes = Int((largest.width * largest.height * 4 / 1_000_000).rounded())
                context.report(scoped.call.location, "image \"\(name)\" is \(Int(largest.width))×\(Int(largest.height)) px (≈\(megabytes) MB decoded) in widget \(widget.typeName); widgets have a ~30 MB memory limit and may render blank (developers report this; Apple does not document it). Downscale it.", target: widget.targets.first)
            }
        }
    }
}
