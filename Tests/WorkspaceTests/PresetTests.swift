import PaneRouter
import Testing

@testable import Workspace

/// `arrange NAME|next|prev [N|%ID]`: tmux's presets on the active tab, a pane's tab or a
/// split, with undo, focus and the parts that are kept whole.
@Suite struct PresetTests {
  /// A tab of `count` panes made by splitting the last pane in turn, alternating the axis,
  /// at a recorded pane area of `size`, with a minimum pane size of one cell.
  static func tab(of count: Int, size: Size = Size(width: 120, height: 40)) throws
    -> WorkspaceState
  {
    var state = WorkspaceState(tabs(("Work", pane("P1")), ("Other", pane("O"))))
    try state.recordLayoutSize(size)
    try state.apply(.setMinimumPaneSize(Size(width: 1, height: 1)))
    for index in 1..<count {
      try state.apply([
        .split(index.isMultiple(of: 2) ? .vertical : .horizontal), .rename("P\(index + 1)"),
      ])
    }
    return state
  }

  /// The titles of the visible panes with their rectangles at the recorded size.
  static func rects(_ state: WorkspaceState) -> [String] {
    state.numberedLayout(in: state.layoutArea).map { "\(state[$0.pane].title) \($0.rect)" }
  }

  @Test(arguments: LayoutPreset.allCases, [2, 3, 4, 5, 6, 7])
  func aPresetKeepsThePanesTheirOrderAndFocus(preset: LayoutPreset, count: Int) throws {
    var state = try Self.tab(of: count)
    let panes = state.numberedPanes
    let focused = state.focusedPane
    let recent = state.mostRecentlyUsed
    let routers = panes.map { state[$0].router }
    try state.applyChecked(.arrange(.preset(preset)))
    #expect(state.numberedPanes == panes)
    #expect(state.focusedPane == focused)
    #expect(state.mostRecentlyUsed == recent)
    #expect(panes.map { state[$0].router } == routers)
    let area = state.layoutArea
    let rects = state.layout(in: area)
    #expect(rects.values.map(\.area).reduce(0, +) == area.width * area.height)
    try state.applyChecked(.undo())
    try state.applyChecked(.redo())
    #expect(state.numberedPanes == panes)
  }

  @Test func evenHorizontalIsTmuxsColumnsWithTheirBorders() throws {
    var state = try Self.tab(of: 4)
    try state.applyChecked(.arrange(.preset(.evenHorizontal)))
    // tmux at 120x40: panes 29, 29, 29, 30 wide, a border after each of the first three.
    #expect(
      Self.rects(state) == [
        "P1 30x40+0+0", "P2 30x40+30+0", "P3 30x40+60+0", "P4 30x40+90+0",
      ])
  }

  @Test func mainVerticalGivesPaneOneEightyColumns() throws {
    var state = try Self.tab(of: 4)
    try state.applyChecked(.arrange(.preset(.mainVertical)))
    // tmux: 0,0 80x40; 81,0 39x12; 81,13 39x12; 81,26 39x14.
    #expect(
      Self.rects(state) == [
        "P1 81x40+0+0", "P2 39x13+81+0", "P3 39x13+81+13", "P4 39x14+81+26",
      ])
  }

  @Test func mainHorizontalGivesPaneOneTwentyFourRows() throws {
    var state = try Self.tab(of: 4)
    try state.applyChecked(.arrange(.preset(.mainHorizontal)))
    // tmux: 0,0 120x24; 0,25 39x15; 40,25 39x15; 80,25 40x15.
    #expect(
      Self.rects(state) == [
        "P1 120x25+0+0", "P2 40x15+0+25", "P3 40x15+40+25", "P4 40x15+80+25",
      ])
  }

  @Test func tiledGivesALoneLastPaneTheWholeRow() throws {
    var state = try Self.tab(of: 5)
    try state.applyChecked(.arrange(.preset(.tiled)))
    // tmux at 120x40: three rows of 12 (13, 13, 14 with borders); two columns of 59 and 60.
    #expect(
      Self.rects(state) == [
        "P1 60x13+0+0", "P2 60x13+60+0", "P3 60x13+0+13", "P4 60x13+60+13", "P5 120x14+0+26",
      ])
  }

  @Test func aPresetAlreadySoChangesNothing() throws {
    var state = try Self.tab(of: 3)
    try state.applyChecked(.arrange(.preset(.tiled)))
    let before = state
    let change = try state.applyChecked(.arrange(.preset(.tiled)))
    #expect(change.changedNodes.isEmpty)
    #expect(state == before)
  }

  @Test func oneUndoStepTakesThePresetBack() throws {
    var state = try Self.tab(of: 4)
    let before = state.structure
    try state.applyChecked(.arrange(.preset(.mainHorizontal)))
    try state.applyChecked(.undo())
    #expect(state.structure == before)
  }

  @Test func nextAndPrevGoRoundTheRingInTmuxsOrder() throws {
    var state = try Self.tab(of: 4)
    var seen: [String] = []
    for _ in 0..<6 {
      try state.applyChecked(.arrange(.next))
      seen.append(Self.rects(state).joined(separator: " "))
    }
    var expected: [String] = []
    for preset in LayoutPreset.allCases + [.evenHorizontal] {
      var probe = try Self.tab(of: 4)
      try probe.apply(.arrange(.preset(preset)))
      expected.append(Self.rects(probe).joined(separator: " "))
    }
    #expect(seen == expected)
    try state.applyChecked(.arrange(.previous))
    #expect(Self.rects(state).joined(separator: " ") == expected[4])
  }

  @Test func prevFromNoPresetStartsAtTiled() throws {
    // H(P1, V(P2, H(P3, P4))) is no preset's shape.
    var state = try Self.tab(of: 4)
    try state.applyChecked(.arrange(.previous))
    var tiled = try Self.tab(of: 4)
    try tiled.apply(.arrange(.preset(.tiled)))
    #expect(Self.rects(state) == Self.rects(tiled))
  }

  @Test func aResizedPresetStillCountsAsCurrentForNext() throws {
    var state = try Self.tab(of: 3)
    try state.applyChecked([.arrange(.preset(.mainVertical)), .focus(.pane(.number(1)))])
    try state.applyChecked(.resizeByCells(.right, 3))
    try state.applyChecked(.arrange(.next))
    var tiled = try Self.tab(of: 3)
    try tiled.apply(.arrange(.preset(.tiled)))
    #expect(Self.rects(state) == Self.rects(tiled))
  }

  @Test func onePaneIsAlreadyArranged() throws {
    var state = WorkspaceState(tabs(("A", pane("A")), ("B", pane("B"))))
    let before = state
    for arrangement in [Arrangement.preset(.tiled), .next, .previous] {
      try state.applyChecked(.arrange(arrangement))
      #expect(state == before)
    }
  }

  @Test func aPaneTargetArrangesItsTabWithoutMovingFocus() throws {
    var state = try Self.tab(of: 3)
    let other = state[state.rootID].children[1]
    try state.applyChecked(.selectTab(.number(2)))
    let focused = state.focusedPane
    let work = state[state.rootID].children[0]
    let pane = try #require(state.activePane(in: work))
    try state.applyChecked(.arrange(.preset(.evenVertical), at: .id(pane)))
    #expect(state.focusedPane == focused)
    #expect(state[state.rootID].activeChild == other)
    let tab = state[state.rootID].children[0]
    #expect(state[tab].axis == .vertical && state[tab].children.count == 3)
  }

  @Test func aSplitTargetArrangesOnlyThatSplit() throws {
    // H(A, V(B, C, D)): tile the right-hand column alone.
    var state = WorkspaceState(
      hsplit(pane("A"), vsplit(pane("B"), pane("C"), pane("D")), weights: [0.5, 0.5]))
    try state.recordLayoutSize(Size(width: 81, height: 40))
    let column = state[state.rootID].children[1]
    try state.applyChecked(.arrange(.preset(.evenHorizontal), at: .id(column)))
    // The column becomes a row, which merges into the root's row: four columns.
    #expect(state.outline == "H(%2, %4, %5, %6)")
    try state.applyChecked(.undo())
    try state.applyChecked(.arrange(.preset(.tiled), at: .id(column)))
    #expect(state.outline.hasPrefix("H(%2, V(H(%4, %5), %6))"))
  }

  @Test func aNestedTabsContainerIsOnePart() throws {
    var state = WorkspaceState(
      hsplit(pane("A"), vsplit(pane("B"), tabs(("X", pane("X")), ("Y", pane("Y"))))))
    try state.applyChecked(.arrange(.preset(.evenHorizontal)))
    #expect(state.outline == "H(%2, %4, T(*X: %6, Y: %7))")
  }

  @Test func aZoomedPaneInTheTabIsUnzoomed() throws {
    var state = try Self.tab(of: 3)
    try state.applyChecked(.zoom)
    try state.applyChecked(.arrange(.preset(.tiled)))
    #expect(state.zoomedPane == nil)
    try state.applyChecked(.undo())
    #expect(state.zoomedPane != nil)
  }

  @Test func aSplitWithItsOwnRouterIsRefusedNotLost() throws {
    var state = WorkspaceState(
      hsplit(
        pane("A"),
        vsplit(pane("B"), pane("C")).owning(
          RouterState(kind: RouteToken.kind, stack: RouteStack(root: "group")))))
    let inner = state[state.rootID].children[1]
    state.expectRefusal(.arrange(.preset(.tiled)), .arrangeWouldDropRouter(inner))
  }

  @Test func targetsThatCannotBeArranged() throws {
    var state = try Self.tab(of: 2)
    state.expectRefusal(.arrange(.preset(.tiled), at: .id(NodeID(99))), .noSuchNode(NodeID(99)))
    state.expectRefusal(
      .arrange(.preset(.tiled), at: .id(state.rootID)), .notArrangeable(state.rootID))
    state.expectRefusal(.arrange(.preset(.tiled), at: .number(9)), .noSuchPane(.number(9)))
  }

  @Test(arguments: [2, 3, 5, 8])
  func spreadIsTmuxsEvenCells(count: Int) {
    let lengths = LayoutPreset.spread(count, over: 80)
    #expect(lengths.reduce(0, +) == 80)
    #expect(Set(lengths.dropLast()).count == 1)
    #expect(LayoutPreset.spread(count, over: count - 2) == Array(repeating: 1, count: count))
  }
}
