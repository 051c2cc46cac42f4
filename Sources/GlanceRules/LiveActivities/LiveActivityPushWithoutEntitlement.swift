import GlanceProject
import GlanceSurfaces

/// Push-updated Live Activities need the Push Notifications capability on the app.
struct LiveActivityPushWithoutEntitlement: Rule {
    static let description = RuleDescription(
        identifier: "live_activity_push_without_entitlement",
        name: "Live Activity push without aps-environment",
        group: .liveActivities,
        defaultSeverity: .error,
        summary: "`Activity.request(…, pushType: .token)` or push-to-start is used but the app's entitlements have no `aps-environment`.",
        rationale: """
            ActivityKit push tokens come from APNs, which needs the Push Notifications capability \
            (`aps-environment`) on the app target — not on the widget extension. Without it no token ever \
            arrives and pushes cannot reach the activity.
            """,
        source: """
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            Apple, aps-environment <https://developer.apple.com/documentation/bundleresources/entitlements/aps-environment>
            """,
        premise: Premise("""
            ActivityKit push tokens need the Push Notifications capability (`aps-environment`) on the app target; \
            without it no token arrives and pushes never reach the activity.
            """, .documented),
        requires: [.targets, .entitlements],
        triggeringExamples: [
            RuleExample.app("""
                func start() throws {
                    let activity = try Activity<OrderAttributes>.request(attributes: attributes, content: content, pushType: .token)
                }
                """).expecting([".:1:1"]),
        ],
        nonTriggeringExamples: [
            RuleExample.app("""
                func start() throws {
                    let activity = try Activity<OrderAttributes>.request(attributes: attributes, content: content, pushType: .token)
                }
                """).with("App") { $0.set(entitlement: "aps-environment", .string("development")) },
            RuleExample.app("""
                func start() throws {
                    let activity = try Activity<OrderAttributes>.request(attributes: attributes, content: content)
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        var evidence: [String: (Target, String)] = [:]
        for request in model.activityRequests where request.pushType != nil {
            for target in request.targets where model.kind(of: target) == .app {
                evidence[target.id] = evidence[target.id] ?? (target, "Activity.request(pushType: .\(request.pushType!)) at \(context.place(request.location))")
            }
        }
        for use in model.apiUses where use.name.hasPrefix("pushToStart") {
            for target in use.targets where model.kind(of: target) == .app {
                evidence[target.id] = evidence[target.id] ?? (target, "\(use.name) at \(context.place(use.location))")
            }
        }
        for (app, what) in evidence.values.sorted(by: { $0.0.name < $1.0.name }) {
            for configuration in app.configurations {
                if let problem = configuration.entitlementsProblem { context.skip("entitlements of '\(app.name)' (\(configuration.name)) are unknown: \(problem)") }
            }
            let missing = app.configurations.filter { $0.apsEnvironment == nil && $0.entitlementsProblem == nil }
            guard let configuration = missing.first else { continue }
            context.report(target: app, configuration: configuration, plistKey: nil, in: configuration.entitlementsFile, """
                app '\(app.name)' uses Live Activity push (\(what)) but its entitlements have no aps-environment in \
                \(missing.map(\.name).joined(separator: " and ")); no push token will arrive. Add the Push Notifications capability to the app target.
                """)
        }
    }
}
