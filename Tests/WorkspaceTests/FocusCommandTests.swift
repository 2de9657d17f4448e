import PaneRouter
import Testing

@testable import Workspace

/// `focus N`, `focus %ID`, `focus next|prev|last` (directional focus is tested elsewhere).
@Suite struct FocusCommandTests {
  @Test(arguments: [(1, 3), (2, 6), (3, 4), (4, 7)])
  func focusByNumberFollowsReadingOrder(number: Int, expected: Int) throws {
    var state = grid()
    #expect(state.numberedPanes == [NodeID(3), NodeID(6), NodeID(4), NodeID(7)])
    try state.applyChecked(.focus(.pane(.number(number))))
    #expect(state.focusedPane == NodeID(expected))
    #expect(state.mostRecentlyUsed.first == NodeID(expected))
  }

  @Test(arguments: [0, -1, 5, 100])
  func focusByNumberOutOfRangeIsRefused(number: Int) {
    var state = grid()
    state.expectRefusal(.focus(.pane(.number(number))), .noSuchPane(.number(number)))
  }

  @Test func numbersCountOnlyTheSelectedTab() throws {
    var state = WorkspaceState.example
    #expect(state.numberedPanes == [NodeID(3), NodeID(4)])
    state.expectRefusal(.focus(.pane(.number(3))), .noSuchPane(.number(3)))
    try state.applyChecked(.selectTab(.number(2)))
    #expect(state.numberedPanes == [NodeID(5)])
    state.expectRefusal(.focus(.pane(.number(2))), .noSuchPane(.number(2)))
  }

  @Test func focusByIDMovesFocusAndRecordsUse() throws {
    var state = grid()
    let change = try state.applyChecked(.focus(.pane(.id(NodeID(7)))))
    #expect(state.focusedPane == NodeID(7))
    #expect(state.mostRecentlyUsed == [NodeID(7), NodeID(3)])
    #expect(state.node(NodeID(1))?.activeIndex == 1)
    #expect(state.node(NodeID(5))?.activeIndex == 1)
    #expect(change.changedNodes == [NodeID(1), NodeID(5)])
    #expect(change.focusBefore == NodeID(3))
    #expect(change.focusAfter == NodeID(7))
  }

  @Test func focusByIDInAHiddenTabSelectsThatTab() throws {
    var state = WorkspaceState.example
    try state.applyChecked(.focus(.pane(.id(NodeID(5)))))
    #expect(state.focusedPane == NodeID(5))
    #expect(state.node(NodeID(1))?.activeIndex == 1)
    #expect(state.outline == "T(Main: H(%3, %4), *Settings: %5)")
  }

  @Test func focusByAbsentIDIsRefused() {
    var state = grid()
    state.expectRefusal(.focus(.pane(.id(NodeID(99)))), .noSuchPane(.id(NodeID(99))))
    state.expectRefusal(.focus(.pane(.id(NodeID(0)))), .noSuchPane(.id(NodeID(0))))
  }

  @Test(arguments: [1, 2, 5])
  func focusByContainerIDIsRefused(container: Int) {
    var state = grid()
    state.expectRefusal(.focus(.pane(.id(NodeID(container)))), .notAPane(NodeID(container)))
  }

  @Test func nextCyclesInReadingOrderAndWraps() throws {
    var state = grid()
    var visited: [NodeID] = []
    for _ in 0..<4 {
      try state.applyChecked(.focus(.next))
      visited.append(state.focusedPane)
    }
    #expect(visited == [NodeID(6), NodeID(4), NodeID(7), NodeID(3)])
  }

  @Test func previousCyclesBackwardsAndWraps() throws {
    var state = grid()
    var visited: [NodeID] = []
    for _ in 0..<4 {
      try state.applyChecked(.focus(.previous))
      visited.append(state.focusedPane)
    }
    #expect(visited == [NodeID(7), NodeID(4), NodeID(6), NodeID(3)])
  }

  @Test func nextStaysInTheSelectedTab() throws {
    var state = WorkspaceState.example
    try state.applyChecked(.focus(.next))
    #expect(state.focusedPane == NodeID(4))
    try state.applyChecked(.focus(.next))
    #expect(state.focusedPane == NodeID(3))
    #expect(state.node(NodeID(1))?.activeIndex == 0)
  }

  @Test func lastGoesBackAndForth() throws {
    var state = grid()
    try state.applyChecked(.focus(.pane(.number(4))))
    try state.applyChecked(.focus(.last))
    #expect(state.focusedPane == NodeID(3))
    #expect(state.mostRecentlyUsed == [NodeID(3), NodeID(7)])
    try state.applyChecked(.focus(.last))
    #expect(state.focusedPane == NodeID(7))
    #expect(state.mostRecentlyUsed == [NodeID(7), NodeID(3)])
  }

  @Test func lastFollowsTheWholeHistoryNotOnlyTheLastStep() throws {
    var state = grid()
    for number in [2, 3, 4] {
      try state.applyChecked(.focus(.pane(.number(number))))
    }
    #expect(state.mostRecentlyUsed == [NodeID(7), NodeID(4), NodeID(6), NodeID(3)])
    try state.applyChecked(.focus(.last))
    #expect(state.focusedPane == NodeID(4))
  }

  @Test func lastReturnsToAPaneInAnotherTab() throws {
    var state = WorkspaceState.example
    try state.applyChecked(.selectTab(.number(2)))
    try state.applyChecked(.focus(.last))
    #expect(state.focusedPane == NodeID(3))
    #expect(state.node(NodeID(1))?.activeIndex == 0)
  }

  @Test func lastWithoutAPreviousPaneIsRefused() {
    var state = grid()
    state.expectRefusal(.focus(.last), .noPreviousPane)
    var single = WorkspaceState(pane("A"))
    single.expectRefusal(.focus(.last), .noPreviousPane)
  }

  @Test(arguments: [
    FocusTarget.pane(.number(1)), .pane(.id(NodeID(3))),
  ])
  func focusingTheFocusedPaneIsASuccessfulNoOp(target: FocusTarget) throws {
    var state = grid()
    try state.applyChecked(.zoom)
    let before = state
    let change = try state.applyChecked(.focus(target))
    #expect(state == before)
    #expect(state.zoomedPane == NodeID(3))
    #expect(change.isEmpty)
    #expect(change.changedNodes.isEmpty)
    #expect(change.focusBefore == NodeID(3))
    #expect(change.focusAfter == NodeID(3))
  }

  @Test(arguments: [FocusTarget.next, .previous])
  func cyclingWithOnePaneIsASuccessfulNoOp(target: FocusTarget) throws {
    var state = WorkspaceState(pane("A"))
    let before = state
    let change = try state.applyChecked(.focus(target))
    #expect(state == before)
    #expect(change.isEmpty)
  }

  @Test func focusIsNotRecordedInHistory() throws {
    var state = grid()
    try state.applyChecked(.focus(.next))
    try state.applyChecked(.focus(.pane(.id(NodeID(7)))))
    try state.applyChecked(.focus(.last))
    #expect(state.history.undoEntries.isEmpty)
    state.expectRefusal(.undo(), .nothingToUndo)
  }

  @Test func focusKeepsTheMostRecentlyUsedListWithinItsLimit() throws {
    var state = WorkspaceState(pane("A"))
    try state.recordLayoutSize(Size(width: 1000, height: 24))
    for _ in 0..<40 {
      try state.applyChecked(.split(.horizontal))
    }
    #expect(state.mostRecentlyUsed.count == WorkspaceState.defaultMostRecentlyUsedLimit)
    try state.applyChecked(.focus(.pane(.id(NodeID(1)))))
    #expect(state.mostRecentlyUsed.first == NodeID(1))
    #expect(state.mostRecentlyUsed.count == WorkspaceState.defaultMostRecentlyUsedLimit)
  }
}
