import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

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
    let directory = SessionDirectory()
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
          + " a repair quarantines it: kept in the file, out of the stack"
      ])
    #expect(throws: WorkspaceError.self) {
      try session.workspace.apply(CommandParser.parse(line: "push four"))
    }

    #expect(session.restoration.quarantinedRoutes.isEmpty)
    #expect(session.workspace.repairUnreadableRoutes().count == 1)
    #expect(
      session.quarantinedRoutes.map(\.description) == [
        "$.root.router.quarantined[0]: route 'three' (stack index 1) is quarantined: a route"
          + " type could not read it; kept in the file, not shown"
      ])
    try await session.flush()
    let stored = try directory.stored()
    #expect(try stored.router(CountRoute.self, for: stored.focusedPane).stack == [.one, .two])
    #expect(stored.node(stored.focusedPane)?.router?.quarantined.map(\.token) == ["three"])
    #expect(stored.history.undoEntries.map(\.label) == ["rename Counted"])
    session.close()
    // The next launch finds it quarantined, not unreadable.
    let again = WorkspaceSession(
      path: directory.file, default: .example, routeTypes: RouteRegistry([CountRoute.self]))
    #expect(again.restoration.unreadableRoutes.isEmpty)
    #expect(again.restoration.quarantinedRoutes.map(\.location) == ["$.root.router.quarantined[0]"])
    again.close()
  }

  /// Another writer's save with a token the host's types cannot read is adopted as it is,
  /// and reported: in the adopted change (with the writer's revision) and in the session's
  /// list, with its JSON path; a restored backup likewise.
  @Test func anAdoptedOrRestoredStateReportsTheTokensItBringsIn() async throws {
    let directory = SessionDirectory()
    let stack = try RouteStack<RouteToken>(routes: ["one"])
    let state = WorkspaceState(
      .pane("Count", router: RouterState(kind: CountRoute.kind, stack: stack)))
    try WorkspaceStore(path: directory.file).save(state)
    let session = WorkspaceSession(
      path: directory.file, default: .example, routeTypes: RouteRegistry([CountRoute.self]))
    #expect(session.unreadableRoutes.isEmpty)
    let recorder = ChangeRecorder(session.workspace)
    let watch = try WatchProcess([], in: directory.path)
    for _ in 0..<400 where watch.lines.isEmpty {
      try session.workspace.apply(.rename("Count \(watch.lines.count)"))
      try await Task.sleep(for: .milliseconds(10))
    }
    try #require(!watch.lines.isEmpty)
    try await session.flush()
    let run = try await wsctl(["-f", "w.json", "--no-host", "push", "three"], in: directory.path)
    #expect(run.exitCode == 0)
    let revision = try directory.stored().revision
    #expect(await eventually(within: 10) { recorder.changes.contains { $0.origin == .adopted } })
    let adopted = try #require(recorder.changes.last { $0.origin == .adopted })
    #expect(adopted.revision == revision)
    #expect(adopted.unreadableRoutes.map(\.token) == ["three"])
    #expect(adopted.unreadableRoutes.first?.reason == "unknown count route 'three'")
    #expect(
      session.unreadableRoutes.map(\.description) == [
        "$.root.router.stack[1]: route 'three' is unreadable (unknown count route 'three');"
          + " a repair quarantines it: kept in the file, out of the stack"
      ])
    // `wsctl watch` names the writer's command and what the host's types cannot read.
    #expect(
      await eventually(within: 10) {
        watch.lines.last
          == "push three (unreadable: route 'three' of %1 (stack index 1): unknown count route"
          + " 'three')"
      }, "\(watch.lines)")
    watch.process.interrupt()
    // The file keeps it as the writer left it until the host repairs it.
    #expect(
      try directory.stored().node(directory.stored().rootID)?.router?.stack.stack == [
        "one", "three",
      ])
    session.workspace.repairUnreadableRoutes()
    #expect(session.unreadableRoutes.isEmpty)
    try await session.flush()
    // A backup holding it brings it back, reported again.
    var withThree = state
    try withThree.apply(.route(.push(["three"])))
    try WorkspaceStore(path: directory.path + "/b.json").save(withThree)
    try? FileManager.default.removeItem(atPath: directory.file + ".bak")
    try FileManager.default.copyItem(
      atPath: directory.path + "/b.json", toPath: directory.file + ".bak")
    let seen = recorder.changes.count
    try await session.restoreBackup()
    // Waits for the restore's own change: another adoption (the watcher seeing the flush)
    // may arrive first, under load.
    #expect(
      await eventually(within: 10) {
        recorder.changes.dropFirst(seen).contains {
          $0.origin == .adopted && $0.unreadableRoutes.map(\.token) == ["three"]
        }
      }, "\(recorder.changes.dropFirst(seen).map(\.unreadableRoutes))")
    #expect(session.unreadableRoutes.count == 1)
    session.close()
  }

  @Test func replayOnAnotherWritersStateRecordsWhatTheUndoPolicyRecords() async throws {
    let directory = SessionDirectory()
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
