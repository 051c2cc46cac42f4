import GlanceProject
import GlanceSurfaces

/// AlarmKit needs `NSAlarmKitUsageDescription` in the app's Info.plist.
struct AlarmKitUsageDescriptionMissing: Rule {
    static let description = RuleDescription(
        identifier: "alarmkit_usage_description_missing",
        name: "NSAlarmKitUsageDescription missing",
        group: .alarmKit,
        defaultSeverity: .error,
        summary: "`AlarmManager` is used but the app's Info.plist has no non-empty `NSAlarmKitUsageDescription` (an `INFOPLIST_KEY_NSAlarmKitUsageDescription` build setting alone does not count: it is not a generated key).",
        rationale: """
            Without a non-empty NSAlarmKitUsageDescription the app cannot schedule alarms: authorization fails \
            and every schedule throws. The build system does not generate this key from an INFOPLIST_KEY_ \
            setting, so it must be in the Info.plist file itself.
            """,
        source: """
            Apple, NSAlarmKitUsageDescription <https://developer.apple.com/documentation/bundleresources/information-property-list/nsalarmkitusagedescription>; \
            Apple, AlarmManager <https://developer.apple.com/documentation/alarmkit/alarmmanager>; \
            swift-build, Info.plist generation (InfoPlistProcessorTaskAction.swift) <https://github.com/swiftlang/swift-build/blob/41aee626ba142a63955fa69ebe4913daa1d805ca/Sources/SWBTaskExecution/TaskActions/InfoPlistProcessorTaskAction.swift>
            """,
        premise: Premise("""
            Without a non-empty `NSAlarmKitUsageDescription` in the app's Info.plist the app cannot schedule alarms, \
            so the alarms people set never ring.
            """, .documented),
        requires: [.targets, .embedding, .infoPlist],
        triggeringExamples: [
            RuleExample.app("""
                func arm() async throws { _ = try await AlarmManager.shared.requestAuthorization() }
                """).expecting([".:1:1"]),
        ],
        nonTriggeringExamples: [
            RuleExample.app("""
                func arm() async throws { _ = try await AlarmManager.shared.requestAuthorization() }
                """).with("App") { $0.set(info: "NSAlarmKitUsageDescription", .string("Wakes you up.")) },
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        var apps: [String: (Target, String)] = [:]
        for use in model.apiUses("AlarmManager") {
            for target in use.targets {
                let app = model.kind(of: target) == .app ? target : model.app(for: target)
                if let app, apps[app.id] == nil { apps[app.id] = (app, context.place(use.location)) }
            }
        }
        for (app, place) in apps.values.sorted(by: { $0.0.name < $1.0.name }) {
            if let problem = app.configurations.compactMap(\.infoPlistProblem).first {
                context.skip("Info.plist of '\(app.name)' is incomplete (\(problem)); NSAlarmKitUsageDescription not checked")
                continue
            }
            let missing = app.configurations.filter { ($0.infoPlist["NSAlarmKitUsageDescription"]?.string ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
            guard let configuration = missing.first else { continue }
            let fromSetting = configuration.settings.isAssigned("INFOPLIST_KEY_NSAlarmKitUsageDescription")
            let detail = fromSetting ? " (INFOPLIST_KEY_NSAlarmKitUsageDescription is set, but the build does not generate that key)" : ""
            context.report(target: app, configuration: configuration, plistKey: fromSetting ? "NSAlarmKitUsageDescription" : nil, in: configuration.infoPlistFile, """
                app '\(app.name)' uses AlarmManager (\(place)) but its Info.plist has no NSAlarmKitUsageDescription in \
                \(missing.map(\.name).joined(separator: " and "))\(detail); alarms cannot be scheduled. Add the key to the Info.plist file.
                """, subjects: [ViolationSubject(targetID: app.id, configurations: missing.map(\.name))])
        }
    }
}

import Foundation
