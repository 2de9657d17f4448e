import PaneRouter
import Testing

@testable import Workspace

/// `swap`, `move`, `resize`, `equalize` and `zoom`.
@Suite struct ArrangeTests {
  // MARK: swap

  @Test func swapByDirectionExchangesPositionsAndKeepsTheSlotsWeights() throws {
    var state = weightedRow()
    try state.applyChecked(.swap(.direction(.right)))
    #expect(state.outline == "H(%3, %2, %4)")
    expectWeights(state.root.weights, [0.2, 0.3, 0.5])
    #expect(state.focusedPane == NodeID(2))
    #expect(state.root.activeIndex == 1)
  }

  @Test(arguments: [PaneReference.id(NodeID(5)), .number(3)])
  func swapWithAPaneUnderAnotherParent(reference: PaneReference) throws {
    var state = WorkspaceState(hsplit(pane("A"), vsplit(pane("B"), pane("C"))))
    try state.applyChecked(.swap(.pane(reference)))
    #expect(state.outline == "H(%5, V(%4, %2))")
    #expect(state.node(NodeID(5))?.parent == NodeID(1))
    #expect(state.node(NodeID(2))?.parent == NodeID(3))
    #expect(state.focusedPane == NodeID(2))
  }

  @Test func swapAcrossTheGrid() throws {
    var state = grid()
    try state.applyChecked(.swap(.pane(.id(NodeID(7)))))
    #expect(state.outline == "H(V(%7, %4), V(%6, %3))")
    #expect(state.focusedPane == NodeID(3))
    #expect(state.numberedPanes == [NodeID(7), NodeID(6), NodeID(4), NodeID(3)])
  }

  @Test func swapAcrossTabsKeepsTheTabTitlesInPlaceAndFollowsThePane() throws {
    var state = WorkspaceState(tabs(("One", pane("A")), ("Two", pane("B"))))
    try state.applyChecked(.swap(.pane(.id(NodeID(3)))))
    #expect(state.outline == "T(One: %3, *Two: %2)")
    #expect(state.focusedPane == NodeID(2))
  }

  @Test(arguments: [PaneReference.id(NodeID(2)), .number(1)])
  func swapWithItselfIsRefused(reference: PaneReference) {
    var state = weightedRow()
    state.expectRefusal(.swap(.pane(reference)), .samePane(NodeID(2)))
  }

  @Test(arguments: [Direction.left, .up, .down])
  func swapWithoutANeighbourIsRefused(direction: Direction) {
    var state = weightedRow()
    state.expectRefusal(.swap(.direction(direction)), .noNeighbour(direction))
  }

  @Test func swapWithAnAbsentOrContainerIDIsRefused() {
    var state = weightedRow()
    state.expectRefusal(.swap(.pane(.id(NodeID(9)))), .noSuchPane(.id(NodeID(9))))
    state.expectRefusal(.swap(.pane(.id(NodeID(1)))), .notAPane(NodeID(1)))
    state.expectRefusal(.swap(.pane(.number(4))), .noSuchPane(.number(4)))
  }

  @Test func swapClearsZoomAndIsRecorded() throws {
    var state = weightedRow()
    try state.applyChecked(.zoom)
    try state.applyChecked(.swap(.direction(.right)))
    #expect(state.zoomedPane == nil)
    #expect(state.history.undoEntries.count == 2)  // the zoom, then the swap
  }

  // MARK: move

  @Test(arguments: [
    (2, Direction.right, "H(%3, %2, %4)", [0.3, 0.2, 0.5]),
    (4, .left, "H(%2, %4, %3)", [0.2, 0.5, 0.3]),
    (3, .left, "H(%3, %2, %4)", [0.3, 0.2, 0.5]),
  ])
  func moveWithinASplitTakesTheWeightAlong(
    focused: Int, direction: Direction, outline: String, weights: [Double]
  ) throws {
    var state = weightedRow()
    try state.applyChecked(.focus(.pane(.id(NodeID(focused)))))
    try state.applyChecked(.move(direction))
    #expect(state.outline == outline)
    expectWeights(state.root.weights, weights)
    #expect(state.focusedPane == NodeID(focused))
  }

  @Test func moveOutOfANestedSplitCollapsesIt() throws {
    var state = WorkspaceState(
      hsplit(vsplit(pane("A"), pane("B")), pane("C"), weights: [0.4, 0.6]))
    try state.applyChecked(.move(.right))
    #expect(state.outline == "H(%4, %3, %5)")
    expectWeights(state.root.weights, [0.4 * 2 / 3, 1.0 / 3, 0.6 * 2 / 3])
    #expect(state.node(NodeID(2)) == nil)
    #expect(state.focusedPane == NodeID(3))
  }

  @Test func moveOutOfANestedSplitLeavesTheRestOfIt() throws {
    var state = WorkspaceState(hsplit(vsplit(pane("A"), pane("B"), pane("C")), pane("D")))
    try state.applyChecked(.move(.right))
    #expect(state.outline == "H(V(%4, %5), %3, %6)")
    expectWeights(state.root.weights, [1.0 / 3, 1.0 / 3, 1.0 / 3])
    expectWeights(state.node(NodeID(2))?.weights, [0.5, 0.5])
  }

  @Test func moveToTheSideOfAnotherAxisSplitCreatesASplit() throws {
    var state = WorkspaceState(vsplit(pane("A"), pane("B")))
    try state.applyChecked(.move(.right))
    #expect(state.outline == "H(%3, %2)")
    #expect(state.rootID == NodeID(4))
    expectWeights(state.root.weights, [0.5, 0.5])
    #expect(state.node(NodeID(1)) == nil)
    #expect(state.focusedPane == NodeID(2))
  }

  @Test func moveToTheSideKeepsTheRestTogether() throws {
    var state = WorkspaceState(vsplit(pane("A"), pane("B"), pane("C")))
    try state.applyChecked(.move(.left))
    #expect(state.outline == "H(%2, V(%3, %4))")
    #expect(state.rootID == NodeID(5))
    expectWeights(state.node(NodeID(1))?.weights, [0.5, 0.5])
  }

  @Test func moveToTheSideStaysInsideTheTab() throws {
    var state = WorkspaceState(tabs(("One", vsplit(pane("A"), pane("B"), pane("C")))))
    try state.applyChecked(.move(.right))
    #expect(state.outline == "T(*One: H(V(%4, %5), %3))")
    #expect(state.root.tabTitles == ["One"])
  }

  @Test func moveToTheSideMergesASameAxisRemainder() throws {
    var state = WorkspaceState(vsplit(pane("A"), hsplit(pane("B"), pane("C"))))
    try state.applyChecked(.move(.right))
    #expect(state.outline == "H(%4, %5, %2)")
    expectWeights(state.root.weights, [0.25, 0.25, 0.5])
    #expect(state.rootID == NodeID(6))
    #expect(state.node(NodeID(3)) == nil)
  }

  @Test func moveDownWithinAColumn() throws {
    var state = WorkspaceState(hsplit(vsplit(pane("A"), pane("B")), pane("C")))
    try state.applyChecked(.move(.down))
    #expect(state.outline == "H(V(%4, %3), %5)")
  }

  @Test(arguments: [Direction.left, .up])
  func moveAtTheEdgeIsRefused(direction: Direction) {
    var state = WorkspaceState(hsplit(vsplit(pane("A"), pane("B")), pane("C")))
    state.expectRefusal(.move(direction), .noNeighbour(direction))
  }

  @Test(arguments: Direction.allCases)
  func moveOfALonePaneIsRefused(direction: Direction) {
    var single = WorkspaceState(pane("A"))
    single.expectRefusal(.move(direction), .noNeighbour(direction))
    var tabbed = threeTabs()
    tabbed.expectRefusal(.move(direction), .noNeighbour(direction))
  }

  @Test func moveClearsZoomAndIsRecorded() throws {
    var state = weightedRow()
    try state.applyChecked(.zoom)
    try state.applyChecked(.move(.right))
    #expect(state.zoomedPane == nil)
    #expect(state.history.undoEntries.count == 2)  // the zoom, then the move
  }

  // MARK: resize

  @Test(arguments: [
    (2, Direction.right, [0.6, 0.4]), (2, .left, [0.4, 0.6]),
    (3, .left, [0.4, 0.6]), (3, .right, [0.6, 0.4]),
  ])
  func resizeMovesTheEdgeOnThatSideOrTheOther(
    focused: Int, direction: Direction, weights: [Double]
  ) throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try state.applyChecked(.focus(.pane(.id(NodeID(focused)))))
    try state.applyChecked(.resize(direction, amount: 0.1))
    expectWeights(state.root.weights, weights)
  }

  @Test(arguments: [(Direction.right, [0.2, 0.4, 0.4]), (.left, [0.1, 0.4, 0.5])])
  func resizeTakesFromTheNeighbourOnly(direction: Direction, weights: [Double]) throws {
    var state = weightedRow()
    try state.applyChecked(.focus(.pane(.id(NodeID(3)))))
    try state.applyChecked(.resize(direction, amount: 0.1))
    expectWeights(state.root.weights, weights)
  }

  @Test func resizeUsesTheNearestSplitOfTheAxis() throws {
    var state = WorkspaceState(vsplit(hsplit(pane("A"), pane("B")), pane("C")))
    try state.recordLayoutSize(Size(width: 100, height: 100))
    try state.applyChecked(.resize(.down, amount: 0.2))
    expectWeights(state.root.weights, [0.7, 0.3])
    expectWeights(state.node(NodeID(2))?.weights, [0.5, 0.5])
    try state.applyChecked(.focus(.pane(.id(NodeID(5)))))
    try state.applyChecked(.resize(.up, amount: 0.4))
    expectWeights(state.root.weights, [0.3, 0.7])
  }

  @Test func resizeGrowsThroughAnEnclosingSplitBeforeShrinking() throws {
    var state = WorkspaceState(
      hsplit(pane("A"), vsplit(pane("B"), hsplit(pane("C"), pane("D"))), weights: [0.4, 0.6]))
    try state.applyChecked(.focus(.pane(.id(NodeID(6)))))
    try state.applyChecked(.resize(.left, amount: 0.1))
    expectWeights(state.root.weights, [0.3, 0.7])
    expectWeights(state.node(NodeID(5))?.weights, [0.5, 0.5])
  }

  /// At the default 80x24 with the default minimum 6x3: the pane that shrinks stops at 6
  /// columns, and once there the resize is refused, naming it.
  @Test func resizeStopsAtTheMinimumPaneSize() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try state.applyChecked(.resize(.right, amount: 0.9))
    expectWeights(state.root.weights, [74.0 / 80, 6.0 / 80])
    state.expectRefusal(
      .resize(.right, amount: 0.1), .atMinimumSize(.right, node: NodeID(3), length: 6))
    try state.applyChecked(.resize(.left, amount: 0.9))
    expectWeights(state.root.weights, [6.0 / 80, 74.0 / 80])
    state.expectRefusal(.resizeByCells(.left, 1), .atMinimumSize(.left, node: NodeID(2), length: 6))
  }

  @Test func resizeOfAPaneAtTheMinimumIsRefused() throws {
    var state = WorkspaceState(pane("A"))
    // Weights give way: the new pane gets its minimum, 6 of 80 columns.
    try state.applyChecked(.split(.horizontal, ratio: 0.01))
    state.expectRefusal(
      .resize(.right, amount: 0.1), .atMinimumSize(.right, node: NodeID(2), length: 6))
    try state.applyChecked(.resize(.left, amount: 0.1))
    expectWeights(state.root.weights, [66.0 / 80, 14.0 / 80])
  }

  @Test(arguments: Direction.allCases)
  func resizeWithoutASplitIsRefused(direction: Direction) {
    var single = WorkspaceState(pane("A"))
    single.expectRefusal(.resize(direction, amount: 0.1), .noSplit(direction))
  }

  @Test(arguments: [Direction.up, .down])
  func resizeAcrossTheSplitsAxisIsRefused(direction: Direction) {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    state.expectRefusal(.resize(direction, amount: 0.1), .noSplit(direction))
  }

  @Test(arguments: [0.0, 1.0, -0.1, 1.5, Double.infinity])
  func resizeByAnAmountOutsideZeroAndOneIsRefused(amount: Double) {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    state.expectRefusal(.resize(.right, amount: amount), .invalidFraction(amount))
  }

  // MARK: equalize

  @Test func equalizeEvensOutEveryVisibleSplit() throws {
    var state = WorkspaceState(
      hsplit(
        pane("A"), vsplit(pane("B"), pane("C"), pane("D"), weights: [0.5, 0.25, 0.25]),
        weights: [0.2, 0.8]))
    let change = try state.applyChecked(.equalize)
    expectWeights(state.root.weights, [0.5, 0.5])
    expectWeights(state.node(NodeID(3))?.weights, [1.0 / 3, 1.0 / 3, 1.0 / 3])
    #expect(change.changedNodes == [NodeID(1), NodeID(3)])
    #expect(state.history.undoEntries.count == 1)
  }

  @Test func equalizeLeavesHiddenTabsAlone() throws {
    var state = WorkspaceState(
      tabs(
        ("One", hsplit(pane("A"), pane("B"), weights: [0.3, 0.7])),
        ("Two", hsplit(pane("C"), pane("D"), weights: [0.1, 0.9]))))
    try state.applyChecked(.equalize)
    expectWeights(state.node(NodeID(2))?.weights, [0.5, 0.5])
    expectWeights(state.node(NodeID(5))?.weights, [0.1, 0.9])
  }

  @Test func equalizeOfAnEvenLayoutIsASuccessfulNoOp() throws {
    var state = grid()
    let before = state
    let change = try state.applyChecked(.equalize)
    #expect(state == before)
    #expect(change.isEmpty)
  }

  // MARK: zoom

  @Test func zoomToggles() throws {
    var state = grid()
    try state.applyChecked(.focus(.pane(.number(4))))
    let numbers = state.numberedPanes
    try state.applyChecked(.zoom)
    #expect(state.zoomedPane == NodeID(7))
    #expect(state.visiblePanes == [NodeID(7)])
    #expect(state.numberedPanes == numbers)
    try state.applyChecked(.zoom)
    #expect(state.zoomedPane == nil)
    #expect(state.visiblePanes == [NodeID(3), NodeID(4), NodeID(6), NodeID(7)])
  }

  @Test func zoomIsRecordedAsItsOwnStep() throws {
    var state = grid()
    try state.applyChecked(.zoom)
    #expect(state.history.undoEntries.map(\.label) == ["zoom"])
    try state.applyChecked(.undo())
    #expect(state.zoomedPane == nil)
  }

  @Test func zoomIsReportedInTheChange() throws {
    var state = grid()
    let zoomIn = try state.applyChecked(.zoom)
    #expect(zoomIn.changedNodes.isEmpty)
    #expect(zoomIn.zoomedPaneBefore == nil)
    #expect(zoomIn.zoomedPaneAfter == NodeID(3))
    #expect(zoomIn.isEmpty == false)
    let focusElsewhere = try state.applyChecked(.focus(.next))
    #expect(focusElsewhere.zoomedPaneBefore == NodeID(3))
    #expect(focusElsewhere.zoomedPaneAfter == nil)
    let zoomAgain = try state.applyChecked(.zoom)
    let zoomOut = try state.applyChecked(.zoom)
    #expect(zoomAgain.zoomedPaneAfter == NodeID(6))
    #expect(zoomOut.zoomedPaneBefore == NodeID(6))
    #expect(zoomOut.zoomedPaneAfter == nil)
    #expect(zoomOut.isEmpty == false)
  }

  @Test(arguments: [
    WorkspaceCommand.split(.vertical), .close(), .focus(.next), .focus(.pane(.number(1))),
    .focus(.last),
  ])
  func zoomIsClearedByCommandsThatChangeWhatIsShown(command: WorkspaceCommand) throws {
    var state = grid()
    try state.applyChecked(.focus(.next))
    try state.applyChecked(.zoom)
    try state.applyChecked(command)
    #expect(state.zoomedPane == nil)
  }

  @Test(arguments: [
    WorkspaceCommand.rename("Z"), .resize(.right, amount: 0.1), .equalize,
    .route(.push(["detail:1"])), .focus(.pane(.number(2))),
  ])
  func zoomSurvivesCommandsOnTheZoomedPane(command: WorkspaceCommand) throws {
    var state = grid()
    try state.applyChecked(.focus(.next))
    try state.applyChecked(.zoom)
    try state.applyChecked(command)
    #expect(state.zoomedPane == NodeID(6))
  }
}
