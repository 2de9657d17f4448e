import PaneRouter
import Testing

@testable import Workspace

/// Directional focus on hand-drawn layouts; every pane is named by its title.
@Suite struct DirectionalFocusTests {
  /// A 2×2 grid:
  ///
  ///     A | B
  ///     --+--
  ///     C | D
  static let grid = NodeTemplate.split(
    .horizontal,
    [.split(.vertical, [pane("A"), pane("C")]), .split(.vertical, [pane("B"), pane("D")])])

  /// One tall pane on the left, two stacked on the right.
  static let lShape = NodeTemplate.split(
    .horizontal, [pane("Tall"), .split(.vertical, [pane("Top"), pane("Bottom")])])

  /// A wide pane on top of two:
  ///
  ///       Top
  ///     -------
  ///     BL | BR
  static let tShape = NodeTemplate.split(
    .vertical, [pane("Top"), .split(.horizontal, [pane("BL"), pane("BR")])])

  /// Two halves on top of three columns; the middle column lies under both halves.
  ///
  ///     Left   | Right
  ///     -------+-------
  ///     L | Middle | R
  static let bricks = NodeTemplate.split(
    .vertical,
    [
      .split(.horizontal, [pane("Left"), pane("Right")]),
      .split(.horizontal, [pane("L"), pane("Middle"), pane("R")]),
    ])

  @Test(arguments: [
    ("A", Direction.right, "B"), ("A", .down, "C"), ("B", .left, "A"), ("B", .down, "D"),
    ("C", .up, "A"), ("C", .right, "D"), ("D", .left, "C"), ("D", .up, "B"),
  ])
  func gridMovesToTheAdjacentPane(from: String, direction: Direction, to: String) throws {
    var state = try focused(from, in: WorkspaceState(Self.grid))
    try step(&state, direction)
    #expect(title(state.focusedPane, in: state) == to)
  }

  @Test(arguments: [
    ("A", Direction.left), ("A", .up), ("B", .right), ("B", .up),
    ("C", .left), ("C", .down), ("D", .right), ("D", .down),
  ])
  func edgesHaveNoNeighbour(from: String, direction: Direction) throws {
    var state = try focused(from, in: WorkspaceState(Self.grid))
    let before = state
    #expect(throws: WorkspaceError.noNeighbour(direction)) {
      try state.apply(.focus(.direction(direction)))
    }
    #expect(state == before)
  }

  @Test(arguments: ["Top", "Bottom"])
  func lShapeLeftGoesToTheTallPane(from: String) throws {
    var state = try focused(from, in: WorkspaceState(Self.lShape))
    try step(&state, .left)
    #expect(title(state.focusedPane, in: state) == "Tall")
  }

  @Test func lShapeRightGoesToTheUpperPaneWithoutHistory() throws {
    var state = WorkspaceState(Self.lShape)
    #expect(title(state.focusedPane, in: state) == "Tall")
    #expect(state.mostRecentlyUsed.count == 1)
    try step(&state, .right)
    #expect(title(state.focusedPane, in: state) == "Top")
  }

  @Test(arguments: [["Top", "Bottom"], ["Bottom", "Top"], ["Bottom"], ["Top"]])
  func lShapeRightGoesToTheMostRecentlyUsed(visits: [String]) throws {
    var state = WorkspaceState(Self.lShape)
    for visit in visits { state = try focused(visit, in: state) }
    state = try focused("Tall", in: state)
    try step(&state, .right)
    #expect(title(state.focusedPane, in: state) == visits.last)
  }

  @Test(arguments: [
    ("BL", Direction.up, "Top"), ("BR", .up, "Top"), ("BL", .right, "BR"), ("BR", .left, "BL"),
  ])
  func tShapeMovesToTheAdjacentPane(from: String, direction: Direction, to: String) throws {
    var state = try focused(from, in: WorkspaceState(Self.tShape))
    try step(&state, direction)
    #expect(title(state.focusedPane, in: state) == to)
  }

  @Test func tShapeDownGoesToTheMostRecentlyUsedOrTheFirst() throws {
    var state = WorkspaceState(Self.tShape)
    try step(&state, .down)  // neither used yet: the first in reading order
    #expect(title(state.focusedPane, in: state) == "BL")
    state = try focused("BR", in: state)
    state = try focused("Top", in: state)
    try step(&state, .down)
    #expect(title(state.focusedPane, in: state) == "BR")
  }

  @Test func bricksFollowOverlapAndRecency() throws {
    var state = try focused("Middle", in: WorkspaceState(Self.bricks))
    try step(&state, .up)  // both halves overlap it; Left was focused first
    #expect(title(state.focusedPane, in: state) == "Left")
    state = try focused("Right", in: state)
    state = try focused("Middle", in: state)
    try step(&state, .up)
    #expect(title(state.focusedPane, in: state) == "Right")
    try step(&state, .down)  // under Right: Middle, used more recently than R
    #expect(title(state.focusedPane, in: state) == "Middle")
    state = try focused("R", in: state)
    try step(&state, .up)
    #expect(title(state.focusedPane, in: state) == "Right")
    state = try focused("L", in: state)
    try step(&state, .up)  // L lies under Left only
    #expect(title(state.focusedPane, in: state) == "Left")
  }

  @Test func fallbackUsesTheReadingOrderOfTheNumbers() throws {
    // P3 and Q2 both start at 15% of the height, but 0.1 + 0.2 puts P3 a rounding error lower;
    // reading order (and the numbers) still puts P3, on the left, first.
    var state = WorkspaceState(
      .split(
        .vertical,
        [
          .split(
            .horizontal,
            [
              .split(.vertical, [pane("P1"), pane("P2"), pane("P3")], weights: [0.1, 0.2, 0.7]),
              .split(.vertical, [pane("Q1"), pane("Q2")], weights: [0.3, 0.7]),
            ]),
          pane("Bottom"),
        ]))
    state = try focused("Bottom", in: state)
    #expect(
      state.numberedPanes.map { title($0, in: state) } == ["P1", "Q1", "P2", "P3", "Q2", "Bottom"])
    try step(&state, .up)
    #expect(title(state.focusedPane, in: state) == "P3")
  }

  @Test(arguments: [0, 1])
  func panesInAnotherTabAreNeverNeighbours(selected: Int) throws {
    // The tabs sit left of `Side`; only the selected tab's panes touch it.
    var state = WorkspaceState(
      .split(
        .horizontal,
        [
          .tabs(
            [("One", pane("One")), ("Two", .split(.vertical, [pane("Two-1"), pane("Two-2")]))],
            selected: selected),
          pane("Side"),
        ]))
    state = try focused("Side", in: state)
    try step(&state, .left)
    #expect(title(state.focusedPane, in: state) == (selected == 0 ? "One" : "Two-1"))
  }

  @Test func recentPanesInAHiddenTabDoNotWin() throws {
    var state = WorkspaceState(
      .tabs([
        ("First", .split(.horizontal, [pane("A1"), pane("A2")])),
        ("Second", .split(.horizontal, [pane("B1"), pane("B2")])),
      ]))
    state = try focused("B2", in: state)
    state = try focused("A1", in: state)
    #expect(title(state.mostRecentlyUsed[1], in: state) == "B2")
    try step(&state, .right)
    #expect(title(state.focusedPane, in: state) == "A2")
    let before = state
    #expect(throws: WorkspaceError.noNeighbour(.right)) {
      try state.apply(.focus(.direction(.right)))
    }
    #expect(state == before)
  }

  @Test func zoomDoesNotHideNeighbours() throws {
    var state = try focused("A", in: WorkspaceState(Self.grid))
    try state.apply(.zoom)
    #expect(state.invariantViolations() == [])
    #expect(state.visiblePanes.count == 1)
    try step(&state, .right)
    #expect(title(state.focusedPane, in: state) == "B")
    #expect(state.zoomedPane == nil)
    try state.apply(.zoom)
    let before = state
    #expect(throws: WorkspaceError.noNeighbour(.up)) { try state.apply(.focus(.direction(.up))) }
    #expect(state == before)
  }

  @Test(arguments: [
    ("A", Direction.left, "B"), ("A", .up, "C"), ("B", .right, "A"), ("B", .up, "D"),
    ("C", .left, "D"), ("C", .down, "A"), ("D", .right, "C"), ("D", .down, "B"),
    // Where a neighbour lies that way, wrapping changes nothing.
    ("A", .right, "B"), ("D", .up, "B"),
  ])
  func wrapGoesOnFromTheOppositeEdge(from: String, direction: Direction, to: String) throws {
    var state = try focused(from, in: WorkspaceState(Self.grid))
    try state.apply(.focus(.direction(direction, wrapping: true)))
    #expect(state.invariantViolations() == [])
    #expect(title(state.focusedPane, in: state) == to)
  }

  @Test(arguments: [
    (lShape, "Tall", Direction.up), (lShape, "Tall", .down), (tShape, "Top", .left),
    (tShape, "Top", .right),
  ])
  func wrapWithNoOtherPaneThatWayIsRefused(
    template: NodeTemplate, from: String, direction: Direction
  ) throws {
    var state = try focused(from, in: WorkspaceState(template))
    let before = state
    #expect(throws: WorkspaceError.noNeighbour(direction)) {
      try state.apply(.focus(.direction(direction, wrapping: true)))
    }
    #expect(state == before)
  }

  @Test(arguments: [("Top", Direction.up, "Bottom"), ("Bottom", .down, "Top")])
  func wrapReachesTheFarSideOfTheOtherColumn(from: String, direction: Direction, to: String)
    throws
  {
    var state = try focused(from, in: WorkspaceState(Self.lShape))
    try state.apply(.focus(.direction(direction, wrapping: true)))
    #expect(title(state.focusedPane, in: state) == to)
  }

  /// Two columns whose inner edges differ by less than a cell: the fractional layout says
  /// the left pane `L2` (from half the height down) also touches `R1`, which ends a little
  /// lower, and `R1` was used more recently; but on screen `R1` ends in the row where `L2`
  /// starts, so only `R2` is beside it, and focus goes there.
  @Test(arguments: [
    (Size(width: 120, height: 40), 0.49),
    (Size(width: 120, height: 40), 0.499),
    (Size(width: 120, height: 200), 0.499),
    (Size(width: 120, height: 7), 0.45),
    (Size(width: 80, height: 24), 0.48),
  ])
  func directionsFollowTheIntegerRectanglesNotTheFractions(
    size: Size, lowerShare: Double
  ) throws {
    let expected = "R2"
    var state = WorkspaceState(
      .split(
        .horizontal,
        [
          .split(.vertical, [pane("L1"), pane("L2")]),
          .split(.vertical, [pane("R1"), pane("R2")], weights: [1 - lowerShare, lowerShare]),
        ]))
    try state.recordLayoutSize(size)
    state = try focused("R1", in: state)
    state = try focused("L2", in: state)
    let rects = state.layout(in: size)
    let left = rects[paneNamed("L2", in: state)]!
    let target = rects[paneNamed(expected, in: state)]!
    #expect(target.x == left.maxX && target.y < left.maxY && left.y < target.maxY)
    try step(&state, .right)
    #expect(title(state.focusedPane, in: state) == expected)
    #expect(state.invariantViolations() == [])
  }
}

// MARK: - Helpers

private func pane(_ title: String) -> NodeTemplate {
  .pane(title, untyped: RouteToken(name: "page"))
}

private func title(_ id: NodeID, in state: WorkspaceState) -> String? {
  state.node(id)?.title
}

/// The pane with a title.
private func paneNamed(_ title: String, in state: WorkspaceState) -> NodeID {
  state.paneIDs.first { state.node($0)?.title == title }!
}

/// The state after focusing the pane with a title, checking the invariants.
private func focused(_ title: String, in state: WorkspaceState) throws -> WorkspaceState {
  let id = try #require(state.paneIDs.first { state.node($0)?.title == title })
  var state = state
  try state.apply(.focus(.pane(.id(id))))
  #expect(state.invariantViolations() == [])
  #expect(state.focusedPane == id)
  return state
}

/// Moves focus in a direction and checks the invariants.
private func step(_ state: inout WorkspaceState, _ direction: Direction) throws {
  try state.apply(.focus(.direction(direction)))
  #expect(state.invariantViolations() == [])
}
