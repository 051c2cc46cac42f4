import GlanceSourceIndex
import GlanceSurfaces

/// Configuration parameters need a default (or to be optional) so the widget can be previewed unconfigured.
struct ConfigurationParameterWithoutDefault: Rule {
    static let description = RuleDescription(
        identifier: "configuration_parameter_without_default",
        name: "Configuration parameter without default",
        group: .widgets,
        defaultSeverity: .warning,
        summary: "A `@Parameter` of a configuration intent is neither optional nor given a default.",
        rationale: """
            The system shows a widget or control in the gallery before anyone configures it. A parameter with \
            no default and no optionality leaves it without a value there. Give it `default:` or make it optional. \
            Only intents a shipped widget or control configuration uses are judged, and for a widget only the \
            parameters its preview reads (the provider's `placeholder` and `snapshot`, and its views).
            """,
        source: """
            Apple, WidgetConfigurationIntent <https://developer.apple.com/documentation/appintents/widgetconfigurationintent>; \
            Apple, Adding refinements and configuration to controls <https://developer.apple.com/documentation/widgetkit/adding-refinements-and-configuration-to-controls>
            """,
        premise: Premise("""
            The gallery shows a widget or control before anyone configures it; a configuration parameter that is \
            neither optional nor given a default has no value there, so the preview lacks what the parameter would \
            show.
            """, .inferred),
        triggeringExamples: [
            .widget("""
                struct StationConfiguration: WidgetConfigurationIntent {
                    static let title: LocalizedStringResource = "Station"
                    @Parameter(title: "Station")
                    var ↓station: StationEntity
                    @Parameter(title: "Limit")
                    var ↓limit: Int
                }
                struct StationEntity: AppEntity {
                    static var defaultQuery = StationQuery()
                    var id: String
                }
                struct StationQuery: EntityQuery {
                    func entities(for identifiers: [String]) async throws -> [StationEntity] { [] }
                }
                """ + "\n" + stationWidget(view: "VStack { Text(entry.configuration.station.id); Text(String(entry.configuration.limit)) }")),
        ],
        nonTriggeringExamples: [
            // The preview (snapshot and views) never reads `refresh`, and no widget or control configuration uses
            // `ArchiveConfiguration`: nothing is missing from any gallery.
            .widget("""
                struct StationConfiguration: WidgetConfigurationIntent {
                    static let title: LocalizedStringResource = "Station"
                    @Parameter(title: "Station", default: "Central") var station: String
                    @Parameter(title: "Refresh minutes") var refresh: Int
                }
                struct ArchiveConfiguration: WidgetConfigurationIntent {
                    static let title: LocalizedStringResource = "Archive"
                    @Parameter(title: "Year") var year: Int
                }
                """ + "\n" + stationWidget(view: "Text(entry.configuration.station)")),
            .widget("""
                struct StationConfiguration: WidgetConfigurationIntent {
                    static let title: LocalizedStringResource = "Station"
                    @Parameter(title: "Station") var station: StationEntity?
                    @Parameter(title: "Show arrivals", default: true) var showArrivals: Bool
                    @Parameter(title: "Count") var count: Int = 3
                }
                """),
            // The entity's query supplies the default.
            .widget("""
                struct StationConfiguration: WidgetConfigurationIntent {
                    static let title: LocalizedStringResource = "Station"
                    @Parameter(title: "Station") var station: StationEntity
                }
                struct StationEntity: AppEntity {
                    static var defaultQuery = StationQuery()
                    var id: String
                }
                struct StationQuery: EntityQuery {
                    func entities(for identifiers: [String]) async throws -> [StationEntity] { [] }
                    func defaultResult() async -> StationEntity? { StationEntity(id: "home") }
                }
                """),
        ])

    /// A widget configured with `StationConfiguration`, whose entry view's body is `view`; its timeline (not the
    /// preview) reads the `refresh` parameter.
    static func stationWidget(view: String) -> String {
        """
        struct StationWidget: Widget {
            var body: some WidgetConfiguration {
                AppIntentConfiguration(kind: "station", intent: StationConfiguration.self, provider: StationProvider()) { entry in
                    StationView(entry: entry)
                }
            }
        }
        struct StationEntry: TimelineEntry {
            let date: Date
            let configuration: StationConfiguration
        }
        struct StationProvider: AppIntentTimelineProvider {
            func placeholder(in context: Context) -> StationEntry { StationEntry(date: .now, configuration: StationConfiguration()) }
            func snapshot(for configuration: StationConfiguration, in context: Context) async -> StationEntry {
                StationEntry(date: .now, configuration: configuration)
            }
            func timeline(for configuration: StationConfiguration, in context: Context) async -> Timeline<StationEntry> {
                let next = Date.now.addingTimeInterval(Double(configuration.refresh) * 60)
                return Timeline(entries: [StationEntry(date: .now, configuration: configuration)], policy: .after(next))
            }
        }
        struct StationView: View {
            let entry: StationEntry
            var body: some View { \(view) }
        }
        """
    }

    enum EntityDefault { case provided, none, unknown(String) }

    /// An AppEntity parameter gets its default from its query's `defaultResult()`.
    func entityDefault(_ type: String, context: String, from file: String, resolver: Resolver) -> EntityDefault {
        let name = TypeName.base(type)
        guard let entity = resolver.primaryDeclaration(of: name, context: context, from: file) else {
            return ["String", "Int", "Double", "Bool", "Date", "URL", "Float", "Decimal"].contains(name) ? .none : .unknown("type \(name) is not declared in the project")
        }
        let declarations = resolver.declarations(of: entity)
        let conformances = resolver.supertypes(declaredBy: declarations).union(declarations.flatMap(\.inheritedTypes).map(TypeName.base))
        guard conformances.contains("AppEntity") || conformances.contains("TransientAppEntity") else { return .none }
        guard let query = declarations.flatMap(\.members).first(where: { $0.name == "defaultQuery" }),
              let queryType = resolver.valueExpression(query).flatMap(Resolver.typeName(of:)) ?? query.type else {
            return .unknown("the entity's defaultQuery cannot be read")
        }
        let queryMembers = resolver.declarations(of: queryType, context: entity.qualifiedName, from: query.location.file).flatMap(\.members)
        guard !queryMembers.isEmpty else { return .unknown("query \(queryType) is not declared in the project") }
        return queryMembers.contains { $0.name == "defaultResult" } ? .provided : .none
    }

    func validate(_ context: RuleContext) {
        let model = context.model
        // The configurations that name their intent (`AppIntentConfiguration(kind:intent: X.self …)`), with the shipped
        // widgets of each; any one Glance cannot resolve may use any intent.
        var configured: [SourceLocation: [WidgetSurface]] = [:]
        var unresolved = false
        for widget in model.widgets where widget.configuration == .appIntentConfiguration && !widget.targets.isEmpty {
            guard let expr = widget.configurationCall?.argument("intent"), let name = Resolver.typeName(of: expr),
                  let intent = context.resolver.primaryDeclaration(of: name, context: widget.content.context, from: expr.location.file) else { unresolved = true; continue }
            configured[intent.location, default: []].append(widget)
        }
        for control in model.controls where control.configuration == .appIntentControlConfiguration && !control.targets.isEmpty {
            guard let expr = control.configurationCall?.argument("intent"), let name = Resolver.typeName(of: expr),
                  let intent = context.resolver.primaryDeclaration(of: name, context: control.content.context, from: expr.location.file) else { unresolved = true; continue }
            if configured[intent.location] == nil { configured[intent.location] = [] }
        }
        for intent in model.intents where !intent.conformances.isDisjoint(with: ["WidgetConfigurationIntent", "ControlConfigurationIntent"]) {
            // An intent no widget or control configuration uses is in no gallery.
            guard unresolved || configured[intent.type.location] != nil else { continue }
            // What the gallery preview of the widgets it configures reads (nil: not known, so every parameter); worked
            // out once, for the first parameter that has no default.
            let widgets = configured[intent.type.location] ?? []
            var previewReads: Set<String>??
            func readByPreview(_ name: String) -> Bool {
                if previewReads == nil {
                    previewReads = .some(intent.conformances.contains("ControlConfigurationIntent") || widgets.isEmpty ? nil
                        : widgets.reduce(into: Set<String>?.some([])) { reads, widget in
                            guard let names = model.namesReadByPreview(of: widget), reads != nil else { reads = nil; return }
                            reads!.formUnion(names)
                        })
                }
                return previewReads!.map { $0.contains(name) } ?? true
            }
            for parameter in intent.parameters {
                let hasDefault = parameter.attribute("Parameter")?.arguments.contains { $0.label == "default" } ?? false
                guard !hasDefault, parameter.initializer == nil, let type = parameter.type, !TypeName.isOptional(type) else { continue }
                switch entityDefault(type, context: intent.typeName, from: parameter.location.file, resolver: context.resolver) {
                case .provided: continue
                case .unknown(let why):
                    context.skip("parameter \(parameter.name) of \(intent.typeName): \(why)", file: context.relativePath(parameter.location))
                    continue
                case .none: break
                }
                // A parameter the preview never reads leaves nothing out of it.
                guard readByPreview(parameter.name) else { continue }
                context.report(parameter.location, "parameter \(parameter.name) of \(intent.typeName) has no default and is not optional; the gallery preview has no value for it (Glance infers this from Apple's documentation). Add `default:` or make it optional.")
            }
        }
    }
}
