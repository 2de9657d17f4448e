import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

extension LiveControl {
  /// Marks and `at TARGET` against a running host: the host looks panes up by mark, its
  /// typed routers see a targeted operation, focus stays, and a refused target changes
  /// nothing anywhere.
  @MainActor
  @Suite(.serialized) struct LiveMarkTests {
    @Test func aMarkSetByWsctlIsTheHostsAndAtActsThroughItsTypedRouter() async throws {
      let pair = try HostAndFile(MessageRoute.state(), routeTypes: MessageRoute.registry)
      let workspace = pair.session.workspace
      let marked = try await wsctl(
        ["-f", "w.json", "at", "2", "mark", "reader"], in: pair.host.path)
      #expect(marked.exitCode == 0, "\(marked)")
      #expect(workspace.pane(markedAs: "reader") == NodeID(4))
      #expect(workspace.focusedPane == NodeID(3))
      let router = try workspace.router(MessageRoute.self, for: NodeID(4))
      var transitions: [RouteTransition<MessageRoute>] = []
      router.onChange = { transitions.append($0) }
      let pushed = try await wsctl(
        ["-f", "w.json", "at", "reader", "push", "message:8"], in: pair.host.path)
      #expect(pushed.exitCode == 0, "\(pushed)")
      #expect(router.current == .message(8))
      #expect(transitions.count == 1)
      #expect(workspace.focusedPane == NodeID(3))
      // The host's own route types still refuse, naming the word, with nothing changed.
      let before = workspace.state
      let refused = try await wsctl(
        ["-f", "w.json", "at", "reader", "push", "message:x"], in: pair.host.path)
      #expect(refused.exitCode == 64, "\(refused)")
      #expect(workspace.state == before)
      try await pair.session.flush()
      #expect(try pair.host.stored().pane(markedAs: "reader") == NodeID(4))
    }

    @Test func aHostSetsAndClearsMarksThroughCommands() async throws {
      let pair = try HostAndFile(MessageRoute.state(), routeTypes: MessageRoute.registry)
      let workspace = pair.session.workspace
      try workspace.apply(.at(.id(NodeID(5)), .mark("notes")))
      try await pair.session.flush()
      let tree = try await wsctl(["-f", "w.json", "tree"], in: pair.host.path)
      #expect(tree.output.contains("%5 pane 'Notes' [notes] mark notes"), "\(tree)")
      let gone = try await wsctl(["-f", "w.json", "unmark", "notes"], in: pair.host.path)
      #expect(gone.exitCode == 0)
      #expect(workspace.pane(markedAs: "notes") == nil)
      let absent = try await wsctl(["-f", "w.json", "focus", "notes"], in: pair.host.path)
      #expect(absent.exitCode == 1)
      #expect(absent.errors == "wsctl: no pane marked 'notes' at word 1\n")
    }

    /// The same calls in both modes print the same, exit alike and leave the same state.
    @Test(arguments: [
      ["mark", "a", "focus", "2", "at", "a", "split", "v", "tree"],
      ["split", "-d", "h", "tab", "new", "-d", "Logs", "show", "--size", "60x10"],
      ["--json", "at", "2", "mark", "b", "show", "--size", "60x10"],
      ["at", "nope", "push", "x"], ["at", "1", "undo"], ["mark", "left"],
      ["focus", "2", "at", "last", "close", "tree"],
    ])
    func bothModesAgree(arguments: [String]) async throws {
      try await HostAndFile().expectBothModesAgree(arguments)
    }
  }
}
