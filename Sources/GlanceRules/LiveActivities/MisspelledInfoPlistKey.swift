import GlanceProject
import GlanceSurfaces

/// Known-wrong spellings of the Live Activity Info.plist keys.
struct MisspelledInfoPlistKey: Rule {
    static let description = RuleDescription(
        identifier: "misspelled_info_plist_key",
        name: "Misspelled Info.plist key",
        group: .liveActivities,
        defaultSeverity: .error,
        summary: "A known-wrong spelling of a Live Activity or AlarmKit Info.plist key (such as `NSSupportsFrequentLiveActivityUpdates`) appears in an Info.plist or an `INFOPLIST_KEY_` setting.",
        rationale: """
            The system reads exact key names. Apple's own ActivityAuthorizationInfo page spells the frequent \
            updates key `NSSupportsFrequentLiveActivityUpdates`, which does nothing; the key is \
            `NSSupportsLiveActivitiesFrequentUpdates`. Near-misses of `NSSupportsLiveActivities`, \
            `WKSupportsLiveActivityLaunchAttributeTypes` and `NSAlarmKitUsageDescription` are caught too.
            """,
        source: """
            Apple, NSSupportsLiveActivitiesFrequentUpdates <https://developer.apple.com/documentation/bundleresources/information-property-list/nssupportsliveactivitiesfrequentupdates>; \
            Apple, WKSupportsLiveActivityLaunchAttributeTypes <https://developer.apple.com/documentation/bundleresources/information-property-list/wksupportsliveactivitylaunchattributetypes>; \
            Apple, NSAlarmKitUsageDescription <https://developer.apple.com/documentation/bundleresources/information-property-list/nsalarmkitusagedescription>; \
            swift-build, INFOPLIST_KEY_ settings (CoreBuildSystem.xcspec) <https://github.com/swiftlang/swift-build/blob/41aee626ba142a63955fa69ebe4913daa1d805ca/Sources/SWBCore/Specs/CoreBuildSystem.xcspec>
            """,
        premise: Premise("""
            The system reads Live Activity and AlarmKit settings under their documented key names only; a misspelled \
            key (such as the `NSSupportsFrequentLiveActivityUpdates` spelling on Apple's own \
            ActivityAuthorizationInfo page) is ignored, so the feature stays off.
            """, .documented),
        requires: [.infoPlist],
        triggeringExamples: [
            RuleExample.app("struct App {}").with("App") { $0.set(info: "NSSupportsFrequentLiveActivityUpdates", .bool(true)) }.expecting([".:1:1"]),
            RuleExample.app("struct App {}").with("App") { $0.set(info: "NSSupportLiveActivities", .bool(true)) }.expecting([".:1:1"]),
        ],
        nonTriggeringExamples: [
            RuleExample.app("struct App {}").with("App") {
                $0.set(info: "NSSupportsLiveActivities", .bool(true))
                $0.set(info: "NSSupportsLiveActivitiesFrequentUpdates", .bool(true))
            },
        ])

    static let correct = ["NSSupportsLiveActivities", "NSSupportsLiveActivitiesFrequentUpdates", "WKSupportsLiveActivityLaunchAttributeTypes",
                          "NSAlarmKitUsageDescription"]
    static let knownWrong = ["NSSupportsFrequentLiveActivityUpdates": "NSSupportsLiveActivitiesFrequentUpdates"]

    /// The key a wrong spelling stands for, or nil.
    static func intended(_ key: String) -> String? {
        if correct.contains(key) { return nil }
        if let known = knownWrong[key] { return known }
        // Two edits change the length by at most two: the distance to a longer or shorter key is not computed.
        let length = key.count
        return correct.first { abs($0.count - length) <= 2 && key.editDistance(to: $0) <= 2 }
    }

    func validate(_ context: RuleContext) {
        for target in context.project.targets {
            var reported: Set<String> = []
            for configuration in target.configurations {
                var keys = Array(configuration.infoPlist.keys)
                keys += configuration.settings.assignedNames.filter { $0.hasPrefix("INFOPLIST_KEY_") }.map { String($0.dropFirst("INFOPLIST_KEY_".count)) }
                for key in Set(keys).sorted() {
                    guard let intended = Self.intended(key), reported.insert(key).inserted else { continue }
                    let inFile = configuration.infoPlistFile != nil && configuration.infoPlist[key] != nil && !configuration.settings.isAssigned("INFOPLIST_KEY_" + key)
                    context.report(target: target, configuration: configuration, plistKey: key, in: inFile ? configuration.infoPlistFile : nil,
                                   "\(key) is not a key the system reads (target '\(target.name)'); the spelling is \(intended).")
                }
            }
        }
    }
}
