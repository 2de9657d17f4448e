import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

extension LiveControl {
  /// Floating panes against a running host: `wsctl float` floats the host's pane with its
  /// typed router, and the same calls agree in both modes.
  @MainActor
  @Suite(.serialized) struct LiveFloatingTests {
    @Test func wsctlFloatsAHostsPaneKeepingItsTypedRouter() async throws {
      let pair = try HostAndFile(MessageRoute.state(), routeTypes: MessageRoute.registry)
      let workspace = pair.session.workspace
      let router = try workspace.router(MessageRoute.self, for: NodeID(4))
      let floated = try await wsctl(
        ["-f", "w.json", "focus", "2", "float", "float", "move", "right", "3"], in: pair.host.path)
      #expect(floated.exitCode == 0, "\(floated)")
      #expect(workspace.state.isFloating(NodeID(4)))
      #expect(workspace.focusedPane == NodeID(4))
      let pushed = try await wsctl(["-f", "w.json", "push", "message:9"], in: pair.host.path)
      #expect(pushed.exitCode == 0, "\(pushed)")
      #expect(router.current == .message(9))
      try await pair.session.flush()
      #expect(try pair.host.stored().isFloating(NodeID(4)))
    }

    /// The same calls in both modes print the same, exit alike and leave the same state.
    @Test(arguments: [
      ["float", "tree"], ["focus", "2", "float", "show", "--size", "60x12"],
      ["focus", "2", "float", "float", "resize", "left", "4", "focus", "tiled", "tree"],
      ["float", "pin"], ["focus", "2", "float", "split", "h"],
    ])
    func bothModesAgree(arguments: [String]) async throws {
      try await HostAndFile().expectBothModesAgree(arguments)
    }
  }
}
