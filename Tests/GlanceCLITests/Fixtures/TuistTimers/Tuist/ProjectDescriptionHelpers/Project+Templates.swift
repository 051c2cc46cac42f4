import ProjectDescription

extension Target {
    /// A feature framework of the Timers app, laid out as Features/<name>/Sources.
    public static func timerFeature(name: String) -> Target {
        .target(
            name: name,
            destinations: .iOS,
            product: .framework,
            bundleId: "dev.glance.timers.\(name.lowercased())",
            sources: ["Features/\(name)/Sources/**"]
        )
    }
}
