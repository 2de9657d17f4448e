import PaneRouter
import Testing

@testable import Workspace

/// `tab new`, `tab N|next|prev|last`, `tab close`, `tab move` and `tab rename`.
@Suite struct TabTests {
  // MARK: tab new

  @Test func newTabWithTitleAndRoot() throws {
    var state = WorkspaceState.example
    let change = try state.applyChecked(.newTab(title: "Mail", root: "compose"))
    #expect(state.outline == "T(Main: H(%3, %4), Settings: %5, *Mail: %6)")
    #expect(state.root.tabTitles == ["Main", "Settings", "Mail"])
    #expect(state.node(NodeID(6))?.title == "Mail")
    #expect(state.routes(of: NodeID(6)) == ["compose"])
    #expect(state.node(NodeID(6))?.router?.kind == RouteToken.kind)
    #expect(state.focusedPane == NodeID(6))
    #expect(state.mostRecentlyUsed == [NodeID(6), NodeID(3)])
    #expect(state.nextID == 7)
    #expect(change.changedNodes == [NodeID(1), NodeID(6)])
  }

  @Test(
    arguments: [
      (3, nil, nil, "inbox", ["inbox"]),
      (4, nil, nil, "detail", ["detail:1"]),
      (3, nil, "compose", "compose", ["compose"]),
      (3, "Notes", nil, "Notes", ["inbox"]),
    ] as [(Int, String?, RouteToken?, String, [RouteToken])])
  func newTabDefaultsToTheFocusedPanesRoot(
    focused: Int, title: String?, root: RouteToken?, expectedTitle: String,
    expectedRoutes: [RouteToken]
  ) throws {
    var state = WorkspaceState.example
    try state.applyChecked(.focus(.pane(.id(NodeID(focused)))))
    try state.applyChecked(.newTab(title: title, root: root))
    #expect(state.root.tabTitles == ["Main", "Settings", expectedTitle])
    #expect(state.node(NodeID(6))?.title == expectedTitle)
    #expect(state.routes(of: NodeID(6)) == expectedRoutes)
  }

  @Test func newTabWithoutATabsContainerWrapsTheRoot() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try state.applyChecked(.newTab(title: "Two"))
    #expect(state.outline == "T(A: H(%2, %3), *Two: %5)")
    #expect(state.rootID == NodeID(4))
    #expect(state.node(NodeID(1))?.parent == NodeID(4))
    #expect(state.focusedPane == NodeID(5))
    #expect(state.routes(of: NodeID(5)) == ["a"])
  }

  @Test func newTabOnASinglePaneWrapsIt() throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.newTab())
    #expect(state.outline == "T(A: %1, *a: %3)")
    #expect(state.nextID == 4)
  }

  @Test func newTabGoesToTheNearestTabsContainer() throws {
    var state = WorkspaceState(
      tabs(("One", tabs(("X", pane("A")), ("Y", pane("B")))), ("Two", pane("C"))))
    try state.applyChecked(.newTab(title: "Z"))
    #expect(state.outline == "T(*One: T(X: %3, Y: %4, *Z: %6), Two: %5)")
  }

  @Test func newTabClearsZoom() throws {
    var state = WorkspaceState.example
    try state.applyChecked(.zoom)
    try state.applyChecked(.newTab())
    #expect(state.zoomedPane == nil)
  }

  // MARK: tab N|next|prev|last

  @Test(arguments: [
    (1, 2, "T(*One: %2, Two: %3, Three: %4)"), (3, 4, "T(One: %2, Two: %3, *Three: %4)"),
  ])
  func selectByNumber(number: Int, focused: Int, outline: String) throws {
    var state = threeTabs(selected: 1)
    try state.applyChecked(.selectTab(.number(number)))
    #expect(state.focusedPane == NodeID(focused))
    #expect(state.outline == outline)
  }

  @Test(arguments: [0, -1, 4])
  func selectByNumberOutOfRangeIsRefused(number: Int) {
    var state = threeTabs()
    state.expectRefusal(.selectTab(.number(number)), .noSuchTab(number))
  }

  @Test func selectingTheSelectedTabIsASuccessfulNoOp() throws {
    var state = threeTabs(selected: 1)
    let before = state
    let change = try state.applyChecked(.selectTab(.number(2)))
    #expect(state == before)
    #expect(change.isEmpty)
  }

  @Test(arguments: [
    (0, TabTarget.next, 3), (2, .next, 2), (0, .previous, 4), (2, .previous, 3),
  ])
  func nextAndPreviousWrap(selected: Int, target: TabTarget, focused: Int) throws {
    var state = threeTabs(selected: selected)
    try state.applyChecked(.selectTab(target))
    #expect(state.focusedPane == NodeID(focused))
  }

  @Test func lastGoesBackAndForth() throws {
    var state = threeTabs()
    try state.applyChecked(.selectTab(.number(3)))
    try state.applyChecked(.selectTab(.last))
    #expect(state.focusedPane == NodeID(2))
    #expect(state.root.activeIndex == 0)
    try state.applyChecked(.selectTab(.last))
    #expect(state.focusedPane == NodeID(4))
    #expect(state.root.activeIndex == 2)
  }

  @Test func lastSkipsPanesOfTheSelectedTab() throws {
    var state = WorkspaceState(tabs(("One", hsplit(pane("A"), pane("B"))), ("Two", pane("C"))))
    try state.applyChecked(.selectTab(.number(2)))
    try state.applyChecked(.focus(.pane(.id(NodeID(4)))))
    try state.applyChecked(.focus(.pane(.id(NodeID(3)))))
    #expect(state.mostRecentlyUsed == [NodeID(3), NodeID(4), NodeID(5)])
    try state.applyChecked(.selectTab(.last))
    #expect(state.focusedPane == NodeID(5))
  }

  @Test func lastWithoutAnEarlierTabIsRefused() throws {
    var state = threeTabs()
    state.expectRefusal(.selectTab(.last), .noPreviousTab)
    var split = WorkspaceState(tabs(("One", hsplit(pane("A"), pane("B"))), ("Two", pane("C"))))
    try split.applyChecked(.focus(.next))
    split.expectRefusal(.selectTab(.last), .noPreviousTab)
  }

  @Test func selectingATabRefocusesItsActivePane() throws {
    var state = WorkspaceState(tabs(("One", hsplit(pane("A"), pane("B"))), ("Two", pane("C"))))
    try state.applyChecked(.focus(.pane(.id(NodeID(4)))))
    try state.applyChecked(.selectTab(.next))
    #expect(state.focusedPane == NodeID(5))
    try state.applyChecked(.selectTab(.next))
    #expect(state.focusedPane == NodeID(4))
  }

  @Test func selectingATabIsNotRecordedInHistory() throws {
    var state = threeTabs()
    try state.applyChecked(.selectTab(.next))
    try state.applyChecked(.selectTab(.last))
    #expect(state.history.undoEntries.isEmpty)
  }

  @Test func selectingATabClearsZoom() throws {
    var state = threeTabs()
    try state.applyChecked(.zoom)
    try state.applyChecked(.selectTab(.next))
    #expect(state.zoomedPane == nil)
  }

  // MARK: noTabs

  @Test(arguments: [
    WorkspaceCommand.selectTab(.number(1)), .selectTab(.next), .selectTab(.previous),
    .selectTab(.last), .closeTab(), .closeTab(1), .moveTab(to: 1), .renameTab("X"),
  ])
  func tabCommandsWithoutTabsAreRefused(command: WorkspaceCommand) {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    state.expectRefusal(command, .noTabs)
  }

  @Test func tabCommandsUseTheTabsAroundTheFocusedPaneOnly() throws {
    var state = WorkspaceState(hsplit(pane("A"), tabs(("One", pane("B")), ("Two", pane("C")))))
    state.expectRefusal(.selectTab(.next), .noTabs)
    try state.applyChecked(.focus(.pane(.id(NodeID(4)))))
    try state.applyChecked(.selectTab(.next))
    #expect(state.focusedPane == NodeID(5))
  }

  // MARK: tab close

  @Test func closeTheSelectedTab() throws {
    var state = threeTabs()
    try state.applyChecked(.selectTab(.number(2)))
    try state.applyChecked(.closeTab())
    #expect(state.outline == "T(*One: %2, Three: %4)")
    #expect(state.focusedPane == NodeID(2))
    #expect(state.node(NodeID(3)) == nil)
  }

  @Test func closeATabByNumber() throws {
    var state = threeTabs()
    try state.applyChecked(.closeTab(3))
    #expect(state.outline == "T(*One: %2, Two: %3)")
    #expect(state.focusedPane == NodeID(2))
  }

  @Test(arguments: [0, -2, 4])
  func closeATabOutOfRangeIsRefused(number: Int) {
    var state = threeTabs()
    state.expectRefusal(.closeTab(number), .noSuchTab(number))
  }

  @Test func closingATabClosesEveryPaneInIt() throws {
    var state = WorkspaceState(
      tabs(("One", hsplit(pane("A"), pane("B"))), ("Two", pane("C")), selected: 1))
    let change = try state.applyChecked(.closeTab(1))
    #expect(state.outline == "T(*Two: %5)")
    #expect(state.nodeCount == 2)
    #expect(change.changedNodes == [NodeID(1), NodeID(2), NodeID(3), NodeID(4)])
  }

  @Test func closingTheTabWithEveryPaneIsRefused() {
    var state = WorkspaceState(tabs(("One", hsplit(pane("A"), pane("B")))))
    state.expectRefusal(.closeTab(), .lastPane)
    state.expectRefusal(.closeTab(1), .lastPane)
  }

  @Test func closingTheLastTabOfNestedTabsRemovesTheContainer() throws {
    var state = WorkspaceState(hsplit(pane("A"), tabs(("One", pane("B")))))
    try state.applyChecked(.focus(.pane(.id(NodeID(4)))))
    try state.applyChecked(.closeTab())
    #expect(state.outline == "%2")
    #expect(state.focusedPane == NodeID(2))
  }

  @Test func closingATabClearsZoom() throws {
    var state = threeTabs()
    try state.applyChecked(.zoom)
    try state.applyChecked(.closeTab(2))
    #expect(state.zoomedPane == nil)
    #expect(state.focusedPane == NodeID(2))
  }

  // MARK: tab move

  @Test(arguments: [
    (0, 3, "T(Two: %3, Three: %4, *One: %2)", 2),
    (0, 2, "T(Two: %3, *One: %2, Three: %4)", 1),
    (2, 1, "T(*Three: %4, One: %2, Two: %3)", 0),
  ])
  func moveTheSelectedTab(selected: Int, to number: Int, outline: String, activeIndex: Int)
    throws
  {
    var state = threeTabs(selected: selected)
    let focused = state.focusedPane
    try state.applyChecked(.moveTab(to: number))
    #expect(state.outline == outline)
    #expect(state.root.activeIndex == activeIndex)
    #expect(state.focusedPane == focused)
    #expect(state.history.undoEntries.count == 1)
  }

  @Test(arguments: [0, 4, -1])
  func moveToAPositionOutOfRangeIsRefused(number: Int) {
    var state = threeTabs()
    state.expectRefusal(.moveTab(to: number), .noSuchTab(number))
  }

  @Test func moveToTheSamePositionIsASuccessfulNoOp() throws {
    var state = threeTabs(selected: 1)
    let before = state
    let change = try state.applyChecked(.moveTab(to: 2))
    #expect(state == before)
    #expect(change.isEmpty)
  }

  // MARK: tab rename

  @Test func renameTheSelectedTab() throws {
    var state = threeTabs(selected: 1)
    let change = try state.applyChecked(.renameTab("Mail"))
    #expect(state.root.tabTitles == ["One", "Mail", "Three"])
    #expect(state.node(NodeID(3))?.title == "B")
    #expect(change.changedNodes == [NodeID(1)])
    #expect(state.history.undoEntries.count == 1)
  }

  @Test func renameTheNearestTab() throws {
    var state = WorkspaceState(
      tabs(("One", tabs(("X", pane("A")), ("Y", pane("B")))), ("Two", pane("C"))))
    try state.applyChecked(.renameTab("Inner"))
    #expect(state.outline == "T(*One: T(*Inner: %3, Y: %4), Two: %5)")
  }
}
