import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

@Suite struct RouterLookupTests {
  /// Tabs (owning a settings router) holding a split (owning a note router) of two note
  /// panes, and a second tab with a settings pane. Ids: 1 tabs, 2 split, 3 and 4 panes,
  /// 5 settings pane.
  private func makeState() -> WorkspaceState {
    WorkspaceState(
      .tabs([
        (
          "Notes",
          .split(
            .horizontal,
            [.pane("List", root: NoteRoute.list), .pane("Note", root: NoteRoute.note(3))]
          ).owning(RouterState(root: NoteRoute.list))
        ),
        ("Settings", .pane("Settings", root: SettingsRoute.general)),
      ]).owning(RouterState(root: SettingsRoute.general)))
  }

  @Test func nearestRouterStartsAtTheNodeItself() throws {
    let state = makeState()
    let found = try #require(try state.nearestRouter(NoteRoute.self, from: NodeID(4)))
    #expect(found.node == NodeID(4))
    #expect(found.stack.stack == [.note(3)])
  }

  @Test func parentRouterSkipsTheNodesOwn() throws {
    let state = makeState()
    let found = try #require(try state.parentRouter(NoteRoute.self, from: NodeID(4)))
    #expect(found.node == NodeID(2))
  }

  @Test func lookupPassesOverRoutersOfOtherKinds() throws {
    let state = makeState()
    let found = try #require(try state.nearestRouter(SettingsRoute.self, from: NodeID(3)))
    #expect(found.node == NodeID(1))
  }

  @Test func lookupNeverEntersASiblingSubtree() throws {
    let state = makeState()
    // The settings pane (5) is a sibling subtree: from a note pane the nearest settings
    // router is the tabs container's, never pane 5's.
    #expect(try state.nearestRouter(SettingsRoute.self, from: NodeID(4))?.node == NodeID(1))
    // From the settings pane, no note router encloses it.
    #expect(try state.nearestRouter(NoteRoute.self, from: NodeID(5)) == nil)
  }

  @Test func absentNodeIsAnError() {
    #expect(throws: WorkspaceError.noSuchNode(NodeID(99))) {
      try makeState().nearestRouter(NoteRoute.self, from: NodeID(99))
    }
  }

  @Test func unreadableTokenIsReportedNotReplaced() throws {
    var state = makeState()
    try state.apply(.route(.push(["trash:1"]), at: NodeID(4)))
    #expect(throws: WorkspaceError.unreadableRoute(NodeID(4), token: "trash:1", kind: "note")) {
      try state.nearestRouter(NoteRoute.self, from: NodeID(4))
    }
    #expect(state.node(NodeID(4))?.router?.stack.current == "trash:1")
  }

  @Test func routerOfANodeChecksItsKind() {
    #expect(
      throws: WorkspaceError.routerKindMismatch(NodeID(5), stored: "settings", requested: "note")
    ) {
      try makeState().router(NoteRoute.self, for: NodeID(5))
    }
  }

  @Test func untypedRoutersReadAsAnyType() throws {
    let state = WorkspaceState(.pane("Scratch", untyped: RouteToken("note", 4)))
    #expect(try state.router(NoteRoute.self, for: NodeID(1)).stack == [.note(4)])
    #expect(try state.router(RouteToken.self, for: NodeID(1)).stack == ["note:4"])
  }
}
