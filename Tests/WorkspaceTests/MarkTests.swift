import PaneRouter
import Testing

@testable import Workspace

/// `mark NAME`, `unmark [NAME]` and marks as pane targets.
@Suite struct MarkTests {
  @Test func markingNamesTheFocusedPane() throws {
    var state = grid()
    try state.applyChecked(.mark("editor"))
    #expect(state.pane(markedAs: "editor") == state.focusedPane)
    #expect(state[state.focusedPane].mark == "editor")
    #expect(state.marks == ["editor": state.focusedPane])
  }

  @Test func aMarkInUseMovesToTheNewPane() throws {
    var state = grid()
    try state.applyChecked(.mark("editor"))
    let first = state.focusedPane
    try state.applyChecked([.focus(.pane(.number(2))), .mark("editor")])
    #expect(state.pane(markedAs: "editor") == state.focusedPane)
    #expect(state[first].mark == nil)
    // Undo gives it back to the first pane, in one step.
    try state.applyChecked(.undo())
    #expect(state.pane(markedAs: "editor") == first)
  }

  @Test func aPaneHoldsOneMarkAndANewOneReplacesIt() throws {
    var state = grid()
    try state.applyChecked([.mark("a"), .mark("b")])
    #expect(state.marks == ["b": state.focusedPane])
  }

  @Test func markingAgainWithTheSameNameChangesNothing() throws {
    var state = grid()
    try state.applyChecked(.mark("editor"))
    let change = try state.applyChecked(.mark("editor"))
    #expect(change.changedNodes.isEmpty)
    #expect(change.recordedHistoryEntries == 0)
  }

  @Test(arguments: [
    "2", "%3", "left", "next", "prev", "previous", "last", "wrap", "split", "at",
    "mark", "a b", "-x", ".x", "", String(repeating: "m", count: 65), "2x", "é:x",
  ])
  func anInvalidMarkIsRefused(name: String) {
    var state = grid()
    state.expectRefusal(.mark(name), .invalidMark(name))
    #expect(WorkspaceError.invalidMark(name).exitCode == .usage)
  }

  @Test(arguments: [
    "editor", "_x", "dépôt-2", "Left", "a.b", "tests-1", String(repeating: "m", count: 64),
  ])
  func aValidMarkIsTaken(name: String) throws {
    var state = grid()
    try state.applyChecked(.mark(name))
    #expect(state.pane(markedAs: name) == state.focusedPane)
  }

  @Test func unmarkRemovesTheFocusedPanesOrANamedMark() throws {
    var state = grid()
    try state.applyChecked([.mark("a"), .focus(.pane(.number(2))), .mark("b")])
    try state.applyChecked(.unmark())
    #expect(state.marks.keys.sorted() == ["a"])
    try state.applyChecked(.unmark("a"))
    #expect(state.marks.isEmpty)
    // Undo brings both back, one step each.
    try state.applyChecked(.undo(count: 2))
    #expect(state.marks.keys.sorted() == ["a", "b"])
    try state.applyChecked(.redo(count: 2))
    #expect(state.marks.isEmpty)
  }

  @Test func unmarkingAnAbsentMarkIsRefusedAndAnUnmarkedPaneIsAlreadySo() throws {
    var state = grid()
    state.expectRefusal(.unmark("nope"), .noSuchPane(.mark("nope")))
    let change = try state.applyChecked(.unmark())
    #expect(change.recordedHistoryEntries == 0)
  }

  @Test func aMarkIsATargetWhereverAPaneIs() throws {
    var state = grid()
    try state.applyChecked([.focus(.pane(.number(4))), .mark("d"), .focus(.pane(.number(1)))])
    let marked = try #require(state.pane(markedAs: "d"))
    try state.applyChecked(.focus(.pane(.mark("d"))))
    #expect(state.focusedPane == marked)
    try state.applyChecked([.focus(.pane(.number(1))), .swap(.pane(.mark("d")))])
    #expect(state.number(of: marked) == 1)
    try state.applyChecked(.close(.mark("d")))
    #expect(state.node(marked) == nil)
    #expect(state.marks.isEmpty)
    state.expectRefusal(.focus(.pane(.mark("d"))), .noSuchPane(.mark("d")))
    #expect("\(WorkspaceError.noSuchPane(.mark("d")))" == "no pane marked 'd'")
  }

  @Test func aMarkFindsAPaneInAnotherTab() throws {
    var state = threeTabs()
    try state.applyChecked([.selectTab(.number(3)), .mark("c"), .selectTab(.number(1))])
    try state.applyChecked(.focus(.pane(.mark("c"))))
    #expect(state.outline == "T(One: %2, Two: %3, *Three: %4)")
  }

  @Test func lastNamesThePaneUsedBefore() throws {
    var state = grid()
    state.expectRefusal(.close(.last), .noSuchPane(.last))
    try state.applyChecked(.focus(.pane(.number(2))))
    try state.applyChecked(.close(.last))
    #expect(state.nodeCount == 5)
    #expect("\(WorkspaceError.noSuchPane(.last))" == "no previously focused pane")
  }

  @Test func aTemplateKeepsItsMarksAndAppliedTwiceMovesThem() throws {
    var state = grid()
    try state.applyChecked([.mark("editor"), .saveTemplate("t")])
    let template = try #require(state.templates["t"])
    #expect(template.root.containsMark("editor"))
    let first = state.focusedPane
    try state.applyChecked(.applyTemplate("t"))
    let second = try #require(state.pane(markedAs: "editor"))
    #expect(second != first)
    #expect(state[first].mark == nil)
    try state.applyChecked(.applyTemplate("t"))
    #expect(state.pane(markedAs: "editor") != second)
    #expect(state.marks.count == 1)
    try state.applyChecked(.undo())
    #expect(state.pane(markedAs: "editor") == second)
  }

  @Test func aTemplateBuiltInCodeCarriesAMark() throws {
    let state = WorkspaceState(hsplit(pane("A").marked("left-pane"), pane("B").marked("b")))
    #expect(state.invariantViolations() == [])
    #expect(state.marks.keys.sorted() == ["b", "left-pane"])
  }

  @Test func aReopenedPaneGetsItsMarkBackUnlessAnotherPaneTookIt() throws {
    var state = grid()
    try state.applyChecked([.focus(.pane(.number(2))), .mark("editor"), .close()])
    try state.applyChecked(.reopen())
    let first = try #require(state.pane(markedAs: "editor"))
    try state.applyChecked(.close())
    try state.applyChecked(.mark("editor"))
    let holder = state.focusedPane
    try state.applyChecked(.reopen())
    #expect(state.pane(markedAs: "editor") == holder)
    #expect(state.node(first)?.isPane == true)
    #expect(state.node(first)?.mark == nil)
  }

  @Test func invariantsCatchABrokenMark() {
    var state = grid()
    state.nodes[NodeID(3)]!.mark = "x"
    state.nodes[NodeID(4)]!.mark = "x"
    state.nodes[NodeID(2)]!.mark = "y"
    #expect(
      state.invariantViolations().sorted() == [
        "%2 is not a pane but holds mark 'y'", "mark 'x' is held by %3 and %4",
      ])
    let repairs = state.repairMarks()
    #expect(repairs.map(\.node) == [NodeID(2), NodeID(4)])
    #expect(state.invariantViolations() == [])
  }
}

extension NodeTemplate {
  /// Whether a pane of the template holds the mark.
  fileprivate func containsMark(_ name: String) -> Bool {
    switch content {
    case .pane: mark == name
    case .split(_, let children, _), .tabs(let children, _, _), .stack(_, let children, _):
      children.contains { $0.containsMark(name) }
    }
  }
}
