import PaneRouter
import Testing

@testable import Workspace

/// The area commands measure in and the minimum pane size: `split` refuses when a pane would
/// end up below the minimum, `resize` moves edges by whole cells and stops at the minimum,
/// and both settings are validated.
@Suite struct LayoutAreaTests {
  @Test func withNothingRecordedCommandsMeasureAt80x24WithPanesOf6x3() {
    let state = WorkspaceState(pane("A"))
    #expect(state.layoutSize == nil && state.minimumPaneSize == nil)
    #expect(state.layoutArea == Size(width: 80, height: 24))
    #expect(state.paneMinimum == Size(width: 6, height: 3))
  }

  /// Panes that fit along the axis at the size: a split takes room from its siblings while
  /// the minimums fit, and the next is refused with the size of the pane it would split.
  @Test(arguments: [
    (Size(width: 80, height: 24), Axis.vertical, 8), (Size(width: 80, height: 24), .horizontal, 13),
    (Size(width: 30, height: 9), .vertical, 3), (Size(width: 12, height: 3), .horizontal, 2),
    (Size(width: 11, height: 3), .horizontal, 1), (Size(width: 5, height: 2), .vertical, 1),
    (Size(width: 120, height: 40), .vertical, 13),
  ])
  func splitsStopWhenTheMinimumsNoLongerFit(size: Size, axis: Axis, panes: Int) throws {
    var state = WorkspaceState(pane("A"))
    try state.recordLayoutSize(size)
    for _ in 1..<panes {
      try state.applyChecked(.split(axis))
    }
    let focused = state.focusedPane
    let rect = try #require(state.layout(in: size)[focused])
    state.expectRefusal(
      .split(axis),
      .noSpaceForNewPane(focused, size: rect.size, minimum: Size(width: 6, height: 3)))
    #expect(state.visiblePanes.count == panes)
  }

  @Test(arguments: [
    (Size(width: 20, height: 5), Axis.horizontal, 4), (Size(width: 20, height: 5), .vertical, 4),
    (Size(width: 1, height: 1), .horizontal, 80), (Size(width: 1, height: 1), .vertical, 24),
  ])
  func theMinimumIsTheWorkspacesOwn(minimum: Size, axis: Axis, panes: Int) throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.setMinimumPaneSize(minimum))
    #expect(state.paneMinimum == minimum)
    for _ in 1..<panes {
      try state.applyChecked(.split(axis, ratio: 0.99))
    }
    #expect(throws: WorkspaceError.self) { try state.apply(.split(axis)) }
    try state.applyChecked(.setMinimumPaneSize(nil))
    #expect(state.minimumPaneSize == nil)
  }

  @Test func aSplitWhoseMinimumsDoNotFitTheAreaIsRefused() throws {
    // 17 columns: A of 9 and B of 8; three panes of at least 6 would need 18.
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try state.recordLayoutSize(Size(width: 17, height: 5))
    state.expectRefusal(
      .split(.horizontal),
      .noSpaceForNewPane(NodeID(2), size: Size(width: 9, height: 5), minimum: state.paneMinimum))
  }

  @Test(arguments: [
    (1, [41.0, 39.0]), (10, [50.0, 30.0]), (34, [74.0, 6.0]), (1000, [74.0, 6.0]),
  ])
  func resizeByCellsMovesTheEdgeThatManyCells(cells: Int, lengths: [Double]) throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try state.applyChecked(.resizeByCells(.right, cells))
    expectWeights(state.root.weights, lengths.map { $0 / 80 })
    let widths = state.orderedLayout(in: state.layoutArea).map(\.rect.width)
    #expect(widths == lengths.map { Int($0) })
  }

  /// A percentage is of the split's length, rounded to whole cells: 10% of 24 rows is 2.
  @Test(arguments: [(0.1, 14), (0.05, 13), (0.01, 13), (0.5, 21)])
  func resizeByAShareRoundsToWholeCells(amount: Double, rows: Int) throws {
    var state = WorkspaceState(vsplit(pane("A"), pane("B")))
    try state.applyChecked(.resize(.down, amount: amount))
    #expect(state.orderedLayout(in: state.layoutArea).map(\.rect.height) == [rows, 24 - rows])
  }

  /// In a row of three, a middle pane grows towards the direction (unlike tmux's resize-pane,
  /// which moves its right edge): `left` moves its left edge, `right` its right edge.
  @Test(arguments: [(Direction.left, [17, 37, 26]), (.right, [27, 37, 16])])
  func resizeOfAMiddlePaneMovesTheEdgeOnThatSide(direction: Direction, widths: [Int]) throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), pane("C")))
    try state.applyChecked(.focus(.pane(.id(NodeID(3)))))
    try state.applyChecked(.resizeByCells(direction, 10))
    #expect(state.orderedLayout(in: state.layoutArea).map(\.rect.width) == widths)
  }

  @Test(arguments: [0, -3])
  func resizeByNoCellsIsRefused(cells: Int) {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    state.expectRefusal(.resizeByCells(.right, cells), .invalidCount(cells))
  }

  @Test(arguments: [
    Size(width: 0, height: 5), Size(width: 5, height: -1), Size(width: 1_000_001, height: 5),
  ])
  func anOutOfRangeLayoutSizeIsRefused(size: Size) {
    var state = WorkspaceState(pane("A"))
    #expect(throws: WorkspaceError.invalidSize(size, expected: WorkspaceState.layoutLengths)) {
      try state.recordLayoutSize(size)
    }
    #expect(state.layoutSize == nil)
  }

  @Test(arguments: [Size(width: 0, height: 3), Size(width: 6, height: 10_001)])
  func anOutOfRangeMinimumIsRefused(size: Size) {
    var state = WorkspaceState(pane("A"))
    state.expectRefusal(
      .setMinimumPaneSize(size), .invalidSize(size, expected: WorkspaceState.minimumPaneLengths))
  }

  @Test @MainActor func aHostRecordsItsSizeOnTheWorkspace() throws {
    let workspace = Workspace(WorkspaceState(hsplit(pane("A"), pane("B"))))
    try workspace.recordLayoutSize(Size(width: 200, height: 50))
    #expect(workspace.state.layoutSize == Size(width: 200, height: 50))
    #expect(workspace.state.history.undoEntries.isEmpty)
    try workspace.recordLayoutSize(nil)
    #expect(workspace.state.layoutSize == nil)
  }
}

extension LayoutAreaTests {
  /// Found by the random command tests: the setting is not a node, so the journal alone did
  /// not take it back when a later command of the transaction failed.
  @Test func aFailedTransactionTakesTheMinimumBack() {
    var state = WorkspaceState(pane("A"))
    state.expectRefusal([.setMinimumPaneSize(Size(width: 2, height: 2)), .close()], .lastPane)
    #expect(state.minimumPaneSize == nil)
  }
}

extension LayoutAreaTests {
  /// In an area too small for the minimums, the layout divides by weight alone and a pane may
  /// get no rows at all: it is not drawn, so no direction leads to it.
  @Test func aPaneWithNoRoomIsNobodysNeighbour() throws {
    var state = WorkspaceState(
      vsplit(pane("A"), pane("B"), pane("C"), weights: [0.98, 0.01, 0.01]))
    try state.recordLayoutSize(Size(width: 10, height: 2))
    #expect(state.layout(in: state.layoutArea).values.filter { $0.height == 0 }.count == 2)
    state.expectRefusal(.focus(.direction(.down)), .noNeighbour(.down))
    try state.recordLayoutSize(Size(width: 10, height: 9))
    try state.applyChecked(.focus(.direction(.down)))
    #expect(state.node(state.focusedPane)?.title == "B")
  }
}
