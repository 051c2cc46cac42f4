import Testing
import GlanceManifest

/// What `PackageManifest` reads of a `Package.swift`: literal products and targets, and lists kept in top-level
/// constants the `Package(…)` call names (a product's `targets: publicTargets`).
struct PackageManifestTests {
    @Test func productTargetsFromATopLevelConstant() {
        let manifest = PackageManifest.parse("""
            // swift-tools-version:5.9
            import PackageDescription

            let publicTargets = ["CoreKit", "UIKit2"]
            let coreDependencies: [Target.Dependency] = ["Models"]
            let package = Package(
                name: "AppKitSDK",
                products: [
                    .library(name: "AppKitSDK", targets: publicTargets),
                ],
                targets: [
                    .target(name: "Models"),
                    .target(name: "CoreKit", dependencies: coreDependencies),
                    .target(name: "UIKit2", dependencies: ["CoreKit"]),
                ]
            )
            """)
        #expect(manifest.unreadable == [])
        #expect(manifest.targetClosure(ofProduct: "AppKitSDK").map(\.name) == ["CoreKit", "Models", "UIKit2"])
    }

    @Test func aComputedListStaysUnreadable() {
        let manifest = PackageManifest.parse("""
            import PackageDescription
            let package = Package(
                name: "Kit",
                products: [.library(name: "Kit", targets: makeTargets())],
                targets: [.target(name: "Kit")]
            )
            """)
        #expect(manifest.products.isEmpty)
        #expect(manifest.unreadable.contains { $0.hasPrefix("product .library(name: \"Kit\", targets: makeTargets()) is not literal") })
    }
}
