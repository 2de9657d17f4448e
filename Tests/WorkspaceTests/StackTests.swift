import PaneRouter
import Testing

@testable import Workspace

/// `stack [DIRECTION]` and `unstack`, and what every other command does to a stack: members
/// keep their ids and routers, focus expands, and every change keeps the invariants and undoes.
@Suite struct StackTests {
  /// `V(A, B, C)`: ids `%1 V, %2 A, %3 B, %4 C`; A focused.
  static func column() -> WorkspaceState {
    WorkspaceState(vsplit(pane("A"), pane("B"), pane("C")))
  }

  /// `H(SV(A, *B, C), D)`: ids `%1 H, %2 S, %3 A, %4 B, %5 C, %6 D`; B focused.
  static func stackBesidePane() -> WorkspaceState {
    var state = WorkspaceState(
      hsplit(stack(pane("A"), pane("B"), pane("C"), expanded: 1), pane("D")))
    try! state.apply(.focus(.pane(.id(NodeID(4)))))
    return state
  }

  // MARK: stack

  @Test func stackMakesTheSplitAStackOfItsAxis() throws {
    var state = Self.column()
    let routers = state.paneIDs.map { state[$0].router }
    try state.applyChecked([.focus(.pane(.id(NodeID(3)))), .stack()])
    #expect(state.outline == "SV(%2, *%3, %4)")
    #expect(state.focusedPane == NodeID(3))
    #expect(state.paneIDs.map { state[$0].router } == routers)
    #expect(state.root.stackAxis == .vertical)
    try state.applyChecked(.undo())
    #expect(state.outline == "V(%2, %3, %4)")
    try state.applyChecked(.redo())
    #expect(state.outline == "SV(%2, *%3, %4)")
  }

  @Test func aHorizontalSplitMakesAHorizontalStack() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try state.applyChecked(.stack())
    #expect(state.outline == "SH(*%2, %3)")
  }

  @Test func aSplitOfAStacksAxisMergesIntoIt() throws {
    // SV(A, V(B, C)): stacking the inner split merges its members into the stack.
    var state = WorkspaceState(stack(pane("A"), vsplit(pane("B"), pane("C"))))
    try state.applyChecked([.focus(.pane(.id(NodeID(5)))), .stack()])
    #expect(state.outline == "SV(%2, %4, *%5)")
    #expect(state.focusedPane == NodeID(5))
  }

  @Test func aStackOfTheOtherAxisNestsInside() throws {
    var state = WorkspaceState(stack(pane("A"), hsplit(pane("B"), pane("C"))))
    try state.applyChecked([.focus(.pane(.id(NodeID(4)))), .stack()])
    #expect(state.outline == "SV(%2, *SH(*%4, %5))")
  }

  @Test func stackWithoutASplitIsRefused() throws {
    var single = WorkspaceState(pane("A"))
    single.expectRefusal(.stack(), .noSplitToStack(single.rootID))
    var tabbed = threeTabs()
    tabbed.expectRefusal(.stack(), .noSplitToStack(NodeID(2)))
  }

  @Test func stackInAStackIsAlreadySo() throws {
    var state = Self.stackBesidePane()
    let before = state
    let change = try state.applyChecked(.stack())
    try state.applyChecked([.stack(.up), .stack(.down)])
    #expect(state == before)
    #expect(change.isEmpty)
    #expect(state.history.undoEntries.isEmpty)
  }

  @Test func stackThatWouldLoseARouterIsRefused() throws {
    let flow = RouterState(root: RouteToken(name: "flow"))
    var state = WorkspaceState(
      stack(pane("A"), vsplit(pane("B"), pane("C")).owning(flow)).owning(flow))
    try state.apply(.focus(.pane(.id(NodeID(4)))))
    state.expectRefusal(.stack(), .mergeWouldDropRouter(NodeID(3)))
  }

  @Test func aSplitsRouterStaysWithTheStack() throws {
    let flow = RouterState(root: RouteToken(name: "flow"))
    var state = WorkspaceState(hsplit(pane("A"), pane("B")).owning(flow))
    try state.applyChecked(.stack())
    #expect(state.root.router == flow)
    try state.applyChecked(.unstack)
    #expect(state.root.router == flow)
    #expect(state.outline == "H(%4, %5)" || state.outline == "H(%2, %3)")
  }

  // MARK: stack DIRECTION

  @Test func stackTowardsAPaneMakesAStackWithIt() throws {
    var state = Self.column()
    try state.applyChecked(.stack(.down))
    // A leaves the column and stands before B, which it came from above.
    #expect(state.outline == "V(SV(*%2, %3), %4)")
    #expect(state.focusedPane == NodeID(2))
    try state.applyChecked(.undo())
    #expect(state.outline == "V(%2, %3, %4)")
  }

  @Test func stackTowardsAStackJoinsIt() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked([.focus(.pane(.id(NodeID(6)))), .stack(.left)])
    // D came from the right of B, the expanded member: it stands after B.
    #expect(state.outline == "SV(%3, %4, *%6, %5)")
    #expect(state.focusedPane == NodeID(6))
  }

  @Test func stackWithNoPaneThatWayIsRefused() {
    var state = Self.column()
    state.expectRefusal(.stack(.up), .noNeighbour(.up))
    var single = WorkspaceState(pane("A"))
    single.expectRefusal(.stack(.left), .noNeighbour(.left))
  }

  @Test func stackThatLeavesAPaneTooSmallIsRefused() throws {
    var state = WorkspaceState(
      hsplit(stack(pane("A"), pane("B"), pane("C"), expanded: 1), pane("D")))
    try state.recordLayoutSize(Size(width: 80, height: 5))
    try state.applyChecked(.focus(.pane(.id(NodeID(6)))))
    // The stack's 5 rows: two bars and 3 for B; a fourth member would leave it 2.
    state.expectRefusal(
      .stack(.left),
      .noSpaceForNewPane(
        NodeID(4), size: Size(width: 40, height: 3), minimum: WorkspaceState.defaultMinimumPaneSize
      ))
  }

  // MARK: unstack

  @Test func unstackMakesASplitOfEqualShares() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked(.unstack)
    #expect(state.outline == "H(V(%3, %4, %5), %6)")
    let split = state[state.root.children[0]]
    expectWeights(split.weights, [1 / 3, 1 / 3, 1 / 3])
    #expect(split.activeIndex == 1)
    #expect(state.focusedPane == NodeID(4))
    try state.applyChecked(.undo())
    #expect(state.outline == "H(SV(%3, *%4, %5), %6)")
  }

  @Test func unstackMergesIntoASplitOfItsAxis() throws {
    var state = WorkspaceState(vsplit(pane("X"), stack(pane("A"), pane("B"))))
    try state.applyChecked([.focus(.pane(.id(NodeID(4)))), .unstack])
    #expect(state.outline == "V(%2, %4, %5)")
    expectWeights(state.root.weights, [0.5, 0.25, 0.25])
  }

  @Test func unstackActsOnTheNearestStack() throws {
    var state = WorkspaceState(stack(pane("A"), hsplit(pane("B"), pane("C")), expanded: 1))
    try state.applyChecked([.focus(.pane(.id(NodeID(5)))), .unstack])
    #expect(state.outline == "V(%2, H(%4, %5))")
    #expect(state.focusedPane == NodeID(5))
  }

  @Test func unstackOutsideAStackIsAlreadySo() throws {
    var state = Self.column()
    let before = state
    try state.applyChecked(.unstack)
    #expect(state == before)
    #expect(state.history.undoEntries.isEmpty)
  }

  @Test func unstackWithoutRoomIsRefused() throws {
    var state = WorkspaceState(
      stack(pane("A"), pane("B"), pane("C"), pane("D"), pane("E"), expanded: 0))
    try state.recordLayoutSize(Size(width: 80, height: 10))
    state.expectRefusal(
      .unstack,
      .noSpaceToUnstack(
        state.rootID, size: Size(width: 80, height: 10),
        minimum: WorkspaceState.defaultMinimumPaneSize))
  }

  // MARK: focus

  @Test(arguments: 1...4)
  func focusByNumberExpandsTheMember(number: Int) throws {
    var state = Self.stackBesidePane()
    let numbers = state.numberedPanes
    #expect(numbers == [NodeID(3), NodeID(6), NodeID(4), NodeID(5)])
    try state.applyChecked(.focus(.pane(.number(number))))
    #expect(state.focusedPane == numbers[number - 1])
    // Numbers stay as they were: a stack's members share its place equally in the order.
    #expect(state.numberedPanes == numbers)
    if numbers[number - 1] != NodeID(6) {
      #expect(state[NodeID(2)].activeChild == numbers[number - 1])
    }
  }

  @Test func directionalFocusMovesAlongTheStackAndOutAcross() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked(.focus(.direction(.down)))
    #expect(state.focusedPane == NodeID(5))
    #expect(state.outline == "H(SV(%3, %4, *%5), %6)")
    try state.applyChecked(.focus(.direction(.up)))
    #expect(state.focusedPane == NodeID(4))
    try state.applyChecked(.focus(.direction(.up)))
    #expect(state.focusedPane == NodeID(3))
    let stuck = state
    #expect(throws: WorkspaceError.noNeighbour(.up)) { try state.apply(.focus(.direction(.up))) }
    #expect(state == stuck)
    try state.applyChecked(.focus(.direction(.right)))
    #expect(state.focusedPane == NodeID(6))
    // Back across: the expanded member, not a title bar, though bars touch that edge too.
    try state.applyChecked(.focus(.direction(.left)))
    #expect(state.focusedPane == NodeID(3))
    try state.applyChecked([.focus(.pane(.id(NodeID(6)))), .focus(.last)])
    #expect(state.focusedPane == NodeID(3))
  }

  @Test func acrossIntoAStackLandsOnTheExpandedMemberWhateverWasUsedLast() throws {
    var state = WorkspaceState(
      hsplit(pane("X"), stack(pane("A"), pane("B"), pane("C"), expanded: 2)))
    try state.applyChecked(.focus(.direction(.right)))
    #expect(state.focusedPane == NodeID(6))
  }

  @Test func nextAndPreviousVisitCollapsedMembers() throws {
    var state = Self.stackBesidePane()
    var visited: [NodeID] = []
    for _ in 0..<4 {
      try state.applyChecked(.focus(.next))
      visited.append(state.focusedPane)
    }
    #expect(Set(visited) == [NodeID(3), NodeID(4), NodeID(5), NodeID(6)])
  }

  // MARK: other commands on a stack

  @Test func closingTheExpandedMemberExpandsANeighbour() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked(.close())
    #expect(state.outline == "H(SV(*%3, %5), %6)" || state.outline == "H(SV(%3, *%5), %6)")
    try state.applyChecked(.close())
    // A stack left with one member collapses into it.
    #expect(state.outline.hasPrefix("H(%"))
    try state.applyChecked(.undo(count: 2))
    #expect(state.outline == "H(SV(%3, *%4, %5), %6)")
  }

  @Test func splitInsideAStackMakesASplitMember() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked(.split(.horizontal, ratio: nil, root: nil))
    #expect(state.outline == "H(SV(%3, *H(%4, %7), %5), %6)")
    #expect(state.focusedPane == NodeID(7))
    // The collapsed members' bars are not held to the minimum pane size.
    try state.applyChecked(.split(.vertical, ratio: nil, root: nil))
  }

  @Test func aCollapsedSplitShowsItsActivePaneAsItsBar() throws {
    var state = WorkspaceState(
      stack(hsplit(pane("A"), pane("B")), pane("C"), expanded: 1))
    try state.applyChecked(.focus(.pane(.id(NodeID(5)))))
    #expect(state.visiblePanes == [NodeID(3), NodeID(5)])
    #expect(state.collapsedPanes == [NodeID(3)])
    #expect(state.titledPane(of: NodeID(2)) == NodeID(3))
    #expect(state.numberedPanes == [NodeID(3), NodeID(5)])
    let layout = state.layout(in: Size(width: 80, height: 24))
    #expect(layout[NodeID(3)]?.description == "80x1+0+0")
    #expect(layout[NodeID(5)]?.description == "80x23+0+1")
    #expect(layout[NodeID(4)] == nil)
    try state.applyChecked(.focus(.pane(.id(NodeID(4)))))
    #expect(state.collapsedPanes == [NodeID(5)])
    #expect(state.numberedPanes == [NodeID(3), NodeID(4), NodeID(5)])
  }

  @Test func swapAndMoveKeepTheStack() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked(.swap(.direction(.right)))
    #expect(state.outline == "H(SV(%3, *%6, %5), %4)")
    try state.applyChecked(.move(.down))
    try state.applyChecked(.undo(count: 2))
    #expect(state.outline == "H(SV(%3, *%4, %5), %6)")
  }

  @Test func resizeMovesTheEdgeOfTheSplitHoldingTheStack() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked(.resize(.right, amount: 0.1))
    expectWeights(state.root.weights, [0.6, 0.4])
    #expect(throws: WorkspaceError.self) { try state.apply(.resize(.down, amount: 0.1)) }
  }

  @Test func zoomShowsAStackedPaneAlone() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked(.zoom)
    let size = Size(width: 80, height: 24)
    #expect(state.layout(in: size) == [NodeID(4): Rect(x: 0, y: 0, width: 80, height: 24)])
    try state.applyChecked(.zoom)
    #expect(state.layout(in: size).count == 4)
  }

  @Test func breakAndJoinMoveAMemberOutAndBack() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked(.breakPane())
    // The member after it expands; the tab is titled as its focused pane.
    #expect(state.outline == "T(C: H(SV(%3, *%5), %6), *B: %4)")
    try state.applyChecked(.joinPane(.id(NodeID(5))))
    #expect(state.outline == "T(*C: H(SV(%3, *V(%5, %4)), %6))")
  }

  @Test func atRunsStackCommandsOnAnotherPane() throws {
    var state = Self.column()
    try state.applyChecked(.mark("top"))
    try state.applyChecked([.focus(.pane(.id(NodeID(4)))), .at(.mark("top"), .stack())])
    #expect(state.outline == "SV(%2, %3, *%4)")
    try state.applyChecked(.at(.number(1), .unstack))
    #expect(state.outline == "V(%2, %3, %4)")
    #expect(state.focusedPane == NodeID(4))
  }

  @Test func reopenPutsAMemberBackInItsStack() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked(.close())
    try state.applyChecked(.reopen())
    #expect(state.outline == "H(SV(%3, *%4, %5), %6)")
    #expect(state.focusedPane == NodeID(4))
  }

  @Test func reopenBesideASiblingWhoseStackIsGone() throws {
    var state = WorkspaceState(hsplit(stack(pane("A"), pane("B")), pane("C")))
    try state.applyChecked(.close())
    #expect(state.outline == "H(%4, %5)")
    try state.applyChecked(.reopen())
    #expect(state.outline.hasPrefix("H(SV(*%3, %4)") || state.outline.hasPrefix("H(SV(%3"))
    #expect(state.focusedPane == NodeID(3))
  }

  @Test func arrangeKeepsAStackAsOnePart() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked(.arrange(.preset(.evenVertical)))
    #expect(state.outline == "V(SV(%3, *%4, %5), %6)")
  }

  @Test func aStackOwnsARouterThatItsMembersFind() throws {
    let flow = RouterState(root: RouteToken(name: "flow"))
    let state = WorkspaceState(hsplit(stack(pane("A"), pane("B")).owning(flow), pane("C")))
    // A pane's own router first, then the nearest container's: the stack's.
    let (owner, _) = try #require(try state.parentRouter(RouteToken.self, from: NodeID(3)))
    #expect(owner == NodeID(2))
    #expect(try state.parentRouter(RouteToken.self, from: NodeID(5)) == nil)
  }

  @Test func aTemplateOfAStackRebuildsIt() throws {
    var state = Self.stackBesidePane()
    try state.applyChecked([.saveTemplate("s"), .applyTemplate("s")])
    let tab = state[state.rootID].children.last!
    #expect(state.outline(of: tab).hasPrefix("H(SV("))
    #expect(state[state[tab].children[0]].activeIndex == 1)
  }
}

/// The integer layout of stacks: collapsed members one cell along the stack, the expanded one
/// the rest, tiling exactly at every size.
@Suite struct StackLayoutTests {
  private static func rects(_ state: WorkspaceState, _ size: Size) -> [String] {
    state.orderedLayout(in: size, minimumPaneSize: Size(width: 1, height: 1)).map {
      $0.rect.description
    }
  }

  @Test(arguments: [
    (80, 24, ["80x1+0+0", "80x22+0+1", "80x1+0+23"]),
    (40, 10, ["40x1+0+0", "40x8+0+1", "40x1+0+9"]),
    (10, 3, ["10x1+0+0", "10x1+0+1", "10x1+0+2"]),
    (10, 2, ["10x1+0+0", "10x1+0+1", "10x0+0+2"]),
    (10, 1, ["10x0+0+0", "10x1+0+0", "10x0+0+1"]),
    (10, 0, ["10x0+0+0", "10x0+0+0", "10x0+0+0"]),
  ])
  func aVerticalStackGivesEachBarOneRow(width: Int, height: Int, expected: [String]) {
    let state = WorkspaceState(stack(pane("A"), pane("B"), pane("C"), expanded: 1))
    #expect(Self.rects(state, Size(width: width, height: height)) == expected)
    checkTiles(state, Size(width: width, height: height))
  }

  @Test(arguments: [(80, 24), (7, 3), (3, 3), (2, 1)])
  func aHorizontalStackGivesEachBarOneColumn(width: Int, height: Int) {
    let state = WorkspaceState(
      stack(pane("A"), pane("B"), pane("C"), axis: .horizontal, expanded: 0))
    let layout = state.orderedLayout(
      in: Size(width: width, height: height), minimumPaneSize: Size(width: 1, height: 1))
    let widths = layout.map(\.rect.width)
    #expect(widths.reduce(0, +) == width)
    if width >= 3 { #expect(widths == [width - 2, 1, 1]) }
    #expect(layout.allSatisfy { $0.rect.height == height })
    checkTiles(state, Size(width: width, height: height))
  }

  @Test func theStacksMinimumIsItsBarsAndTheExpandedMember() {
    let state = WorkspaceState(
      hsplit(stack(pane("A"), pane("B"), pane("C"), pane("D")), pane("E"), weights: [0.1, 0.9]))
    let minimums = state.visibleMinimums(pane: Size(width: 6, height: 3))
    #expect(minimums[state.root.children[0]] == Size(width: 6, height: 6))
    // Its weight is small, but it keeps its minimum width where the area has room.
    let layout = state.layout(in: Size(width: 80, height: 24))
    #expect(layout[NodeID(3)]?.width == 8)
    #expect(layout[NodeID(3)]?.height == 21)
  }

  @Test func aStackIsTooSmallBelowItsMemberCount() {
    let state = WorkspaceState(
      stack(pane("A"), pane("B"), pane("C"), pane("D"), pane("E"), expanded: 4))
    // Two rows: the expanded member first, then the first bar; the rest are not drawn.
    let layout = state.orderedLayout(in: Size(width: 20, height: 2))
    #expect(layout.map(\.rect.height) == [1, 0, 0, 0, 1])
    checkTiles(state, Size(width: 20, height: 2))
  }

  @Test func stackLengthsSumToTheLength() {
    for count in 1...6 {
      for expanded in 0..<count {
        for length in -1...12 {
          let parts = WorkspaceState.stackLengths(length, count: count, expanded: expanded)
          #expect(parts.reduce(0, +) == max(0, length))
          #expect(parts.allSatisfy { $0 >= 0 })
          if length >= count {
            #expect(parts.enumerated().allSatisfy { $0 == expanded || $1 == 1 })
          }
        }
      }
    }
  }

  private func checkTiles(_ state: WorkspaceState, _ size: Size) {
    let rects = Array(state.layout(in: size).values)
    #expect(rects.map(\.area).reduce(0, +) == size.width * size.height)
    for (index, rect) in rects.enumerated() {
      for other in rects[(index + 1)...] {
        let overlaps =
          min(rect.maxX, other.maxX) > max(rect.x, other.x)
          && min(rect.maxY, other.maxY) > max(rect.y, other.y)
        #expect(!overlaps, "\(rect) overlaps \(other)")
      }
    }
  }
}
