import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

extension LiveControl {
  /// `wsctl` opens a pane of another kind beside the focused one in a host: the kind of the
  /// one registered type that reads the route.
  @MainActor
  @Suite(.serialized) struct LivePaneKindTests {
    @Test func aSplitFromAnUntypedPaneOpensAPaneOfTheKindThatReadsTheRoute() async throws {
      let pair = try HostAndFile(MessageRoute.state(), routeTypes: MessageRoute.registry)
      let workspace = pair.session.workspace
      // The Notes tab's pane is untyped (kind `token`).
      let run = try await wsctl(
        ["-f", "w.json", "tab", "2", "split", "h", "message:7"], in: pair.host.path)
      #expect(run.exitCode == 0, "\(run)")
      let pane = workspace.focusedPane
      #expect(workspace.state.node(pane)?.router?.kind == MessageRoute.kind)
      #expect(try workspace.router(MessageRoute.self, for: pane).current == .message(7))
      // A token no registered type reads stays with the focused pane's kind: from the mail
      // pane, refused as a new mail pane; from the untyped one, untyped.
      let refused = try await wsctl(["-f", "w.json", "split", "v", "notes:2"], in: pair.host.path)
      #expect(refused.exitCode == 64)
      #expect(
        refused.errors
          == "wsctl: a new mail pane cannot hold route 'notes:2': unknown mail route 'notes:2'"
          + " at word 1\n")
      let other = try await wsctl(
        ["-f", "w.json", "focus", "1", "split", "v", "notes:2"], in: pair.host.path)
      #expect(other.exitCode == 0)
      #expect(workspace.state.node(workspace.focusedPane)?.router?.kind == RouteToken.kind)
      try await pair.session.flush()
      #expect(try pair.host.stored().node(pane)?.router?.kind == MessageRoute.kind)
    }
  }
}
