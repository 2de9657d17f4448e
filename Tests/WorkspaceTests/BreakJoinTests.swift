import PaneRouter
import Testing

@testable import Workspace

/// `break [N|%ID] [-d]` and `join N|%ID [h|v] [RATIO] [-d]`: a pane moves to a tab of its own
/// or beside a pane of any tab, as the same node, in one undo step.
@Suite struct BreakJoinTests {
  /// `T(One: H(A, B), Two: C)`: ids `%1 T, %2 H, %3 A, %4 B, %5 C`; A focused.
  static func twoTabs() -> WorkspaceState {
    WorkspaceState(
      tabs(
        ("One", hsplit(pane("A"), pane("B", routes: ["b", "b2"], modal: (.sheet, ["m"])))),
        ("Two", pane("C"))))
  }

  // MARK: break

  @Test func breakMovesThePaneIntoANewFocusedTab() throws {
    var state = Self.twoTabs()
    let b = NodeID(4)
    let router = state[b].router
    try state.applyChecked(.focus(.pane(.id(b))))
    try state.applyChecked(.breakPane())
    #expect(state.outline == "T(One: %3, Two: %5, *B: %4)")
    #expect(state.focusedPane == b)
    #expect(state[b].router == router)
    try state.applyChecked(.undo())
    #expect(state.outline == "T(*One: H(%3, %4), Two: %5)")
    try state.applyChecked(.redo())
    #expect(state.outline == "T(One: %3, Two: %5, *B: %4)")
  }

  @Test func breakDashDStaysInTheTab() throws {
    var state = Self.twoTabs()
    try state.applyChecked(.focus(.pane(.id(NodeID(4)))))
    try state.applyChecked(.breakPane(staying: true))
    #expect(state.outline == "T(*One: %3, Two: %5, B: %4)")
    #expect(state.focusedPane == NodeID(3))
    #expect(state.mostRecentlyUsed.contains(NodeID(4)))
  }

  @Test func breakOfAnotherPaneWithDashDKeepsFocus() throws {
    var state = Self.twoTabs()
    try state.applyChecked(.breakPane(.number(2), staying: true))
    #expect(state.outline == "T(*One: %3, Two: %5, B: %4)")
    #expect(state.focusedPane == NodeID(3))
  }

  @Test func breakWithoutTabsMakesTheRestTheFirstTab() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try state.applyChecked(.breakPane(.id(NodeID(3))))
    #expect(state.outline == "T(A: %2, *B: %3)")
    try state.applyChecked(.undo())
    #expect(state.outline == "H(%2, %3)")
  }

  @Test func breakTitlesAnUntitledPaneByItsRoute() throws {
    var state = Self.twoTabs()
    try state.applyChecked([.focus(.pane(.id(NodeID(4)))), .rename(""), .breakPane()])
    #expect(state[state.rootID].tabTitles.last == "b")
  }

  @Test func breakOfTheOnlyPaneOfATabIsRefused() {
    var state = Self.twoTabs()
    state.expectRefusal(.breakPane(.id(NodeID(5))), .aloneInTab(NodeID(5)))
    var single = WorkspaceState(pane("A"))
    single.expectRefusal(.breakPane(), .aloneInTab(single.rootID))
    state.expectRefusal(.breakPane(.number(7)), .noSuchPane(.number(7)))
    state.expectRefusal(.breakPane(.id(NodeID(2))), .notAPane(NodeID(2)))
  }

  @Test func breakOfAZoomedPaneUnzooms() throws {
    var state = Self.twoTabs()
    try state.applyChecked([.zoom, .breakPane()])
    #expect(state.zoomedPane == nil)
    #expect(state.focusedPane == NodeID(3))
  }

  // MARK: join

  @Test func joinMovesTheFocusedPaneBelowTheTargetInAnotherTab() throws {
    var state = Self.twoTabs()
    let b = NodeID(4)
    let router = state[b].router
    try state.applyChecked(.focus(.pane(.id(b))))
    try state.applyChecked(.joinPane(.id(NodeID(5))))
    #expect(state.outline == "T(One: %3, *Two: V(%5, %4))")
    #expect(state.focusedPane == b)
    #expect(state[b].router == router)
    try state.applyChecked(.undo())
    #expect(state.outline == "T(*One: H(%3, %4), Two: %5)")
  }

  @Test func joinTakesAnAxisAndARatio() throws {
    var state = Self.twoTabs()
    try state.applyChecked(.joinPane(.id(NodeID(5)), axis: .horizontal, ratio: 0.25))
    let split = state[state.rootID].children[1]
    #expect(state.outline == "T(One: %4, *Two: H(%5, %3))")
    expectWeights(state[split].weights, [0.75, 0.25])
  }

  @Test func joinFromAOnePaneTabClosesThatTab() throws {
    var state = Self.twoTabs()
    try state.applyChecked([.selectTab(.number(2)), .joinPane(.id(NodeID(3)), axis: .horizontal)])
    #expect(state.outline == "T(*One: H(%3, %5, %4))")
    try state.applyChecked(.undo())
    #expect(state.outline == "T(*One: H(%3, %4), Two: %5)")
  }

  @Test func joinInTheSameTabMovesThePane() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), pane("C")))
    try state.applyChecked(.joinPane(.id(NodeID(4))))
    #expect(state.outline == "H(%3, V(%4, %2))")
    #expect(state.focusedPane == NodeID(2))
  }

  @Test func joinDashDStaysInTheTabItLeft() throws {
    var state = Self.twoTabs()
    try state.applyChecked([.focus(.pane(.id(NodeID(4)))), .focus(.pane(.id(NodeID(3))))])
    try state.applyChecked(.joinPane(.id(NodeID(5)), staying: true))
    #expect(state.outline == "T(*One: %4, Two: V(%5, %3))")
    #expect(state.focusedPane == NodeID(4))
  }

  @Test func joinRefusals() {
    var state = Self.twoTabs()
    state.expectRefusal(.joinPane(.id(NodeID(3))), .joinedToItself(NodeID(3)))
    state.expectRefusal(.joinPane(.number(1)), .joinedToItself(NodeID(3)))
    state.expectRefusal(.joinPane(.id(NodeID(9))), .noSuchPane(.id(NodeID(9))))
    state.expectRefusal(.joinPane(.id(NodeID(1))), .notAPane(NodeID(1)))
    state.expectRefusal(.joinPane(.number(2), ratio: 1.5), .invalidFraction(1.5))
    var single = WorkspaceState(pane("A"))
    single.expectRefusal(.joinPane(.number(1)), .joinedToItself(single.rootID))
  }

  @Test func joinWithoutRoomIsRefusedAsSplitIs() throws {
    var state = Self.twoTabs()
    try state.recordLayoutSize(Size(width: 20, height: 5))
    state.expectRefusal(
      .joinPane(.id(NodeID(5))),
      .noSpaceForNewPane(
        NodeID(5), size: Size(width: 20, height: 5), minimum: Size(width: 6, height: 3)))
  }
}
