// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Workspace",
  products: [
    .library(name: "PaneRouter", targets: ["PaneRouter"]),
    .library(name: "Workspace", targets: ["Workspace"]),
    .library(name: "WorkspaceJSON", targets: ["WorkspaceJSON"]),
    .executable(name: "wsctl", targets: ["wsctl"]),
  ],
  targets: [
    .target(name: "PaneRouter"),
    .target(name: "Workspace", dependencies: ["PaneRouter"]),
    .target(name: "WorkspaceJSON", dependencies: ["Workspace", "PaneRouter"]),
    .executableTarget(name: "wsctl", dependencies: ["Workspace", "WorkspaceJSON", "PaneRouter"]),
    .executableTarget(name: "wsbench", dependencies: ["Workspace", "WorkspaceJSON", "PaneRouter"]),
    .testTarget(name: "PaneRouterTests", dependencies: ["PaneRouter"]),
    .testTarget(name: "WorkspaceTests", dependencies: ["Workspace"]),
    .testTarget(name: "WorkspaceJSONTests", dependencies: ["WorkspaceJSON"]),
  ],
  swiftLanguageModes: [.v6]
)
