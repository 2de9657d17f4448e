import PaneRouter
import Testing

@testable import Workspace

/// Windows: each its own tree, focus, zoom and size; commands act in the active one; undo
/// spans them; a closed window comes back with its routers.
@Suite struct WindowTests {
  /// `H(A, B)` in window 1 (`%1 H, %2 A, %3 B`), A focused.
  static func oneWindow() -> WorkspaceState {
    WorkspaceState(hsplit(pane("A", routes: ["a", "a2"]), pane("B")))
  }

  /// Window 1 `H(A, B)`, window 2 one pane `%4` (route `mail`), window 2 active.
  static func twoWindows() throws -> WorkspaceState {
    var state = oneWindow()
    try state.applyChecked(.newWindow(title: "Mail", root: RouteToken("mail")))
    return state
  }

  @Test func aWorkspaceStartsWithOneWindow() {
    let state = Self.oneWindow()
    #expect(state.windows.count == 1)
    #expect(state.activeWindow.identifier == Window.firstIdentifier)
    #expect(state.activeWindow.rootID == state.rootID)
    #expect(state.activeWindow.focusedPane == state.focusedPane)
  }

  @Test func newWindowOpensOnePaneAndMakesItActive() throws {
    let state = try Self.twoWindows()
    #expect(state.windows.count == 2)
    #expect(state.activeWindowIndex == 1)
    #expect(state.activeWindow.title == "Mail")
    #expect(state.activeWindow.identifier == "w4")
    #expect(state.outline == "%4")
    #expect(state.focusedPane == NodeID(4))
    #expect(state[NodeID(4)].router?.stack.root == RouteToken("mail"))
    #expect(state.windows[0].rootID == NodeID(1))
    #expect(state.windows[0].mostRecentlyUsed == [NodeID(2)])
    // Lookup never crosses windows: the other window's panes are not this one's.
    #expect(state.paneIDs == [NodeID(4)])
    #expect(state.numberedPanes == [NodeID(4)])
  }

  @Test func newWindowDefaultsItsTitleToTheRoute() throws {
    var state = Self.oneWindow()
    try state.applyChecked(.newWindow())
    #expect(state.activeWindow.title == "a")
    #expect(state[state.focusedPane].router?.stack.root == RouteToken("a"))
  }

  @Test func selectingWindowsByNumberNextPreviousAndLast() throws {
    var state = try Self.twoWindows()
    try state.applyChecked(.newWindow(title: "Three"))
    #expect(state.activeWindowIndex == 2)
    try state.applyChecked(.selectWindow(.number(1)))
    #expect(state.activeWindowIndex == 0)
    #expect(state.outline == "H(%2, %3)")
    #expect(state.focusedPane == NodeID(2))
    try state.applyChecked(.selectWindow(.last))
    #expect(state.activeWindowIndex == 2)
    try state.applyChecked(.selectWindow(.next))
    #expect(state.activeWindowIndex == 0)
    try state.applyChecked(.selectWindow(.previous))
    #expect(state.activeWindowIndex == 2)
    try state.applyChecked(.selectWindow(.number(3)))
    #expect(state.activeWindowIndex == 2)
    state.expectRefusal(.selectWindow(.number(4)), .noSuchWindow(4, count: 3))
    state.expectRefusal(.selectWindow(.number(0)), .noSuchWindow(0, count: 3))
  }

  @Test func windowLastWithoutAnEarlierWindowIsRefused() {
    var state = Self.oneWindow()
    state.expectRefusal(.selectWindow(.last), .noPreviousWindow)
  }

  @Test func commandsActInTheActiveWindowAndKeepEachWindowsFocus() throws {
    var state = try Self.twoWindows()
    try state.applyChecked(.split(.vertical))
    #expect(state.outline == "V(%4, %5)")
    try state.applyChecked(.selectWindow(.number(1)))
    try state.applyChecked(.focus(.pane(.number(2))))
    try state.applyChecked(.zoom)
    try state.applyChecked(.selectWindow(.number(2)))
    #expect(state.focusedPane == NodeID(5))
    #expect(state.zoomedPane == nil)
    try state.applyChecked(.selectWindow(.number(1)))
    #expect(state.focusedPane == NodeID(3))
    #expect(state.zoomedPane == NodeID(3))
  }

  @Test func idsAndMarksInAnotherWindowAreRefused() throws {
    var state = try Self.twoWindows()
    state.expectRefusal(.focus(.pane(.id(NodeID(3)))), .inOtherWindow(NodeID(3), window: 1))
    state.expectRefusal(.close(.id(NodeID(2))), .inOtherWindow(NodeID(2), window: 1))
    try state.applyChecked([.selectWindow(.number(1)), .mark("editor"), .selectWindow(.number(2))])
    state.expectRefusal(.focus(.pane(.mark("editor"))), .inOtherWindow(NodeID(2), window: 1))
    // A router is addressed by its node, whichever window holds it: a host's window views.
    try state.applyChecked(.route(.push([RouteToken("x")]), at: NodeID(3)))
    #expect(state[NodeID(3)].router?.stack.current == RouteToken("x"))
  }

  @Test func closingTheLastPaneOfAWindowIsRefused() throws {
    var state = try Self.twoWindows()
    state.expectRefusal(.close(), .lastPane)
  }

  @Test func windowCloseIsUndoneAndReopenedWithItsRouters() throws {
    var state = try Self.twoWindows()
    try state.applyChecked([.selectWindow(.number(1)), .route(.push([RouteToken("a3")]))])
    let router = state[NodeID(2)].router
    let before = state
    try state.applyChecked(.closeWindow())
    #expect(state.windows.count == 1)
    #expect(state.activeWindow.title == "Mail")
    #expect(state.node(NodeID(2)) == nil)
    try state.applyChecked(.undo())
    #expect(state.windows == before.windows)
    #expect(state.activeWindowIndex == 0)
    try state.applyChecked(.redo())
    #expect(state.windows.count == 1)
    try state.applyChecked(.reopen())
    #expect(state.windows.count == 2)
    #expect(state.activeWindowIndex == 0)
    #expect(state.activeWindow.identifier == Window.firstIdentifier)
    #expect(state.outline == "H(%2, %3)")
    #expect(state[NodeID(2)].router == router)
    #expect(state.focusedPane == NodeID(2))
    state.expectRefusal(.reopen(), .nothingToReopen)
  }

  @Test func closingAnotherWindowByNumber() throws {
    var state = try Self.twoWindows()
    try state.applyChecked(.closeWindow(1))
    #expect(state.windows.count == 1)
    #expect(state.outline == "%4")
    #expect(state.activeWindowIndex == 0)
    state.expectRefusal(.closeWindow(), .lastWindow)
    state.expectRefusal(.closeWindow(2), .noSuchWindow(2, count: 1))
  }

  @Test func renameIsUndoable() throws {
    var state = try Self.twoWindows()
    try state.applyChecked(.renameWindow("Inbox"))
    #expect(state.activeWindow.title == "Inbox")
    try state.applyChecked(.undo())
    #expect(state.activeWindow.title == "Mail")
  }

  @Test func movePaneTakesTheSameNodeToANewTabOfTheOtherWindow() throws {
    var state = try Self.twoWindows()
    try state.applyChecked(.selectWindow(.number(1)))
    let router = state[NodeID(2)].router
    try state.applyChecked(.movePaneToWindow(2))
    #expect(state.activeWindowIndex == 1)
    #expect(state.outline == "T(Mail: %4, *A: %2)")
    #expect(state[NodeID(2)].router == router)
    #expect(state.windows[0].rootID == NodeID(3))
    #expect(state.windows[0].mostRecentlyUsed == [NodeID(3)])
    try state.applyChecked(.undo())
    #expect(state.activeWindowIndex == 0)
    #expect(state.outline == "H(%2, %3)")
    #expect(state.windows[1].rootID == NodeID(4))
  }

  @Test func moveRefusals() throws {
    var state = try Self.twoWindows()
    state.expectRefusal(.movePaneToWindow(1), .aloneInWindow(NodeID(4)))
    state.expectRefusal(.movePaneToWindow(2), .sameWindow(2))
    state.expectRefusal(.movePaneToWindow(3), .noSuchWindow(3, count: 2))
    state.expectRefusal(.moveTabToWindow(1), .aloneInWindow(NodeID(4)))
  }

  @Test func moveTabTakesTheTabWithItsTitle() throws {
    var state = WorkspaceState(tabs(("One", hsplit(pane("A"), pane("B"))), ("Two", pane("C"))))
    try state.applyChecked(.newWindow(title: "W"))
    try state.applyChecked(.selectWindow(.number(1)))
    try state.applyChecked(.moveTabToWindow(2))
    #expect(state.outline == "T(W: %6, *One: H(%3, %4))")
    #expect(state.focusedPane == NodeID(3))
    try state.applyChecked(.selectWindow(.number(1)))
    #expect(state.outline == "T(*Two: %5)")
  }

  @Test func moveTabTakesTheTabsFloatingPanesAndMovePaneRefusesOne() throws {
    var state = WorkspaceState(tabs(("One", hsplit(pane("A"), pane("B"))), ("Two", pane("C"))))
    try state.applyChecked(.newWindow(title: "W"))
    try state.applyChecked([.selectWindow(.number(1)), .float])
    let before = state
    #expect(state.focusedPane == NodeID(3))
    state.expectRefusal(
      .movePaneToWindow(2), .floatingPane(NodeID(3), command: "window move-pane"))
    try state.applyChecked(.focus(.pane(.number(1))))
    state.expectRefusal(.movePaneToWindow(2), .tabHoldsFloatingPanes(NodeID(4)))
    try state.applyChecked(.focus(.pane(.number(2))))
    try state.applyChecked(.moveTabToWindow(2))
    #expect(state.activeWindowIndex == 1)
    #expect(state.isFloating(NodeID(3)))
    #expect(state.focusedPane == NodeID(3))
    #expect(state.isInActiveWindow(NodeID(3)))
    try state.applyChecked(.selectWindow(.number(1)))
    #expect(state.outline == "T(*Two: %5)")
    #expect(state.node(NodeID(3)) != nil && !state.isInActiveWindow(NodeID(3)))
    try state.applyChecked([.selectWindow(.number(2)), .undo()])
    #expect(state.activeWindowIndex == 0)
    #expect(state.outline == before.outline)
    #expect(state.isFloating(NodeID(3)) && state.isInActiveWindow(NodeID(3)))
  }

  @Test func windowCloseKeepsItsFloatingPanesForReopen() throws {
    var state = try Self.twoWindows()
    try state.applyChecked([.split(.horizontal), .float])
    let floating = state.focusedPane
    try state.applyChecked([.selectWindow(.number(1)), .closeWindow(2)])
    #expect(state.node(floating) == nil)
    try state.applyChecked(.reopen())
    try state.applyChecked(.selectWindow(.number(2)))
    #expect(state.isFloating(floating))
  }

  @Test func windowAtRunsACommandInAnotherWindowWithoutSwitching() throws {
    var state = try Self.twoWindows()
    try state.applyChecked(.inWindow(1, .split(.vertical)))
    #expect(state.activeWindowIndex == 1)
    #expect(state.outline == "%4")
    #expect(state.activating(window: 0).outline == "H(V(%2, %5), %3)")
    state.expectRefusal(.inWindow(1, .closeWindow()), .notWindowTargetable("window"))
    state.expectRefusal(.inWindow(1, .undo()), .notWindowTargetable("undo"))
    state.expectRefusal(.inWindow(5, .zoom), .noSuchWindow(5, count: 2))
    try state.applyChecked(.undo())
    #expect(state.activating(window: 0).outline == "H(%2, %3)")
  }

  @Test func undoGoesBackToTheWindowOfTheChange() throws {
    var state = try Self.twoWindows()
    try state.applyChecked(.split(.horizontal))
    try state.applyChecked(.selectWindow(.number(1)))
    try state.applyChecked(.undo())
    #expect(state.activeWindowIndex == 1)
    #expect(state.outline == "%4")
  }

  @Test func tooManyWindowsIsRefused() throws {
    var state = Self.oneWindow()
    for _ in 1..<WorkspaceState.windowLimit { try state.apply(.newWindow()) }
    state.expectRefusal(.newWindow(), .tooManyWindows(WorkspaceState.windowLimit))
  }

  /// A closed window cannot come back past the limit either (the soak reached 65 that way).
  @Test func reopenOfAWindowPastTheLimitIsRefused() throws {
    var state = Self.oneWindow()
    for _ in 1..<WorkspaceState.windowLimit { try state.apply(.newWindow()) }
    try state.applyChecked(.closeWindow())
    try state.applyChecked(.newWindow())
    state.expectRefusal(.reopen(), .tooManyWindows(WorkspaceState.windowLimit))
  }

  @Test func reopenedPaneComesBackInItsWindow() throws {
    var state = try Self.twoWindows()
    try state.applyChecked([.selectWindow(.number(1)), .close()])
    try state.applyChecked(.selectWindow(.number(2)))
    try state.applyChecked(.reopen())
    #expect(state.activeWindowIndex == 0)
    #expect(state.outline == "H(%2, %3)")
  }

  @Test func wordsRoundTrip() throws {
    let lines = [
      "window new", "window new Mail inbox", "window new - notes/note:7", "window 2", "window next",
      "window prev", "window last", "window close", "window close 3", "window rename Work",
      "window move-pane 2", "window move-tab 1", "window at 2 split v", "window at 1 push detail",
    ]
    for line in lines {
      let commands = try CommandParser.parse(line: line)
      #expect(commands.map(\.description).joined(separator: " ; ") == line)
    }
    #expect(throws: CommandSyntaxError.self) { try CommandParser.parse(line: "window at 2 undo") }
    #expect(throws: CommandSyntaxError.self) {
      try CommandParser.parse(line: "window at 2 window 1")
    }
    #expect(throws: CommandSyntaxError.self) { try CommandParser.parse(line: "window 0") }
    #expect(throws: CommandSyntaxError.self) { try CommandParser.parse(line: "window move-pane") }
    #expect(throws: CommandSyntaxError.self) { try CommandParser.parse(line: "at 1 window 2") }
  }
}
