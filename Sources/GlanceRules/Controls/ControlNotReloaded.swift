import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// When the app changes the App Group value a control shows, it must reload the control.
struct ControlNotReloaded: Rule {
    static let description = RuleDescription(
        identifier: "control_not_reloaded",
        name: "Control not reloaded after the app changes its state",
        group: .controls,
        defaultSeverity: .warning,
        summary: "The app writes the App Group key a control's value provider reads, and never calls `reloadControls(ofKind:)` for that kind or `reloadAllControls()`.",
        rationale: """
            A control re-renders after its own intent runs, after the app calls \
            `ControlCenter.shared.reloadControls(ofKind:)` / `reloadAllControls()`, or after a control push. If the \
            app changes the shared value and does none of these, Control Center keeps showing the old state and \
            the next tap does the opposite of what the user expects. Writes made by the control's own action \
            intent are not counted: the system reloads the control after it runs.
            """,
        source: """
            Apple, Updating controls locally and remotely <https://developer.apple.com/documentation/widgetkit/updating-controls-locally-and-remotely>; \
            Apple, ControlCenter <https://developer.apple.com/documentation/widgetkit/controlcenter>; \
            report: toggle state stale until reloaded <https://github.com/home-assistant/iOS/issues/3020>; \
            report <https://github.com/EvanBacon/expo-apple-targets/pull/104>
            """,
        premise: Premise("""
            A control updates only after its own action, a ControlCenter reload or a control push; when the app \
            changes the value the control shows and does none of these, Control Center keeps showing the old state.
            """, .documented),
        requires: [.targets],
        triggeringExamples: [
            RuleExample(files: [
                .widget("""
                    struct LampToggle: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "com.example.app.lamp", provider: LampValueProvider()) { isOn in
                                ControlWidgetToggle("Lamp", isOn: isOn, action: SetLampIntent()) { _ in Image(systemName: "lightbulb") }
                            }
                        }
                    }
                    struct LampValueProvider: ControlValueProvider {
                        var previewValue: Bool { false }
                        func currentValue() async throws -> Bool {
                            UserDefaults(suiteName: "group.com.example.app")?.bool(forKey: "lamp") ?? false
                        }
                    }
                    """),
                .app("""
                    func setLamp(_ on: Bool) {
                        UserDefaults(suiteName: "group.com.example.app")?.↓set(on, forKey: "lamp")
                    }
                    // A second write of the same key is the same finding (a related place).
                    func resetLamp() {
                        UserDefaults(suiteName: "group.com.example.app")?.set(false, forKey: "lamp")
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                .widget("""
                    struct LampToggle: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "com.example.app.lamp", provider: LampValueProvider()) { isOn in
                                ControlWidgetToggle("Lamp", isOn: isOn, action: SetLampIntent()) { _ in Image(systemName: "lightbulb") }
                            }
                        }
                    }
                    struct LampValueProvider: ControlValueProvider {
                        var previewValue: Bool { false }
                        func currentValue() async throws -> Bool {
                            UserDefaults(suiteName: "group.com.example.app")?.bool(forKey: "lamp") ?? false
                        }
                    }
                    """),
                .app("""
                    func setLamp(_ on: Bool) {
                        UserDefaults(suiteName: "group.com.example.app")?.set(on, forKey: "lamp")
                        ControlCenter.shared.reloadControls(ofKind: "com.example.app.lamp")
                    }
                    """),
            ]),
            // The control is updated by push.
            RuleExample(files: [
                .widget("""
                    struct LampToggle: ControlWidget {
                        var body: some ControlWidgetConfiguration {
                            StaticControlConfiguration(kind: "com.example.app.lamp", provider: LampValueProvider()) { isOn in
                                ControlWidgetToggle("Lamp", isOn: isOn, action: SetLampIntent()) { _ in Image(systemName: "lightbulb") }
                            }
                            .pushHandler(LampPushHandler.self)
                        }
                    }
                    struct LampValueProvider: ControlValueProvider {
                        var previewValue: Bool { false }
                        func currentValue() async throws -> Bool { UserDefaults(suiteName: "group.com.example.app")?.bool(forKey: "lamp") ?? false }
                    }
                    """),
                .app("""
                    func setLamp(_ on: Bool) { UserDefaults(suiteName: "group.com.example.app")?.set(on, forKey: "lamp") }
                    """),
            ]),
        ])

    func validate(_ context: RuleContext) {
        let model = context.model
        for control in model.controls {
            guard let provider = control.valueProvider, control.modifier("pushHandler") == nil else { continue }
            guard let kind = control.kind?.known else {
                context.skip("control \(control.typeName): kind is not a constant Glance can read", file: context.relativePath(control.location))
                continue
            }
            let readKeys = keysRead(by: provider, declaredIn: control.valueProviderType?.location.file ?? control.location.file,
                                    targets: Set(control.targets.map(\.id)), model: model)
            guard !readKeys.isEmpty else { continue }
            // The control's own action: after it runs, the system reloads the control.
            let actions = Set(control.actions.compactMap(\.intent))
            for write in model.storeAccesses where write.isWrite && readKeys.contains(write.key) && !(write.context.map(actions.contains) ?? false) {
                let apps = write.targets.filter { model.kind(of: $0) == .app }
                for app in apps {
                    let reloads = model.reloads.filter { reload in
                        reload.targets.contains { $0.id == app.id } && (reload.api == .reloadAllControls || (reload.api == .reloadControls && (reload.kind?.known == kind || reload.kind?.known == nil)))
                    }
                    guard reloads.isEmpty else { continue }
                    // The reload may be in a Swift file of the app that Glance did not read.
                    if let unread = model.unreadSources(of: app).first {
                        context.skip("'\(app.name)' calls no reloadControls in the Swift files Glance read, but it did not read \(context.shownPath(unread)); control \(control.typeName) not checked", file: context.relativePath(write.location))
                        continue
                    }
                    // One finding per app, control kind and key written: the other writes are related places.
                    context.report(write.location, """
                        the app writes "\(write.key)", which control \(control.typeName) (kind "\(kind)") reads, but target \
                        '\(app.name)' never calls ControlCenter.shared.reloadControls(ofKind: "\(kind)") or reloadAllControls(); \
                        Control Center keeps showing the old value.
                        """, target: app, cause: "\(kind)|\(write.key)")
                }
            }
        }
    }

    /// App Group keys read on the value provider's code path (its `currentValue` and what that calls), by
    /// code compiled with the control.
    private func keysRead(by provider: String, declaredIn file: String, targets: Set<String>, model: SurfaceModel) -> Set<String> {
        let members = model.reachableMembers(from: [(provider, "currentValue", file)])
        return Set(model.storeAccesses.filter { access in
            !access.isWrite && access.targets.contains { targets.contains($0.id) }
                && access.context.map { members.contains($0 + "#" + (access.member ?? "")) } == true
        }.map(\.key))
    }
}
