import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// What undo records in a host's workspace: the layout only, or the layout and navigation,
/// with the path writes of one gesture as one step.
@MainActor
@Suite struct UndoPolicyTests {
  /// `H(%2 A on note list, %3 B on note list)`.
  static func workspace(_ policy: UndoPolicy) -> Workspace {
    let workspace = Workspace(
      WorkspaceState(
        hsplit(.pane("A", root: NoteRoute.list), .pane("B", root: NoteRoute.list))))
    workspace.undoPolicy = policy
    return workspace
  }

  @Test func defaultRecordsNavigation() {
    #expect(Workspace(WorkspaceState(pane("A"))).undoPolicy == .layoutAndNavigation)
  }

  @Test func layoutOnlyRecordsNoRouterOperation() throws {
    let workspace = Self.workspace(.layoutOnly)
    let router = try workspace.router(NoteRoute.self, for: NodeID(2))
    router.push(.note(1))
    router.present(.note(2))
    router.dismiss()
    try workspace.apply(.route(RouteOperation<NoteRoute>.push([.note(3)]), at: NodeID(3)))
    #expect(workspace.state.history.undoEntries.isEmpty)
    #expect(throws: WorkspaceError.nothingToUndo) { try workspace.undo() }
  }

  @Test func layoutOnlyUndoOfASplitKeepsTheNavigationMadeSince() throws {
    let workspace = Self.workspace(.layoutOnly)
    try workspace.apply(.focus(.pane(.id(NodeID(2)))))
    try workspace.apply(.split(.vertical, root: NoteRoute.note(9)))
    let router = try workspace.router(NoteRoute.self, for: NodeID(2))
    router.push(.note(1))
    try workspace.undo()
    #expect(workspace.state.paneIDs == [NodeID(2), NodeID(3)])
    #expect(router.stack == [.list, .note(1)])
    try workspace.redo()
    #expect(workspace.state.paneIDs.count == 3)
    #expect(router.stack == [.list, .note(1)])
  }

  @Test func layoutAndNavigationUndoesARouterOperation() throws {
    let workspace = Self.workspace(.layoutAndNavigation)
    let router = try workspace.router(NoteRoute.self, for: NodeID(2))
    router.push(.note(1))
    try workspace.undo()
    #expect(router.stack == [.list])
  }

  @Test func pathWritesOfOneGestureAreOneUndoStep() throws {
    let workspace = Self.workspace(.layoutAndNavigation)
    let router = try workspace.router(NoteRoute.self, for: NodeID(2))
    router.push(.note(1), .note(2), .note(3))
    // A back swipe, then a second one: the NavigationStack writes the path each time.
    router.path = [.note(1), .note(2)]
    router.path = [.note(1)]
    #expect(
      workspace.state.history.undoEntries.map(\.label) == [
        "at %2 push note:1 note:2 note:3", "at %2 set-path note:1",
      ])
    try workspace.undo()
    #expect(router.stack == [.list, .note(1), .note(2), .note(3)])
  }

  @Test func pathWritesOfDifferentRoutersOrAfterAnotherChangeAreSeparateSteps() throws {
    let workspace = Self.workspace(.layoutAndNavigation)
    let first = try workspace.router(NoteRoute.self, for: NodeID(2))
    let second = try workspace.router(NoteRoute.self, for: NodeID(3))
    first.path = [.note(1)]
    second.path = [.note(1)]
    first.path = [.note(2)]
    try workspace.apply(.rename("x"))
    first.path = [.note(3)]
    #expect(workspace.state.history.undoEntries.count == 5)
  }

  @Test func pathWritesApartByMoreThanTheIntervalAreSeparateSteps() throws {
    let workspace = Self.workspace(
      UndoPolicy(recordsNavigation: true, pathWriteCoalescing: .zero))
    let router = try workspace.router(NoteRoute.self, for: NodeID(2))
    router.path = [.note(1)]
    router.path = [.note(1), .note(2)]
    #expect(workspace.state.history.undoEntries.count == 2)
  }

  @Test func aGestureThatEndsWhereItStartedLeavesNoUndoStep() throws {
    let workspace = Self.workspace(.layoutAndNavigation)
    try workspace.apply(.rename("x"))
    let router = try workspace.router(NoteRoute.self, for: NodeID(2))
    router.path = [.note(1)]
    router.path = []
    #expect(workspace.state.history.undoEntries.map(\.label) == ["rename x"])
    // The gesture ended there: the next write is a step of its own, not merged into the rename.
    router.path = [.note(2)]
    #expect(
      workspace.state.history.undoEntries.map(\.label) == ["rename x", "at %2 set-path note:2"])
  }

  @Test func modalPathWritesCoalesceToo() throws {
    let workspace = Self.workspace(.layoutAndNavigation)
    let router = try workspace.router(NoteRoute.self, for: NodeID(2))
    router.present(.note(1))
    router.modalPath = [.note(2)]
    router.modalPath = [.note(2), .note(3)]
    #expect(workspace.state.history.undoEntries.count == 2)
  }

  @Test func typedPushesAreNotCoalesced() throws {
    let workspace = Self.workspace(.layoutAndNavigation)
    let router = try workspace.router(NoteRoute.self, for: NodeID(2))
    router.push(.note(1))
    router.push(.note(2))
    #expect(workspace.state.history.undoEntries.count == 2)
  }
}
