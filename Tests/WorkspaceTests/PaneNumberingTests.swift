import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

extension WorkspaceState {
  /// The panes in reading order as two walks and two sorts of the layout give them (the
  /// tiled panes of `unitLayout`, then the floating panes of `shownFloatingPanes`): what
  /// ``numberedPanes`` works out in one walk, checked against it.
  var numberedPanesBySorting: [NodeID] {
    func readingOrder(_ lhs: UnitRect, _ rhs: UnitRect) -> Bool {
      if abs(lhs.y - rhs.y) > 1e-9 { return lhs.y < rhs.y }
      return lhs.x < rhs.x
    }
    let tiled = unitLayout(honoringZoom: false).sorted { readingOrder($0.rect, $1.rect) }
    let floating = shownFloatingPanes.enumerated().sorted { lhs, rhs in
      let (left, right) = (lhs.element.rect, rhs.element.rect)
      if abs(left.y - right.y) > 1e-9 || abs(left.x - right.x) > 1e-9 {
        return readingOrder(left, right)
      }
      return lhs.offset < rhs.offset
    }
    return tiled.map(\.pane) + floating.map(\.element.pane.id)
  }
}

/// Pane numbers (`numberedPanes`): reading order over tiled and floating panes, the same as
/// sorting each layout apart (the random command runs check it over many trees too).
@Suite struct PaneNumberingTests {
  /// Trees whose walk order is and is not their reading order, with stacks, tabs and zoom.
  static let trees: [(String, WorkspaceState)] = [
    ("one pane", WorkspaceState(pane("A"))),
    ("side by side", WorkspaceState(hsplit(pane("A"), pane("B"), pane("C")))),
    ("columns of rows", WorkspaceState(hsplit(vsplit(pane("A"), pane("B")), pane("C")))),
    ("rows of columns", WorkspaceState(vsplit(hsplit(pane("A"), pane("B")), pane("C")))),
    (
      "stack", WorkspaceState(hsplit(pane("A"), stack(pane("B"), pane("C"), expanded: 1)))
    ),
    (
      "tabs",
      WorkspaceState(tabs(("X", hsplit(vsplit(pane("A"), pane("B")), pane("C"))), ("Y", pane("D"))))
    ),
  ]

  @Test(arguments: trees)
  func numbersFollowReadingOrder(name: String, state: WorkspaceState) throws {
    #expect(state.numberedPanes == state.numberedPanesBySorting, "\(name)")
    #expect(Set(state.numberedPanes).count == state.numberedPanes.count, "\(name)")
    var zoomed = state
    try zoomed.applyChecked(.zoom)
    #expect(zoomed.numberedPanes == state.numberedPanes, "\(name): zoom keeps the numbers")
  }

  @Test func columnsOfRowsAreNumberedRowByRow() {
    let state = WorkspaceState(hsplit(vsplit(pane("A"), pane("B")), pane("C")))
    let titles = state.numberedPanes.map { state.node($0)?.title }
    #expect(titles == ["A", "C", "B"])
  }

  @Test func floatingPanesComeAfterTheTiledOnesInReadingOrder() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), pane("C")))
    try state.applyChecked(.float)
    try state.applyChecked(.focus(.pane(.number(1))))
    try state.applyChecked(.float)
    #expect(state.numberedPanes == state.numberedPanesBySorting)
    #expect(state.numberedPanes.count == 3)
    #expect(state.shownFloatingPanes.count == 2)
    #expect(
      Array(state.numberedPanes.prefix(1)) == state.unitLayout(honoringZoom: false).map(\.pane))
  }
}
