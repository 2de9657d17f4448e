// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Workspace",
  products: [
    .library(name: "PaneRouter", targets: ["PaneRouter"])
  ],
  targets: [
    .target(name: "PaneRouter"),
    .testTarget(name: "PaneRouterTests", dependencies: ["PaneRouter"]),
  ],
  swiftLanguageModes: [.v6]
)
