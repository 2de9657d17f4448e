import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession

/// A session opened with the host's route types reports the unreadable tokens of the file it
/// restores, refuses commands that would store one, and saves a repair; its replays keep the
/// workspace's undo policy.
@MainActor
@Suite struct SessionRouteTypeTests {
  private enum CountRoute: String, Route {
    case one, two
    static let kind = "count"
  }

  @Test func restoreReportsUnreadableTokensAndARepairIsSavedWithoutAnUndoStep() async throws {
    let directory = try SessionDirectory()
    let stack = try RouteStack<RouteToken>(routes: ["one", "three", "two"])
    var state = WorkspaceState(
      .pane("Count", router: RouterState(kind: CountRoute.kind, stack: stack)))
    try state.apply(.rename("Counted"))
    try WorkspaceStore(path: directory.file).save(state)

    let session = WorkspaceSession(
      path: directory.file, default: .example, routeTypes: RouteRegistry([CountRoute.self]))
    #expect(session.restoration.diagnostics.isEmpty)
    #expect(
      session.restoration.unreadableRoutes.map(\.description) == [
        "$.root.router.stack[1]: route 'three' is unreadable (unknown count route 'three');"
          + " a repair cuts the stack back to 'one'"
      ])
    #expect(throws: WorkspaceError.self) {
      try session.workspace.apply(CommandParser.parse(line: "push four"))
    }

    #expect(session.workspace.repairUnreadableRoutes().count == 1)
    try await session.flush()
    let stored = try directory.stored()
    #expect(try stored.router(CountRoute.self, for: stored.focusedPane).stack == [.one])
    #expect(stored.history.undoEntries.map(\.label) == ["rename Counted"])
    session.close()
  }

  @Test func replayOnAnotherWritersStateRecordsWhatTheUndoPolicyRecords() async throws {
    let directory = try SessionDirectory()
    let session = WorkspaceSession(
      path: directory.file, default: .example, autosaveDelay: .seconds(60))
    session.workspace.undoPolicy = .layoutOnly
    try await session.flush()
    // Unsaved: a navigation (not recorded) and a rename (recorded).
    try session.workspace.apply(.route(.push(["mine"])))
    try session.workspace.apply(.rename("renamed here"))
    #expect(session.workspace.state.history.undoEntries.map(\.label) == ["rename 'renamed here'"])
    try WorkspaceStore(path: directory.file).update(default: .example) { state in
      try state.apply(.zoom)
    }
    try await session.flush()
    let state = session.workspace.state
    #expect(state.zoomedPane != nil)
    #expect(state.history.undoEntries.map(\.label) == ["zoom", "rename 'renamed here'"])
    #expect(state.node(state.focusedPane)?.router?.stack.current == "mine")
    session.close()
  }
}
