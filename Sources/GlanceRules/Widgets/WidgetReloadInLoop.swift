import GlanceSurfaces

/// Each timeline reload spends the widget's daily budget.
struct WidgetReloadInLoop: Rule {
    static let description = RuleDescription(
        identifier: "widget_reload_in_loop",
        name: "Widget reload inside a loop",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "`reloadTimelines(ofKind:)` or `reloadAllTimelines()` is called inside a `for`/`while`/`forEach` body with the same kind on every pass.",
        rationale: """
            Reloads share the widget's daily budget (about 40–70 a day) with its own refreshes. Reloading once \
            per item spends it quickly, and the widget then freezes until the budget returns. Reload once \
            after the loop, and only when visible data changed. A loop whose kind comes from the loop's own \
            variable (`for kind in ["small", "large"]`) reloads each kind once, and is left alone; so is a loop in \
            a SwiftUI view, which runs while the app is in the foreground, when reloads do not count.
            """,
        source: """
            Apple, Keeping a widget up to date <https://developer.apple.com/documentation/widgetkit/keeping-a-widget-up-to-date>; \
            report: reloads in a loop used up the budget <https://github.com/MapleTechLabs/maple/pull/548>
            """,
        premise: Premise("""
            Reloads the app asks for spend the widget's daily budget (Apple documents the budget); developers report \
            that reloading once per data item uses it up, so the widget stops updating for hours.
            """, .reported),
        triggeringExamples: [
            .app("""
                func refresh(_ accounts: [Account]) async {
                    for account in accounts {
                        let snapshot = await fetch(account)
                        save(snapshot)
                        WidgetCenter.shared.↓reloadTimelines(ofKind: "com.example.app.summary")
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // A view's refresh runs while the app is in the foreground, when reloads do not count against the budget.
            .app("""
                struct VehiclesView: View {
                    let vehicles: [Vehicle]
                    var body: some View { List(vehicles) { Text($0.name) }.refreshable { await refresh() } }
                    func refresh() async {
                        for vehicle in vehicles {
                            await vehicle.update()
                            WidgetCenter.shared.reloadTimelines(ofKind: "com.example.app.summary")
                        }
                    }
                }
                """),
            // A reactive stream's operator (RxSwift, Combine) named like a loop: it runs once per value the upload sends.
            .app("""
                func upload(_ image: Data) -> Observable<Bool> {
                    storage.upload(image).flatMap { url -> Observable<Bool> in
                        guard let url else { return .just(false) }
                        return database.save(url).do { saved in
                            if saved { WidgetCenter.shared.reloadTimelines(ofKind: "Photo") }
                        }
                    }
                }
                """),
            .app("""
                func refresh(_ accounts: [Account]) async {
                    var changed = false
                    for account in accounts { changed = save(await fetch(account)) || changed }
                    if changed { WidgetCenter.shared.reloadTimelines(ofKind: "com.example.app.summary") }
                }
                """),
            // Each kind of a list once (FC2-15).
            .app("""
                func refreshAll() {
                    for kind in ["com.example.app.small", "com.example.app.large"] {
                        WidgetCenter.shared.reloadTimelines(ofKind: kind)
                    }
                    WidgetKinds.allCases.forEach { WidgetCenter.shared.reloadTimelines(ofKind: $0.rawValue) }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        for reload in context.model.reloads where reload.insideLoop && !reload.kindVariesWithLoop
            && (reload.api == .reloadTimelines || reload.api == .reloadAllTimelines)
            // Reloads while the app is in the foreground do not count against the budget (Apple, Keeping a widget up to date).
            && !context.model.runsOnlyInForeground(context: reload.context, file: reload.location.file) {
            context.report(reload.location, "\(reload.api.rawValue) is called inside a loop; each call spends the widget reload budget (developers report this; Apple does not document it). Reload once after the loop, and only if the data changed.", target: reload.targets.first)
        }
    }
}
