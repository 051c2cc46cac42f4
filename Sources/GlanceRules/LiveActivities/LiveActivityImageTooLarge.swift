import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// Images in a Live Activity must not be larger than the presentation they are shown in.
struct LiveActivityImageTooLarge: Rule {
    static let description = RuleDescription(
        identifier: "live_activity_image_too_large",
        name: "Live Activity image larger than its presentation",
        group: .liveActivities,
        defaultSeverity: .error,
        summary: "An asset-catalog image used in a Live Activity presentation is larger, in points, than that presentation allows (minimal 45×36.67 pt, compact 62.33×36.67 pt, Lock Screen / expanded 408×160 pt).",
        rationale: """
            ActivityKit may refuse to start an activity whose images are larger than the presentation on that \
            device: it shows nothing, or works on newer phones only. The size in points is the image's pixel \
            size divided by its scale (PNG/JPEG headers); PDF and SVG use their declared size, and are skipped \
            when it is unknown or when the asset preserves vector data (then it is drawn at the size the view \
            gives it). Ship presentation-sized variants.
            """,
        source: """
            Apple, Displaying live data with Live Activities <https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities>; \
            Apple Human Interface Guidelines, Live Activities <https://developer.apple.com/design/human-interface-guidelines/live-activities>; \
            report: fixed by resizing images <https://github.com/istornz/flutter_live_activities/issues/21>
            """,
        premise: Premise("""
            Apple requires a Live Activity's images to be no larger than the presentation on that device; a larger \
            one can make the system fail to start the activity, so nothing appears.
            """, .documented),
        requires: [.targets, .resources],
        triggeringExamples: [
            RuleExample.widget("""
                struct ScoreLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: ScoreAttributes.self) { context in
                            Text("Score")
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { ↓Image("TeamLogo").resizable().frame(width: 24, height: 24) }
                                compactTrailing: { Text("3:1") } minimal: { Text("3") }
                        }
                    }
                }
                """).with("Widgets") { $0.images = ["TeamLogo": (width: 500, height: 500, scale: 3)] },
        ],
        nonTriggeringExamples: [
            RuleExample.widget("""
                struct ScoreLiveActivity: Widget {
                    var body: some WidgetConfiguration {
                        ActivityConfiguration(for: ScoreAttributes.self) { context in
                            Image("TeamBanner")
                        } dynamicIsland: { context in
                            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("") } }
                                compactLeading: { Image("TeamLogo") } compactTrailing: { Text("3:1") } minimal: { Image("TeamLogo") }
                        }
                    }
                }
                """).with("Widgets") { $0.images = ["TeamLogo": (width: 96, height: 96, scale: 3), "TeamBanner": (width: 900, height: 300, scale: 3)] },
        ])

    /// Largest size in points per presentation (430-pt-wide iPhones, the largest; LA-05).
    static func limit(for presentation: String) -> (width: Double, height: Double) {
        switch presentation {
        case "minimal": return (45, 36.67)
        case "compactLeading", "compactTrailing": return (62.33, 36.67)
        default: return (408, 160)
        }
    }

    func validate(_ context: RuleContext) {
        let model = context.model
        for activity in model.liveActivities {
            let catalogs = activity.targets.filter(model.isWidgetExtension).flatMap { model.project.catalogs(of: $0) }
            for (presentation, tree) in activity.presentations.all {
                let limit = Self.limit(for: presentation)
                for scoped in tree.calls(named: "Image") where scoped.call.argument("bundle") == nil {
                    guard let name = scoped.call.arguments.first(where: { $0.label == nil || $0.label == "decorative" })?.value.stringValue,
                          let image = catalogs.lazy.compactMap({ $0.image(named: name) }).first else { continue }
                    var largest: (width: Double, height: Double)?
                    for representation in Self.loaded(image.representations, in: presentation) {
                        // A PDF or SVG kept as a vector ("Preserve Vector Data") is drawn at the size the view gives
                        // it, not at its document size.
                        guard let size = representation.size, !(size.isVector && representation.preservesVector) else { continue }
                        let scale = size.isVector ? 1 : (representation.scale ?? 1)
                        let points = (size.width / scale, size.height / scale)
                        if points.0 > limit.width || points.1 > limit.height, points.0 * points.1 > (largest.map { $0.width * $0.height } ?? 0) {
                            largest = points
                        }
                    }
                    guard let largest else { continue }
                    context.report(scoped.call.location, """
                        image "\(name)" is \(Self.format(largest.width))×\(Self.format(largest.height)) pt, larger than the \(presentation) \
                        presentation of \(activity.attributes) allows (\(Self.format(limit.width))×\(Self.format(limit.height)) pt); the \
                        activity may fail to start. Ship a smaller variant for this presentation.
                        """, target: activity.targets.first)
                }
            }
        }
    }

    /// The representations a device showing the presentation loads: no device with Live Activities has a 1x
    /// screen, and every iPhone with a Dynamic Island is 3x, so a 1x slot is left out when a 2x or 3x one exists,
    /// and for the Dynamic Island's presentations only the 3x slot counts when there is one. Vector and unscaled
    /// ones always count.
    static func loaded(_ representations: [ImageRepresentation], in presentation: String) -> [ImageRepresentation] {
        let scales = Set(representations.compactMap { $0.size?.isVector == false ? $0.scale : nil })
        let onDynamicIsland = presentation != "lockScreen"
        return representations.filter { representation in
            guard let scale = representation.scale, representation.size?.isVector == false else { return true }
            if onDynamicIsland, scales.contains(3) { return scale == 3 }
            return scale > 1 || scales.allSatisfy { $0 <= 1 }
        }
    }

    static func format(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.2f", value)
    }
}

import Foundation
