import Foundation
import GlanceSurfaces

/// `OpenURLIntent` is documented for universal links; a custom scheme may be ignored.
struct OpenURLIntentCustomScheme: Rule {
    static let description = RuleDescription(
        identifier: "open_url_intent_custom_scheme",
        name: "OpenURLIntent with a custom URL scheme",
        group: .controls,
        defaultSeverity: .warning,
        summary: "`OpenURLIntent` is given a URL whose scheme is not http/https.",
        rationale: """
            Apple documents OpenURLIntent's URL as a universal link. Reports differ on custom schemes, and in \
            at least one app the control did nothing on device. Use an OpenIntent (in the app target) or a \
            universal link. A warning, and opt-in (list it in `opt_in_rules`): one project reports a custom scheme \
            working, so the premise is disputed.
            """,
        source: """
            Apple, OpenURLIntent <https://developer.apple.com/documentation/appintents/openurlintent>; \
            report: the control did nothing on device <https://github.com/sudopark/TodoCalendar/pull/771>; \
            report <https://github.com/callstackincubator/voltra/issues/43>; \
            contrary report <https://github.com/krelltunez/lastGLANCE/pull/293>
            """,
        premise: Premise("""
            Apple documents OpenURLIntent's URL as a universal link; developers report that a custom-scheme URL \
            there did nothing on device (one reports it working), so tapping the control may not open the app.
            """, .reported),
        enabledByDefault: false,
        triggeringExamples: [
            .widget("""
                struct AddItemControlIntent: AppIntent {
                    static let title: LocalizedStringResource = "Add item"
                    func perform() async throws -> some IntentResult & OpensIntent {
                        .result(opensIntent: ↓OpenURLIntent(URL(string: "exampleapp://add")!))
                    }
                }
                """),
            // A `var` holds the URL it was last given.
            .widget("""
                struct AddItemControlIntent: AppIntent {
                    static let title: LocalizedStringResource = "Add item"
                    func perform() async throws -> some IntentResult & OpensIntent {
                        var url = URL(string: "https://example.com/add")!
                        url = URL(string: "exampleapp://add")!
                        return .result(opensIntent: ↓OpenURLIntent(url))
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct AddItemControlIntent: AppIntent {
                    static let title: LocalizedStringResource = "Add item"
                    func perform() async throws -> some IntentResult & OpensIntent {
                        .result(opensIntent: OpenURLIntent(URL(string: "https://example.com/add")!))
                    }
                }
                """),
            // The `url` of the `if` block is not the one outside it.
            .widget("""
                struct AddItemControlIntent: AppIntent {
                    static let title: LocalizedStringResource = "Add item"
                    @Parameter(title: "Quick") var quick: Bool
                    func perform() async throws -> some IntentResult & OpensIntent {
                        let url = URL(string: "https://example.com/add")!
                        if quick {
                            let url = URL(string: "exampleapp://add")!
                            print(url)
                        }
                        return .result(opensIntent: OpenURLIntent(url))
                    }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        for link in context.model.deepLinks where link.source == .openURLIntent {
            guard let text = link.url ?? link.urlPrefix, let scheme = URLComponents(string: text)?.scheme?.lowercased(),
                  scheme != "http", scheme != "https" else { continue }
            let intent = link.ownerType.flatMap { context.model.intent(declaredBy: $0) }
            let both = intent?.openAppWhenRun(in: nil) == true ? " It also sets openAppWhenRun = true: pick one mechanism." : ""
            context.report(link.location, "OpenURLIntent is documented for universal links; \"\(scheme)://\" is a custom scheme and may be ignored (developers report this; Apple does not document it). Use an OpenIntent (intent in the app target) or a universal link.\(both)", target: link.targets.first)
        }
    }
}
