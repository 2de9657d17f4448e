// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Workspace",
  products: [
    .library(name: "PaneRouter", targets: ["PaneRouter"]),
    .library(name: "Workspace", targets: ["Workspace"]),
  ],
  targets: [
    .target(name: "PaneRouter"),
    .target(name: "Workspace", dependencies: ["PaneRouter"]),
    .testTarget(name: "PaneRouterTests", dependencies: ["PaneRouter"]),
    .testTarget(name: "WorkspaceTests", dependencies: ["Workspace"]),
  ],
  swiftLanguageModes: [.v6]
)
