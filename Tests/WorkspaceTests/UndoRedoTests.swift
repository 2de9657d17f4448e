import PaneRouter
import Testing

@testable import Workspace

/// `T(One: H(A, V(B, C)), Two: D)` with uneven weights: ids `%1 T, %2 H, %3 A, %4 V, %5 B,
/// %6 C, %7 D`, A focused.
let richTemplate = tabs(
  (
    "One",
    hsplit(pane("A"), vsplit(pane("B"), pane("C"), weights: [0.6, 0.4]), weights: [0.3, 0.7])
  ),
  ("Two", pane("D")))

/// A structural command applied after some set-up commands.
struct UndoCase: Sendable, CustomTestStringConvertible {
  var template = richTemplate
  var setup: [WorkspaceCommand] = []
  var command: WorkspaceCommand

  var testDescription: String {
    setup.isEmpty ? "\(command)" : "\(command) after \(setup)"
  }
}

/// `undo [N]` and `redo [N]`.
@Suite struct UndoRedoTests {
  static let structuralCommands: [UndoCase] = [
    UndoCase(command: .split(.horizontal)),
    UndoCase(setup: [.focus(.pane(.id(NodeID(5))))], command: .split(.horizontal)),
    UndoCase(
      setup: [.focus(.pane(.id(NodeID(5))))], command: .split(.vertical, ratio: 0.3, root: "x")),
    UndoCase(setup: [.focus(.pane(.id(NodeID(5))))], command: .close()),
    UndoCase(command: .close(.number(1))),
    UndoCase(command: .close(.id(NodeID(7)))),
    UndoCase(setup: [.focus(.pane(.id(NodeID(6)))), .zoom], command: .close(.id(NodeID(5)))),
    UndoCase(command: .newTab(title: "New", root: "n")),
    UndoCase(template: hsplit(pane("A"), pane("B")), command: .newTab()),
    UndoCase(setup: [.selectTab(.number(2))], command: .closeTab()),
    UndoCase(command: .closeTab(1)),
    UndoCase(command: .moveTab(to: 2)),
    UndoCase(command: .renameTab("Renamed")),
    UndoCase(command: .swap(.direction(.right))),
    UndoCase(command: .swap(.pane(.id(NodeID(7))))),
    UndoCase(command: .move(.right)),
    UndoCase(setup: [.focus(.pane(.id(NodeID(5))))], command: .move(.left)),
    UndoCase(command: .move(.up)),
    UndoCase(command: .resize(.right, amount: 0.1)),
    UndoCase(command: .equalize),
    UndoCase(command: .rename("Renamed")),
    UndoCase(command: .route(.push(["detail:7"]))),
    UndoCase(command: .route(.present("compose", style: .cover), at: NodeID(7))),
    UndoCase(setup: [.route(.push(["detail:7"]))], command: .route(.popToRoot)),
  ]

  @Test(arguments: structuralCommands)
  func undoRestoresExactlyTheStateBeforeAndRedoTheStateAfter(_ undoCase: UndoCase) throws {
    var state = WorkspaceState(undoCase.template)
    try state.applyChecked(undoCase.setup)
    let before = state
    try state.applyChecked(undoCase.command)
    let after = state
    #expect(after.history.undoEntries.count == before.history.undoEntries.count + 1)

    try state.applyChecked(.undo())
    #expect(state.structure == before.structure)
    for id in Set(before.nodes.keys).union(after.nodes.keys) {
      #expect(state.node(id) == before.node(id), "node \(id)")
    }
    #expect(state.rootID == before.rootID)
    #expect(state.focusedPane == before.focusedPane)
    #expect(state.zoomedPane == before.zoomedPane)
    #expect(state.nextID == after.nextID)

    try state.applyChecked(.redo())
    #expect(state.structure == after.structure)
    #expect(state.history.undoEntries.count == after.history.undoEntries.count)
    #expect(state.history.redoEntries.isEmpty)
  }

  @Test func idsAreNeverReusedAfterUndo() throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.split(.horizontal))
    #expect(state.outline == "H(%1, %2)")
    try state.applyChecked(.undo())
    #expect(state.outline == "%1")
    #expect(state.nodeCount == 1)
    #expect(state.nextID == 4)
    try state.applyChecked(.split(.vertical))
    #expect(state.outline == "V(%1, %4)")
    #expect(state.rootID == NodeID(5))
    #expect(state.nextID == 6)
  }

  @Test func redoBringsBackTheSameIDs() throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.split(.horizontal))
    try state.applyChecked(.undo())
    try state.applyChecked(.redo())
    #expect(state.outline == "H(%1, %2)")
    #expect(state.rootID == NodeID(3))
    #expect(state.focusedPane == NodeID(2))
    #expect(state.nextID == 4)
  }

  @Test func undoRestoresFocusAndTheMostRecentlyUsedList() throws {
    var state = weightedRow()
    try state.applyChecked(.focus(.pane(.id(NodeID(4)))))
    try state.applyChecked(.close())
    #expect(state.focusedPane == NodeID(2))
    try state.applyChecked(.undo())
    #expect(state.focusedPane == NodeID(4))
    #expect(state.mostRecentlyUsed == [NodeID(4), NodeID(2)])
  }

  @Test func undoRestoresZoom() throws {
    var state = grid()
    try state.applyChecked(.zoom)
    try state.applyChecked(.split(.horizontal))
    #expect(state.zoomedPane == nil)
    try state.applyChecked(.undo())
    #expect(state.zoomedPane == NodeID(3))
  }

  @Test func tabSelectionIsNotRecorded() throws {
    var state = threeTabs()
    try state.applyChecked(.selectTab(.number(2)))
    try state.applyChecked(.selectTab(.next))
    #expect(state.history.undoEntries.isEmpty)
  }

  // In wsterm, `C-b z` then `C-b u` undid the push before the zoom and unzoomed.
  @Test func zoomIsItsOwnStepAndUndoingItLeavesThePushBeforeIt() throws {
    var state = grid()
    try state.applyChecked(.route(.push(["b"])))
    let pushed = state.routes(of: NodeID(3))
    try state.applyChecked(.zoom)
    #expect(state.history.undoEntries.map(\.label) == ["push b", "zoom"])
    try state.applyChecked(.undo())
    #expect(state.zoomedPane == nil)
    #expect(state.routes(of: NodeID(3)) == pushed)
    try state.applyChecked(.redo())
    #expect(state.zoomedPane == NodeID(3))
    try state.applyChecked(.undo(count: 2))
    #expect(state.zoomedPane == nil)
    #expect(state.routes(of: NodeID(3)) != pushed)
  }

  @Test func aZoomClearsRedoLikeAnyChange() throws {
    var state = grid()
    try state.applyChecked(.rename("1"))
    try state.applyChecked(.undo())
    try state.applyChecked(.zoom)
    #expect(state.history.redoEntries.isEmpty)
  }

  @Test func undoingACommandNeverRevertsALaterZoomChange() throws {
    var state = grid()
    try state.applyChecked(.zoom)
    try state.applyChecked(.route(.push(["b"])))
    // Focus elsewhere and back: unzoomed by a cursor move, which is not recorded.
    try state.applyChecked(.focus(.next))
    try state.applyChecked(.focus(.previous))
    #expect(state.zoomedPane == nil)
    try state.applyChecked(.undo())
    #expect(state.zoomedPane == nil)
    #expect(state.history.undoEntries.map(\.label) == ["zoom"])
  }

  @Test func undoAndRedoOfSeveralEntries() throws {
    var state = WorkspaceState(pane("A"))
    for title in ["1", "2", "3"] {
      try state.applyChecked(.rename(title))
    }
    try state.applyChecked(.undo(count: 2))
    #expect(state.node(NodeID(1))?.title == "1")
    #expect(state.history.undoEntries.count == 1)
    #expect(state.history.redoEntries.count == 2)
    try state.applyChecked(.redo())
    #expect(state.node(NodeID(1))?.title == "2")
    #expect(state.history.undoEntries.count == 2)
    #expect(state.history.redoEntries.count == 1)
  }

  @Test func undoAndRedoCountsAreClamped() throws {
    var state = WorkspaceState(pane("A"))
    for title in ["1", "2", "3"] {
      try state.applyChecked(.rename(title))
    }
    try state.applyChecked(.undo(count: 5))
    #expect(state.node(NodeID(1))?.title == "A")
    #expect(state.history.undoEntries.isEmpty)
    #expect(state.history.redoEntries.count == 3)
    try state.applyChecked(.redo(count: 10))
    #expect(state.node(NodeID(1))?.title == "3")
    #expect(state.history.undoEntries.count == 3)
    #expect(state.history.redoEntries.isEmpty)
  }

  @Test func nothingToUndoOrRedo() throws {
    var state = WorkspaceState(pane("A"))
    state.expectRefusal(.undo(), .nothingToUndo)
    state.expectRefusal(.redo(), .nothingToRedo)
    try state.applyChecked(.rename("B"))
    state.expectRefusal(.redo(count: 3), .nothingToRedo)
    try state.applyChecked(.undo())
    state.expectRefusal(.undo(count: 2), .nothingToUndo)
  }

  @Test(arguments: [0, -1, Int.min])
  func aCountBelowOneIsRefused(count: Int) throws {
    var state = WorkspaceState(pane("A"))
    state.expectRefusal(.undo(count: count), .invalidCount(count))
    state.expectRefusal(.redo(count: count), .invalidCount(count))
    try state.applyChecked(.rename("B"))
    state.expectRefusal(.undo(count: count), .invalidCount(count))
    try state.applyChecked(.undo())
    state.expectRefusal(.redo(count: count), .invalidCount(count))
  }

  @Test func aNewCommandClearsRedo() throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.rename("1"))
    try state.applyChecked(.rename("2"))
    try state.applyChecked(.undo())
    #expect(state.history.redoEntries.count == 1)
    try state.applyChecked(.rename("3"))
    #expect(state.history.redoEntries.isEmpty)
    #expect(state.history.undoEntries.count == 2)
    state.expectRefusal(.redo(), .nothingToRedo)
  }

  @Test func navigationKeepsRedo() throws {
    var state = grid()
    try state.applyChecked(.rename("1"))
    try state.applyChecked(.undo())
    try state.applyChecked(.focus(.next))
    #expect(state.history.redoEntries.count == 1)
    try state.applyChecked(.redo())
    #expect(state.node(NodeID(3))?.title == "1")
  }

  @Test(arguments: [
    WorkspaceCommand.focus(.next), .focus(.previous), .focus(.pane(.number(4))),
    .focus(.pane(.id(NodeID(6)))), .focus(.direction(.right)),
  ])
  func focusOnlyCommandsAreNotRecorded(command: WorkspaceCommand) throws {
    var state = grid()
    try state.applyChecked(command)
    #expect(state.history.undoEntries.isEmpty)
    #expect(state.history.redoEntries.isEmpty)
  }

  @Test func commandsThatChangeNothingAreNotRecorded() throws {
    var state = grid()
    try state.applyChecked(.rename("A"))
    try state.applyChecked(.equalize)
    try state.applyChecked([.rename("X"), .rename("A")])
    #expect(state.history.undoEntries.isEmpty)
  }

  @Test func undoAfterFocusingElsewhereUndoesTheLastChange() throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.split(.horizontal))
    try state.applyChecked(.focus(.previous))
    try state.applyChecked(.undo())
    #expect(state.outline == "%1")
    #expect(state.focusedPane == NodeID(1))
  }

  @Test func theHistoryKeepsTheLatestHundredEntries() throws {
    var state = WorkspaceState(pane("A"))
    #expect(state.history.limit == 100)
    for number in 1...101 {
      try state.applyChecked(.rename("t\(number)"))
    }
    #expect(state.history.undoEntries.count == 100)
    try state.applyChecked(.undo(count: 1000))
    #expect(state.node(NodeID(1))?.title == "t1")
    #expect(state.history.redoEntries.count == 100)
    state.expectRefusal(.undo(), .nothingToUndo)
  }

  @Test func aSmallerLimitIsHonoured() throws {
    var state = WorkspaceState(pane("A"))
    state.history = History(limit: 2)
    for number in 1...5 {
      try state.applyChecked(.rename("t\(number)"))
    }
    #expect(state.history.undoEntries.count == 2)
    try state.applyChecked(.undo(count: 9))
    #expect(state.node(NodeID(1))?.title == "t3")
  }

  @Test func aTransactionIsOneEntry() throws {
    var state = WorkspaceState(pane("A"))
    let before = state
    let commands: [WorkspaceCommand] = [
      .split(.horizontal), .split(.vertical), .rename("X"), .route(.push(["detail:1"])),
      .focus(.pane(.id(NodeID(1)))),
    ]
    try state.applyChecked(commands)
    let after = state
    #expect(state.history.undoEntries.count == 1)
    let entry = try #require(state.history.undoEntries.last)
    #expect(entry.label == commands.map { String(describing: $0) }.joined(separator: " "))
    #expect(entry.nodeIDs == [NodeID(1), NodeID(2), NodeID(3), NodeID(4), NodeID(5)])
    try state.applyChecked(.undo())
    #expect(state.structure == before.structure)
    try state.applyChecked(.redo())
    #expect(state.structure == after.structure)
  }

  @Test func undoInsideATransactionSplitsIt() throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked([.rename("X"), .undo(), .rename("Y"), .split(.horizontal)])
    #expect(state.history.undoEntries.count == 1)
    #expect(state.history.redoEntries.isEmpty)
    #expect(state.node(NodeID(1))?.title == "Y")
    try state.applyChecked(.undo())
    #expect(state.node(NodeID(1))?.title == "A")
    #expect(state.outline == "%1")
  }

  @Test func anUndoneTransactionCanBeRedoneInTheSameTransaction() throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.rename("X"))
    try state.applyChecked([.undo(), .redo(), .rename("Y")])
    #expect(state.history.undoEntries.count == 2)
    try state.applyChecked(.undo(count: 2))
    #expect(state.node(NodeID(1))?.title == "A")
  }

  @Test func undoOfARouterOperationRestoresTheStack() throws {
    var state = WorkspaceState(
      pane("A", routes: ["inbox", "detail:1"], modal: (.sheet, ["compose"])))
    try state.applyChecked(.route(.popToRoot))
    #expect(state.routes(of: NodeID(1)) == ["inbox"])
    try state.applyChecked(.undo())
    #expect(state.routes(of: NodeID(1)) == ["inbox", "detail:1"])
    #expect(state.node(NodeID(1))?.router?.stack.modal?.stack == ["compose"])
  }

  @Test func undoAndRedoAreThemselvesNotRecorded() throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.rename("X"))
    try state.applyChecked(.undo())
    try state.applyChecked(.redo())
    #expect(state.history.undoEntries.count == 1)
    #expect(state.history.redoEntries.isEmpty)
  }
}
