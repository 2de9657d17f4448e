import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// `H(Editor, Tests, Logs)`: a tab layout with the title `{p}`.
private func rowLayout(_ names: String..., title: String = "{p}") throws -> WorkspaceTemplate {
  try WorkspaceTemplate(
    name: "row", title: title,
    root: .split(.horizontal, names.map { pane($0) }))
}

/// `T(Main: H(A, B), Side: C)` with A's router pushed to `a, a2`: ids `%1 T, %2 H, %3 A,
/// %4 B, %5 C`; A focused.
private func twoTabs() throws -> WorkspaceState {
  var state = WorkspaceState(
    tabs(("Main", hsplit(pane("A"), pane("B"))), ("Side", pane("C"))))
  try state.apply(.route(.push(["a2"])))
  state.history = History(limit: state.history.limit)
  return state
}

@Suite struct ReconcileTests {
  @Test func keepsTheNamedPanesOpensTheMissingAndClosesTheRest() throws {
    var state = try twoTabs()
    let change = try state.applyChecked(
      .reconcileWithTemplate(try rowLayout("New", "A"), parameters: ["p": "work"]))
    // A kept (same id, its pushed route), New opened, B closed; the other tab untouched.
    let tab = state.root.children[0]
    #expect(state.outline == "T(*work: H(%7, %3), Side: %5)")
    #expect(state.routes(of: NodeID(3)) == ["a", "a2"])
    #expect(state.node(NodeID(4)) == nil)
    #expect(state.focusedPane == NodeID(3))
    #expect(state.mostRecentlyUsed.allSatisfy { state.node($0) != nil })
    #expect(
      change.reconciliations == [
        Reconciliation(
          target: tab, kept: [NodeID(3)], opened: [NodeID(7)], closed: [NodeID(4)], setAside: [])
      ])
  }

  @Test func isOneUndoStep() throws {
    var state = try twoTabs()
    let before = state
    try state.applyChecked(
      .reconcileWithTemplate(try rowLayout("B", "X"), parameters: ["p": "x"]))
    let after = state
    #expect(state.history.undoEntries.map(\.label) == ["template apply row p=x --reconcile"])
    try state.applyChecked(.undo())
    #expect(state.structure == before.structure)
    try state.applyChecked(.redo())
    #expect(state.structure == after.structure)
  }

  @Test func marksMatchBeforeTitlesAndMoveToTheOpenedPane() throws {
    var state = try twoTabs()
    try state.applyChecked([.focus(.pane(.number(2))), .mark("main"), .focus(.pane(.number(1)))])
    try state.applyChecked(.selectTab(.number(2)))
    try state.applyChecked([.mark("side"), .selectTab(.number(1))])
    let layout = try WorkspaceTemplate(
      name: "m", title: "m",
      root: .split(
        .vertical, [pane("A").marked("main"), pane("Other").marked("side"), pane("A")]))
    let change = try state.applyChecked(.reconcileWithTemplate(layout))
    // B holds `main`: kept for the first pane; A is kept by title for the third; `side`
    // moves from the other tab's pane to the pane opened for it.
    let report = try #require(change.reconciliations.first)
    #expect(report.kept == [NodeID(4), NodeID(3)])
    #expect(report.opened.count == 1)
    #expect(state.pane(markedAs: "main") == NodeID(4))
    #expect(state.pane(markedAs: "side") == report.opened[0])
    #expect(state.node(NodeID(5))?.mark == nil)
  }

  @Test func keepingOthersSetsThemAsideInAColumn() throws {
    var state = WorkspaceState(tabs(("Main", vsplit(pane("A"), pane("B"), pane("C")))))
    let change = try state.applyChecked(
      .reconcileWithTemplate(try rowLayout("B"), parameters: ["p": "x"], keepingOthers: true))
    // B alone is the layout; A and C stand beside it in a column.
    #expect(state.outline == "T(*x: H(%4, V(%3, %5)))")
    #expect(change.reconciliations[0].setAside == [NodeID(3), NodeID(5)])
    #expect(change.reconciliations[0].closed == [])
    #expect(change.reconciliations[0].kept == [NodeID(4)])
  }

  @Test func focusGoesWhereTheLayoutLeadsWhenTheFocusedPaneCloses() throws {
    var state = try twoTabs()
    try state.applyChecked(.zoom)
    try state.applyChecked(
      .reconcileWithTemplate(try rowLayout("B", "Z"), parameters: ["p": "x"]))
    #expect(state.focusedPane == NodeID(4))
    #expect(state.zoomedPane == nil)
  }

  @Test func titlesMatchOnceEachInOrderAndEmptyTitlesNever() throws {
    var state = WorkspaceState(
      tabs(("T", hsplit(pane("Same"), pane("Same"), pane("", root: "e")))))
    let layout = try WorkspaceTemplate(
      name: "row", title: "x",
      root: hsplit(pane("Same"), pane("", root: "e"), pane("Same"), pane("Same")))
    let change = try state.applyChecked(.reconcileWithTemplate(layout))
    #expect(change.reconciliations[0].kept == [NodeID(3), NodeID(4)])
    #expect(change.reconciliations[0].opened.count == 2)
    #expect(change.reconciliations[0].closed == [NodeID(5)])
  }

  @Test func aWorkspaceLayoutReconcilesTheWholeTree() throws {
    var state = try twoTabs()
    let layout = try WorkspaceTemplate(
      name: "ws", title: "ws",
      root: tabs(("Left", pane("C")), ("Right", vsplit(pane("A"), pane("D"))), selected: 1),
      scope: .workspace)
    let change = try state.applyChecked(.reconcileWithTemplate(layout))
    #expect(state.outline == "T(Left: %5, *Right: V(%3, %8))")
    #expect(state.focusedPane == NodeID(3))
    #expect(change.reconciliations[0].closed == [NodeID(4)])
    #expect(change.reconciliations[0].target == state.rootID)
  }

  @Test func withoutATabsContainerTheRootIsTheTab() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try state.applyChecked(.reconcileWithTemplate(try rowLayout("B", title: "x")))
    #expect(state.outline == "%3")
    #expect(state.rootID == NodeID(3))
  }

  @Test func theWorkspacesOwnTemplateReconcilesByName() throws {
    var state = try twoTabs()
    try state.applyChecked(.addTemplate(try rowLayout("B", "A")))
    try state.applyChecked(.reconcileTemplate("row", parameters: ["p": "y"]))
    #expect(state.outline == "T(*y: H(%4, %3), Side: %5)")
    state.expectRefusal(
      .reconcileTemplate("nope"), .noSuchTemplate("nope", existing: ["row"]))
    state.expectRefusal(
      .reconcileTemplate("row"), .missingTemplateParameter("p", template: "row"))
  }

  @Test func theWordsParseBackToTheCommand() throws {
    let commands = try CommandParser.parse(line: "template apply row --reconcile --keep p=x")
    #expect(commands == [.reconcileTemplate("row", parameters: ["p": "x"], keepingOthers: true)])
    #expect(commands[0].description == "template apply row p=x --reconcile --keep")
    // --keep alone reconciles too.
    #expect(
      try CommandParser.parse(line: "template apply row --keep")
        == [.reconcileTemplate("row", keepingOthers: true)])
  }

  @Test(arguments: 1...30 as ClosedRange<UInt64>)
  func randomReconcilesKeepTheInvariantsAndUndoExactly(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let titles = ["A", "B", "C", "D", ""]
    func tree(_ depth: Int) -> NodeTemplate {
      if depth == 0 || Int.random(in: 0..<3, using: &random) == 0 {
        return pane(titles.randomElement(using: &random)!, root: "r")
      }
      let children = (0..<Int.random(in: 2...3, using: &random)).map { _ in tree(depth - 1) }
      if Bool.random(using: &random) {
        return .split(Axis.allCases.randomElement(using: &random)!, children)
      }
      return .tabs(children.map { ("t", $0) })
    }
    var state = WorkspaceState(tabs(("One", tree(3)), ("Two", tree(2))))
    let before = state
    let layout = try WorkspaceTemplate(
      name: "r", title: "r", root: tree(3),
      scope: Bool.random(using: &random) ? .tab : .workspace)
    let change = try state.applyChecked(
      .reconcileWithTemplate(layout, keepingOthers: Bool.random(using: &random)))
    let report = try #require(change.reconciliations.first)
    let kept = Set(report.kept + report.setAside)
    // Every pane the report keeps is still there, closed ones are gone, and nothing else
    // of the tab is lost.
    #expect(kept.allSatisfy { state.node($0)?.isPane == true })
    #expect(report.closed.allSatisfy { state.node($0) == nil })
    for id in kept { #expect(state.node(id)?.router == before.node(id)?.router) }
    try state.applyChecked(.undo())
    #expect(state.structure == before.structure)
  }
}
