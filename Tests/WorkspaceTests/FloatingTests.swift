import PaneRouter
import Testing

@testable import Workspace

/// Floating panes: `float`, `embed`, moving and sizing by cells, pinning, hiding, focus
/// between the layers and within one, and every other command on a floating pane.
@Suite struct FloatingTests {
  /// `T(One: H(A, B), Two: C)` at 80x24: ids `%1 T, %2 H, %3 A, %4 B, %5 C`; A focused.
  private func twoTabs() throws -> WorkspaceState {
    var state = WorkspaceState(tabs(("One", hsplit(pane("A"), pane("B"))), ("Two", pane("C"))))
    try state.recordLayoutSize(Size(width: 80, height: 24))
    return state
  }

  /// `twoTabs` with A floating, focused, at the default frame.
  private func floated() throws -> WorkspaceState {
    var state = try twoTabs()
    try apply(.float, to: &state)
    return state
  }

  private func apply(_ command: WorkspaceCommand, to state: inout WorkspaceState) throws {
    try state.apply(command)
    #expect(state.invariantViolations() == [])
  }

  private func expectRefused(
    _ command: WorkspaceCommand, on state: WorkspaceState, _ error: WorkspaceError
  ) {
    var copy = state
    #expect(throws: error) { try copy.apply(command) }
    #expect(copy == state)
  }

  @Test func floatingKeepsIdRouterAndFocus() throws {
    var state = try twoTabs()
    try apply(.route(.push(["detail:1"])), to: &state)
    let router = state.node(NodeID(3))!.router
    try apply(.float, to: &state)
    #expect(state.isFloating(NodeID(3)))
    #expect(state.focusedPane == NodeID(3))
    #expect(state.node(NodeID(3))!.router == router)
    #expect(state.node(NodeID(3))!.parent == NodeID(1))
    // The split of the tab collapsed into B: the tab's root is another node, its slot kept.
    #expect(state.root.children == [NodeID(4), NodeID(5)])
    let layer = state.root.floatingLayers[0]
    #expect(layer.ids == [NodeID(3)] && layer.isFocused)
    #expect(layer.panes[0].frame == .centred)
    #expect(state.numberedPanes == [NodeID(4), NodeID(3)])
  }

  @Test func floatingAFloatingPaneChangesNothing() throws {
    var state = try floated()
    let before = state
    try apply(.float, to: &state)
    #expect(state == before)
  }

  @Test func theLastTiledPaneOfATabStaysTiled() throws {
    var state = try floated()
    try apply(.focus(.tiled), to: &state)
    expectRefused(.float, on: state, .lastTiledPane(NodeID(4)))
    var single = WorkspaceState(pane("A"))
    #expect(throws: WorkspaceError.lastTiledPane(NodeID(1))) { try single.apply(.float) }
  }

  @Test func aWorkspaceWithoutTabsBecomesOneTab() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try apply(.float, to: &state)
    #expect(state.root.kind == .tabs)
    #expect(state.root.children.count == 1)
    #expect(state.root.floatingLayers[0].ids == [NodeID(2)])
  }

  @Test func aPaneOfARootStackFloatsIntoOneTabAndUndoGivesTheStackBack() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), pane("C")))
    try apply(.stack(), to: &state)
    let stacked = state
    #expect(state.root.stackAxis == .horizontal)
    try apply(.float, to: &state)
    #expect(state.root.kind == .tabs)
    #expect(state.node(state.root.children[0])?.stackAxis == .horizontal)
    #expect(state.node(state.root.children[0])?.children == [NodeID(3), NodeID(4)])
    #expect(state.root.floatingLayers[0].ids == [NodeID(2)])
    try apply(.undo(), to: &state)
    #expect(state.root == stacked.root)
    #expect(state.rootID == stacked.rootID)
  }

  @Test func floatingPanesCascade() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), pane("C")))
    try apply(.float, to: &state)
    try apply(.focus(.pane(.id(NodeID(3)))), to: &state)
    try apply(.float, to: &state)
    let frames = state.root.floatingLayers[0].panes.map(\.frame)
    #expect(frames[0] == .centred)
    #expect(frames[1].x > frames[0].x && frames[1].y > frames[0].y)
  }

  @Test func embedPutsThePaneBesideTheTabsFocusedTiledPane() throws {
    var state = try floated()
    try apply(.embed, to: &state)
    #expect(!state.isFloating(NodeID(3)))
    #expect(state.focusedPane == NodeID(3))
    #expect(state.root.floatingLayers[0] == FloatingLayer())
    let split = try #require(state.node(state.root.children[0]))
    #expect(split.axis == .horizontal && split.children == [NodeID(4), NodeID(3)])
    let before = state
    try apply(.embed, to: &state)
    #expect(state == before)
  }

  @Test func focusMovesBetweenTheLayers() throws {
    var state = try floated()
    try apply(.focus(.tiled), to: &state)
    #expect(state.focusedPane == NodeID(4))
    #expect(!state.root.floatingLayers[0].isFocused)
    try apply(.focus(.floating), to: &state)
    #expect(state.focusedPane == NodeID(3))
    try apply(.focus(.last), to: &state)
    #expect(state.focusedPane == NodeID(4))
    // Another tab and back: focus returns to the layer it was in.
    try apply(.focus(.floating), to: &state)
    try apply(.selectTab(.number(2)), to: &state)
    try apply(.selectTab(.number(1)), to: &state)
    #expect(state.focusedPane == NodeID(3))
    var noFloats = try twoTabs()
    #expect(throws: WorkspaceError.noFloatingPanes) { try noFloats.apply(.focus(.floating)) }
  }

  @Test func focusRaisesAndNumbersStay() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), pane("C")))
    try apply(.float, to: &state)
    try apply(.focus(.pane(.id(NodeID(3)))), to: &state)
    try apply(.float, to: &state)
    let numbers = state.numberedPanes
    #expect(state.root.floatingLayers[0].ids == [NodeID(2), NodeID(3)])
    try apply(.focus(.pane(.id(NodeID(2)))), to: &state)
    #expect(state.root.floatingLayers[0].ids == [NodeID(3), NodeID(2)])
    #expect(state.numberedPanes == numbers)
  }

  @Test func directionalFocusStaysInTheLayer() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), pane("C")))
    try state.recordLayoutSize(Size(width: 100, height: 40))
    try apply(.float, to: &state)
    try apply(.moveFloating(.left, cells: 30), to: &state)
    try apply(.focus(.pane(.id(NodeID(3)))), to: &state)
    try apply(.float, to: &state)
    try apply(.moveFloating(.right, cells: 30), to: &state)
    try apply(.focus(.direction(.left)), to: &state)
    #expect(state.focusedPane == NodeID(2))
    try apply(.focus(.direction(.right)), to: &state)
    #expect(state.focusedPane == NodeID(3))
    expectRefused(.focus(.direction(.right)), on: state, .noNeighbour(.right))
    try apply(.focus(.direction(.right, wrapping: true)), to: &state)
    #expect(state.focusedPane == NodeID(2))
  }

  @Test func moveAndResizeByCellsStayInsideTheTab() throws {
    var state = try floated()
    // 80x24: the default frame is 40x12 at 20,6.
    #expect(
      state.floatingLayout(in: Size(width: 80, height: 24)).map(\.rect) == [
        Rect(x: 20, y: 6, width: 40, height: 12)
      ])
    try apply(.moveFloating(.right, cells: 5), to: &state)
    try apply(.resizeFloating(.down, cells: 2), to: &state)
    #expect(
      state.floatingLayout(in: Size(width: 80, height: 24)).map(\.rect) == [
        Rect(x: 25, y: 6, width: 40, height: 14)
      ])
    try apply(.moveFloating(.right, cells: 500), to: &state)
    #expect(state.floatingLayout(in: Size(width: 80, height: 24))[0].rect.maxX == 80)
    expectRefused(.moveFloating(.right), on: state, .floatingAtLimit(NodeID(3), .right))
    try apply(.resizeFloating(.left, cells: 500), to: &state)
    #expect(state.floatingLayout(in: Size(width: 80, height: 24))[0].rect.width == 6)
    expectRefused(.resizeFloating(.left), on: state, .floatingAtLimit(NodeID(3), .left))
    expectRefused(.moveFloating(.up, cells: 0), on: state, .invalidCount(0))
    // Asked for, a floating pane covers the whole tab.
    try apply(.moveFloating(.left, cells: 80), to: &state)
    try apply(.moveFloating(.up, cells: 24), to: &state)
    try apply(.resizeFloating(.right, cells: 80), to: &state)
    try apply(.resizeFloating(.down, cells: 24), to: &state)
    #expect(
      state.root.floatingLayers[0].panes[0].frame
        == FloatingFrame(
          x: 0, y: 0, width: 1, height: 1))
  }

  @Test func floatingCommandsRefuseATiledPane() throws {
    let state = try twoTabs()
    for command: WorkspaceCommand in [
      .moveFloating(.left), .resizeFloating(.up), .pinFloating(true),
    ] {
      expectRefused(command, on: state, .notFloating(NodeID(3)))
    }
    expectRefused(.showFloating(false), on: state, .noFloatingPanes)
    expectRefused(.showFloating(true), on: state, .noFloatingPanes)
  }

  @Test func tiledCommandsRefuseAFloatingPane() throws {
    let state = try floated()
    let cases: [(WorkspaceCommand, String)] = [
      (.split(.horizontal), "split"), (.swap(.direction(.left)), "swap"), (.move(.left), "move"),
      (.resize(.left, amount: 0.1), "resize"), (.resizeByCells(.left, 2), "resize"),
      (.zoom, "zoom"), (.breakPane(), "break"), (.joinPane(.id(NodeID(5))), "join"),
    ]
    for (command, word) in cases {
      expectRefused(command, on: state, .floatingPane(NodeID(3), command: word))
    }
    var tiled = state
    try apply(.focus(.tiled), to: &tiled)
    expectRefused(
      .swap(.pane(.id(NodeID(3)))), on: tiled, .floatingPane(NodeID(3), command: "swap"))
    expectRefused(
      .at(.id(NodeID(3)), .split(.vertical)), on: tiled, .floatingPane(NodeID(3), command: "split"))
  }

  @Test func pinnedPanesStayShownWhileTheLayerIsHidden() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), pane("C")))
    try apply(.float, to: &state)
    try apply(.pinFloating(true), to: &state)
    try apply(.focus(.pane(.id(NodeID(3)))), to: &state)
    try apply(.float, to: &state)
    try apply(.showFloating(false), to: &state)
    // The focused pane was not pinned: focus goes to the pinned one, still shown.
    #expect(state.root.floatingLayers[0].isHidden)
    #expect(state.visiblePanes == [NodeID(4), NodeID(2)])
    #expect(state.focusedPane == NodeID(2))
    try apply(.pinFloating(false), to: &state)
    try apply(.showFloating(false), to: &state)
    #expect(state.visiblePanes == [NodeID(4)])
    #expect(state.focusedPane == NodeID(4))
    // Shown again, on its top pane: the one focused last.
    try apply(.focus(.floating), to: &state)
    #expect(!state.root.floatingLayers[0].isHidden)
    #expect(state.focusedPane == NodeID(2))
  }

  @Test func closingAFloatingPaneKeepsFocusInTheLayer() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), pane("C")))
    try apply(.float, to: &state)
    try apply(.focus(.pane(.id(NodeID(3)))), to: &state)
    try apply(.float, to: &state)
    try apply(.close(), to: &state)
    #expect(state.node(NodeID(3)) == nil)
    #expect(state.focusedPane == NodeID(2))
    try apply(.close(), to: &state)
    #expect(state.focusedPane == NodeID(4))
    #expect(state.root.floatingLayers[0] == FloatingLayer())
  }

  @Test func closingATabClosesItsFloatingPanes() throws {
    var state = try floated()
    try apply(.newTab(title: "Three"), to: &state)
    try apply(.selectTab(.number(1)), to: &state)
    try apply(.closeTab(), to: &state)
    #expect(state.node(NodeID(3)) == nil)
    #expect(state.root.children.count == 2)
    try apply(.undo(), to: &state)
    #expect(state.isFloating(NodeID(3)))
  }

  @Test func undoAndRedoRestoreTheLayer() throws {
    var state = try twoTabs()
    let before = state
    try apply(.float, to: &state)
    try apply(.moveFloating(.down, cells: 3), to: &state)
    let after = state
    try apply(.undo(count: 2), to: &state)
    #expect(state.root == before.root)
    #expect(!state.isFloating(NodeID(3)))
    try apply(.redo(count: 2), to: &state)
    #expect(state.root == after.root)
  }

  @Test func marksAndTargetsReachAFloatingPane() throws {
    var state = try floated()
    try apply(.mark("scratch"), to: &state)
    try apply(.focus(.tiled), to: &state)
    try apply(.at(.mark("scratch"), .route(.push(["x"]))), to: &state)
    #expect(state.node(NodeID(3))!.router!.stack.stack == ["a", "x"])
    #expect(state.focusedPane == NodeID(4))
    try apply(.at(.mark("scratch"), .embed), to: &state)
    #expect(!state.isFloating(NodeID(3)))
    #expect(state.focusedPane == NodeID(4))
  }

  @Test func atAFloatingPaneLeavesTheLayersOrderAndFocus() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), pane("C")))
    try apply(.float, to: &state)
    try apply(.focus(.pane(.id(NodeID(3)))), to: &state)
    try apply(.float, to: &state)
    try apply(.focus(.tiled), to: &state)
    let layer = state.root.floatingLayers[0]
    try apply(.at(.id(NodeID(2)), .route(.push(["x"]))), to: &state)
    #expect(state.root.floatingLayers[0].ids == layer.ids)
    #expect(!state.root.floatingLayers[0].isFocused)
    #expect(state.focusedPane == NodeID(4))
    // Focus in the layer on %3: a command at %2 leaves %3 on top and focused.
    try apply(.focus(.floating), to: &state)
    try apply(.at(.id(NodeID(2)), .rename("Two")), to: &state)
    #expect(state.root.floatingLayers[0].ids == [NodeID(2), NodeID(3)])
    #expect(state.focusedPane == NodeID(3))
  }

  @Test func aFloatingPanesAncestorsAreItsTabs() throws {
    var state = WorkspaceState(
      tabs(("One", hsplit(pane("A"), pane("B")).owning(RouterState(root: RouteToken("split")))))
        .owning(
          RouterState(root: RouteToken("tabs"))))
    try apply(.float, to: &state)
    let float = state.focusedPane
    let tab = state.root.children[0]
    #expect(state.ancestors(of: float) == state.ancestors(of: tab))
    let found = try #require(try state.parentRouter(RouteToken.self, from: float))
    #expect(found.node == state.rootID)
    #expect(try state.nearestRouter(RouteToken.self, from: float)?.node == float)
  }

  @Test func templatesAndReopenLeaveTheLayerSound() throws {
    var state = try floated()
    try apply(.saveTemplate("t"), to: &state)
    try apply(.applyTemplate("t"), to: &state)
    try apply(.reconcileTemplate("t"), to: &state)
    try apply(.selectTab(.number(1)), to: &state)
    try apply(.focus(.tiled), to: &state)
    try apply(.close(), to: &state)
    try apply(.reopen(), to: &state)
    try apply(.arrange(.preset(.evenVertical)), to: &state)
  }

  /// The rectangles at several sizes: whole cells inside the tab, the tiled panes unchanged.
  @Test(arguments: [
    Size(width: 80, height: 24), Size(width: 7, height: 3), Size(width: 1, height: 1),
    Size(width: 333, height: 101), Size(width: 0, height: 0),
  ])
  func floatingRectanglesClipInsideTheTab(size: Size) throws {
    var state = WorkspaceState(
      hsplit(pane("A"), tabs(("X", vsplit(pane("B"), pane("C"))), ("Y", pane("D")))))
    let tiledBefore = state.layout(in: size)
    try apply(.focus(.pane(.id(NodeID(5)))), to: &state)
    try apply(.float, to: &state)
    let tabsID = NodeID(3)
    // The nested tabs' area: the tiled layout of its tab's root, now C alone.
    let area = state.layout(in: size)[NodeID(6)]!
    let floating = state.floatingLayout(in: size)
    #expect(floating.map(\.pane) == [NodeID(5)])
    let rect = floating[0].rect
    if area.width > 0, area.height > 0 {
      #expect(rect.width >= 1 && rect.height >= 1)
      #expect(rect.x >= area.x && rect.maxX <= area.maxX)
      #expect(rect.y >= area.y && rect.maxY <= area.maxY)
    }
    #expect(state.node(NodeID(5))!.parent == tabsID)
    // The tiled panes of another tab are where they were.
    #expect(state.layout(in: size)[NodeID(2)] == tiledBefore[NodeID(2)])
    let numbered = state.numberedLayout(in: size)
    #expect(numbered.last?.pane == NodeID(5))
    #expect(numbered.last?.rect == rect)
  }

  @Test func framesRoundToTheNearestCell() {
    let frame = FloatingFrame(x: 0.1, y: 0.25, width: 0.33, height: 0.5)
    #expect(
      frame.rect(in: Rect(x: 0, y: 0, width: 100, height: 40))
        == Rect(x: 10, y: 10, width: 33, height: 20))
    #expect(
      frame.rect(in: Rect(x: 5, y: 2, width: 10, height: 4))
        == Rect(x: 6, y: 3, width: 3, height: 2))
    let edge = FloatingFrame(x: 0.99, y: 0.99, width: 0.01, height: 0.01)
    #expect(
      edge.rect(in: Rect(x: 0, y: 0, width: 10, height: 10))
        == Rect(x: 9, y: 9, width: 1, height: 1))
    #expect(!FloatingFrame(x: 0.6, y: 0, width: 0.5, height: 1).isValid)
    #expect(!FloatingFrame(x: 0, y: 0, width: 0, height: 1).isValid)
    #expect(!FloatingFrame(x: .nan, y: 0, width: 0.5, height: 1).isValid)
  }

  @Test func zoomHidesTheFloatingPanes() throws {
    var state = try floated()
    try apply(.focus(.tiled), to: &state)
    try apply(.zoom, to: &state)
    #expect(state.floatingLayout(in: Size(width: 80, height: 24)).isEmpty)
    #expect(state.visiblePanes == [NodeID(4)])
    try apply(.focus(.floating), to: &state)
    #expect(state.zoomedPane == nil)
  }
}
