import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// Each window's recorded layout size: a host records every window's, not only the active
/// one's; activating a window brings its size, and commands measure in it.
@Suite struct WindowLayoutSizeTests {
  /// Three windows, the second active: identifiers `main`, then the two `window new` made.
  private func threeWindows() throws -> WorkspaceState {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked([.newWindow(title: "Two"), .newWindow(title: "Three")])
    try state.applyChecked(.selectWindow(.number(2)))
    return state
  }

  @Test func aWindowThatIsNotActiveKeepsItsOwnSize() throws {
    var state = try threeWindows()
    let ids = state.windows.map(\.identifier)
    try state.recordLayoutSize(Size(width: 100, height: 30), ofWindow: ids[0])
    try state.recordLayoutSize(Size(width: 40, height: 12), ofWindow: ids[2])
    try state.recordLayoutSize(Size(width: 90, height: 20), ofWindow: ids[1])
    #expect(state.layoutSize == Size(width: 90, height: 20))
    #expect(
      state.windows.map(\.layoutSize) == [
        Size(width: 100, height: 30), Size(width: 90, height: 20), Size(width: 40, height: 12),
      ])
    #expect(state.invariantViolations() == [])
    // Activating a window brings its size: commands then measure in it.
    try state.applyChecked(.selectWindow(.number(3)))
    #expect(state.layoutSize == Size(width: 40, height: 12))
    #expect(state.layoutArea == Size(width: 40, height: 12))
    try state.applyChecked(.selectWindow(.number(1)))
    #expect(state.layoutArea == Size(width: 100, height: 30))
    // Forgetting one.
    try state.recordLayoutSize(nil, ofWindow: ids[2])
    #expect(state.windows[2].layoutSize == nil)
  }

  @Test func anUnknownIdentifierOrABadSizeIsRefusedAndChangesNothing() throws {
    var state = try threeWindows()
    let before = state
    #expect(throws: WorkspaceError.noSuchWindow(0, count: 3)) {
      try state.recordLayoutSize(Size(width: 10, height: 10), ofWindow: "nowhere")
    }
    #expect(throws: WorkspaceError.invalidSize(Size(width: 0, height: 10), expected: 1...1_000_000))
    {
      try state.recordLayoutSize(Size(width: 0, height: 10), ofWindow: "main")
    }
    #expect(state == before)
  }

  @Test func undoLeavesEveryWindowsSizeAsItIs() throws {
    var state = try threeWindows()
    try state.applyChecked(.split(.horizontal))
    try state.recordLayoutSize(Size(width: 70, height: 20), ofWindow: "main")
    try state.applyChecked(.undo())
    #expect(state.windows[0].layoutSize == Size(width: 70, height: 20))
  }

  @MainActor
  @Test func aHostRecordsEachWindowsSizeThroughItsView() throws {
    let workspace = Workspace(try threeWindows())
    let windows = workspace.windows
    let history = workspace.state.history
    try windows[0].recordLayoutSize(Size(width: 120, height: 40))
    try windows[1].recordLayoutSize(Size(width: 80, height: 24))
    #expect(workspace.state.windows[0].layoutSize == Size(width: 120, height: 40))
    #expect(workspace.state.layoutSize == Size(width: 80, height: 24))
    #expect(windows[0].window?.layoutSize == Size(width: 120, height: 40))
    #expect(workspace.state.history == history)
    #expect(throws: WorkspaceError.noSuchWindow(0, count: 3)) {
      try workspace.recordLayoutSize(Size(width: 1, height: 1), ofWindow: "gone")
    }
  }
}
