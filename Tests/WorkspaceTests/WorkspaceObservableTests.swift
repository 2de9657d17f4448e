import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

@MainActor
@Suite struct WorkspaceObservableTests {
  @Test func routerOperationsAreAppliedToTheTree() throws {
    let workspace = Workspace(WorkspaceState(.pane("Notes", root: NoteRoute.list)))
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    #expect(router.push(.note(7)))
    #expect(workspace.state.node(NodeID(1))?.router?.stack.stack == ["list", "note:7"])
    #expect(workspace.state.history.undoEntries.last?.label == "at %1 push note:7")
    try workspace.undo()
    #expect(router.stack == [.list])
  }

  @Test func commandsUpdateHandedOutRouters() throws {
    let workspace = Workspace(WorkspaceState(.pane("Notes", root: NoteRoute.list)))
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    try workspace.apply(.route(.push(["note:2"])))
    #expect(router.stack == [.list, .note(2)])
    #expect(try workspace.router(NoteRoute.self, for: NodeID(1)) === router)
  }

  @Test func closedPanesDropTheirRouters() throws {
    let workspace = Workspace(WorkspaceState(.pane("Notes", root: NoteRoute.list)))
    try workspace.apply(.split(.horizontal))
    let router = try workspace.router(NoteRoute.self, for: workspace.focusedPane)
    let pane = workspace.focusedPane
    try workspace.apply(.close())
    #expect(throws: WorkspaceError.noSuchNode(pane)) {
      try workspace.router(NoteRoute.self, for: pane)
    }
    _ = router
  }

  @Test func changesAreStreamed() async throws {
    let workspace = Workspace(WorkspaceState(.pane("Notes", root: NoteRoute.list)))
    let stream = workspace.changes
    try workspace.apply(.split(.vertical))
    var iterator = stream.makeAsyncIterator()
    let change = await iterator.next()
    #expect(change?.commands == [.split(.vertical)])
    #expect(change?.focusBefore == NodeID(1))
    #expect(change?.focusAfter == workspace.focusedPane)
  }
}
