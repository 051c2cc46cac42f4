// swift-tools-version:5.9
import PackageDescription

// One target, whose files sit in Sources/ itself.
let package = Package(
    name: "Kit",
    platforms: [.iOS(.v17)],
    products: [.library(name: "Kit", targets: ["Kit"])],
    targets: [.target(name: "Kit")]
)
