import Testing
import GlanceProject
import GlanceSourceIndex
@testable import GlanceSurfaces

/// A project of several modules, from in-memory files: each target is a module of its own files (named after
/// the target unless `moduleNames` says otherwise); `packages` are modules no target builds but targets link.
private func project(targets: [(name: String, kind: TargetKind, platform: Platform, files: [String: String])],
                     packages: [(name: String, files: [String: String])] = [],
                     links: [String: [String]] = [:]) -> SurfaceModel {
    var sources: [String: String] = [:]
    var modules: [SwiftModule] = []
    for package in packages {
        sources.merge(package.files) { first, _ in first }
        modules.append(SwiftModule(id: "package:" + package.name, name: package.name, sources: package.files.keys.sorted()))
    }
    let built = targets.map { spec -> Target in
        sources.merge(spec.files) { first, _ in first }
        let linked = links[spec.name] ?? []
        let packageFiles = packages.filter { linked.contains($0.name) }.flatMap { $0.files.keys.sorted() }
        modules.append(SwiftModule(id: spec.name, name: spec.name, sources: spec.files.keys.sorted(),
                                   dependencies: linked.map { name in packages.contains { $0.name == name } ? "package:" + name : name }))
        return Target(id: spec.name, name: spec.name, productType: nil, kind: spec.kind, kindReason: "test", platforms: [spec.platform],
                      sources: spec.files.keys.sorted() + packageFiles, assetCatalogs: [], configurations: [], defaultConfigurationName: nil,
                      dependencies: [], embeds: [], projectPath: nil)
    }
    let model = ProjectModel(root: "/p", projectFiles: [], targets: built, unassignedSources: [], isLooseSources: false, notes: [], modules: modules)
    return SurfaceModel.build(project: model, index: SourceIndex(sources: sources))
}

private let widgetImports = "import SwiftUI\nimport WidgetKit\n"

/// Only the files that can hold what a lookup asks for are parsed.
struct LazyParsingTests {
    /// A strings catalog that nests `Widget` and `AppIntent` inside its own enum neither shadows WidgetKit's
    /// names elsewhere nor is parsed to find out; nor to follow `L10n.Widget.title` from a control's provider.
    @Test func typesNestedInAnotherTypeAreNotParsedForTopLevelLookups() {
        let sources = [
            "/p/Strings.swift": "enum L10n { enum Widget { static var title: String { \"Widget\" } }; enum AppIntent {}; static var body = \"\" }",
            "/p/Timer.swift": widgetImports + """
                @main struct TimerWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "timer", provider: Provider()) { _ in Row(title: L10n.Widget.title) }
                    }
                }
                """,
            "/p/Row.swift": "import SwiftUI\nstruct Row: View { let title: String; var body: some View { Text(title) } }",
        ]
        let model = project(targets: [(name: "Widgets", kind: .widgetExtension, platform: .iOS, files: sources)])
        #expect(model.widgets.compactMap { $0.kind?.known } == ["timer"])
        #expect(!model.index.parsedFiles.map(\.path).contains("/p/Strings.swift"))
        #expect(model.index.parsedFiles.map(\.path).contains("/p/Row.swift"))
    }

    /// A control whose value provider reads App Group defaults through `read` (what its `currentValue` returns).
    static func control(reading read: String) -> String {
        widgetImports + """
            struct SyncControl: ControlWidget {
                var body: some ControlWidgetConfiguration {
                    StaticControlConfiguration(kind: "sync", provider: SyncValue()) { isOn in
                        ControlWidgetToggle("Sync", isOn: isOn, action: SyncIntent()) { _ in Text("Sync") }
                    }
                }
            }
            struct SyncValue: ControlValueProvider {
                var previewValue: Bool { false }
                func currentValue() async throws -> Bool { \(read) }
            }
            """
    }

    /// A static App Group store (`Vault.store`) is reached through its type's name: a file that calls the same
    /// methods on an unrelated `store` of its own is not parsed for it. Its writers are parsed only when a control's
    /// value path reads the store (the writes matter to nothing else).
    @Test func staticStoresLeadOnlyToFilesThatNameTheirType() {
        let files = [
            "/p/App/Vault.swift": "import Foundation\nenum Vault {\n    private static let store = UserDefaults(suiteName: \"group.com.example.app\")!\n    static func token() -> String? { store.string(forKey: \"token\") }\n}",
            "/p/App/Search.swift": "import Foundation\nfinal class Search {\n    private let store: UserDefaults\n    init(store: UserDefaults) { self.store = store }\n    var engine: String? { store.string(forKey: \"engine\") }\n}",
            "/p/App/Sync.swift": "import Foundation\nfunc sync() { Vault.store.set(1, forKey: \"synced\") }",
        ]
        let model = project(targets: [("App", .app, .iOS, files.merging(["/p/App/Control.swift": Self.control(reading: "Vault.token() != nil")]) { a, _ in a })])
        #expect(model.storeAccesses.map(\.key).sorted() == ["synced", "token"])
        #expect(!model.index.parsedFiles.map(\.path).contains("/p/App/Search.swift"))
        // No control reads the store: the writer is not parsed.
        let unread = project(targets: [("App", .app, .iOS, files)])
        #expect(unread.storeAccesses.map(\.key) == ["token"])
        #expect(!unread.index.parsedFiles.map(\.path).contains("/p/App/Sync.swift"))
    }

    /// Code only a test bundle compiles runs in no app or extension: a test that writes the store through its
    /// property is not parsed for it; the same code in the app is.
    @Test func storeUsersOnlyTestsCompileAreNotParsed() {
        let vault = "import Foundation\nenum Vault {\n    static let store = UserDefaults(suiteName: \"group.com.example.app\")!\n}"
        let sync = "import Foundation\nfunc sync() { Vault.store.set(1, forKey: \"synced\") }"
        let control = Self.control(reading: "Vault.store.bool(forKey: \"enabled\")")
        let tested = project(targets: [("App", .app, .iOS, ["/p/App/Vault.swift": vault, "/p/App/Control.swift": control]),
                                       ("AppTests", .testBundle, .iOS, ["/p/Tests/SyncTests.swift": sync])])
        #expect(tested.storeAccesses.filter(\.isWrite).isEmpty)
        #expect(!tested.index.parsedFiles.map(\.path).contains("/p/Tests/SyncTests.swift"))
        // Parsed for another reason (it names an App Group), a test's accesses are still no surface.
        let eager = sync + "\nlet suite = UserDefaults(suiteName: \"group.com.example.app\")"
        let parsed = project(targets: [("App", .app, .iOS, ["/p/App/Vault.swift": vault, "/p/App/Control.swift": control]),
                                       ("AppTests", .testBundle, .iOS, ["/p/Tests/SyncTests.swift": eager])])
        #expect(parsed.index.parsedFiles.map(\.path).contains("/p/Tests/SyncTests.swift"))
        #expect(parsed.storeAccesses.filter(\.isWrite).isEmpty)
        let shipped = project(targets: [("App", .app, .iOS, ["/p/App/Vault.swift": vault, "/p/App/Sync.swift": sync, "/p/App/Control.swift": control])])
        #expect(shipped.storeAccesses.filter(\.isWrite).map(\.key) == ["synced"])
    }

    /// Only a top-level declaration with a framework's name shadows it everywhere: a file that declares one only
    /// inside another type is not parsed to find out, and the framework's API is recognised.
    @Test func onlyTopLevelDeclarationsAreParsedToTellWhetherTheyShadow() {
        let nested = project(targets: [("App", .app, .iOS, [
            "/p/App/Catalog.swift": "import Foundation\nenum Catalog { final class AlarmManager {} }",
            "/p/App/Use.swift": "import AlarmKit\nfunc arm() async throws { _ = try await AlarmManager.shared.requestAuthorization() }",
        ])])
        #expect(nested.apiUses("AlarmManager").map(\.location.file) == ["/p/App/Use.swift"])
        #expect(!nested.index.parsedFiles.map(\.path).contains("/p/App/Catalog.swift"))
        let topLevel = project(targets: [("App", .app, .iOS, [
            "/p/App/Own.swift": "import Foundation\nfinal class AlarmManager { static let shared = AlarmManager() }",
            "/p/App/Use.swift": "import AlarmKit\nfunc arm() async throws { _ = try await AlarmManager.shared.requestAuthorization() }",
        ])])
        #expect(topLevel.apiUses("AlarmManager").isEmpty)
        #expect(topLevel.index.parsedFiles.map(\.path).contains("/p/App/Own.swift"))
    }
}

struct NameResolutionTests {
    /// Several files of one module each declare `private enum Constants` (only private declarations of one name
    /// compile side by side): each file's own is the one its code means.
    @Test func aFileMeansItsOwnPrivateDeclarationOfAName() {
        func widget(_ name: String, kind: String) -> String {
            widgetImports + """
                private enum Constants { static let kind = "\(kind)" }
                struct \(name): Widget {
                    var body: some WidgetConfiguration { StaticConfiguration(kind: Constants.kind, provider: Provider()) { _ in Text("") } }
                }
                """
        }
        let model = project(targets: [("Widgets", .widgetExtension, .iOS, [
            "/p/W/List.swift": widget("ListWidget", kind: "list"),
            "/p/W/Note.swift": widget("NoteWidget", kind: "note"),
            "/p/W/New.swift": widget("NewNoteWidget", kind: "new"),
        ])])
        #expect(model.widgets.map { "\($0.typeName)=\($0.kind?.known ?? "?")" }.sorted() == ["ListWidget=list", "NewNoteWidget=new", "NoteWidget=note"])
    }

    /// FC2-10: an iOS and a watchOS widget extension declare the same names in their own files.
    @Test func sameNamesInTwoModulesAreTwoTypes() throws {
        func extensionFiles(_ folder: String, image: String) -> [String: String] {
            ["/p/\(folder)/Widgets.swift": widgetImports + """
                @main struct Widgets: WidgetBundle { var body: some Widget { StatusWidget() } }
                struct StatusWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "status", provider: Provider()) { entry in EntryView(entry: entry) }
                    }
                }
                """,
             "/p/\(folder)/EntryView.swift": widgetImports + """
                struct EntryView: View {
                    let entry: Entry
                    var body: some View { Image("\(image)").containerBackground(for: .widget) { Color.clear } }
                }
                """]
        }
        let model = project(targets: [("PhoneWidgets", .widgetExtension, .iOS, extensionFiles("Phone", image: "phone")),
                                      ("WatchWidgets", .widgetExtension, .watchOS, extensionFiles("Watch", image: "watch"))])
        #expect(model.widgets.count == 2)
        for widget in model.widgets {
            let target = try #require(widget.targets.first)
            #expect(widget.targets.count == 1)
            #expect(model.isBundled(widget.type, in: target) == true)
            let images = widget.content.calls(named: "Image").compactMap { $0.call.unlabeled.first?.stringValue }
            #expect(images == [target.name == "PhoneWidgets" ? "phone" : "watch"])
        }
        #expect(model.bundles.filter(\.isMain).count == 2)
    }

    /// FC2-10: two apps in one repository, each with its own `AppGroup.id`.
    @Test func constantsResolveInTheirOwnModule() {
        func app(_ name: String, group: String) -> (String, TargetKind, Platform, [String: String]) {
            (name, .app, .iOS, ["/p/\(name)/AppGroup.swift": "import Foundation\nenum AppGroup { static let id = \"\(group)\" }",
                                "/p/\(name)/Store.swift": "import Foundation\nlet store = UserDefaults(suiteName: AppGroup.id)"])
        }
        let model = project(targets: [app("Reader", group: "group.reader"), app("Writer", group: "group.writer")])
        let values = model.appGroupUsages.map { usage in "\(usage.targets.map(\.name).joined()) \(usage.value)" }.sorted()
        #expect(values == ["Reader literal(\"group.reader\")", "Writer literal(\"group.writer\")"])
    }

    /// A package module is seen where it is imported; the importing module's own declaration shadows it.
    @Test func importsAndShadowing() {
        let model = project(
            targets: [("App", .app, .iOS, [
                "/p/App/Uses.swift": "import Foundation\nimport Kit\nlet a = UserDefaults(suiteName: Group.id)",
                "/p/App/NoImport.swift": "import Foundation\nlet b = UserDefaults(suiteName: Other.id)",
                "/p/App/Own.swift": "import Foundation\nimport Kit\nenum Shadowed { static let id = \"group.own\" }\nlet c = UserDefaults(suiteName: Shadowed.id)",
            ])],
            packages: [("Kit", ["/p/Kit/Group.swift": "public enum Group { public static let id = \"group.kit\" }",
                                "/p/Kit/Other.swift": "public enum Other { public static let id = \"group.other\" }",
                                "/p/Kit/Shadowed.swift": "public enum Shadowed { public static let id = \"group.kit.shadowed\" }"])],
            links: ["App": ["Kit"]])
        let values = Dictionary(model.appGroupUsages.map { usage -> (String, String) in
            if case .computed(_, _, let text) = usage.value { return (usage.location.file, "computed(\(text))") }
            return (usage.location.file, "\(usage.value)")
        }, uniquingKeysWith: { first, _ in first })
        #expect(values["/p/App/Uses.swift"] == "literal(\"group.kit\")")
        // Not visible without the import: left to be worked out when the code runs, which finds nothing either.
        #expect(values["/p/App/NoImport.swift"] == "computed(`Other.id`)")
        #expect(values["/p/App/Own.swift"] == "literal(\"group.own\")")
    }

    /// `@_exported import` in a module makes its import visible to the module's importers.
    @Test func reexportedModules() {
        let model = project(
            targets: [("App", .app, .iOS, ["/p/App/Uses.swift": "import Foundation\nimport Core\nlet a = UserDefaults(suiteName: Group.id)"])],
            packages: [("Core", ["/p/Core/Exports.swift": "@_exported import Kit"]),
                       ("Kit", ["/p/Kit/Group.swift": "public enum Group { public static let id = \"group.kit\" }"])],
            links: ["App": ["Core", "Kit"]])
        #expect(model.appGroupUsages.map { "\($0.value)" } == ["literal(\"group.kit\")"])
    }

    /// FC2-11: an app's own `AlarmManager` is not AlarmKit's; AlarmKit's is only where the file imports it.
    @Test func frameworkNamesNeedTheImportAndNoShadow() {
        let own = project(targets: [("App", .app, .iOS, [
            "/p/App/AlarmManager.swift": "import Foundation\nfinal class AlarmManager { static let shared = AlarmManager() }",
            "/p/App/Use.swift": "import SwiftUI\nfunc arm() { _ = AlarmManager.shared }",
        ])])
        #expect(own.apiUses("AlarmManager").isEmpty)
        let framework = project(targets: [("App", .app, .iOS, [
            "/p/App/Use.swift": "import AlarmKit\nfunc arm() async throws { _ = try await AlarmManager.shared.requestAuthorization() }",
            "/p/App/NoImport.swift": "import SwiftUI\nfunc other() { _ = AlarmManager.shared }",
        ])])
        #expect(framework.apiUses("AlarmManager").map(\.location.file) == ["/p/App/Use.swift"])
    }

    /// A type nested in another shadows a framework's name only inside it; any framework import brings Foundation.
    @Test func nestedTypesShadowOnlyInsideTheirType() {
        let model = project(targets: [("App", .app, .iOS, [
            "/p/App/Constants.swift": "import Foundation\nenum Constants { enum UserDefaults { static let lastSync = \"lastSync\" } }",
            "/p/App/Store.swift": "import WatchConnectivity\nlet store = UserDefaults(suiteName: \"group.com.example.app\")",
            "/p/App/Inside.swift": "import Foundation\nextension Constants { static func make() { _ = UserDefaults(suiteName: \"group.inside\") } }",
        ])])
        #expect(model.appGroupUsages.map { "\($0.value)" } == ["literal(\"group.com.example.app\")"])
    }

    /// FC2-12 and the file-scope variant: bundle builders with capitalized names, and file-scope builders.
    @Test func bundleBuilderHelpersAreFollowed() throws {
        let model = project(targets: [("Widgets", .widgetExtension, .iOS, [
            "/p/W/Bundle.swift": widgetImports + """
                @main struct Widgets: WidgetBundle {
                    var body: some Widget { if #available(iOS 18, *) { return Current } else { return legacy } }
                    @WidgetBundleBuilder private var Current: some Widget { A(); LampControl() }
                }
                @WidgetBundleBuilder private var legacy: some Widget { B(); lowercaseWidget() }
                """,
            "/p/W/Widgets.swift": widgetImports + """
                struct A: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: "a", provider: P()) { _ in Text("") } } }
                struct B: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: "b", provider: P()) { _ in Text("") } } }
                struct lowercaseWidget: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: "c", provider: P()) { _ in Text("") } } }
                struct LampControl: ControlWidget {
                    var body: some ControlWidgetConfiguration { StaticControlConfiguration(kind: "lamp") { ControlWidgetButton(action: I()) { Text("") } } }
                }
                """,
        ])])
        let target = try #require(model.project.targets.first)
        let bundle = try #require(model.mainBundles(in: target).first)
        #expect(bundle.unresolved.isEmpty)
        for type in model.widgets.map(\.type) + model.controls.map(\.type) {
            #expect(model.isBundled(type, in: target) == true, "\(type.name) not bundled")
        }
    }

    /// FC2-13: a modifier helper that calls another helper that sets the container background.
    @Test func helpersAreFollowedToAnyDepth() throws {
        let model = project(targets: [("Widgets", .widgetExtension, .iOS, [
            "/p/W/Widget.swift": widgetImports + """
                struct Summary: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: P()) { entry in Text(entry.title).card() }
                    }
                }
                """,
            "/p/W/Card.swift": widgetImports + """
                extension View {
                    func card() -> some View { cardBackground(Color.clear) }
                }
                """,
            "/p/W/Background.swift": widgetImports + """
                extension View {
                    func cardBackground(_ color: Color) -> some View { self.containerBackground(for: .widget) { color } }
                    func recursive() -> some View { recursive() }
                }
                """,
        ])])
        let widget = try #require(model.widgets.first)
        #expect(!widget.content.calls(named: "containerBackground").isEmpty)
    }

    /// A generic wrapper view: the content passed in and the wrapper's own body are both walked.
    @Test func genericWrappersAreFollowed() throws {
        let model = project(targets: [("Widgets", .widgetExtension, .iOS, [
            "/p/W/Widget.swift": widgetImports + """
                struct Summary: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: P()) { entry in Card<Text> { Text(entry.title) } }
                    }
                }
                """,
            "/p/W/Card.swift": widgetImports + """
                struct Card<Content: View>: View {
                    @ViewBuilder let content: Content
                    var body: some View { content.padding().containerBackground(for: .widget) { Color.clear } }
                }
                """,
        ])])
        let widget = try #require(model.widgets.first)
        #expect(widget.content.calls.map(\.call.name).filter { ["Text", "containerBackground"].contains($0) } == ["Text", "containerBackground"])
        #expect(widget.content.opaqueCalls.isEmpty)
    }

    /// FC2-14: values passed to views are values; only views Glance cannot see are opaque.
    @Test func valuesPassedToViewsAreNotOpaqueViews() throws {
        let model = project(targets: [("Widgets", .widgetExtension, .iOS, [
            "/p/W/Widget.swift": widgetImports + """
                struct Summary: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "summary", provider: P()) { entry in
                            VStack {
                                Text(NSLocalizedString("title", comment: ""))
                                Text(String(format: "%d", entry.count))
                                LazyVGrid(columns: [GridItem(.flexible())]) { Text(NumberFormatter().string(from: NSNumber(value: 1)) ?? "") }
                                Image(uiImage: UIGraphicsImageRenderer(size: .zero).image { _ in })
                                ChartFromPackage(values: entry.values)
                                ForEach(Array(items), id: \\.self) { Text($0) }
                            }
                        }
                    }
                    // Value code reached from the view: its calls are values, whatever their names.
                    var items: PagedSequence<String> { PagedSequence(pages: 2) }
                }
                """,
        ])])
        let widget = try #require(model.widgets.first)
        #expect(widget.content.opaqueCalls.map(\.call.name) == ["ChartFromPackage"])
    }
}
