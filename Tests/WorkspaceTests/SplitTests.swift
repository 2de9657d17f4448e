import PaneRouter
import Testing

@testable import Workspace

/// `split h|v [RATIO] [ROUTE]`.
@Suite struct SplitTests {
  @Test(arguments: [(Axis.horizontal, "H(%1, %2)"), (.vertical, "V(%1, %2)")])
  func splittingTheOnlyPaneMakesASplitRoot(axis: Axis, outline: String) throws {
    var state = WorkspaceState(pane("A"))
    let change = try state.applyChecked(.split(axis))
    #expect(state.outline == outline)
    #expect(state.rootID == NodeID(3))
    #expect(state.root.axis == axis)
    expectWeights(state.root.weights, [0.5, 0.5])
    #expect(state.node(NodeID(1))?.parent == NodeID(3))
    #expect(state.node(NodeID(2))?.parent == NodeID(3))
    #expect(state.nextID == 4)
    #expect(change.changedNodes == [NodeID(1), NodeID(2), NodeID(3)])
  }

  @Test func theNewPaneGetsFocusAndIsMostRecentlyUsed() throws {
    var state = WorkspaceState(pane("A"))
    let change = try state.applyChecked(.split(.horizontal))
    #expect(state.focusedPane == NodeID(2))
    #expect(state.mostRecentlyUsed == [NodeID(2), NodeID(1)])
    #expect(change.focusBefore == NodeID(1))
    #expect(change.focusAfter == NodeID(2))
    #expect(state.numberedPanes == [NodeID(1), NodeID(2)])
  }

  @Test(arguments: [(0.25, [0.75, 0.25]), (0.9, [0.1, 0.9]), (0.5, [0.5, 0.5])])
  func theNewPaneGetsTheRatio(ratio: Double, weights: [Double]) throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.split(.vertical, ratio: ratio))
    expectWeights(state.root.weights, weights)
  }

  @Test func theDefaultRatioIsOneHalf() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), weights: [0.6, 0.4]))
    try state.applyChecked(.split(.vertical))
    expectWeights(state.node(NodeID(5))?.weights, [0.5, 0.5])
  }

  @Test func theNewPaneCopiesTheFocusedPanesTitleAndRoot() throws {
    var state = WorkspaceState(
      pane("Inbox", routes: ["inbox", "detail:7"], modal: (.sheet, ["compose"])))
    try state.applyChecked(.split(.horizontal))
    let new = try #require(state.node(NodeID(2)))
    #expect(new.title == "Inbox")
    #expect(new.router?.stack == RouteStack(root: "inbox"))
    #expect(new.router?.kind == RouteToken.kind)
    #expect(state.routes(of: NodeID(1)) == ["inbox", "detail:7"])
    #expect(state.node(NodeID(1))?.router?.stack.modal?.stack == ["compose"])
  }

  @Test func theNewPaneGetsTheGivenRoot() throws {
    var state = WorkspaceState(pane("Inbox", routes: ["inbox", "detail:7"]))
    try state.applyChecked(.split(.vertical, ratio: 0.3, root: "search:swift%20testing"))
    #expect(
      state.routes(of: NodeID(2)) == [RouteToken(name: "search", arguments: ["swift testing"])])
    #expect(state.node(NodeID(2))?.router?.stack.modal == nil)
    expectWeights(state.root.weights, [0.7, 0.3])
  }

  @Test func theNewPaneKeepsTheRoutersKindAndLimits() throws {
    var stack = RouteStack<RouteToken>(root: "inbox", maxDepth: 5)
    stack.rejectsDuplicateTop = false
    var state = WorkspaceState(.pane("Mail", router: RouterState(kind: "mail", stack: stack)))
    try state.applyChecked(.split(.horizontal, root: "detail:3"))
    let router = try #require(state.node(NodeID(2))?.router)
    #expect(router.kind == "mail")
    #expect(router.stack.maxDepth == 5)
    #expect(router.stack.rejectsDuplicateTop == false)
    #expect(router.stack.stack == ["detail:3"])
  }

  @Test func aSameAxisSplitInsertsIntoTheParent() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), weights: [0.6, 0.4]))
    let change = try state.applyChecked(.split(.horizontal))
    #expect(state.outline == "H(%2, %4, %3)")
    expectWeights(state.root.weights, [0.3, 0.3, 0.4])
    #expect(state.focusedPane == NodeID(4))
    #expect(state.root.activeIndex == 1)
    #expect(state.nextID == 5)
    #expect(change.changedNodes == [NodeID(1), NodeID(4)])
  }

  @Test func aSameAxisSplitOfTheLastChildAppends() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), weights: [0.6, 0.4]))
    try state.applyChecked(.focus(.pane(.id(NodeID(3)))))
    try state.applyChecked(.split(.horizontal, ratio: 0.25))
    #expect(state.outline == "H(%2, %3, %4)")
    expectWeights(state.root.weights, [0.6, 0.3, 0.1])
    #expect(state.focusedPane == NodeID(4))
  }

  @Test func anOtherAxisSplitWrapsThePaneInANewSplit() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B"), weights: [0.6, 0.4]))
    try state.applyChecked(.focus(.pane(.id(NodeID(3)))))
    try state.applyChecked(.split(.vertical, ratio: 0.2))
    #expect(state.outline == "H(%2, V(%3, %4))")
    let wrapper = try #require(state.node(NodeID(5)))
    #expect(wrapper.axis == .vertical)
    #expect(wrapper.parent == NodeID(1))
    expectWeights(wrapper.weights, [0.8, 0.2])
    expectWeights(state.root.weights, [0.6, 0.4])
    #expect(state.focusedPane == NodeID(4))
  }

  @Test func aSplitInsideATabKeepsTheTabsTitle() throws {
    var state = WorkspaceState(tabs(("One", pane("A")), ("Two", pane("B"))))
    try state.applyChecked(.split(.horizontal))
    #expect(state.outline == "T(*One: H(%2, %4), Two: %3)")
    #expect(state.root.tabTitles == ["One", "Two"])
    #expect(state.node(NodeID(5))?.parent == NodeID(1))
    #expect(state.focusedPane == NodeID(4))
  }

  @Test func aSplitInsideASplitInsideATabWrapsOnlyTheFocusedPane() throws {
    var state = WorkspaceState(
      tabs(("One", pane("A")), ("Two", hsplit(pane("B"), pane("C"))), selected: 1))
    try state.applyChecked(.focus(.pane(.id(NodeID(5)))))
    try state.applyChecked(.split(.vertical))
    #expect(state.outline == "T(One: %2, *Two: H(%4, V(%5, %6)))")
  }

  @Test(arguments: [0.0, 1.0, -0.5, 1.5, -0.0, Double.infinity, -Double.infinity])
  func aRatioOutsideZeroAndOneIsRefused(ratio: Double) {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    state.expectRefusal(.split(.horizontal, ratio: ratio), .invalidFraction(ratio))
    state.expectRefusal(.split(.vertical, ratio: ratio), .invalidFraction(ratio))
  }

  @Test func aNaNRatioIsRefused() {
    var state = WorkspaceState(pane("A"))
    let before = state
    #expect {
      try state.apply(.split(.horizontal, ratio: .nan))
    } throws: { error in
      guard case .invalidFraction(let value) = error as? WorkspaceError else { return false }
      return value.isNaN
    }
    #expect(state == before)
  }

  @Test func splittingClearsZoom() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try state.applyChecked(.zoom)
    #expect(state.zoomedPane == NodeID(2))
    try state.applyChecked(.split(.vertical))
    #expect(state.zoomedPane == nil)
    #expect(state.visiblePanes.count == 3)
  }

  @Test func splitsIntoADeepTreeKeepEveryInvariant() throws {
    var state = WorkspaceState(pane("A"))
    try state.recordLayoutSize(Size(width: 100_000, height: 100_000))
    for step in 0..<30 {
      try state.applyChecked(.split(step.isMultiple(of: 2) ? .horizontal : .vertical, ratio: 0.4))
    }
    #expect(state.paneIDs.count == 31)
    #expect(state.ancestors(of: state.focusedPane).count == 30)
  }
}
