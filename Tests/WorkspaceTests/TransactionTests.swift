import PaneRouter
import Testing

@testable import Workspace

/// Batches of commands applied all or nothing, and the ``WorkspaceChange`` they yield.
@Suite struct TransactionTests {
  @Test func aBatchWhoseSecondCommandFailsChangesNothing() {
    var state = WorkspaceState(richTemplate)
    state.expectRefusal(
      [.split(.horizontal), .focus(.pane(.number(99)))], .noSuchPane(.number(99)))
    #expect(state.nextID == 8)
    #expect(state.outline == "T(*One: H(%3, V(%5, %6)), Two: %7)")
  }

  @Test func aBatchWhoseFirstCommandFailsChangesNothing() {
    var state = WorkspaceState(richTemplate)
    state.expectRefusal(
      [.close(.id(NodeID(99))), .split(.horizontal)], .noSuchPane(.id(NodeID(99))))
  }

  @Test func theFirstFailureIsReported() {
    var state = WorkspaceState(richTemplate)
    state.expectRefusal(
      [.rename("X"), .selectTab(.number(5)), .undo(count: 0)], .noSuchTab(5))
  }

  @Test func aFailedBatchKeepsTheHistoryIncludingRedo() throws {
    var state = WorkspaceState(richTemplate)
    try state.applyChecked(.rename("X"))
    try state.applyChecked(.rename("Y"))
    try state.applyChecked(.undo())
    #expect(state.history.undoEntries.count == 1)
    #expect(state.history.redoEntries.count == 1)
    state.expectRefusal(
      [.rename("Z"), .split(.vertical), .newTab(), .close(.number(9))], .noSuchPane(.number(9)))
    #expect(state.history.redoEntries.count == 1)
    try state.applyChecked(.redo())
    #expect(state.node(NodeID(3))?.title == "Y")
  }

  @Test func aFailedBatchAfterUndoAndRedoChangesNothing() throws {
    var state = WorkspaceState(richTemplate)
    try state.applyChecked(.split(.horizontal))
    state.expectRefusal([.undo(), .redo(), .redo()], .nothingToRedo)
    state.expectRefusal([.undo(), .split(.vertical), .close(.number(9))], .noSuchPane(.number(9)))
    state.expectRefusal([.split(.vertical), .undo(count: 2), .undo()], .nothingToUndo)
    #expect(state.nextID == 9)
  }

  @Test func aFailedRouterOperationRollsBackTheBatch() {
    var state = WorkspaceState(richTemplate)
    state.expectRefusal(
      [.route(.push(["detail:1"])), .route(.push(["detail:1"]))],
      .routeRejected(.duplicateTop("detail:1"), operation: "push detail:1", node: NodeID(3)))
  }

  @Test func stateAfterAFailureAcceptsNewCommands() throws {
    var state = WorkspaceState(pane("A"))
    state.expectRefusal([.split(.horizontal), .close(.number(3))], .noSuchPane(.number(3)))
    try state.applyChecked(.split(.horizontal))
    #expect(state.outline == "H(%1, %2)")
    #expect(state.history.undoEntries.count == 1)
  }

  @Test func anEmptyBatchChangesNothing() throws {
    var state = WorkspaceState(richTemplate)
    let before = state
    let change = try state.applyChecked([])
    #expect(state == before)
    #expect(change.isEmpty)
    #expect(change.commands.isEmpty)
    #expect(change.focusBefore == NodeID(3))
  }

  // MARK: WorkspaceChange

  @Test func theChangeListsCommandsNodesAndFocus() throws {
    var state = WorkspaceState(pane("A"))
    let commands: [WorkspaceCommand] = [.split(.horizontal), .rename("X")]
    let change = try state.applyChecked(commands)
    #expect(change.commands == commands)
    #expect(change.changedNodes == [NodeID(1), NodeID(2), NodeID(3)])
    #expect(change.focusBefore == NodeID(1))
    #expect(change.focusAfter == NodeID(2))
    #expect(change.isEmpty == false)
  }

  @Test func deletedNodesAreChanged() throws {
    var state = WorkspaceState(hsplit(pane("A"), vsplit(pane("B"), pane("C"))))
    try state.applyChecked(.focus(.pane(.id(NodeID(5)))))
    let change = try state.applyChecked(.close())
    #expect(change.changedNodes == [NodeID(1), NodeID(3), NodeID(4), NodeID(5)])
    #expect(change.focusBefore == NodeID(5))
    #expect(change.focusAfter == NodeID(2))
  }

  @Test func aRenameChangesOnlyThePane() throws {
    var state = WorkspaceState(richTemplate)
    let change = try state.applyChecked(.rename("X"))
    #expect(change.changedNodes == [NodeID(3)])
    #expect(change.focusBefore == change.focusAfter)
  }

  @Test func aTabRenameChangesOnlyTheTabsContainer() throws {
    var state = WorkspaceState(richTemplate)
    let change = try state.applyChecked(.renameTab("X"))
    #expect(change.changedNodes == [NodeID(1)])
  }

  @Test func aResizeChangesOnlyTheSplit() throws {
    var state = WorkspaceState(richTemplate)
    let change = try state.applyChecked(.resize(.right, amount: 0.2))
    #expect(change.changedNodes == [NodeID(2)])
    expectWeights(state.node(NodeID(2))?.weights, [0.5, 0.5])
  }

  @Test func focusChangesTheContainersOnThePath() throws {
    var state = WorkspaceState(richTemplate)
    let change = try state.applyChecked(.focus(.pane(.id(NodeID(7)))))
    #expect(change.changedNodes == [NodeID(1)])
    #expect(change.focusBefore == NodeID(3))
    #expect(change.focusAfter == NodeID(7))
  }

  @Test func whatABatchUndoesIsNotAChange() throws {
    var state = WorkspaceState(richTemplate)
    let change = try state.applyChecked([.split(.horizontal), .rename("X"), .undo()])
    #expect(change.changedNodes.isEmpty)
    #expect(change.focusBefore == NodeID(3))
    #expect(change.focusAfter == NodeID(3))
    #expect(state.history.redoEntries.count == 1)
    #expect(state.nextID == 9)
  }

  @Test func undoReportsWhatItRestored() throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.split(.horizontal))
    let change = try state.applyChecked(.undo())
    #expect(change.changedNodes == [NodeID(1), NodeID(2), NodeID(3)])
    #expect(change.focusBefore == NodeID(2))
    #expect(change.focusAfter == NodeID(1))
  }

  /// The members the file saves: the state holds these and nothing else, so a running
  /// transaction's journals never travel with a saved, compared or copied state.
  static let savedMembers: Set<String> = [
    "nodes", "rootID", "nextID", "mostRecentlyUsed", "zoomedPane", "history", "unknownMembers",
    "mostRecentlyUsedLimit", "layoutSize", "minimumPaneSize", "revision", "templates",
    "routeSchema", "closed", "windowList",
  ]

  @Test(arguments: [
    [WorkspaceCommand.split(.horizontal)], [.split(.horizontal), .close(.number(9))], [.undo()],
  ])
  func theStateHoldsOnlyWhatTheFileSaves(_ commands: [WorkspaceCommand]) {
    var state = WorkspaceState(richTemplate)
    _ = try? state.apply(commands)
    let members = Set(Mirror(reflecting: state).children.compactMap(\.label))
    #expect(members == Self.savedMembers)
  }
}
