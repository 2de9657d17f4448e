import PaneRouter
import Testing

@testable import Workspace

/// `close [N]`.
@Suite struct CloseTests {
  @Test(arguments: [
    (2, "H(%3, %4)", [0.375, 0.625]),
    (3, "H(%2, %4)", [0.2 / 0.7, 0.5 / 0.7]),
    (4, "H(%2, %3)", [0.4, 0.6]),
  ])
  func siblingsAbsorbTheWeightProportionally(closed: Int, outline: String, weights: [Double])
    throws
  {
    var state = weightedRow()
    try state.applyChecked(.close(.id(NodeID(closed))))
    #expect(state.outline == outline)
    expectWeights(state.root.weights, weights)
    #expect(state.node(NodeID(closed)) == nil)
  }

  @Test func aSplitLeftWithOneChildCollapsesIntoIt() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    let change = try state.applyChecked(.close())
    #expect(state.outline == "%3")
    #expect(state.rootID == NodeID(3))
    #expect(state.root.parent == nil)
    #expect(state.nodeCount == 1)
    #expect(state.focusedPane == NodeID(3))
    #expect(state.mostRecentlyUsed == [NodeID(3)])
    #expect(change.changedNodes == [NodeID(1), NodeID(2), NodeID(3)])
    #expect(change.focusBefore == NodeID(2))
    #expect(change.focusAfter == NodeID(3))
  }

  @Test func aNestedSplitLeftWithOneChildCollapsesIntoItsSlot() throws {
    var state = WorkspaceState(
      hsplit(pane("A"), vsplit(pane("B"), pane("C")), weights: [0.4, 0.6]))
    try state.applyChecked(.close(.id(NodeID(5))))
    #expect(state.outline == "H(%2, %4)")
    expectWeights(state.root.weights, [0.4, 0.6])
    #expect(state.node(NodeID(3)) == nil)
    #expect(state.node(NodeID(4))?.parent == NodeID(1))
  }

  @Test func aCollapseThatBringsASameAxisSplitMergesItWithScaledWeights() throws {
    var state = WorkspaceState(
      hsplit(
        pane("A"), vsplit(pane("B"), hsplit(pane("C"), pane("D"), weights: [0.25, 0.75])),
        weights: [0.4, 0.6]))
    try state.applyChecked(.focus(.pane(.id(NodeID(7)))))
    try state.applyChecked(.close(.id(NodeID(4))))
    #expect(state.outline == "H(%2, %6, %7)")
    expectWeights(state.root.weights, [0.4, 0.15, 0.45])
    #expect(state.node(NodeID(3)) == nil)
    #expect(state.node(NodeID(5)) == nil)
    #expect(state.node(NodeID(6))?.parent == NodeID(1))
    #expect(state.node(NodeID(7))?.parent == NodeID(1))
    #expect(state.focusedPane == NodeID(7))
    #expect(state.root.activeIndex == 2)
    #expect(state.nodeCount == 4)
  }

  @Test func focusGoesToTheMostRecentlyUsedSurvivor() throws {
    var state = weightedRow()
    try state.applyChecked(.focus(.pane(.id(NodeID(4)))))
    try state.applyChecked(.focus(.pane(.id(NodeID(3)))))
    #expect(state.mostRecentlyUsed == [NodeID(3), NodeID(4), NodeID(2)])
    try state.applyChecked(.close())
    #expect(state.focusedPane == NodeID(4))
    #expect(state.mostRecentlyUsed == [NodeID(4), NodeID(2)])
  }

  @Test func withoutAMostRecentlyUsedSurvivorFocusTakesTheClosedPanesPlace() throws {
    var state = weightedRow()
    try state.applyChecked(.close())
    #expect(state.focusedPane == NodeID(3))
    #expect(state.mostRecentlyUsed == [NodeID(3)])
  }

  /// As in tmux, closing a pane keeps focus in its tab while the tab holds a pane, even when
  /// a pane of another tab was used more recently.
  @Test func focusStaysInTheTabOfTheClosedPane() throws {
    var state = WorkspaceState(
      tabs(("One", hsplit(pane("A"), pane("B"))), ("Two", pane("C"))))
    for id in [4, 5, 3] {
      try state.applyChecked(.focus(.pane(.id(NodeID(id)))))
    }
    try state.applyChecked(.close())
    #expect(state.outline == "T(*One: %4, Two: %5)")
    #expect(state.focusedPane == NodeID(4))
    #expect(state.mostRecentlyUsed == [NodeID(4), NodeID(5)])
  }

  /// Closing a whole tab focuses the most recently used pane of the tabs that remain.
  @Test func closingATabFocusesTheMostRecentlyUsedSurvivor() throws {
    var state = WorkspaceState(
      tabs(("One", pane("A")), ("Two", pane("B")), ("Three", pane("C"))))
    for id in [4, 2, 3] {
      try state.applyChecked(.focus(.pane(.id(NodeID(id)))))
    }
    try state.applyChecked(.closeTab())
    #expect(state.focusedPane == NodeID(2))
  }

  @Test func closingAnotherPaneKeepsFocus() throws {
    var state = weightedRow()
    try state.applyChecked(.focus(.pane(.id(NodeID(3)))))
    let change = try state.applyChecked(.close(.id(NodeID(4))))
    #expect(state.focusedPane == NodeID(3))
    #expect(change.focusBefore == NodeID(3))
    #expect(change.focusAfter == NodeID(3))
    #expect(state.root.activeIndex == 1)
  }

  @Test func closingTheLastPaneIsRefused() {
    var single = WorkspaceState(pane("A"))
    single.expectRefusal(.close(), .lastPane)
    single.expectRefusal(.close(.number(1)), .lastPane)
    single.expectRefusal(.close(.id(NodeID(1))), .lastPane)
    var inTab = WorkspaceState(tabs(("One", pane("A"))))
    inTab.expectRefusal(.close(), .lastPane)
  }

  @Test func closeByNumberUsesReadingOrder() throws {
    var state = grid()
    try state.applyChecked(.close(.number(2)))
    #expect(state.outline == "H(V(%3, %4), %7)")
    expectWeights(state.root.weights, [0.5, 0.5])
    #expect(state.focusedPane == NodeID(3))
  }

  @Test(arguments: [0, -1, 5])
  func closeByNumberOutOfRangeIsRefused(number: Int) {
    var state = grid()
    state.expectRefusal(.close(.number(number)), .noSuchPane(.number(number)))
  }

  @Test func closeByIDClosesAnyPane() throws {
    var state = grid()
    try state.applyChecked(.close(.id(NodeID(4))))
    #expect(state.outline == "H(%3, V(%6, %7))")
    #expect(state.focusedPane == NodeID(3))
  }

  @Test func closeByIDInAHiddenTabKeepsTheSelectedTab() throws {
    var state = WorkspaceState.example
    try state.applyChecked(.close(.id(NodeID(5))))
    #expect(state.outline == "T(*Main: H(%3, %4))")
    #expect(state.root.tabTitles == ["Main"])
    #expect(state.focusedPane == NodeID(3))
  }

  @Test func closeByAbsentOrContainerIDIsRefused() {
    var state = grid()
    state.expectRefusal(.close(.id(NodeID(99))), .noSuchPane(.id(NodeID(99))))
    state.expectRefusal(.close(.id(NodeID(2))), .notAPane(NodeID(2)))
    state.expectRefusal(.close(.id(NodeID(1))), .notAPane(NodeID(1)))
  }

  @Test func closingTheOnlyPaneOfATabRemovesTheTab() throws {
    var state = threeTabs(selected: 1)
    try state.applyChecked(.close())
    #expect(state.outline == "T(One: %2, *Three: %4)")
    #expect(state.root.tabTitles == ["One", "Three"])
    #expect(state.focusedPane == NodeID(4))
  }

  @Test func closingTheOnlyPaneOfATabFocusesTheMostRecentlyUsedTab() throws {
    var state = threeTabs()
    try state.applyChecked(.selectTab(.number(2)))
    try state.applyChecked(.close())
    #expect(state.outline == "T(*One: %2, Three: %4)")
    #expect(state.focusedPane == NodeID(2))
  }

  @Test func closingTheOnlyPaneOfANestedTabsContainerRemovesIt() throws {
    var state = WorkspaceState(hsplit(pane("A"), tabs(("One", pane("B")))))
    try state.applyChecked(.focus(.pane(.id(NodeID(4)))))
    try state.applyChecked(.close())
    #expect(state.outline == "%2")
    #expect(state.nodeCount == 1)
    #expect(state.focusedPane == NodeID(2))
  }

  @Test func aTabsSplitCollapsingKeepsTheTabsTitle() throws {
    var state = WorkspaceState(tabs(("One", hsplit(pane("A"), pane("B")))))
    try state.applyChecked(.close(.id(NodeID(4))))
    #expect(state.outline == "T(*One: %3)")
    #expect(state.node(NodeID(3))?.parent == NodeID(1))
  }

  @Test func closingClearsZoom() throws {
    var state = weightedRow()
    try state.applyChecked(.zoom)
    try state.applyChecked(.close())
    #expect(state.zoomedPane == nil)
    #expect(state.visiblePanes == [NodeID(3), NodeID(4)])
  }

  @Test func closingKeepsTheRoutersOfTheSurvivors() throws {
    var state = WorkspaceState(
      hsplit(pane("A", routes: ["a", "b"]), pane("B", routes: ["c"], modal: (.cover, ["d"]))))
    let survivor = try #require(state.node(NodeID(3)))
    try state.applyChecked(.close(.id(NodeID(2))))
    #expect(state.node(NodeID(3))?.router == survivor.router)
    #expect(state.node(NodeID(3))?.title == "B")
  }
}
