import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// `reopen` of a closed floating pane, and of a closed tab with its floating panes.
@Suite struct ReopenFloatingTests {
  /// `T(One: H(A, B, C), Two: D)`: ids `%1 T, %2 H, %3 A, %4 B, %5 C, %6 D`; C floats at a
  /// moved, resized frame, pinned, focused.
  private func floated() throws -> WorkspaceState {
    var state = WorkspaceState(
      tabs(("One", hsplit(pane("A"), pane("B"), pane("C"))), ("Two", pane("D"))))
    try state.recordLayoutSize(Size(width: 80, height: 24))
    try state.applyChecked([
      .focus(.pane(.id(NodeID(5)))), .route(.push([RouteToken("x", 1)])), .float,
      .moveFloating(.right, cells: 4), .resizeFloating(.down, cells: 2), .pinFloating(true),
    ])
    return state
  }

  private func frame(of pane: NodeID, in state: WorkspaceState) -> FloatingPane? {
    guard let (tabs, tab) = state.floatingPlace(of: pane) else { return nil }
    return state.node(tabs)!.floatingLayers[tab].panes.first { $0.id == pane }
  }

  @Test func aClosedFloatingPaneComesBackFloatingInItsTabAtItsFrame() throws {
    var state = try floated()
    let before = try #require(frame(of: NodeID(5), in: state))
    let router = state.node(NodeID(5))!.router
    try state.applyChecked(.close())
    #expect(state.node(NodeID(5)) == nil)
    let entry = try #require(state.reopenableEntries.first)
    #expect(entry.isFloating && entry.id == NodeID(5))
    #expect(entry.floating?.pane == before)
    #expect(entry.floating?.tab == NodeID(2))
    #expect(entry.place.first == ClosedList.Branch(parent: NodeID(1), index: 0, slot: .tab("One")))
    try state.applyChecked(.focus(.pane(.id(NodeID(6)))))
    try state.applyChecked(.reopen())
    #expect(state.floatingPlace(of: NodeID(5))! == (NodeID(1), 0))
    #expect(frame(of: NodeID(5), in: state) == before)
    #expect(state.node(NodeID(5))!.router == router)
    #expect(state.focusedPane == NodeID(5))
    #expect(state.root.activeIndex == 0)
    #expect(state.reopenableEntries.isEmpty)
  }

  @Test func itFindsItsTabByAFloatingSiblingWhenTheTabsRootIsGone() throws {
    var state = try floated()
    // B floats too, so the tab's split collapses into A; C closes beside B.
    try state.applyChecked([
      .focus(.pane(.id(NodeID(4)))), .float, .focus(.pane(.id(NodeID(5)))), .close(),
    ])
    #expect(state.closed.entries.last?.floating?.tab == NodeID(3))
    #expect(state.closed.entries.last?.siblings == [NodeID(4)])
    // A goes, the tab stays (its root now the pane split from A).
    try state.applyChecked([.focus(.tiled), .split(.horizontal), .close(.id(NodeID(3)))])
    #expect(state.node(NodeID(3)) == nil)
    try state.applyChecked(.selectTab(.number(2)))
    let number = try #require(state.reopenableEntries.firstIndex { $0.id == NodeID(5) }) + 1
    try state.applyChecked(.reopen(number))
    #expect(state.floatingPlace(of: NodeID(5))! == (NodeID(1), 0))
    #expect(state.root.floatingLayers[0].ids == [NodeID(4), NodeID(5)])
  }

  @Test func whenItsTabIsGoneItFloatsInTheFocusedTab() throws {
    var state = try floated()
    try state.applyChecked(.close())
    try state.applyChecked(.closeTab(1))
    #expect(state.root.children == [NodeID(6)] || state.rootID == NodeID(6))
    // Take the floating pane's entry, not the tab's.
    let number = try #require(state.reopenableEntries.firstIndex { $0.isFloating }) + 1
    try state.applyChecked(.reopen(number))
    #expect(state.isFloating(NodeID(5)))
    let (tabs, tab) = try #require(state.floatingPlace(of: NodeID(5)))
    #expect(state.node(tabs)!.children[tab] == state.tab(holding: NodeID(6)))
    #expect(state.focusedPane == NodeID(5))
  }

  @Test func aPaneFloatedFromAWorkspaceWithoutTabsComesBackInTheTabItMade() throws {
    var state = WorkspaceState(hsplit(pane("A"), vsplit(pane("B"), pane("C"))))
    try state.applyChecked([.focus(.pane(.id(NodeID(5)))), .float, .close()])
    #expect(state.root.kind == .tabs)
    try state.applyChecked(.reopen())
    #expect(state.floatingPlace(of: NodeID(5))! == (state.rootID, 0))
    #expect(state.root.children.count == 1)
  }

  @Test func aPinnedPaneComesBackPinnedIntoAHiddenLayerWhichStaysHidden() throws {
    var state = try floated()
    try state.applyChecked([.close(), .focus(.pane(.id(NodeID(4)))), .float, .showFloating(false)])
    #expect(state.root.floatingLayers[0].isHidden)
    try state.applyChecked(.reopen())
    let layer = state.root.floatingLayers[0]
    #expect(layer.isHidden)
    #expect(layer.shownPanes.map(\.id) == [NodeID(5)])
    #expect(layer.panes.last?.isPinned == true)
    #expect(state.focusedPane == NodeID(5))
  }

  @Test func anUnpinnedPaneComesBackShowingItsHiddenLayer() throws {
    var state = try floated()
    try state.applyChecked([
      .pinFloating(false), .close(), .focus(.pane(.id(NodeID(4)))), .float, .showFloating(false),
    ])
    try state.applyChecked(.reopen())
    #expect(!state.root.floatingLayers[0].isHidden)
    #expect(state.root.floatingLayers[0].ids == [NodeID(4), NodeID(5)])
  }

  @Test func undoOfTheCloseMakesTheEntryUnreopenableAndUndoOfReopenMakesItReopenable() throws {
    var state = try floated()
    try state.applyChecked(.close())
    try state.applyChecked(.undo())
    #expect(state.isFloating(NodeID(5)))
    #expect(state.reopenableEntries.isEmpty)
    state.expectRefusal(.reopen(), .nothingToReopen)
    try state.applyChecked(.redo())
    try state.applyChecked(.reopen())
    #expect(state.isFloating(NodeID(5)))
    try state.applyChecked(.undo())
    #expect(state.node(NodeID(5)) == nil)
    #expect(state.reopenableEntries.map(\.id) == [NodeID(5)])
  }

  @Test func floatingEntriesCountTowardsTheLimit() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    for _ in 0..<(ClosedList.limit + 3) {
      try state.applyChecked([.split(.horizontal), .float, .close()])
    }
    #expect(state.closed.entries.count == ClosedList.limit)
    #expect(state.closed.entries.allSatisfy { $0.isFloating })
    try state.applyChecked(.reopen(ClosedList.limit))
    #expect(state.isFloating(state.focusedPane))
  }

  @Test func aClosedTabsFloatingPanesComeBackWithIt() throws {
    var state = try floated()
    try state.applyChecked([.focus(.pane(.id(NodeID(3)))), .float, .focus(.tiled)])
    let layer = state.root.floatingLayers[0]
    #expect(layer.ids == [NodeID(5), NodeID(3)])
    try state.applyChecked(.closeTab(1))
    #expect(state.node(NodeID(5)) == nil && state.node(NodeID(3)) == nil)
    let entry = try #require(state.reopenableEntries.first)
    #expect(entry.layer.ids == [NodeID(5), NodeID(3)])
    #expect(entry.nodeIDs == [NodeID(4), NodeID(5), NodeID(3)])
    try state.applyChecked(.reopen())
    #expect(state.root.children.first == NodeID(4))
    #expect(state.root.tabTitles.first == "One")
    #expect(state.root.floatingLayers[0] == layer)
    #expect(state.focusedPane == NodeID(4))
  }

  @Test func aClosedTabWhoseLayerHadFocusComesBackFocusedOnItsTop() throws {
    var state = try floated()
    try state.applyChecked(.closeTab(1))
    try state.applyChecked(.reopen())
    #expect(state.root.floatingLayers[0].isFocused)
    #expect(state.focusedPane == NodeID(5))
  }

  @Test func closingATabAfterReopeningItsFloatingPaneRecordsOneEntry() throws {
    var state = try floated()
    try state.applyChecked([.close(), .reopen(), .closeTab(1)])
    #expect(state.closed.entries.count == 1)
    #expect(state.closed.entries[0].layer.ids == [NodeID(5)])
  }
}
