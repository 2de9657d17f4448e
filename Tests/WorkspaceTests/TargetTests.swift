import PaneRouter
import Testing

@testable import Workspace

/// `at TARGET COMMAND`, `split -d` and `tab new -d`: acting on a pane or tab without moving
/// focus.
@Suite struct TargetTests {
  /// The focus as a user sees it: the focused pane, the pane each tab opens on, the
  /// most-recently-used list and zoom.
  private static func cursor(_ state: WorkspaceState) -> String {
    let active = state.nodeIDs.filter { state[$0].kind == .tabs }.map { id in
      "\(id)>\(state[id].activeIndex) "
        + state[id].children.map { "\(state.activePane(in: $0)!)" }.joined(separator: ",")
    }
    return
      "\(state.focusedPane) \(active) \(state.mostRecentlyUsed) \(String(describing: state.zoomedPane))"
  }

  /// Two tabs: `One: H(A, B)`, `Two: V(C, D)`; ids `%1 T, %2 H, %3 A, %4 B, %5 V, %6 C, %7 D`.
  private static func twoTabs() -> WorkspaceState {
    WorkspaceState(
      tabs(("One", hsplit(pane("A"), pane("B"))), ("Two", vsplit(pane("C"), pane("D")))))
  }

  @Test func aRouterOperationAtANumberLeavesFocusAlone() throws {
    var state = grid()
    let before = Self.cursor(state)
    let change = try state.applyChecked(.at(.number(2), .route(.push([RouteToken(name: "x")]))))
    #expect(Self.cursor(state) == before)
    #expect(state.routes(of: NodeID(6)) == [RouteToken(name: "b"), RouteToken(name: "x")])
    #expect(change.routeOperations[NodeID(6)] == [.push([RouteToken(name: "x")])])
  }

  @Test func aSplitAtAPaneInAnotherTabKeepsTheSelectedTabAndItsActiveChild() throws {
    var state = Self.twoTabs()
    try state.applyChecked([.selectTab(.number(2)), .focus(.pane(.number(2))), .mark("d")])
    try state.applyChecked([.selectTab(.number(1)), .focus(.pane(.number(2)))])
    let before = Self.cursor(state)
    try state.applyChecked(.at(.mark("d"), .split(.horizontal)))
    #expect(Self.cursor(state) == before)
    #expect(state.outline == "T(*One: H(%3, %4), Two: V(%6, H(%7, %8)))")
    // The other tab still opens on the pane it had: D, not the new pane.
    try state.applyChecked(.selectTab(.number(2)))
    #expect(state.focusedPane == NodeID(7))
  }

  @Test func tabCommandsAtATargetActOnItsTab() throws {
    var state = Self.twoTabs()
    try state.applyChecked([.selectTab(.number(2)), .mark("c"), .selectTab(.number(1))])
    let before = Self.cursor(state)
    try state.applyChecked(.at(.mark("c"), .renameTab("Tests")))
    try state.applyChecked(.at(.mark("c"), .newTab(title: "Three")))
    #expect(state.outline == "T(*One: H(%3, %4), Tests: V(%6, %7), Three: %8)")
    #expect(Self.cursor(state) == before.replacingOccurrences(of: "%3,%6", with: "%3,%6,%8"))
    try state.applyChecked(.at(.mark("c"), .closeTab()))
    #expect(state.outline == "T(*One: H(%3, %4), Three: %8)")
    #expect(state.focusedPane == NodeID(3))
  }

  @Test func closingTheTargetKeepsFocusClosingTheFocusedPaneMovesIt() throws {
    var state = grid()
    try state.applyChecked(.focus(.pane(.number(4))))
    let focused = state.focusedPane
    try state.applyChecked(.at(.number(1), .close()))
    #expect(state.focusedPane == focused)
    try state.applyChecked(.focus(.pane(.number(1))))
    let survivor = state.mostRecentlyUsed[1]
    try state.applyChecked(.at(.id(state.focusedPane), .close()))
    #expect(state.focusedPane == survivor)
  }

  @Test func atTheFocusedPaneItselfSplitsWithoutFocusingTheNewPane() throws {
    var state = grid()
    let focused = state.focusedPane
    try state.applyChecked(.at(.id(focused), .split(.vertical)))
    #expect(state.focusedPane == focused)
    #expect(state.nodeCount == 8)
  }

  @Test func numbersInsideCountInTheTargetsTab() throws {
    var state = Self.twoTabs()
    try state.applyChecked([.selectTab(.number(2)), .mark("c"), .selectTab(.number(1))])
    try state.applyChecked(.at(.mark("c"), .swap(.pane(.number(2)))))
    #expect(state.outline == "T(*One: H(%3, %4), Two: V(%7, %6))")
    #expect(state.focusedPane == NodeID(3))
  }

  @Test func oneUndoStepPutsEverythingBack() throws {
    var state = Self.twoTabs()
    try state.applyChecked([.selectTab(.number(2)), .mark("c"), .selectTab(.number(1))])
    let before = state.structure
    try state.applyChecked(
      .at(.mark("c"), .split(.horizontal, root: RouteToken(name: "log"), focusing: true)))
    #expect(state.history.undoEntries.last?.label == "at c split h log")
    try state.applyChecked(.undo())
    #expect(state.structure.nodes == before.nodes)
    try state.applyChecked(.redo())
    #expect(state.nodeCount == 9)
    #expect(state.focusedPane == NodeID(3))
  }

  @Test func anAbsentTargetIsRefusedAndChangesNothing() {
    var state = grid()
    state.expectRefusal(.at(.mark("nope"), .rename("x")), .noSuchPane(.mark("nope")))
    state.expectRefusal(.at(.number(9), .zoom), .noSuchPane(.number(9)))
    state.expectRefusal(.at(.id(NodeID(1)), .rename("x")), .notAPane(NodeID(1)))
    state.expectRefusal(.at(.last, .rename("x")), .noSuchPane(.last))
  }

  @Test(arguments: [
    WorkspaceCommand.focus(.next), .selectTab(.number(1)), .undo(), .redo(),
    .at(.number(1), .zoom), .setMinimumPaneSize(nil), .removeTemplate("t"),
    .route(.pop(count: 1), at: NodeID(3)),
  ])
  func aCommandThatDoesNotActOnAPaneIsRefused(command: WorkspaceCommand) {
    #expect(!command.isTargetable)
    var state = grid()
    state.expectRefusal(.at(.number(1), command), .notTargetable(command.words[0]))
    #expect(WorkspaceError.notTargetable("x").exitCode == .usage)
  }

  @Test func zoomAtATargetFocusesAndZoomsIt() throws {
    var state = grid()
    try state.applyChecked(.at(.number(4), .zoom))
    #expect(state.focusedPane == NodeID(7))
    #expect(state.zoomedPane == NodeID(7))
  }

  @Test func aZoomStaysUnlessTheCommandChangesTheZoomedTab() throws {
    var state = Self.twoTabs()
    try state.applyChecked([.selectTab(.number(2)), .mark("c"), .selectTab(.number(1)), .zoom])
    try state.applyChecked(.at(.mark("c"), .split(.horizontal)))
    #expect(state.zoomedPane == NodeID(3))
    try state.applyChecked(.at(.number(2), .route(.push([RouteToken(name: "x")]))))
    #expect(state.zoomedPane == NodeID(3))
    try state.applyChecked(.at(.number(2), .split(.vertical)))
    #expect(state.zoomedPane == nil)
    #expect(state.focusedPane == NodeID(3))
  }

  @Test func atAnIDWithARouterOperationIsTheRouteCommand() throws {
    #expect(
      try CommandParser.parse(["at", "%3", "push", "x"]) == [
        .route(.push([RouteToken(name: "x")]), at: NodeID(3))
      ])
    #expect(
      WorkspaceCommand.at(.id(NodeID(3)), .route(.push([RouteToken(name: "x")]))).words == [
        "at", "%3", "push", "x",
      ])
  }

  @Test func splitAndTabNewWithDashDKeepFocus() throws {
    var state = grid()
    let before = Self.cursor(state)
    try state.applyChecked(.split(.horizontal, focusing: false))
    #expect(Self.cursor(state) == before)
    try state.applyChecked(.newTab(title: "Log", focusing: false))
    #expect(state.focusedPane == NodeID(3))
    #expect(state[state.rootID].kind == .tabs)
    #expect(state[state.rootID].activeIndex == 0)
    try state.applyChecked(.undo(count: 2))
    #expect(state.nodeCount == 7)
  }

  @Test func wordsParseAndSpellBack() throws {
    let cases: [(String, WorkspaceCommand)] = [
      ("at editor push detail:7", .at(.mark("editor"), .route(.push([RouteToken("detail", 7)])))),
      ("at 2 split v 0.3", .at(.number(2), .split(.vertical, ratio: 0.3))),
      ("at last tab rename Logs", .at(.last, .renameTab("Logs"))),
      ("at %4 close", .at(.id(NodeID(4)), .close())),
      ("at editor mark main", .at(.mark("editor"), .mark("main"))),
      ("split -d h", .split(.horizontal, focusing: false)),
      ("tab new -d Logs", .newTab(title: "Logs", focusing: false)),
      ("focus editor", .focus(.pane(.mark("editor")))),
      ("close last", .close(.last)),
      ("unmark", .unmark()),
      ("unmark editor", .unmark("editor")),
      ("template save t --node editor", .saveTemplate("t", node: .mark("editor"))),
    ]
    for (line, command) in cases {
      #expect(try CommandParser.parse(line: line) == [command], "\(line)")
      #expect(try CommandParser.parse(line: command.description) == [command], "\(line)")
      let link = CommandParser.link(for: [command], scheme: "myapp")
      #expect(try CommandParser.parse(link: link) == [command], "\(link)")
    }
    #expect(WorkspaceCommand.split(.horizontal, focusing: false).description == "split h -d")
    #expect(
      try CommandParser.parse(link: "myapp://workspace/at/editor/push/detail:7") == [
        .at(.mark("editor"), .route(.push([RouteToken("detail", 7)])))
      ])
  }

  @Test func aMarkNamedLikeACallersWordIsEscaped() throws {
    let command = WorkspaceCommand.focus(.pane(.mark("show")))
    #expect(command.words(reserving: ["show"]) == ["focus", "=show"])
    var parser = CommandParser(words: ["focus", "=show"], extraCommandWords: ["show"])
    #expect(try parser.next() == command)
  }

  @Test(arguments: [
    (
      "at 2 undo",
      CommandSyntaxError.invalidArgument("undo", index: 2, expected: TargetTests.expected)
    ),
    ("at 2 focus 3", .invalidArgument("focus", index: 2, expected: TargetTests.expected)),
    ("at 2 tab 3", .invalidArgument("tab", index: 2, expected: TargetTests.expected)),
    ("at 1 at 2 zoom", .invalidArgument("at", index: 2, expected: TargetTests.expected)),
    ("at 1 =push x", .invalidArgument("=push", index: 2, expected: TargetTests.expected)),
    (
      "at left zoom",
      .invalidArgument("left", index: 1, expected: "a pane number, %ID, mark or last")
    ),
    ("mark left", .invalidArgument("left", index: 1, expected: "a mark such as editor")),
    ("mark 7", .invalidArgument("7", index: 1, expected: "a mark such as editor")),
    ("mark", .missingArgument(command: "mark", expected: "a mark such as editor", index: 1)),
  ])
  func wordsThatDoNotFitAreUsageErrors(line: String, error: CommandSyntaxError) {
    #expect(throws: error) { try CommandParser.parse(line: line) }
  }

  static let expected = "a command that acts on a pane or tab, such as push, split, close or rename"
}
