import Foundation
import GlanceSurfaces

/// Custom alarm sounds need the file extension and a supported format.
struct AlarmSoundName: Rule {
    static let description = RuleDescription(
        identifier: "alarm_sound_name",
        name: "Alarm sound name without a supported file extension",
        group: .alarmKit,
        defaultSeverity: .warning,
        summary: "An AlarmKit sound `.named(\"…\")` has no file extension, or one other than .caf, .aiff or .wav.",
        rationale: """
            Developers report AlarmKit silently falling back to the default tone when a custom sound is named \
            without its extension, or is not a .caf, .aiff or .wav file (under 30 seconds). Name the file with \
            its extension and ship a supported format.
            """,
        source: """
            report: a sound name without extension plays the default tone <https://github.com/oalejel/Athan-Utility/pull/15>; \
            report: .caf, .aiff or .wav <https://github.com/gdelataillade/flutter_alarmkit/issues/7>
            """,
        premise: Premise("""
            Developers report AlarmKit playing the default tone instead of a custom sound named without its file \
            extension, or stored in a format other than .caf, .aiff or .wav.
            """, .reported),
        triggeringExamples: [
            .app("""
                func configure() {
                    let config = AlarmManager.AlarmConfiguration(countdownDuration: nil, schedule: schedule, attributes: attributes,
                                                                 sound: .↓named("sunrise"))
                }
                """),
            .app("""
                func configure() {
                    let config = AlarmManager.AlarmConfiguration(countdownDuration: nil, schedule: schedule, attributes: attributes,
                                                                 sound: .↓named("sunrise.mp3"))
                }
                """),
        ],
        nonTriggeringExamples: [
            .app("""
                func configure() {
                    let config = AlarmManager.AlarmConfiguration(countdownDuration: nil, schedule: schedule, attributes: attributes,
                                                                 sound: .named("sunrise.caf"))
                }
                """),
        ])

    static let supported: Set<String> = ["caf", "aiff", "aif", "wav"]

    func validate(_ context: RuleContext) {
        // A call `sound: .named("…")` is written only in a file with both words.
        for file in context.model.index.parsedFiles(mentioningAll: ["sound", "named"]) {
            for call in (file.types.flatMap(\.members).map(\.code) + file.globals.map(\.code)).flatMap(\.allCalls) where call.argument("sound") != nil {
                guard let sound = call.argument("sound"), case .call(let named) = sound, named.name == "named", named.isImplicitMember || named.base?.dottedPath?.hasSuffix("AlertSound") == true,
                      let name = named.unlabeled.first?.stringValue else { continue }
                let ext = (name as NSString).pathExtension.lowercased()
                let targets = context.resolver.targets(ofFile: file.path)
                if ext.isEmpty {
                    context.report(named.location, "alarm sound \"\(name)\" has no file extension; AlarmKit may fall back to the default tone (developers report this; Apple does not document it). Use the full file name (for example \"\(name).caf\").", target: targets.first)
                } else if !Self.supported.contains(ext) {
                    context.report(named.location, "alarm sound \"\(name)\" is a .\(ext) file; AlarmKit plays .caf, .aiff or .wav sounds (under 30 s) and falls back to the default tone otherwise (developers report this; Apple does not document it).", target: targets.first)
                }
            }
        }
    }
}
