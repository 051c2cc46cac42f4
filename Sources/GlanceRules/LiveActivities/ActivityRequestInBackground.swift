import GlanceSourceIndex
import GlanceSurfaces

/// `Activity.request` only succeeds while the app is in the foreground.
struct ActivityRequestInBackground: Rule {
    static let description = RuleDescription(
        identifier: "activity_request_in_background",
        name: "Live Activity requested from the background",
        group: .liveActivities,
        defaultSeverity: .warning,
        summary: "`Activity.request` is called from a background entry point (a BGTask handler, `.backgroundTask`, a silent-push or location callback, or an intent that does not open the app).",
        rationale: """
            Starting a Live Activity requires a foreground-active app: from the background `Activity.request` \
            fails with `visibility`, so renewals and automatic starts silently do nothing. Use push-to-start \
            (iOS 17.2+), a LiveActivityStartingIntent, or defer until the app becomes active.
            """,
        source: """
            Apple, Displaying live data with Live Activities <https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities>; \
            Apple, ActivityAuthorizationError <https://developer.apple.com/documentation/activitykit/activityauthorizationerror>; \
            Apple, Starting and updating Live Activities with ActivityKit push notifications <https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications>; \
            report: renewal from a background task fails with visibility <https://github.com/loopandlearn/LoopFollow/pull/611>
            """,
        premise: Premise("""
            An app can start a Live Activity only while it is in the foreground (push-to-start and Live Activity \
            intents aside); from the background `Activity.request` fails, so the activity never appears.
            """, .documented),
        triggeringExamples: [
            .app("""
                final class Renewer {
                    func handleBackgroundRefresh(_ task: BGAppRefreshTask) {
                        if Date() > renewDeadline {
                            _ = try? Activity.↓request(attributes: attrs, content: content, pushType: .token)
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .app("""
                final class Renewer {
                    func sceneDidBecomeActive() {
                        _ = try? Activity<TripAttributes>.request(attributes: attrs, content: content, pushType: .token)
                    }
                }
                """),
        ])

    static let backgroundSignatures: Set<String> = [
        "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)", "locationManager(_:didUpdateLocations:)",
        "application(_:performFetchWithCompletionHandler:)", "userNotificationCenter(_:didReceive:withCompletionHandler:)",
    ]
    static let taskTypes: Set<String> = ["BGAppRefreshTask", "BGProcessingTask", "BGTask", "BGContinuedProcessingTask"]

    func validate(_ context: RuleContext) {
        let model = context.model
        for request in model.activityRequests {
            guard let memberName = request.member else { continue }
            let owner = request.context ?? ""
            let file = request.location.file
            let members = request.context.map { context.resolver.declarations(of: $0, from: file).flatMap { $0.members(named: memberName) } }
                ?? context.resolver.globals(named: memberName, from: file).filter { $0.kind == .function }
            var reason: String?
            for member in members {
                if Self.backgroundSignatures.contains(member.signature) { reason = member.signature }
                else if let parameter = member.parameters.first(where: { Self.taskTypes.contains(TypeName.base($0.type ?? "")) }) {
                    reason = "a \(TypeName.base(parameter.type ?? "")) handler"
                } else if member.name == "perform", let intent = model.intent(named: owner, from: file), !intent.opensApp(in: nil),
                          intent.conformances.isDisjoint(with: ["LiveActivityIntent", "LiveActivityStartingIntent", "ForegroundContinuableIntent"]) {
                    reason = "\(owner).perform(), an intent that runs in the background"
                }
                member.code.walk { expr in
                    guard reason == nil, case .call(let call) = expr, call.name == "register" || call.name == "backgroundTask" else { return }
                    if call.closures.contains(where: { $0.closure.body.allCalls.contains { $0.location == request.location } }) {
                        reason = call.name == "register" ? "a BGTaskScheduler handler" : "a .backgroundTask closure"
                    }
                }
            }
            guard let reason else { continue }
            context.report(request.location, "Activity.request is called from \(reason); it fails with \"visibility\" unless the app is in the foreground. Use push-to-start or defer the request until the app is active.", target: request.targets.first)
        }
    }
}
