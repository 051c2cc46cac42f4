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
            no default and no optionality leaves it without a value there. Give it `default:` or make it optional.
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
                """),
        ],
        nonTriggeringExamples: [
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
        for intent in context.model.intents where !intent.conformances.isDisjoint(with: ["WidgetConfigurationIntent", "ControlConfigurationIntent"]) {
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
                context.report(parameter.location, "parameter \(parameter.name) of \(intent.typeName) has no default and is not optional; the gallery preview has no value for it (Glance infers this from Apple's documentation). Add `default:` or make it optional.")
            }
        }
    }
}
