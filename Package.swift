// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Workspace",
  products: [
    .library(name: "PaneRouter", targets: ["PaneRouter"]),
    .library(name: "Workspace", targets: ["Workspace"]),
    .library(name: "WorkspaceJSON", targets: ["WorkspaceJSON"]),
    .library(name: "WorkspaceSession", targets: ["WorkspaceSession"]),
    .executable(name: "wsctl", targets: ["wsctl"]),
  ],
  targets: [
    .target(name: "PaneRouter"),
    .target(name: "Workspace", dependencies: ["PaneRouter"]),
    .target(name: "WorkspaceJSON", dependencies: ["Workspace", "PaneRouter"]),
    // wsctl's words against a state (file mode and a live host answer alike), its protocol
    // with a live host, and the file watcher; no Foundation, so wsctl starts fast.
    .target(
      name: "WorkspaceControl", dependencies: ["Workspace", "WorkspaceJSON", "PaneRouter"]),
    .target(
      name: "WorkspaceSession",
      dependencies: ["Workspace", "WorkspaceJSON", "WorkspaceControl", "PaneRouter"]),
    .executableTarget(name: "wsctl", dependencies: ["WorkspaceControl"]),
    .executableTarget(
      name: "wsbench",
      dependencies: ["Workspace", "WorkspaceJSON", "WorkspaceSession", "PaneRouter"]),
    .executableTarget(
      name: "MailHost",
      dependencies: ["Workspace", "WorkspaceJSON", "WorkspaceSession", "PaneRouter"],
      path: "Samples/MailHost"),
    .executableTarget(
      name: "wsterm",
      dependencies: ["Workspace", "WorkspaceJSON", "WorkspaceSession", "PaneRouter"],
      path: "Samples/wsterm"),
    .testTarget(name: "PaneRouterTests", dependencies: ["PaneRouter"]),
    .testTarget(name: "WorkspaceTests", dependencies: ["Workspace"]),
    .testTarget(name: "WorkspaceJSONTests", dependencies: ["WorkspaceJSON"]),
    .testTarget(
      name: "WorkspaceSessionTests",
      dependencies: ["WorkspaceSession", "WorkspaceControl", "wsctl", "MailHost"]),
    // End-to-end tests: they run the built `wsctl` binary; the dependency makes
    // `swift build --build-tests` and `swift test` build it.
    .testTarget(
      name: "WsctlTests", dependencies: ["wsctl", "Workspace"], exclude: ["Golden"]),
    .testTarget(
      name: "SamplesTests",
      dependencies: [
        "MailHost", "wsterm", "wsctl", "Workspace", "WorkspaceJSON", "PaneRouter",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
